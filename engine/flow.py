"""The round's shape: everyone plans, then each car in turn order takes steps 3-9.

:func:`advance` runs every step that needs no decision and stops where a
driver must decide, so a stored state always waits for a real choice.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from engine.cards import remove_cards
from engine.championship import end_of_turn, event_sponsors, keep_unplayed, race_event
from engine.events import (
    Eliminated,
    Event,
    Finished,
    GaveUp,
    HandReplenished,
    RaceEnded,
    RoundStarted,
    TurnEnded,
)
from engine.garage import unchosen
from engine.legends import drive_legend
from engine.movement import position_key, turn_order
from engine.piles import replenish
from engine.react import end_react, has_react_options, settle
from engine.state import Car, RaceState, Turn
from engine.steps import (
    can_slipstream,
    check_corners,
    drive,
    may_discard,
    reveal_and_move,
    speed,
)


def must_plan(car: Car) -> bool:
    """Every car still racing plans its gear and cards, except Legends.

    (``car.racing`` spelled out: asked for every car at every decision.)
    """
    return car.plan is None and car.kind != "legend" and car.finished is None and not car.eliminated


def planners(cars: list[Car]) -> list[str]:
    """The cars that still owe their plan this round, in state order."""
    return [car.id for car in cars if must_plan(car)]


def advance(state: RaceState, events: list[Event]) -> None:
    """Resolve everything that needs no decision, up to the next decision or the end."""
    while True:
        turn = state.turn
        if state.drafting:
            return
        if turn is None:
            if not state.turn_order:
                if state.over:
                    return
                state.turn_order = turn_order(state.cars)
            for car in state.cars:
                if must_plan(car):
                    return
            begin_turn(state, state.turn_order[0], events)
            continue
        car = state.edit_car(turn.car)
        if turn.step == "reveal":
            # A card with several speeds waits for its speed; once all have one, the car moves.
            if unchosen(car, turn):
                return
            turn.step = "react"
            drive(state, car, turn, events)
        if turn.step == "react":
            settle(state, car, turn, events)
            if turn.unpaid or has_react_options(state, car, turn):
                return
            end_react(turn)
        elif turn.step == "slipstream":
            if can_slipstream(state, car):
                return
            end_slipstream(state, car, turn, events)
        elif may_discard(state, car):
            return
        else:
            end_turn(state, car, speed(car, turn), events)


def end_slipstream(state: RaceState, car: Car, turn: Turn, events: list[Event]) -> None:
    """After step 6 comes the corner check (7), then the event's sponsors for a move
    without a spin out, then the Discard step (8).

    Title sponsor withdraws (event 10): "a driver who spins out is out of the race".
    """
    spun = check_corners(state, car, turn, events)
    event = race_event(state)
    if spun and event is not None and event.spin_out_eliminates:
        withdraw(state, car, "eliminated", events)
        return
    if not spun:
        event_sponsors(state, car, turn.start_space, speed(car, turn), events)
    turn.step = "discard"


def begin_turn(state: RaceState, car_id: str, events: list[Event]) -> None:
    """Step 3 for the next car: a Legend drives; a driver reveals and moves."""
    car = state.edit_car(car_id)
    if car.is_legend:
        end_turn(state, car, drive_legend(state, car, events), events)
        return
    turn = reveal_and_move(state, car, events)
    if turn is None:
        end_turn(state, car, 0, events)
    else:
        state.turn = turn


def end_turn(state: RaceState, car: Car, raced: int, events: list[Event]) -> None:
    """Step 9: Play Area to the discard pile (Refreshed cards on top of the draw deck), draw
    up to 7; then the next car, or the round's end."""
    if not car.is_legend:
        if state.turn is not None:
            end_of_turn(state, car, state.turn.start_space, events)
        refreshed = state.turn.refreshed if state.turn is not None else ()
        played = remove_cards(car.play_area, refreshed) or ()
        car.discard = car.discard + keep_unplayed(state, car, played, events)
        car.deck = refreshed + car.deck
        car.play_area = ()
        drawn = replenish(state, car, events)
        events.append(HandReplenished(car.id, drawn))
    events.append(TurnEnded(car.id, raced))
    state.turn = None
    following = state.turn_order.index(car.id) + 1
    if following < len(state.turn_order):
        begin_turn(state, state.turn_order[following], events)
    else:
        end_round(state, events)


def end_round(state: RaceState, events: list[Event]) -> None:
    """Cars past the line enter the Hall of Fame in order; the next round starts.

    "At the end of the round, all the cars that crossed the finish line are
    removed from the track and placed in order on the Hall of Fame Space."
    """
    finish = state.course.finish
    crossed = sorted((c for c in state.cars if c.racing and c.space > finish), key=position_key)
    places = iter(free_places(state))
    for car in map(state.edit_car, [c.id for c in crossed]):
        place = next(places)
        car.finished = place
        events.append(Finished(car.id, place))
    state.legend_card = None
    if state.over:
        state.turn_order = ()
        placed = [car for car in state.cars if car.finished is not None]
        podium = sorted(placed, key=lambda car: car.finished or 0)
        events.append(RaceEnded(None, tuple(car.id for car in podium)))
        return
    state.round += 1
    state.turn_order = turn_order(state.cars)
    events.append(RoundStarted(None, state.round, state.turn_order))


def free_places(state: RaceState) -> list[int]:
    """The places no car holds yet, best first: cars that gave up took the last ones.

    A car eliminated without a place (event 10) takes none, so there are as many
    places as cars that are not.
    """
    count = sum(1 for car in state.cars if not (car.eliminated and car.finished is None))
    taken = {car.finished for car in state.cars}
    return [place for place in range(1, count + 1) if place not in taken]


def withdraw(
    state: RaceState, car: Car, why: Literal["gave_up", "eliminated"], events: list[Event]
) -> None:
    """The car leaves the race; the round goes on without it.

    Board Game Arena's giveUp: "A driver who gives up is placed in the last free
    place of the race and scores that place". Title sponsor withdraws (event 10):
    an eliminated car is out of the race with no place (BGA scores it 0), so the
    cars that gave up before it move up one place each. Its played cards go to its
    discard pile (played sponsors to the sponsorship discard pile).
    """
    car.discard = car.discard + keep_unplayed(state, car, car.play_area, events)
    car.play_area, car.plan = (), None
    champ = state.championship
    if why == "gave_up":
        car.finished = free_places(state)[-1]
        if champ is not None:
            state.championship = replace(champ, gave_up=(*champ.gave_up, car.id))
        events.append(GaveUp(car.id, car.finished))
    else:
        assert champ is not None, "only event 10 eliminates a car"
        car.eliminated = True
        state.championship = replace(champ, eliminated=(*champ.eliminated, car.id))
        _move_up_behind(state, champ.gave_up)
        events.append(Eliminated(car.id))
    order = state.turn_order
    following = order[order.index(car.id) + 1 :] if car.id in order else ()
    state.turn_order = tuple(c for c in order if c != car.id)
    if state.turn is not None and state.turn.car == car.id:
        state.turn = None
        if following:
            begin_turn(state, following[0], events)
        else:
            end_round(state, events)
    elif state.over:
        end_round(state, events)


def _move_up_behind(state: RaceState, gave_up: tuple[str, ...]) -> None:
    """The cars that gave up hold the last places; with one place fewer, each moves up one."""
    for car_id in gave_up:
        car = state.edit_car(car_id)
        if car.finished is not None:
            car.finished -= 1
