"""Event cards that act as a driver's move ends: sponsors won in the move, Heat lost.

The sponsors come right after the corner checks (step 7), as the press corners' do, so
they are in the hand for the Discard step, as in BGA; a driver who spun out in the turn
gains none: "A driver who spins out in that turn gains no Sponsorship card at all that
turn" (BGA withholds every card won in such a turn, the events' too). In the events' own
words (facts: championship.json):

- New grandstand inauguration (1): "The first three drivers to complete lap 1
  (first crossing of the finish line) each gain 1 Sponsorship card at once
  (BGA: Legends count toward the three but gain nothing)."
- New speed record! (2): "Every time a driver's Speed for a turn is 15 or more,
  that driver gains 1 Sponsorship card at once."
- First live televised race (8): "A driver who passes at least 3 cars in a
  single round gains 1 Sponsorship card at once (BGA counts the cars standing
  between the start and end space of that driver's move)."

When the turn ends (step 9), the pressure cooker (18): each lap completed but the last
removes 1 Heat card from the game: "taken from the Engine if possible, else from the
hand, else the discard pile, else the deck."
"""

from __future__ import annotations

from dataclasses import replace

from data.models import ChampionshipEvent
from engine.cards import HEAT
from engine.championship.event_cards import race_event
from engine.championship.sponsors import draw_sponsors
from engine.events import Event, HeatPile, HeatRemoved
from engine.state import Car, RaceState, add_to_tally


def event_sponsors(state: RaceState, car: Car, start: int, raced: int, events: list[Event]) -> None:
    """The sponsors the race's event card gives for a move from ``start`` at Speed ``raced``
    that ended without a spin out (events 1, 2 and 8)."""
    event = race_event(state)
    if event is None or car.is_legend:
        return
    if event.grandstand and _completes_lap(state, start, car.space, 1):
        lap = state.course.lap_length
        ahead = sum(1 for c in state.cars if c is not car and c.space > lap)
        if ahead < event.grandstand:
            draw_sponsors(state, car, 1, "grandstand", events)
    if event.speed_record is not None and raced >= event.speed_record:
        draw_sponsors(state, car, 1, "speed_record", events)
    passing = event.passing_reward_cars
    if passing is not None and passed_cars(state, car, start) >= passing:
        draw_sponsors(state, car, 1, "passing", events)


def end_of_turn(state: RaceState, car: Car, start: int, events: list[Event]) -> None:
    """Step 9 under the race's event card: the pressure cooker, for a move from ``start``."""
    event = race_event(state)
    if event is None or car.is_legend:
        return
    _pressure_cooker(state, car, start, event, events)


def passed_cars(state: RaceState, car: Car, start: int) -> int:
    """Cars still racing that stand between the start and end space of the move, on the
    board (a lapped car passed counts too)."""
    lap = state.course.lap_length
    moved = car.space - start
    return sum(
        1
        for other in state.cars
        if other is not car and other.racing and 0 < (other.space - start) % lap < moved
    )


def _completes_lap(state: RaceState, start: int, end: int, lap: int) -> bool:
    line = lap * state.course.lap_length
    return start <= line < end


def _pressure_cooker(
    state: RaceState, car: Car, start: int, event: ChampionshipEvent, events: list[Event]
) -> None:
    if not event.heat_removed_per_lap:
        return
    laps = sum(1 for lap in range(1, state.laps) if _completes_lap(state, start, car.space, lap))
    for _ in range(laps * event.heat_removed_per_lap):
        pile = _remove_heat(car)
        if pile is None:
            return
        champ = state.championship
        assert champ is not None
        state.championship = replace(champ, heat_removed=add_to_tally(champ.heat_removed, car.id))
        events.append(HeatRemoved(car.id, pile))


def _remove_heat(car: Car) -> HeatPile | None:
    """Take one Heat card out of the game: Engine, else hand, else discard, else deck."""
    if car.engine > 0:
        car.engine -= 1
        return "engine"
    piles: tuple[HeatPile, ...] = ("hand", "discard", "deck")
    for name in piles:
        pile: tuple[str, ...] = getattr(car, name)
        if HEAT in pile:
            cards = list(pile)
            cards.remove(HEAT)
            setattr(car, name, tuple(cards))
            return name
    return None
