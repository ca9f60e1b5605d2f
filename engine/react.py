"""The React step (5): its choices, each applied, and what needs no choice settled after each.

"You may activate symbols you have access to in ANY order." After the move a
car owes the Heat symbols of its revealed cards and holds its Cooldown (the
gear's and the cards'); a card's other symbols wait for its Heat. Neither is a
choice, but when each can be used is: the
held Cooldown is used as soon as the car stands where Cooldown is allowed (a
Boost may carry it out of a Cloud sector), and the Heat is paid as soon as the
Engine holds enough (after a Cooldown or a Super Cool has filled it). React
cannot end while the Heat is owed; Board Game Arena's procedure for Heat the
Engine cannot pay (:func:`pay_what_it_can`) applies only once no order of the
options the car still has could pay it. Sectors are judged where the car is
when it uses a symbol: a React move that enters a Snow or Rain sector brings
its 1 more Cooldown there (as BGA does after bugs 103496, 102781 and 101232).
"""

from __future__ import annotations

from engine.cards import Card, remove_cards
from engine.conditions import cooldown_bonus, may_cool_down
from engine.decisions import (
    Adrenaline,
    Boost,
    Decision,
    ReactDone,
    Reduce,
    Refresh,
    Salvage,
)
from engine.errors import IllegalDecision
from engine.events import Event, HeatUnpaid
from engine.garage import (
    card_heat,
    forget_symbols,
    has_options,
    pay_owed_heat,
    react_options,
    release_symbols,
    resolve_garage,
)
from engine.movement import landing, move_forward
from engine.piles import cool_down, pay_heat, resolve_plus
from engine.state import Car, RaceState, Turn
from engine.steps import boost, can_add_adrenaline_speed, can_boost, speed, use_adrenaline

# Choices that never bring Heat back to the Engine nor move the car: no help to pay.
NO_HELP = (ReactDone, Reduce, Salvage, Refresh)


def react_decisions(state: RaceState, car: Car, turn: Turn) -> list[Decision]:
    """Every choice the car has in the React step (ending it only once its Heat is paid)."""
    options: list[Decision] = []
    if can_boost(state, car, turn):
        options.append(Boost(car.id))
    options += adrenaline_decisions(state, car, turn)
    options += react_options(state, car, turn)
    if not turn.unpaid:
        options.append(ReactDone(car.id))
    return options


def has_react_options(state: RaceState, car: Car, turn: Turn) -> bool:
    """Whether the React step holds a choice (while neither half of the Adrenaline is used,
    giving it up is one)."""
    return (
        can_boost(state, car, turn)
        or bool(adrenaline_halves(state, car, turn))
        or has_options(state, car, turn)
    )


def adrenaline_decisions(state: RaceState, car: Car, turn: Turn) -> list[Decision]:
    """Adrenaline's choices now (see :func:`adrenaline_halves`)."""
    return [Adrenaline(car.id, s, c) for s, c in adrenaline_halves(state, car, turn)]


def adrenaline_halves(state: RaceState, car: Car, turn: Turn) -> tuple[tuple[bool, bool], ...]:
    """Adrenaline's +1 Speed and its extra Cooldown: "... may move 1 extra Space while adding
    1 to their Speed value and/or gain 1 extra Cooldown", two symbols "activated and
    completed individually" in any order (as Board Game Arena keeps them), so one may wait
    for a Boost or a Cooldown the other makes worth it. While neither is used, every mix of
    the two (none of either gives it up); once one is, the other alone. As (+1 Speed,
    Cooldown) pairs: the React step asks whether there are any after every choice."""
    if not turn.adrenaline:
        return ()
    faster = not turn.adrenaline_speed and can_add_adrenaline_speed(state, car)
    cooler = not turn.adrenaline_cooldown and may_cool_down(state.weather, state.course, car.space)
    if turn.adrenaline_speed or turn.adrenaline_cooldown:
        return tuple((s, c) for s, c in ((faster, False), (False, cooler)) if s or c)
    speeds = (True, False) if faster else (False,)
    cools = (True, False) if cooler else (False,)
    return tuple((s, c) for s in speeds for c in cools)


