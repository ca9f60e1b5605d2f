"""The Garage module's moves in a car's turn: Direct Play, Draft, Accelerate.

Each changes a working copy of the state, like :mod:`engine.steps`, and is
called when the driver's decision asks for it (see :mod:`engine.garage.apply`).
"""

from __future__ import annotations

from engine.cards import SEVERAL_SPEEDS, Card, remove_cards
from engine.events import Accelerated, DirectPlayed, Event
from engine.garage.symbols import (
    after_move,
    card_heat,
    choose_speed,
    draft_target,
    flip_plus,
)
from engine.movement import move_forward
from engine.piles import pay_heat
from engine.state import Car, RaceState, Turn


def direct_play(
    state: RaceState, car: Car, turn: Turn, card: Card, chosen: int, events: list[Event]
) -> None:
    """ "If you do, it applies as if you had revealed it in step 3, including Speed value
    and mandatory/optional icons." Only offered when the Engine can pay its Heat."""
    car.hand = remove_cards(car.hand, (card,)) or ()
    car.play_area = (*car.play_area, card)
    events.append(DirectPlayed(car.id, card))
    if card in SEVERAL_SPEEDS:
        choose_speed(car, turn, card, chosen, events)
    found = flip_plus(state, car, turn, (card,), events)
    move_forward(state, car, chosen + found, "direct", events)
    pay_heat(car, card_heat((card,)), "card", events)
    after_move(state, car, turn, (card,), events)


def draft_move(state: RaceState, car: Car, turn: Turn, events: list[Event]) -> None:
    """Draft (Tunnel Vision): through empty spaces to right behind a car; not Speed."""
    target = draft_target(state, car, turn)
    assert target is not None, "Draft is offered only when it reaches a car"
    turn.draft = 0
    move_forward(state, car, target - car.space, "draft", events)


def accelerate(state: RaceState, car: Car, turn: Turn, events: list[Event]) -> None:
    """+1 Speed for every + symbol used this turn so far, all or nothing; it counts for corners."""
    turn.accelerate -= 1
    turn.accelerated += turn.plus
    events.append(Accelerated(car.id, turn.plus))
    move_forward(state, car, turn.plus, "accelerate", events)
