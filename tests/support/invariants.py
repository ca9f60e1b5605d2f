"""Checks that must hold after every decision of every race."""

from __future__ import annotations

from collections import Counter

import data
from engine import RaceState
from engine.cards import HEAT, STRESS, is_sponsor
from engine.conditions import starting_piles
from engine.course import course
from engine.events import Event, SpunOut, TurnEnded
from engine.garage import garage_deck
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
    """No card is created or lost; only Stress comes in, from the reserve, on a spin out.

    With the Garage module, every card of the Garage deck stays in the deck, a
    market, a car's upgrades or the box; the draft's end deals each driver 12
    Speed cards, its upgrades, the track's Stress and its Engine's Heat.
    """
    if before.garage is not None:
        _assert_garage_kept(after)
    if before.drafting:
        if not after.drafting:
            _assert_decks_dealt(after)
        return
    if before.championship is not None:
        _assert_championship_cards_kept(before, after, events)
        return
    expected = cards_of(before)
    for event in events:
        if isinstance(event, SpunOut):
            assert event.car is not None
            expected[event.car][STRESS] += event.stress
    assert cards_of(after) == expected


def _assert_championship_cards_kept(
    before: RaceState, after: RaceState, events: list[Event]
) -> None:
    """A car's own cards change only by Stress from a spin out and Heat the pressure cooker
    removes; sponsorship cards move between the cars and the shared piles, none created."""
    expected = {car: _own(cards) for car, cards in cards_of(before).items()}
    for event in events:
        if isinstance(event, SpunOut):
            assert event.car is not None
            expected[event.car][STRESS] += event.stress
    assert before.championship is not None and after.championship is not None
    removed = Counter(dict(after.championship.heat_removed))
    removed.subtract(dict(before.championship.heat_removed))
    for car_id, count in removed.items():
        expected[car_id][HEAT] -= count
    after_own = {car: _own(cards) for car, cards in cards_of(after).items()}
    assert after_own == {car: +cards for car, cards in expected.items()}
    assert sponsors_held(after) == sponsors_held(before), "sponsorship cards created or lost"


def _own(cards: Counter[str]) -> Counter[str]:
    return Counter({card: n for card, n in cards.items() if not is_sponsor(card)})


def sponsors_held(state: RaceState) -> Counter[str]:
    """Every sponsorship card of the race: in the cars' piles and the shared ones."""
    assert state.championship is not None
    held = Counter(state.championship.sponsor_deck + state.championship.sponsor_discard)
    for cards in cards_of(state).values():
        held.update({card: n for card, n in cards.items() if is_sponsor(card)})
    return held


def _assert_garage_kept(state: RaceState) -> None:
    garage = state.garage
    assert garage is not None
    held = Counter(garage.deck + garage.market + garage.box)
    for car in state.cars:
        held.update(car.upgrades)
    assert held == Counter(garage_deck(state)), "Garage cards created or lost"


def _assert_decks_dealt(state: RaceState) -> None:
    track = data.track(state.track)
    for car_id, cards in cards_of(state).items():
        car = state.car(car_id)
        if car.is_legend:
            continue
        piles = starting_piles(track, state.weather, car.upgrades)
        dealt = Counter(piles.deck + piles.discard)
        dealt[HEAT] += piles.engine
        assert cards == dealt, f"car {car_id} was dealt {cards}"
        assert len(car.upgrades) == 3


def assert_sound(state: RaceState) -> None:
    """Engines never negative; no two cars on the board share a spot, whatever their lap."""
    lap_length = course(state.track, state.laps).lap_length
    for car in state.cars:
        assert car.engine >= 0, f"car {car.id} has engine {car.engine}"
        assert car.spot in (0, 1)
    spots = [(car.space % lap_length, car.spot) for car in state.cars if car.racing]
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
