"""The decisions nobody has to be asked for: AI cars, kicked drivers, standing orders.

Pure CPU work on picklable values, so the race service runs it in a worker
process and the event loop keeps acknowledging interactions meanwhile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import engine
from bot.service.orders import ordered_decision
from bot.storage import Orders, RaceConfig, Seat, StandingOrders
from engine import Decision, Plan, RaceState
from engine.ai import Reason, decide, suggest
from engine.events import Event


def play_on(
    state: RaceState,
    seats: Sequence[Seat],
    orders: Mapping[str, StandingOrders],
    config: RaceConfig,
) -> tuple[RaceState, list[Event], list[tuple[Decision, str]]]:
    """Every decision the AI and standing orders make from here, until a driver must decide."""
    events: list[Event] = []
    made: list[tuple[Decision, str]] = []
    while (next_decision := _automatic(state, seats, orders, config)) is not None:
        state, more = engine.apply(state, next_decision[0])
        events += more
        made.append(next_decision)
    return state, events, made


def ai_decision(state: RaceState, car_id: str, level: str) -> Decision:
    """What the AI decides for a car whose driver let the deadline pass."""
    return decide(engine.view_for(state, car_id), car_id, level)


def ai_suggestion(state: RaceState, car_id: str, level: str) -> tuple[Plan, Reason]:
    """The plan the AI suggests at a driver's plan step, with its reasons (as data)."""
    return suggest(engine.view_for(state, car_id), car_id, level)


def _automatic(
    state: RaceState,
    seats: Sequence[Seat],
    orders: Mapping[str, StandingOrders],
    config: RaceConfig,
) -> tuple[Decision, str] | None:
    """The next decision the AI or a driver's standing orders make, if any."""
    waiting = engine.pending(state)
    if waiting is None:
        return None
    by_car = {seat.car_id: seat for seat in seats}
    for car_id in waiting.cars:
        seat = by_car[car_id]
        view = engine.view_for(state, car_id)
        if seat.driven_by_ai:
            return decide(view, car_id, config.ai_level), "ai"
        if waiting.step != "plan":
            given = orders.get(car_id)
            standing = given.orders if given and given.round == state.round else Orders()
            legal = engine.legal_decisions(state, car_id)
            decision = ordered_decision(standing, view, car_id, legal, config.ai_level)
            if decision is not None:
                return decision, "orders"
    return None
