"""The track map (engine.ai.track): what the AI derives from a circuit's data alone."""

from __future__ import annotations

import pytest

import data
from engine.ai.track import MOST_HEAT, boost_odds, rounds_to_go
from engine.cards import BASIC_SPEED_CARDS, speed_value
from engine.course import course


def test_a_boost_adds_a_basic_card_of_the_tracks_deck() -> None:
    """A Boost flips for a basic card: each of the deck's basic Speeds, equally likely."""
    odds = boost_odds("italy")
    assert sorted(value for value, _ in odds) == sorted(map(speed_value, BASIC_SPEED_CARDS))
    assert sum(p for _, p in odds) == pytest.approx(1.0)
    assert len({p for _, p in odds}) == 1


@pytest.mark.parametrize("track", data.track_ids())
def test_more_heat_never_costs_rounds(track: str) -> None:
    """Heat only adds choices (a corner taken faster, a Boost): never more rounds to go."""
    rounds = rounds_to_go(track, 1)
    for space in range(rounds.low, rounds.finish + 1):
        for gear in (1, 2, 3, 4):
            for heat in range(MOST_HEAT):
                assert rounds(space, gear, heat + 1) <= rounds(space, gear, heat) + 1e-9


@pytest.mark.parametrize("track", ["italy", "great_britain"])
def test_heat_is_worth_a_boost_on_a_long_last_straight(track: str) -> None:
    """Past the last corner no Heat is paid for a corner: the map counts it for a Boost, so a
    car starting a last straight longer than a round's move saves rounds with Heat."""
    here = course(track, 1)
    last = max(line.space for line in here.lines if line.space < here.finish)
    assert here.finish - last > 14, "a straight longer than one good round's move"
    rounds = rounds_to_go(track, 1)
    assert rounds(last + 1, 4, 1) < rounds(last + 1, 4, 0)


def test_a_last_straight_of_two_rounds_has_use_for_two_boosts() -> None:
    """Italy's last straight (corner 3 to the line, 28 spaces) takes two rounds: a second
    Heat card buys a second Boost."""
    here = course("italy", 1)
    last = max(line.space for line in here.lines if line.space < here.finish)
    rounds = rounds_to_go("italy", 1)
    assert rounds(last + 1, 4, 2) < rounds(last + 1, 4, 1)


@pytest.mark.parametrize("track", ["japan", "south_africa"])
def test_the_map_counts_every_heat_the_engine_starts_with(track: str) -> None:
    """A track that puts 7 Heat in the Engine: the 6th and the 7th each save rounds in a long
    race, as the 5th does (bench/heat_worth.py: in races a 6th Heat is worth about as many
    spaces as any other, where a map that stopped at 5 made it worth a sixth of one)."""
    assert data.track(track).heat_in_engine == 7
    assert max(data.track(t).heat_in_engine for t in data.track_ids()) == MOST_HEAT
    rounds = rounds_to_go(track, 3)
    start = min(slot.space for slot in data.track(track).starting_grid)
    for heat in (5, 6):
        assert rounds(start, 1, heat + 1) < rounds(start, 1, heat)