def resolve_react(
    state: RaceState, car: Car, turn: Turn, decision: Decision, events: list[Event]
) -> None:
    """Apply one React choice; IllegalDecision when the rules do not allow it now.

    A move that carries the car into a Snow or Rain sector adds that sector's Cooldown.
    """
    here = state.course
    start = car.space
    if isinstance(decision, Boost):
        if not can_boost(state, car, turn):
            reason = "already boosted this turn" if turn.boosted else "no Heat in the Engine"
            raise IllegalDecision(car.id, "boost", reason)
        boost(state, car, turn, events)
    elif isinstance(decision, Adrenaline):
        if not turn.adrenaline:
            raise IllegalDecision(car.id, "adrenaline", "no Adrenaline left this round")
        if decision.speed and turn.adrenaline_speed:
            raise IllegalDecision(car.id, "adrenaline", "its +1 Speed is already used")
        if decision.cooldown and turn.adrenaline_cooldown:
            raise IllegalDecision(car.id, "adrenaline", "its Cooldown is already used")
        if not (decision.speed or decision.cooldown) and (
            turn.adrenaline_speed or turn.adrenaline_cooldown
        ):
            raise IllegalDecision(car.id, "adrenaline", "name the half of it still to use")
        if decision.speed and not can_add_adrenaline_speed(state, car):
            raise IllegalDecision(car.id, "adrenaline", "the space ahead is full: no +1 Speed")
        if decision.cooldown and not may_cool_down(state.weather, here, car.space):
            raise IllegalDecision(car.id, "adrenaline", "no Cooldown may be used in this sector")
        use_adrenaline(state, car, turn, decision.speed, decision.cooldown, events)
    elif isinstance(decision, ReactDone):
        if turn.unpaid:
            heat = card_heat(turn.unpaid)
            raise IllegalDecision(car.id, "react_done", f"the cards' {heat} Heat is still to pay")
        end_react(turn)
    elif not resolve_garage(state, car, decision, events):
        raise IllegalDecision(car.id, decision.do, "not a React choice")
    # A move across a corner line enters another sector: a Snow or Rain one brings its 1 more
    # Cooldown, though the sector left was one too (BGA: one per sector).
    if car.space != start and here.corners_crossed(start, car.space):
        turn.cooldown += cooldown_bonus(state.weather, here, car.space)


def end_react(turn: Turn) -> None:
    """React is over: the Slipstream step comes, and Cooldown still held is lost."""
    turn.step = "slipstream"
    turn.cooldown = 0


def settle(state: RaceState, car: Car, turn: Turn, events: list[Event]) -> None:
    """Use what needs no choice: the held Cooldown where allowed, then the owed Heat; when
    no order of the options left could pay that Heat, BGA's procedure."""
    if not turn.cooldown and not turn.unpaid:
        return
    _use_cooldown_and_pay(state, car, turn, events)
    if turn.unpaid and not heat_payable(state, car, turn):
        pay_what_it_can(state, car, turn, events)
        _use_cooldown_and_pay(state, car, turn, events)


def _use_cooldown_and_pay(state: RaceState, car: Car, turn: Turn, events: list[Event]) -> None:
    if turn.cooldown and may_cool_down(state.weather, state.course, car.space):
        cool_down(car, turn.cooldown, events)
        turn.cooldown = 0
    pay_owed_heat(state, car, turn, events)


def heat_payable(state: RaceState, car: Car, turn: Turn) -> bool:
    """Whether some order of the React choices left pays the revealed cards' Heat.

    Each choice is tried on a copy, the held Cooldown used where allowed after it;
    every choice spends something (a Boost, Adrenaline, a symbol, a card), so the
    search ends.
    """
    if card_heat(turn.unpaid) <= car.engine:
        return True
    for decision in react_decisions(state, car, turn):
        if isinstance(decision, NO_HELP):
            continue
        trial = state.copy()
        trial_car, trial_turn = trial.edit_car(car.id), trial.turn
        assert trial_turn is not None
        resolve_react(trial, trial_car, trial_turn, decision, [])
        _use_cooldown_and_pay(trial, trial_car, trial_turn, [])
        if not trial_turn.unpaid or heat_payable(trial, trial_car, trial_turn):
            return True
    return False


def pay_what_it_can(state: RaceState, car: Car, turn: Turn, events: list[Event]) -> None:
    """BGA's procedure when the Engine cannot pay the revealed cards' Heat.

    The car goes back to where it started its move, pays for as many of those
    cards as it can (the cheapest first), and each unpaid card is discarded
    with its symbols (none of them happens: they waited for the Heat) and
    replaced by one + flip; then the car moves again, and only then do the
    paid cards' symbols apply (their Scrap after the flips, as in BGA, where
    the Scrap is a React symbol again after the new move).
    """
    car.space, car.spot = landing(state, car, turn.start_space)
    paid: list[Card] = []
    unpaid: list[Card] = []
    for card in sorted(turn.unpaid, key=lambda card: card_heat((card,))):
        heat = card_heat((card,))
        if heat <= car.engine:
            pay_heat(car, heat, "card", events)
            paid.append(card)
        else:
            unpaid.append(card)
    turn.unpaid = ()
    dropped = tuple(unpaid)
    car.play_area = remove_cards(car.play_area, dropped) or ()
    car.discard = car.discard + dropped
    forget_symbols(turn, dropped)
    chosen = list(turn.chosen)
    for card in unpaid:
        for pair in chosen:
            if pair[0] == card:
                chosen.remove(pair)
                break
    turn.chosen = tuple(chosen)
    events.append(HeatUnpaid(car.id, dropped, car.space, car.spot))
    for _ in unpaid:
        resolve_plus(state, car, events)
        turn.plus += 1
    move_forward(state, car, speed(car, turn), "cards", events)
    release_symbols(state, car, turn, tuple(paid), events)
