"""A new race is set up as the rulebook's setup says."""

from __future__ import annotations

from collections import Counter

import pytest

import data
import engine
from engine import Entrant
from tests.support.playout import entrants


def test_each_car_gets_the_base_deck_the_tracks_heat_and_seven_cards() -> None:
    """ "Shuffle your 12 Basic cards, 3 Starting Upgrade cards, and 3 Stress cards (18 total) ...
    Place the 6 Heat cards face up on your mat's Engine spot. Set your Gear pawn to 1st gear."
    """
    for track_id in data.track_ids():
        track = data.track(track_id)
        state, _ = engine.new_race(track_id, entrants(["human"] * 4), seed=11)
        for car in state.cars:
            cards = Counter(car.hand + car.deck)
            assert cards == Counter(
                {"1": 3, "2": 3, "3": 3, "4": 3, "0": 1, "5": 1, "H": 1, "S": track.stress_in_deck}
            )
            assert car.engine == track.heat_in_engine
            assert len(car.hand) == 7
            assert car.gear == 1
            assert car.discard == ()


def test_decks_are_shuffled_per_car_and_per_seed() -> None:
    state, _ = engine.new_race("usa", entrants(["human"] * 2), seed=1)
    again, _ = engine.new_race("usa", entrants(["human"] * 2), seed=1)
    other, _ = engine.new_race("usa", entrants(["human"] * 2), seed=2)
    assert state == again
    assert state.cars[0].hand + state.cars[0].deck != state.cars[1].hand + state.cars[1].deck
    assert [c.hand + c.deck for c in state.cars] != [c.hand + c.deck for c in other.cars]


def test_cars_take_the_grid_in_random_seeded_order() -> None:
    """ "Place all participating cars on the starting grid one at a time, at random"."""
    orders = set()
    for seed in range(30):
        state, _ = engine.new_race("usa", entrants(["human"] * 6), seed=seed)
        slots = {(car.space, car.spot) for car in state.cars}
        assert slots == {(0, 0), (0, 1), (-1, 0), (-1, 1), (-2, 0), (-2, 1)}
        orders.add(state.turn_order)
    assert len(orders) > 20


def test_legends_get_no_cards_and_the_race_gets_a_legend_deck() -> None:
    kinds = ["human", "legend", "legend"]
    state, _ = engine.new_race("italy", entrants(kinds), seed=5)
    legends = [car for car in state.cars if car.kind == "legend"]
    assert all(car.hand == car.deck == () and car.engine == 0 for car in legends)
    assert sorted(state.legend_deck) == list(range(1, 11))


def test_laps_default_to_the_tracks() -> None:
    state, _ = engine.new_race("italy", entrants(["human"]), seed=5)
    assert state.laps == data.track("italy").laps == 3
    state, _ = engine.new_race("italy", entrants(["human"]), seed=5, laps=1)
    assert state.laps == 1


@pytest.mark.parametrize("count", [0, 7])
def test_one_to_six_cars(count: int) -> None:
    with pytest.raises(ValueError, match="1 to 6 cars"):
        engine.new_race("usa", entrants(["human"] * count), seed=1)


def test_car_ids_must_differ() -> None:
    with pytest.raises(ValueError, match="distinct"):
        engine.new_race("usa", [Entrant("A", "red"), Entrant("A", "blue")], seed=1)


def test_a_new_race_waits_for_every_driver_to_plan() -> None:
    state, _ = engine.new_race("usa", entrants(["human", "human", "legend"]), seed=3)
    waiting = engine.pending(state)
    assert waiting is not None
    assert waiting.step == "plan"
    assert waiting.cars == ("A", "B")
