"""The errors a caller can get from the engine; each message names car, step and reason."""

from __future__ import annotations


class RulesError(ValueError):
    """A decision the rules do not allow at this moment."""

    def __init__(self, car: str | None, step: str, reason: str) -> None:
        self.car = car
        self.step = step
        self.reason = reason
        who = f"car {car}" if car is not None else "race"
        super().__init__(f"{who}, step {step}: {reason}")


class NotYourTurn(RulesError):
    """The car is not the one (or not among those) the engine waits for."""


class IllegalDecision(RulesError):
    """The car may decide now, but not this (a card it lacks, a gear out of reach...)."""


class StaleDecision(RulesError):
    """The decision was made on an older version of the race."""


class RaceOver(RulesError):
    """The race has ended; nothing more can be decided."""


class NotationError(ValueError):
    """A race notation document that cannot be read; the message says what is wrong."""
