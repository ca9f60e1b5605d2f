"""Invariants over 1,000 random races with every module on: Garage, weather, road conditions."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings

import engine
from engine.notation import load_state, state_json
from tests.support.invariants import assert_cards_kept, assert_sound
from tests.support.playout import play
from tests.support.strategies import RaceSetup, garage_options, race_setups

ROUNDS_PER_LAP_BOUND = 200  # a limit -1 token can make a corner very slow
SHARDS = 4  # 4 x 250 = 1,000 races, spread over the test workers

garage_races = settings(
    max_examples=250,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def check_step(
    before: engine.RaceState,
    decision: engine.Decision,
    after: engine.RaceState,
    events: list[engine.Event],
) -> None:
    assert decision in engine.legal_decisions(before, decision.car)
    assert engine.parse_decision(str(decision)) == decision
    assert_cards_kept(before, after, events)
    assert_sound(after)
    assert load_state(json.dumps(state_json(after))) == after


@pytest.mark.parametrize("shard", range(SHARDS))
@garage_races
@given(race_setups(kinds=("human", "human", "ai", "legend")), garage_options())
def test_garage_races_keep_cards_spots_engine_and_notation(
    shard: int, setup: RaceSetup, options: engine.Options
) -> None:
    """Every decision of a random race with every module on keeps the invariants (cards
    conserved through the box, legal and readable decisions); the log replays the race."""
    assert options.weather and options.garage != "off"
    seed = setup.seed + shard * 2**33
    playout = play(setup.track, setup.kinds, seed, setup.laps, on_step=check_step, options=options)
    final = playout.final
    assert engine.pending(final) is None
    assert sorted(car.finished for car in final.cars) == list(range(1, len(final.cars) + 1))
    assert final.round <= ROUNDS_PER_LAP_BOUND * setup.laps
    assert engine.replay(playout.initial, playout.decisions) == final
