"""Applying the Garage module's decisions: draft picks, speeds, React symbols, Refresh."""

from __future__ import annotations

from typing import Final

from engine.cards import HEAT, speed_choices, symbols
from engine.decisions import (
    Accelerate,
    ChooseSpeed,
    Decision,
    DirectPlay,
    DraftMove,
    GiveBack,
    Pick,
    Reduce,
    Refresh,
    Salvage,
    SuperCool,
)
from engine.errors import IllegalDecision, quoted
from engine.events import CardRefreshed, Event
from engine.garage.draft import giving_back, pick
from engine.garage.steps import accelerate, direct_play, draft_move
from engine.garage.symbols import (
    can_direct_play,
    card_heat,
    choose_speed,
    draft_target,
    reduce_stress,
    reducible,
    refreshable,
    salvage,
    super_cool,
    unchosen,
)
from engine.map_spots import in_tunnel
from engine.state import Car, RaceState, Turn

# The step each Garage decision belongs to (the others are named after theirs).
GARAGE_STEP: Final = {
    "pick": "draft",
    "give_back": "draft",
    "speed": "reveal",
    "direct": "react",
    "accelerate": "react",
    "reduce": "react",
    "salvage": "react",
    "super_cool": "react",
    "draft_move": "react",
    "refresh": "discard",
}


def resolve_garage(state: RaceState, car: Car, decision: Decision, events: list[Event]) -> bool:
    """Apply a Garage ``decision`` (False for any other); IllegalDecision when not allowed."""
    if isinstance(decision, Pick | GiveBack):
        _draft(state, car, decision, events)
        return True
    turn = state.turn
    if turn is None or decision.do not in GARAGE_STEP:
        return False
    if isinstance(decision, ChooseSpeed):
        if decision.card not in unchosen(car, turn):
            raise _illegal(car, decision, f"card {quoted(decision.card)} has no speed to choose")
        _check_speed(car, decision, decision.card, decision.speed)
        choose_speed(car, turn, decision.card, decision.speed, events)
    elif isinstance(decision, DirectPlay):
        _check_direct(car, decision)
        direct_play(state, car, turn, decision.card, decision.speed, events)
    elif isinstance(decision, Accelerate):
        if not turn.accelerate or not turn.plus:
            raise _illegal(car, decision, _no_accelerate(turn))
        accelerate(state, car, turn, events)
    elif isinstance(decision, Reduce):
        most = reducible(state, car, turn)
        if not 1 <= decision.count <= most:
            if turn.reduce and in_tunnel(state.track, car.space, car.spot):
                raise _illegal(car, decision, "no card may be discarded in a tunnel")
            raise _illegal(car, decision, f"may discard 1 to {most} Stress card(s) now")
        reduce_stress(car, turn, decision.count, events)
    elif isinstance(decision, Salvage):
        _check_salvage(car, turn, decision)
        salvage(state, car, turn, decision.cards, events)
    elif isinstance(decision, SuperCool):
        if not turn.super_cool:
            raise _illegal(car, decision, "no Super Cool symbol played this turn")
        if HEAT not in car.discard:
            raise _illegal(car, decision, "no Heat card in the discard pile")
        super_cool(car, turn, events)
    elif isinstance(decision, DraftMove):
        if draft_target(state, car, turn) is None:
            raise _illegal(
                car, decision, "no Draft reaches right behind a car through empty spaces"
            )
        draft_move(state, car, turn, events)
    elif isinstance(decision, Refresh):
        if decision.card not in refreshable(car, turn):
            raise _illegal(car, decision, f"no played card {quoted(decision.card)} with Refresh")
        turn.refreshed = (*turn.refreshed, decision.card)
        events.append(CardRefreshed(car.id, decision.card))
    return True


def _illegal(car: Car, decision: Decision, reason: str) -> IllegalDecision:
    return IllegalDecision(car.id, decision.do, reason)


def _draft(state: RaceState, car: Car, decision: Pick | GiveBack, events: list[Event]) -> None:
    garage = state.garage
    assert garage is not None
    if isinstance(decision, Pick) == giving_back(state):
        wanted = "give an upgrade back" if giving_back(state) else "pick from the market"
        raise _illegal(car, decision, f"this draft round is to {wanted}")
    pile = car.upgrades if isinstance(decision, GiveBack) else garage.market
    if decision.card not in pile:
        where = "among the car's upgrades" if isinstance(decision, GiveBack) else "in the market"
        raise _illegal(car, decision, f"card {quoted(decision.card)} is not {where}")
    pick(state, car.id, decision.card, events)


def _check_speed(car: Car, decision: Decision, card: str, speed: int) -> None:
    choices = speed_choices(card)
    if speed not in choices:
        listed = ", ".join(map(str, choices))
        played = f"card {quoted(card)} is played as speed {listed}, not {speed}"
        raise _illegal(car, decision, played)


def _check_direct(car: Car, decision: DirectPlay) -> None:
    if decision.card not in car.hand:
        raise _illegal(car, decision, f"card {quoted(decision.card)} is not in hand")
    if "direct" not in symbols(decision.card):
        raise _illegal(car, decision, f"card {quoted(decision.card)} has no Direct Play symbol")
    if not can_direct_play(car, decision.card):
        heat = card_heat((decision.card,))
        raise _illegal(car, decision, f"its {heat} Heat cannot be paid from the Engine")
    _check_speed(car, decision, decision.card, decision.speed)


def _no_accelerate(turn: Turn) -> str:
    if not turn.accelerate:
        return "no Accelerate symbol left this turn"
    return "no + symbol used this turn"


def _check_salvage(car: Car, turn: Turn, decision: Salvage) -> None:
    if not turn.salvage:
        raise _illegal(car, decision, "no Salvage symbol played this turn")
    if not 1 <= len(decision.cards) <= turn.salvage:
        raise _illegal(car, decision, f"may take 1 to {turn.salvage} card(s) back")
    pile = list(car.discard)
    for card in decision.cards:
        if card not in pile:
            raise _illegal(car, decision, f"card {quoted(card)} is not in the discard pile")
        pile.remove(card)
