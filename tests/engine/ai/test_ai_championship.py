"""The AI in championship races: what an event card changes in its choices."""

from __future__ import annotations

import pytest

import data
import engine
from engine import Plan, ReactDone, Slipstream, view_for
from engine.ai import suggest
from engine.ai.cards import unseen_cards
from engine.ai.discard import best_plan, typical_draws
from engine.ai.judge import Judge, Situation
from engine.ai.lookahead import Lookahead
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


TURBULENT_WINDS = 12


def _behind_a_legend_in_second(event: int) -> RaceState:
    """Car A on 25 in 1st gear (2nd at most), the blue Legend B on 26 whose one card left
    (3) takes it to 32 before A moves: a 4 and a 2 leave A on 31, just behind it."""
    cars = [
        Car("A", "red", "ai", 25, 0, gear=1, engine=0, hand=tuple("4211111"), deck=DECK),
        Car("B", "blue", "legend", 26, 0),
    ]
    state = RaceState("usa", 1, 7, 4, cars, legend_deck=(3,))
    state.championship = Championship(event)
    return engine.settle(state)[0]


def test_turbulent_winds_is_the_event_named() -> None:
    assert data.championship().event(TURBULENT_WINDS).slipstream_gears == (3, 4)
    assert data.championship().event(NO_SPECIAL_RULE).slipstream_gears == (1, 2, 3, 4)


@pytest.mark.parametrize(
    ("event", "slipstreams"), [(NO_SPECIAL_RULE, True), (TURBULENT_WINDS, False)]
)
def test_no_slipstream_below_third_gear_in_turbulent_winds(event: int, slipstreams: bool) -> None:
    """Event 12: "A driver may slipstream only while in 3rd or 4th gear." The AI counts no
    Slipstream it may not take, neither while planning (the Legend ahead moves first) nor
    in its turn (the Legend beside it): in 2nd gear behind the Legend it gains nothing, in
    3rd the 2 spaces."""
    state = _behind_a_legend_in_second(event)
    planning = Judge.seen_by(view_for(state, "A"), "A")
    assert not planning.live
    second, third = Situation(31, 6, 2, 0, 0), Situation(31, 6, 3, 0, 0)
    assert planning.settle(third) == pytest.approx(planning.corner_check(third._replace(space=33)))
    assert (planning.settle(second) > planning.corner_check(second)) is slipstreams
    state, _ = engine.apply(state, Plan("A", 2, ("4", "2")))
    waiting = engine.pending(state)
    assert waiting is not None and waiting.cars == ("A",)
    assert state.car("B").space == 32 and state.car("A").space == 31
    live = Judge.seen_by(view_for(state, "A"), "A")
    assert live.live
    assert live.can_slipstream(31, 3)
    assert live.can_slipstream(31, 2) is slipstreams
    # The engine agrees: once the React step ends, it offers the Slipstream where the AI
    # counts one.
    state, _ = engine.apply(state, ReactDone("A"))
    assert (Slipstream("A", True) in engine.legal_decisions(state, "A")) is slipstreams


RECORD_CROWDS, SAFETY_RULES = 5, 9


@pytest.mark.parametrize(("event", "size"), [(None, 7), (RECORD_CROWDS, 8), (SAFETY_RULES, 6)])
def test_the_lookahead_draws_up_to_the_events_hand_size(event: int | None, size: int) -> None:
    """Event 5: "hand size is 8 instead of 7"; event 9: "hand size is 6 instead of 7". The
    expert's lookahead values next round's hand as the cards a plan keeps plus draws up to
    the hand the event deals, not up to 7."""
    assert data.championship().event(RECORD_CROWDS).hand_size == 8
    assert data.championship().event(SAFETY_RULES).hand_size == 6
    state = _before_corner_33(20, 3, 2, "1234SS4", NO_SPECIAL_RULE)
    state.championship = None if event is None else Championship(event)
    view = view_for(state, "A")
    ahead = Lookahead.planning(view, "A")
    kept = ("4", "S")
    pool = unseen_cards(view.track, view.car("A"), view.weather, False)
    next_round = Judge.seen_by(view, "A").next_round_from(26, 3, 2)
    drawn = typical_draws(pool, size - len(kept))
    assert ahead.keeping(kept).value(26, 3, 2, 0) == best_plan(next_round, kept + drawn)
