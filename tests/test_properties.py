"""Invariants over thousands of random races with random legal decisions."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings

import engine
from engine.notation import load_state, state_json
from tests.invariants import assert_cards_kept, assert_legends_drive_forward, assert_sound
from tests.playout import play
from tests.strategies import RaceSetup, race_setups

ROUNDS_PER_LAP_BOUND = 100

SHARDS = 4  # 4 x 500 = 2,000 races, spread over the test workers

many_races = settings(
    max_examples=500,
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
    assert_cards_kept(before, after, events)
    assert_sound(after)
    assert_legends_drive_forward(after, events)
    assert load_state(json.dumps(state_json(after))) == after


@pytest.mark.parametrize("shard", range(SHARDS))
@many_races
@given(race_setups(kinds=("human", "human", "human", "legend")))
def test_random_races_keep_cards_spots_engine_and_notation(shard: int, setup: RaceSetup) -> None:
    """Every decision of a random race on any of the ten tracks keeps the invariants (no two
    cars on one spot, cards conserved); the log replays the race."""
    seed = setup.seed + shard * 2**33
    options = engine.Options(aggressive_legends=setup.aggressive_legends)
    playout = play(setup.track, setup.kinds, seed, setup.laps, on_step=check_step, options=options)
    final = playout.final
    assert engine.pending(final) is None
    assert sorted(car.finished for car in final.cars) == list(range(1, len(final.cars) + 1))
    assert final.round <= ROUNDS_PER_LAP_BOUND * setup.laps
    assert engine.replay(playout.initial, playout.decisions) == final
