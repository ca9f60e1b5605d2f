"""The AI in championship races: what an event card changes in its choices."""

from __future__ import annotations

import pytest

import data
import engine
from engine import view_for
from engine.ai import suggest
from engine.state import Car, Championship, Options, RaceState

DECK = ("1", "2", "3", "4", "1", "2", "3", "4", "S", "0", "5")
NO_SPECIAL_RULE = 7
SPIN_OUT_ELIMINATES = 10


def _before_corner_33(space: int, gear: int, heat: int, hand: str, event: int) -> RaceState:
    """Car A alone on the USA track, a few spaces before the corner after space 33."""
    car = Car("A", "red", "ai", space, 0, gear=gear, engine=heat, hand=tuple(hand), deck=DECK)
    state = RaceState("usa", 1, 7, 4, [car], options=Options())
    state.championship = Championship(event)
    return engine.settle(state)[0]


def test_the_events_are_the_ones_named() -> None:
    """The two events compared below: one with no rule on spin outs, one that eliminates."""
    events = data.championship()
    assert not events.event(NO_SPECIAL_RULE).spin_out_eliminates
    assert events.event(SPIN_OUT_ELIMINATES).spin_out_eliminates


@pytest.mark.parametrize(
    ("level", "space", "gear", "heat", "hand"),
    [
        ("pro", 22, 3, 0, "4SSSS4S"),
        ("expert", 22, 3, 0, "4SSS5S2"),
        ("expert", 23, 3, 2, "3SSSS1S"),
    ],
)
def test_no_spin_out_risk_when_a_spin_out_eliminates(
    level: str, space: int, gear: int, heat: int, hand: str
) -> None:
    """Event 10: "a driver who spins out is out of the race and scores 0 championship
    points". Where a Stress card's flip would carry the car over the corner too fast (a
    small risk the AI takes in any other race, for the spaces it may gain), it plays safe."""
    usual, usual_reason = suggest(
        view_for(_before_corner_33(space, gear, heat, hand, NO_SPECIAL_RULE), "A"), "A", level
    )
    state = _before_corner_33(space, gear, heat, hand, SPIN_OUT_ELIMINATES)
    safe, safe_reason = suggest(view_for(state, "A"), "A", level)
    assert usual_reason.spin_chance > 0
    assert safe_reason.spin_chance == 0
    assert safe != usual
    assert safe in engine.legal_decisions(state, "A")
