"""Steps 3 to 9 of one car's turn, each as the rulebook states it.

These functions change a working copy of the state; :mod:`engine.flow` calls
them in order and stops where a driver must decide.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from engine.cards import (
    HEAT,
    SPEED_VALUE,
    STRESS,
    WITH_HEAT_SYMBOL,
    WITH_SYMBOLS,
    heat_symbols,
    symbols,
)
from engine.championship import (
    gives_adrenaline,
    keep_unplayed,
    may_discard_card,
    may_slipstream_in,
    race_event,
    score_press_corners,
)
from engine.conditions import (
    boost_is_free,
    cooldown_bonus,
    corner_heat,
    corner_limit,
    may_start_slipstream,
    slipstream_extra,
)
from engine.course import Course
from engine.events import (
    AdrenalineUsed,
    CardsRevealed,
    CornerChecked,
    Event,
    GearShifted,
    HandCluttered,
    SpunOut,
)
from engine.garage import (
    after_move,
    flip_plus,
    pay_owed_heat,
    refreshable,
    unchosen,
)
from engine.map_spots import in_tunnel, on_flooded_spot, shift_heat
from engine.movement import cars_around, landing, move_forward, spaces_gained
from engine.piles import cool_down, pay_heat, resolve_plus
from engine.state import Car, RaceState, Turn, Weather, add_to_tally

# "the most common is from driving in 1st gear (Cooldown 3) and 2nd gear (Cooldown 1)"
GEAR_COOLDOWN: Final = {1: 3, 2: 1}
SLIPSTREAM_SPACES: Final = 2


def shift_gears(car: Car, gear: int, events: list[Event], flooded: bool = False) -> None:
    """Step 1, made public at the reveal: two gears at once cost 1 Heat, a flooded spot
    adds 1 to a downshift ("This heat must be paid when you shift")."""
    pay_heat(car, shift_heat(car.gear, gear, flooded), "shift", events)
    if gear != car.gear:
        events.append(GearShifted(car.id, car.gear, gear))
        car.gear = gear


def reveal_and_move(state: RaceState, car: Car, events: list[Event]) -> Turn | None:
    """Steps 1-4 made public: shift, reveal, resolve Stress, move; then the React step.

    Returns the car's turn, now at React, or None when a cluttered hand sends
    the car straight to step 9.
    """
    planned = car.plan
    assert planned is not None, "every racing car has planned before the reveal"
    car.plan = None
    shift_gears(car, planned.gear, events, on_flooded_spot(state.track, car.space, car.spot))
    car.play_area = planned.cards
    events.append(CardsRevealed(car.id, planned.cards))
    if HEAT in planned.cards:
        clutter(state, car, events)
        return None
    turn = Turn(car.id, "react", car.space, False, car.id in adrenaline_cars(state))
    flip_plus(state, car, turn, planned.cards, events)
    if unchosen(car, turn):
        turn.step = "reveal"
    else:
        drive(state, car, turn, events)
    return turn


def drive(state: RaceState, car: Car, turn: Turn, events: list[Event]) -> None:
    """Step 4, then the revealed cards' symbols: their Heat owed, their Cooldown held with
    the gear's (1 more in a Snow or Rain sector), for the React step to settle."""
    revealed = car.play_area
    move_forward(state, car, speed(car, turn), "cards", events)
    owing = not WITH_HEAT_SYMBOL.isdisjoint(revealed)
    turn.unpaid = tuple(card for card in revealed if heat_symbols(card)) if owing else ()
    here = state.course
    turn.cooldown += GEAR_COOLDOWN.get(car.gear, 0) + cooldown_bonus(state.weather, here, car.space)
    after_move(state, car, turn, revealed, events, owed=turn.unpaid)
    pay_owed_heat(state, car, turn, events)


