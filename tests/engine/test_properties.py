"""Invariants over thousands of random races with random legal decisions."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import data
import engine
from engine.course import course
from engine.notation import load_state, state_json
from tests.support.invariants import assert_cards_kept, assert_legends_drive_forward, assert_sound
from tests.support.playout import Playout, play
from tests.support.strategies import TRACKS, RaceSetup, race_setups

ROUNDS_PER_LAP_BOUND = 100
# A limit -1 token makes France's Speed Limit 2 corner a limit 1: random drivers spin out
# there round after round (one of the 1,000 weather races takes 102 rounds).
WEATHER_ROUNDS_PER_LAP_BOUND = 200

SHARDS = 4  # 4 x 500 = 2,000 races, spread over the test workers

many_races = settings(
    max_examples=500,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
# 4 x 250 = 1,000 races with the weather module on
weather_races = settings(many_races, max_examples=250)
WEATHER_SHARDS = 1


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


LAPPED_TRACKS = tuple(track for track in TRACKS if data.track(track).laps >= 2)


def lapped_encounters(state: engine.RaceState) -> int:
    """Pairs of racing cars on different laps within 3 board spaces of each other."""
    here = course(state.track, state.laps)
    racing = [car for car in state.cars if car.finished is None]
    return sum(
        1
        for a in racing
        for b in racing
        if here.lap_of(a.space) > here.lap_of(b.space)
        and min((a.space - b.space) % here.lap_length, (b.space - a.space) % here.lap_length) <= 3
    )


def race_with_a_dawdler(track: str, kinds: list[str], seed: int) -> tuple[Playout, int]:
    """A race where a last, human car dawdles through its first lap; invariants checked
    after every decision. Returns the playout and how often cars on different laps met."""
    encounters = 0

    def check(
        before: engine.RaceState,
        decision: engine.Decision,
        after: engine.RaceState,
        events: list[engine.Event],
    ) -> None:
        nonlocal encounters
        assert_cards_kept(before, after, events)
        assert_sound(after)
        encounters += lapped_encounters(after)

    dawdler = chr(ord("A") + len(kinds))
    laps = data.track(track).laps
    playout = play(
        track, [*kinds, "human"], seed, laps, on_step=check, dawdlers=frozenset({dawdler})
    )
    assert engine.pending(playout.final) is None
    assert engine.replay(playout.initial, playout.decisions) == playout.final
    return playout, encounters


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    st.sampled_from(LAPPED_TRACKS),
    st.lists(st.sampled_from(("ai", "legend")), min_size=2, max_size=5),
    st.integers(0, 2**32),
)
def test_lapped_traffic_never_shares_a_board_spot(track: str, kinds: list[str], seed: int) -> None:
    """AI drivers and Legends lap a dawdler; no two cars ever share a board spot.

    "If you would end your move in a Space where there are cars on all Spots,
    then you are blocked": cars a lap apart stand on the same board, so they block
    (and offer Slipstream) like any other.
    """
    race_with_a_dawdler(track, kinds, seed)


def test_the_dawdler_races_really_have_lapped_traffic() -> None:
    """The property test above is only as good as its traffic: most races meet a lapped car."""
    met = sum(
        race_with_a_dawdler(
            LAPPED_TRACKS[seed % len(LAPPED_TRACKS)], ["ai", "legend", "ai"][: 2 + seed % 2], seed
        )[1]
        > 0
        for seed in range(12)
    )
    assert met >= 9, f"only {met} of 12 races had cars on different laps side by side"


@pytest.mark.parametrize("shard", range(WEATHER_SHARDS))
@weather_races
@given(race_setups(kinds=("human", "human", "human", "legend")))
def test_random_races_with_weather_keep_the_invariants(shard: int, setup: RaceSetup) -> None:
    """With weather and road conditions on, the same invariants hold and the log replays.

    250 races with weather alone; tests/engine/garage/test_garage_properties.py runs 1,000 more with
    weather and the Garage together."""
    seed = setup.seed + shard * 2**33
    options = engine.Options(weather=True)
    playout = play(setup.track, setup.kinds, seed, setup.laps, on_step=check_step, options=options)
    final = playout.final
    assert final.weather is not None and final.weather == playout.initial.weather
    assert engine.pending(final) is None
    assert sorted(car.finished for car in final.cars) == list(range(1, len(final.cars) + 1))
    assert final.round <= WEATHER_ROUNDS_PER_LAP_BOUND * setup.laps
    assert engine.replay(playout.initial, playout.decisions) == final
