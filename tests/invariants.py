"""Checks that must hold after every decision of every race."""

from __future__ import annotations

from collections import Counter

from engine import RaceState
from engine.cards import HEAT, STRESS
from engine.events import Event, SpunOut, TurnEnded
from engine.notation import dump_state, load_state


def cards_of(state: RaceState) -> dict[str, Counter[str]]:
    """Every card each car owns, wherever it lies (Engine Heat counted as H)."""
    owned = {}
    for car in state.cars:
        cards = Counter(car.hand + car.deck + car.discard + car.play_area)
        if car.plan is not None:
            cards.update(car.plan.cards)
        cards[HEAT] += car.engine
        owned[car.id] = cards
    return owned


def assert_cards_kept(before: RaceState, after: RaceState, events: list[Event]) -> None:
    """No card is created or lost; only Stress comes in, from the reserve, on a spin out."""
    expected = cards_of(before)
    for event in events:
        if isinstance(event, SpunOut):
            assert event.car is not None
            expected[event.car][STRESS] += event.stress
    assert cards_of(after) == expected


def assert_sound(state: RaceState) -> None:
    """Engines never negative; no two cars on the track share a spot."""
    for car in state.cars:
        assert car.engine >= 0, f"car {car.id} has engine {car.engine}"
        assert car.spot in (0, 1)
    spots = [(car.space, car.spot) for car in state.cars if car.finished is None]
    assert len(spots) == len(set(spots)), f"cars share a spot: {spots}"


def assert_round_trip(state: RaceState) -> None:
    """The notation reads back exactly what it wrote."""
    assert load_state(dump_state(state)) == state


def assert_legends_drive_forward(state: RaceState, events: list[Event]) -> None:
    """A Legend always aims ahead: no Legends line or diamond may hold it still for a round."""
    legends = {car.id for car in state.cars if car.is_legend}
    for event in events:
        if isinstance(event, TurnEnded) and event.car in legends:
            assert event.speed > 0, f"Legend {event.car} aimed {event.speed} spaces"