def clutter(state: RaceState, car: Car, events: list[Event]) -> None:
    """ "Your car does not move this turn ... move your Gear pawn to 1st gear, place the
    cards that are in your Play Area in your Discard pile, and skip straight to step 9."
    """
    events.append(HandCluttered(car.id, car.play_area))
    if car.gear != 1:
        events.append(GearShifted(car.id, car.gear, 1))
        car.gear = 1
    car.discard = car.discard + keep_unplayed(state, car, car.play_area, events)
    car.play_area = ()


def adrenaline_cars(state: RaceState) -> tuple[str, ...]:
    """The last car to move this round, or the last two if 5 or more cars started.

    "The Adrenaline bonuses are still applied based on the number of cars that
    started the race, not remaining on the board."
    """
    count = state.options.adrenaline_cars
    if not gives_adrenaline(state):
        count = 0
    elif count is None:
        count = 2 if len(state.cars) >= 5 else 1
    return state.turn_order[-count:] if count > 0 else ()


def speed(car: Car, turn: Turn) -> int:
    """ "Speed = Sum of the values of all the cards in your Play Area, +1 if you used the
    Adrenaline Bonus" (Slipstream is never Speed)."""
    raced = turn.accelerated
    for card in car.play_area:
        raced += SPEED_VALUE[card]
    for _, chosen in turn.chosen:
        raced += chosen
    return raced + 1 if turn.adrenaline_speed else raced


def can_boost(state: RaceState, car: Car, turn: Turn) -> bool:
    """ "Regardless of which gear you are in you may pay 1 Heat to boost once per turn."

    In a Heat control sector the Boost needs no Heat (asked only of an empty Engine).
    """
    return not turn.boosted and (car.engine > 0 or boost_is_free(state, car))


def can_add_adrenaline_speed(state: RaceState, car: Car) -> bool:
    """Adrenaline's +1 Speed is offered only when the car can move that extra space.

    The rules are silent when the space ahead is full; Board Game Arena does not
    offer the +1 then, and neither do we.
    """
    return spaces_gained(state, car, 1) > 0


def boost(state: RaceState, car: Car, turn: Turn, events: list[Event]) -> None:
    pay_heat(car, 0 if boost_is_free(state, car) else 1, "boost", events)
    turn.boosted = True
    turn.plus += 1
    move_forward(state, car, resolve_plus(state, car, events), "boost", events)


def use_adrenaline(
    state: RaceState, car: Car, turn: Turn, add_speed: bool, add_cooldown: bool, events: list[Event]
) -> None:
    events.append(AdrenalineUsed(car.id, add_speed, add_cooldown))
    if add_speed:
        turn.adrenaline_speed = True
        move_forward(state, car, 1, "adrenaline", events)
    if add_cooldown:
        turn.adrenaline_cooldown = True
        cool_down(car, 1, events)
    # Some of it is left until both halves are used; using neither gives it up.
    both = turn.adrenaline_speed and turn.adrenaline_cooldown
    turn.adrenaline = (add_speed or add_cooldown) and not both


def can_slipstream(state: RaceState, car: Car) -> bool:
    """Whether the car may slipstream now (see :func:`slipstream_distances`)."""
    return bool(slipstream_distances(state, car))


def slipstream_distances(state: RaceState, car: Car) -> tuple[int, ...]:
    """How far the car may slipstream now, nearest first; empty when it may not.

    Next to or directly behind another car, 2 spaces, each Slipstream boost (a
    card's symbol, the sector's extra spaces) added or not: "your typical 2
    Spaces may be increased" (BGA offers 2, and 2 + n for each boost). "Slipstreaming
    can never be used to cross the finish line nor after having crossed the finish
    line"; BGA does not offer a distance that gains no space at all.
    """
    here = state.course
    if car.space + SLIPSTREAM_SPACES > here.finish:
        return ()
    if not may_start_slipstream(state.weather, here, car.space):
        return ()
    if not may_slipstream_in(state, car.gear):
        return ()
    if not cars_around(state.cars, car, (car.space, car.space + 1), here.lap_length):
        return ()
    reach = {SLIPSTREAM_SPACES}
    for boost in slipstream_boosts(state, car):
        reach |= {spaces + boost for spaces in reach}
    return tuple(
        sorted(
            {
                spaces
                for spaces in (min(spaces, here.finish - car.space) for spaces in reach)
                if spaces_gained(state, car, spaces) > 0
            }
        )
    )


