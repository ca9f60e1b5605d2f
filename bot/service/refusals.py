"""Bad input, as the race service reports it: a text key, never a Discord message."""

from __future__ import annotations

from typing import Any

from engine import (
    IllegalDecision,
    NotYourTurn,
    RaceOver,
    RulesError,
    SeasonSetupError,
    StaleDecision,
)


class Refused(Exception):
    """Bad input: the race is unchanged; ``key`` names the text to show the user."""

    def __init__(self, key: str, **details: Any) -> None:
        super().__init__(key)
        self.key = key
        self.details = details


def refusal(error: RulesError) -> Refused:
    """The engine's typed error as a refusal the user reads in their own language."""
    if isinstance(error, StaleDecision):
        return Refused("stale")
    if isinstance(error, RaceOver):
        return Refused("no_race")
    if isinstance(error, NotYourTurn):
        return Refused("not_your_turn")
    assert isinstance(error, IllegalDecision)
    return Refused("illegal", step=error.step, reason=error.reason)


def season_refusal(error: SeasonSetupError) -> Refused:
    """A season the engine cannot draw up, said in the reader's language (``season_<key>``)."""
    return Refused(f"season_{error.key}", **error.values)
