"""The errors a caller can get from the engine; each message names car, step and reason.

An error that quotes an input quotes at most about 80 characters of it (:func:`quoted`).
"""

from __future__ import annotations

from typing import Literal

SeasonSetupKey = Literal[
    "no_year",
    "unknown_year",
    "too_few_races",
    "unknown_track",
    "unknown_event",
    "no_laps",
    "no_event",
]
"""What can be wrong with a season asked for (:class:`SeasonSetupError`'s ``key``)."""


class RulesError(ValueError):
    """A decision the rules do not allow at this moment."""

    def __init__(self, car: str | None, step: str, reason: str) -> None:
        self.car = car
        self.step = step
        self.reason = reason
        who = f"car {cut(car)}" if car is not None else "race"
        super().__init__(f"{who}, step {step}: {reason}")


class NotYourTurn(RulesError):
    """The car is not the one (or not among those) the engine waits for."""


class IllegalDecision(RulesError):
    """The car may decide now, but not this (a card it lacks, a gear out of reach...)."""


class StaleDecision(RulesError):
    """The decision was made on an older version of the race."""


class RaceOver(RulesError):
    """The race has ended; nothing more can be decided."""


class SeasonSetupError(ValueError):
    """A season that cannot be drawn up as asked (a year, track or event unknown, too few
    races, a track and event that leave no lap). ``key`` and ``values`` say it for a reader in
    any language (the bot's message ``season_<key>``); the message says it in English."""

    def __init__(self, key: SeasonSetupKey, message: str, **values: str | int) -> None:
        self.key = key
        self.values = values
        super().__init__(message)


class NotationError(ValueError):
    """A race notation document that cannot be read; the message says what is wrong."""


SHOWN = 80
"""About how many characters of an input an error message quotes: enough to recognise it."""


def cut(text: str, limit: int = SHOWN) -> str:
    """``text``, cut to ``limit`` characters (an ellipsis marks the cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(value: object, limit: int = SHOWN) -> str:
    """An input as an error message quotes it: its ``repr``, cut to about ``limit`` characters.

    A 10 MB card id comes back as one short line, not as 10 MB.
    """
    if isinstance(value, str):
        value = value[: limit + 1]
    return cut(repr(value), limit)