def slipstream_boosts(state: RaceState, car: Car) -> tuple[int, ...]:
    """Each boost a Slipstream may take or leave: the played cards' Slipstream symbols (the
    turn's sum, for a position written by hand), then the sector's extra spaces."""
    turn = state.turn
    pooled = turn.slipstream_boost if turn is not None else 0
    played = car.play_area
    cards: tuple[int, ...] = ()
    if not WITH_SYMBOLS.isdisjoint(played):
        cards = tuple(n for card in played if (n := symbols(card).get("slipstream", 0)))
    if sum(cards) != pooled:
        cards = (pooled,) if pooled else ()
    here = state.course
    extra = slipstream_extra(state.weather, here, car.space)
    return cards + ((extra,) if extra else ())


def slipstream_spaces(weather: Weather | None, here: Course, space: int, boost: int = 0) -> int:
    """The farthest a Slipstream from ``space`` goes with every boost taken (the AI's
    estimate for a move not made yet), as far as it stays before the finish line."""
    extra = boost + slipstream_extra(weather, here, space)
    return min(SLIPSTREAM_SPACES + extra, here.finish - space)


def slipstream(state: RaceState, car: Car, turn: Turn, spaces: int, events: list[Event]) -> None:
    turn.slipstream_start = car.space
    move_forward(state, car, spaces, "slipstream", events)


def check_corners(state: RaceState, car: Car, turn: Turn, events: list[Event]) -> bool:
    """Step 7: pay the excess Speed at each corner line crossed, first line first; True
    when the car spun out. Without a spin out, press corners pay their sponsors.

    "If you do not have enough Heat to pay for your excess Speed, you pay all the
    Heat you have and immediately spin out."
    """
    here = state.course
    crossed = here.corners_crossed(turn.start_space, car.space)
    if not crossed:
        return False
    raced = speed(car, turn)
    for line in crossed:
        # Adjust raises the limit of every line crossed this turn; Overheat comes on top.
        limit = corner_limit(state.weather, here, line) + turn.adjust
        excess = corner_heat(state.weather, here, line, raced - turn.adjust)
        paid = min(excess, car.engine)
        pay_heat(car, paid, "corner", events)
        events.append(CornerChecked(car.id, line.space, limit, raced, paid))
        if paid < excess:
            spin_out(state, car, line.space, events)
            return True
    score_press_corners(state, car, turn, crossed, raced, events)
    return False


def spin_out(state: RaceState, car: Car, line_space: int, events: list[Event]) -> None:
    """Back to the first free space before the line, 1 or 2 Stress to hand, 1st gear."""
    stress = 1 if car.gear <= 2 else 2
    car.space, car.spot = landing(state, car, line_space)
    car.hand = car.hand + (STRESS,) * stress
    events.append(SpunOut(car.id, line_space, stress, car.space, car.spot))
    if state.championship is not None:
        spins = add_to_tally(state.championship.spin_outs, car.id)
        state.championship = replace(state.championship, spin_outs=spins)
    if car.gear != 1:
        events.append(GearShifted(car.id, car.gear, 1))
        car.gear = 1


def may_discard(state: RaceState, car: Car) -> bool:
    """Step 8 applies before the finish line and outside tunnels, to a hand holding a card
    one may discard (or a played card one may Refresh)."""
    if state.course.crossed_finish(car.space):
        return False
    if in_tunnel(state.track, car.space, car.spot):
        return False
    event = race_event(state)
    for card in car.hand:
        if may_discard_card(event, card):
            return True
    return bool(refreshable(car, state.turn))
