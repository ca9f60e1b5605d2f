"""The hot path's shortcuts give what the rules they stand for give.

The gears in reach come from a table built from the rule, a + symbol's flip looks
through the deck before it asks the discard pile, a landing looks car by car: each is
checked here against the rule spelled out, on every case the race can meet.
"""

from __future__ import annotations

import itertools

import pytest

from engine.cards import BASIC, Card
from engine.events import CardsFlipped, DeckReshuffled, Event
from engine.map_spots import shift_heat
from engine.movement import free_spot_at_or_behind
from engine.pending import reachable_gears
from engine.piles import resolve_plus
from engine.rng import shuffled
from engine.state import Car, RaceState


@pytest.mark.parametrize("flooded", [False, True])
def test_gears_in_reach_are_the_rule_for_every_gear_and_engine(flooded: bool) -> None:
    """One step free, two steps for 1 Heat, a flooded downshift 1 more: Engines past the
    table's reach (and gears or Engines no car has) are answered by the rule too."""
    for gear, engine in itertools.product(range(0, 6), range(-1, 9)):
        rule = tuple(
            g for g in range(1, 5) if abs(g - gear) <= 2 and shift_heat(gear, g, flooded) <= engine
        )
        assert reachable_gears(gear, engine, flooded) == rule, (gear, engine)


def flip(
    deck: tuple[Card, ...], discard: tuple[Card, ...]
) -> tuple[Car, RaceState, list[Event], int]:
    """One + symbol resolved for a car with this deck and discard pile."""
    car = Car("A", "red", "human", 3, 0, hand=("1",), deck=deck, discard=discard)
    state = RaceState("usa", 1, 7, 2, [car], rng=4)
    events: list[Event] = []
    found = resolve_plus(state, car, events)
    return car, state, events, found


def test_a_plus_flips_down_to_the_first_basic_card_of_the_deck() -> None:
    """The cards above it go to the discard pile, the basic card to the Play Area."""
    car, state, events, found = flip(("0", "S", "3", "1"), ("H",))
    assert found == 3 and car.play_area == ("3",) and car.deck == ("1",)
    assert car.discard == ("H", "0", "S") and state.rng == 4
    assert [(type(e), getattr(e, "cards", None)) for e in events] == [
        (CardsFlipped, ("0", "S", "3"))
    ]


def test_a_deck_without_a_basic_card_is_flipped_whole_then_the_discard_pile_reshuffled() -> None:
    """The whole deck goes to the discard pile, which is shuffled with the race's next draw
    and flipped on: the flipped cards are the deck's, then the new deck's down to a basic."""
    car, state, events, found = flip(("0", "S"), ("H", "2"))
    reshuffled = shuffled(7, 4, ("H", "2", "0", "S"))
    first = next(i for i, card in enumerate(reshuffled) if card in BASIC)
    assert found == 2 and state.rng == 5 and car.play_area == ("2",)
    assert car.deck == reshuffled[first + 1 :] and car.discard == reshuffled[:first]
    assert [type(e) for e in events] == [DeckReshuffled, CardsFlipped]
    assert events[0].cards == 4  # type: ignore[attr-defined]
    assert events[1].cards == ("0", "S", *reshuffled[: first + 1])  # type: ignore[attr-defined]


@pytest.mark.parametrize("deck", [(), ("0", "S")])
def test_with_no_basic_card_anywhere_every_card_is_flipped_once(deck: tuple[Card, ...]) -> None:
    """BGA flips the deck and the discard pile once, keeps none: the symbol adds 0."""
    car, state, events, found = flip(deck, ("H", "5"))
    assert found == 0 and state.rng == 4 and car.deck == () and car.play_area == ()
    assert car.discard == ("H", "5", *deck)
    assert [(type(e), getattr(e, "cards", None)) for e in events] == [
        (CardsFlipped, (*deck, "H", "5"))
    ]


def test_a_landing_is_the_first_free_spot_at_or_behind_the_target() -> None:
    """Every target on a crowded stretch, a lap-behind car and a finished one included,
    lands where the pairs of (space within the lap, spot) held by the others say."""
    lap = 10
    others = [
        Car("B", "blue", "human", 5, 0),
        Car("C", "green", "human", 5, 1),
        Car("D", "yellow", "human", 14, 0),  # a lap on: space 4 of the board
        Car("E", "black", "human", 3, 1, finished=2),  # in the Hall of Fame: off the board
        Car("F", "gray", "human", 3, 0, eliminated=True),
    ]
    mover = Car("A", "red", "human", 0, 0)
    cars = [mover, *others]
    held = {(c.space % lap, c.spot) for c in others if c.racing}
    for target in range(-2, 25):
        space = target
        while (space % lap, 0) in held and (space % lap, 1) in held:
            space -= 1
        spot = 0 if (space % lap, 0) not in held else 1
        assert free_spot_at_or_behind(cars, mover, target, lap) == (space, spot), target
