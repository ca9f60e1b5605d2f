"""The AI's suggestion comes with its reasons, and they agree with the hand's forecast.

Issue 24 point 2: "The hand's 'AI suggestion' comes with one line of reasons ...
from the same computation that chose it ... A test checks that the reason names
the corner and the Heat that the forecast shows."
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import engine
from engine import Entrant, Options, view_for
from engine.ai import decide, suggest
from engine.cards import STRESS
from engine.forecast import forecast, next_corner
from engine.map_spots import shift_heat
from tests.engine.ai.test_ai import _position

COLOURS = ("black", "blue", "green", "red", "gray", "yellow")
ROUNDS = 30


def _plan_steps(track: str, weather: bool, seed: int) -> int:
    """Race car A (the AI) against three Legends; check every suggestion it makes."""
    entrants = [Entrant("A", COLOURS[0], "ai")] + [
        Entrant(chr(ord("B") + i), colour, "legend") for i, colour in enumerate(COLOURS[1:4])
    ]
    state, _ = engine.new_race(track, entrants, seed, laps=1, options=Options(weather=weather))
    checked = 0
    while (waiting := engine.pending(state)) is not None and state.round <= ROUNDS:
        car = waiting.cars[0]
        view = view_for(state, car)
        decision = decide(view, car)
        if waiting.step == "plan":
            _check(view, car, decision)
            checked += 1
        state, _ = engine.apply(state, decision)
    return checked


def _check(view: engine.RaceView, car_id: str, decided: engine.Decision) -> None:
    plan, reason = suggest(view, car_id)
    assert plan == decided, "the suggestion is the plan the AI makes"
    assert (reason.gear, reason.cards) == (plan.gear, plan.cards)
    if reason.cluttered:
        return
    me = view.car(car_id)
    outcome = forecast(view, me, plan.cards)
    assert (reason.land_low, reason.land_high) == (outcome.land_low, outcome.land_high) or (
        STRESS in plan.cards
    ), "without Stress the landing is known"
    if outcome.corners:
        first = outcome.corners[0]
        assert reason.crosses
        assert (reason.corner, reason.limit) == (first.space, first.limit)
    else:
        assert not reason.crosses
        ahead = next_corner(view, replace(me, space=reason.land_high))
        assert (reason.corner, reason.limit) == (ahead if ahead else (None, None))
    if STRESS not in plan.cards and not outcome.may_spin:
        paid = sum(cost.heat_high for cost in outcome.corners)
        assert reason.heat_low == reason.heat_high == paid
        assert reason.spin_chance == 0.0
        engine_after = me.engine - shift_heat(me.gear, plan.gear, me.flooded) - paid
        # 1st and 2nd gear cool down Heat from the hand into the Engine.
        assert engine_after <= reason.heat_left <= engine_after + 3


@pytest.mark.parametrize("weather", [False, True])
@pytest.mark.parametrize("track", ["usa", "italy", "japan"])
def test_the_reason_names_the_corner_and_heat_the_forecast_shows(track: str, weather: bool) -> None:
    """Every suggestion of a race: the first corner the forecast lists, its limit and the Heat
    it costs, or the next corner ahead of the landing when the move crosses none."""
    assert _plan_steps(track, weather, seed=11) >= 5


def test_a_corner_crossed_for_heat_is_named_with_its_heat() -> None:
    """Two spaces before the Speed Limit 3 corner in 4th gear with fast cards only: every
    plan crosses it over the limit, and the reason says which corner and for how much."""
    state = _position(31, 4, 6, "4444555")
    view = view_for(state, "A")
    plan, reason = suggest(view, "A")
    outcome = forecast(view, view.car("A"), plan.cards)
    assert reason.crosses and (reason.corner, reason.limit) == (33, 3)
    assert outcome.corners[0].space == 33
    assert reason.heat_low == reason.heat_high == outcome.corners[0].heat_high > 0


def test_a_suggestion_is_only_for_the_plan_step() -> None:
    entrants = [Entrant("A", "black", "ai"), Entrant("B", "blue", "legend")]
    state, _ = engine.new_race("usa", entrants, 3, laps=1)
    with pytest.raises(ValueError, match="not waiting for this car"):
        suggest(view_for(state, "B"), "B")
    while engine.pending(state).step == "plan":  # type: ignore[union-attr]
        state, _ = engine.apply(state, decide(view_for(state, "A"), "A"))
    waiting = engine.pending(state)
    assert waiting is not None and waiting.step != "plan"
    with pytest.raises(ValueError, match="plan"):
        suggest(view_for(state, waiting.cars[0]), waiting.cars[0])
