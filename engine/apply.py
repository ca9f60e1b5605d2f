"""Applying one decision: check it against the rules, then resolve up to the next one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.cards import HEAT, Card, remove_cards
from engine.championship import discard_limit, may_discard_card, race_event
from engine.decisions import (
    Decision,
    Discard,
    GiveUp,
    Plan,
    ReactDone,
    Slipstream,
)
from engine.errors import IllegalDecision, NotYourTurn, RaceOver, StaleDecision, quoted
from engine.events import CardsDiscarded, Event, PlanMade
from engine.flow import advance, end_slipstream, end_turn, must_plan, withdraw
from engine.garage import GARAGE_STEP, resolve_garage
from engine.map_spots import on_flooded_spot, shift_heat
from engine.pending import is_cluttered, legal_decisions, reachable_gears
from engine.react import resolve_react
from engine.state import Car, PlannedMove, RaceState
from engine.steps import (
    slipstream,
    slipstream_distances,
    speed,
)

GEAR_NAMES: Final = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def settle(state: RaceState) -> tuple[RaceState, list[Event]]:
    """Resolve a hand-built position up to its first decision (a no-op on engine states)."""
    working = state.copy()
    events: list[Event] = []
    advance(working, events)
    return working, events


def apply(
    state: RaceState, decision: Decision, *, expected_version: int | None = None
) -> tuple[RaceState, list[Event]]:
    """The race after ``decision`` and what happened; ``state`` itself is not changed.

    ``expected_version`` is the version the decider saw; a different current
    version means the decision is stale.
    """
    if expected_version is not None and expected_version != state.version:
        raise StaleDecision(
            decision.car,
            decision.do,
            f"made on version {expected_version}, race is at {state.version}",
        )
    _check_turn(state, decision)
    working = state.copy()
    return working, _resolve_in(working, decision)


def apply_in_place(state: RaceState, decision: Decision) -> list[Event]:
    """Make ``decision`` in ``state`` itself, and say what happened: a playout's step.

    A search plays thousands of decisions on a race of its own and keeps none of the states
    between them, so it need not copy the race at each one as :func:`apply` does (a sixth of
    a random race's time). Only for a state the caller made for itself (``race.copy()``) and
    never copied again: a copy shares the cars this changes. A refused decision may leave
    the state half changed, so it is for drivers that choose from the legal decisions.
    """
    _check_turn(state, decision)
    return _resolve_in(state, decision)


def _resolve_in(state: RaceState, decision: Decision) -> list[Event]:
    """Resolve a checked decision in ``state``, then everything up to the next decision."""
    events: list[Event] = []
    car = state.edit_car(decision.car)
    _resolve(state, car, decision, events)
    state.version += 1
    advance(state, events)
    return events


def replay(initial: RaceState, decisions: Iterable[Decision]) -> RaceState:
    """The race after applying a decision log to its first state, in order."""
    state = initial
    for decision in decisions:
        state, _ = apply(state, decision)
    return state


def as_replayed(initial: RaceState, decisions: Iterable[Decision]) -> list[Decision]:
    """A stored decision log as today's rules replay it.

    Until 2026-12-07 using one half of the Adrenaline used it all, and a React step with
    nothing else left ended by itself; today the other half waits for a choice. A log kept
    before then goes on with a decision that is not a React choice there: the step it left
    is ended (``react_done``) as its rules ended it, so the race replays to the same end.
    Any other log comes back as it was; one today's rules refuse raises as :func:`apply`.
    """
    state = initial
    replayed: list[Decision] = []
    for decision in decisions:
        left_open = _react_left_open(state, decision)
        if left_open is not None:
            ended = ReactDone(left_open)
            state, _ = apply(state, ended)
            replayed.append(ended)
        state, _ = apply(state, decision)
        replayed.append(decision)
    return replayed


def _react_left_open(state: RaceState, decision: Decision) -> str | None:
    """The car whose React step only a half of the Adrenaline keeps open, when the log goes
    on with something else there; else None."""
    turn = state.turn
    if turn is None or turn.step != "react" or not turn.adrenaline or isinstance(decision, GiveUp):
        return None
    if not (turn.adrenaline_speed or turn.adrenaline_cooldown):
        return None
    return None if decision in legal_decisions(state, turn.car) else turn.car


def _check_turn(state: RaceState, decision: Decision) -> None:
    """The race waits for this car, and for this kind of decision."""
    step = decision.do
    turn = state.turn
    if state.garage is not None and state.garage.order:
        waiting_step = "draft"
        mine = state.garage.order[0] == decision.car
    elif turn is None:
        waiting_step = "plan"
        mine = False
        for car in state.cars:
            if car.id == decision.car:
                mine = must_plan(car)
                break
        # No car plans in a race that is over, so only a refused decision asks.
        if not mine and state.over:
            raise RaceOver(decision.car, step, "the race is over")
    else:
        waiting_step = turn.step
        mine = turn.car == decision.car
    if not mine:
        raise NotYourTurn(decision.car, step, _not_your_turn(state, decision.car, waiting_step))
    if isinstance(decision, GiveUp) and waiting_step == "draft":
        raise NotYourTurn(decision.car, step, "no giving up during the Garage draft")
    if STEP_OF.get(step, step) != waiting_step and not isinstance(decision, GiveUp):
        raise NotYourTurn(decision.car, step, f"the race waits for its {waiting_step} decision")


# Final: mypyc keeps it in a C static, read at every decision.
STEP_OF: Final = {"boost": "react", "adrenaline": "react", "react_done": "react"} | GARAGE_STEP


def _not_your_turn(state: RaceState, car_id: str, step: str) -> str:
    try:
        car = state.car(car_id)
    except KeyError:
        return "no such car in this race"
    if car.eliminated:
        return "the car is out of the race"
    if car.finished is not None:
        return "the car has finished the race"
    if car.is_legend:
        return "a Legend makes no decisions"
    if state.garage is not None and state.garage.order:
        return f"car {state.garage.order[0]} is picking in the draft"
    if step == "plan":
        return "already planned this round"
    assert state.turn is not None
    return f"car {state.turn.car} is deciding its {step} step"


def _resolve(state: RaceState, car: Car, decision: Decision, events: list[Event]) -> None:
    # The commonest decision first: a third of a race's decisions are plans.
    if isinstance(decision, Plan):
        car.hand = _check_plan(car, decision, on_flooded_spot(state.track, car.space, car.spot))
        car.plan = PlannedMove(decision.gear, decision.cards)
        events.append(PlanMade(car.id))
        return
    turn = state.turn
    if isinstance(decision, GiveUp):
        withdraw(state, car, "gave_up", events)
        return
    if STEP_OF.get(decision.do) == "react":
        assert turn is not None, "a React choice comes in a car's turn"
        resolve_react(state, car, turn, decision, events)
        return
    if isinstance(decision, Slipstream):
        assert turn is not None, "a Slipstream comes in a car's turn"
        if decision.take:
            slipstream(state, car, turn, _slipstream_spaces(state, car, decision), events)
        elif decision.spaces is not None:
            raise IllegalDecision(car.id, "slipstream", "a declined Slipstream names no spaces")
        end_slipstream(state, car, turn, events)
    elif isinstance(decision, Discard):
        assert turn is not None, "a discard comes in a car's turn"
        car.hand = _check_discard(state, car, decision)
        car.discard = car.discard + decision.cards
        if decision.cards:
            events.append(CardsDiscarded(car.id, decision.cards))
        end_turn(state, car, speed(car, turn), events)
    else:
        resolved = resolve_garage(state, car, decision, events)
        assert resolved, "every other decision is the Garage module's"


def _slipstream_spaces(state: RaceState, car: Car, decision: Slipstream) -> int:
    """How far the Slipstream goes: as far as it may ("yes"), or a shorter distance named."""
    distances = slipstream_distances(state, car)
    if decision.spaces is None:
        return distances[-1]
    if decision.spaces not in distances[:-1]:
        shorter = ", ".join(map(str, distances[:-1])) or "none"
        raise IllegalDecision(
            car.id,
            "slipstream",
            f"{decision.spaces} spaces is no shorter Slipstream (shorter: {shorter};"
            f" 'yes' goes {distances[-1]})",
        )
    return decision.spaces


def _check_plan(car: Car, plan: Plan, flooded: bool) -> tuple[Card, ...]:
    """The hand left once the plan's cards are played, if the plan is legal."""

    def illegal(reason: str) -> IllegalDecision:
        return IllegalDecision(car.id, "plan", reason)

    if plan.gear not in reachable_gears(car.gear, car.engine, flooded):
        if plan.gear not in GEAR_NAMES:
            raise illegal(f"there is no gear {plan.gear}")
        if abs(plan.gear - car.gear) > 2:
            raise illegal(
                f"{GEAR_NAMES[plan.gear]} gear is out of reach from {GEAR_NAMES[car.gear]}"
            )
        if flooded and plan.gear < car.gear:
            cost = shift_heat(car.gear, plan.gear, flooded)
            raise illegal(
                f"shifting down from a flooded spot costs {cost} Heat"
                f" and the Engine holds {car.engine}"
            )
        raise illegal("shifting two gears costs 1 Heat and the Engine is empty")
    if len(plan.cards) != plan.gear:
        raise illegal(
            f"{GEAR_NAMES[plan.gear]} gear plays exactly {plan.gear} card(s), not {len(plan.cards)}"
        )
    left = remove_cards(car.hand, plan.cards)
    if left is None:
        missing = next(c for c in plan.cards if plan.cards.count(c) > car.hand.count(c))
        raise illegal(f"card {quoted(missing)} is not in hand")
    if HEAT in plan.cards:
        if not is_cluttered(car.gear, car.engine, car.hand, flooded):
            raise illegal("Heat cards can never be played (the hand is not cluttered)")
        playable = len(car.hand) - car.hand.count(HEAT)
        if sum(1 for card in plan.cards if card != HEAT) != playable:
            raise illegal("a cluttered hand plays every playable card, then Heat")
    return left


def _check_discard(state: RaceState, car: Car, discard: Discard) -> tuple[Card, ...]:
    """The hand left once the discarded cards are gone, if the discard is legal."""
    event = race_event(state)
    for card in discard.cards:
        if not may_discard_card(event, card):
            raise IllegalDecision(car.id, "discard", f"card {quoted(card)} can never be discarded")
    limit = discard_limit(event)
    if limit is not None and len(discard.cards) > limit:
        raise IllegalDecision(car.id, "discard", f"this event allows {limit} discard(s) a turn")
    left = remove_cards(car.hand, discard.cards)
    if left is None:
        missing = next(c for c in discard.cards if discard.cards.count(c) > car.hand.count(c))
        raise IllegalDecision(car.id, "discard", f"card {quoted(missing)} is not in hand")
    return left
