"""The decisions nobody has to be asked for: AI cars, kicked drivers, standing orders.

Pure CPU work on picklable values, so the race service runs it in a worker
process and the event loop keeps acknowledging interactions meanwhile. A champion
(the level that searches) plays ``playouts`` playouts a plan, drawn from a seed the
race's state fixes (:func:`search_seed`): the same race at the same moment gives the
same decision at the same budget, on any machine and after any restart. A search
costs up to a second, so it refuses to run on an event loop (:class:`OnTheEventLoop`).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Mapping, Sequence

import engine
from bot.service.orders import ordered_decision
from bot.storage import Orders, RaceConfig, Seat, StandingOrders
from engine import Decision, Plan, RaceState
from engine.ai import CHAMPION, Reason, decide, suggest
from engine.events import Event


class OnTheEventLoop(RuntimeError):
    """A champion was asked to search on an event loop: it would stall every click."""


def play_on(
    state: RaceState,
    seats: Sequence[Seat],
    orders: Mapping[str, StandingOrders],
    config: RaceConfig,
    playouts: int | None = None,
    planned: Mapping[str, Decision] | None = None,
    *,
    side_by_side: bool = False,
) -> tuple[RaceState, list[Event], list[tuple[Decision, str]]]:
    """Every decision the AI and standing orders make from here, until a driver must decide
    (a champion's plan searching ``playouts`` playouts, the engine's default if None).

    ``planned`` are plans searched already for cars planning now (:func:`champions_planning`,
    side by side in the pool); ``side_by_side`` stops before a plan step where more than one
    champion would plan, so that they too search side by side."""
    events: list[Event] = []
    made: list[tuple[Decision, str]] = []
    searched = dict(planned or {})
    while True:
        if side_by_side and not searched and len(champions_planning(state, seats, config)) > 1:
            break
        next_decision = _automatic(state, seats, orders, config, playouts, searched)
        if next_decision is None:
            break
        state, more = engine.apply(state, next_decision[0])
        events += more
        made.append(next_decision)
    return state, events, made


def champions_planning(state: RaceState, seats: Sequence[Seat], config: RaceConfig) -> list[str]:
    """The cars a champion plans for now (AI cars, absent drivers), in the race's order: each
    plans from the same public state, so their searches may run at once, a worker each."""
    waiting = engine.pending(state)
    if config.ai_level != CHAMPION or waiting is None or waiting.step != "plan":
        return []
    driven = {seat.car_id for seat in seats if seat.driven_by_ai}
    return [car_id for car_id in waiting.cars if car_id in driven]


def ai_decision(state: RaceState, car_id: str, level: str, playouts: int | None = None) -> Decision:
    """What the AI decides for a car (one whose driver let the deadline pass, say)."""
    return _decide(state, car_id, level, playouts)


def ai_suggestion(
    state: RaceState, car_id: str, level: str, playouts: int | None = None
) -> tuple[Plan, Reason]:
    """The plan the AI suggests at a driver's plan step, with its reasons (as data): at the
    champion level the plan its timer would play, with what the playouts found."""
    _off_the_loop(level)
    view = engine.view_for(state, car_id)
    return suggest(view, car_id, level, search_seed(state, car_id), playouts)


def search_seed(state: RaceState, car_id: str) -> int:
    """The seed a champion's search draws from for ``car_id`` at this moment of the race.

    Fixed by the race's own seed, its version and the car, so replaying the race (or
    asking again) gives the same decision; hashed, so what the search draws tells
    nothing of the deal the race's seed made.
    """
    key = f"{state.seed}/{state.version}/{car_id}".encode()
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big")


def _decide(state: RaceState, car_id: str, level: str, playouts: int | None) -> Decision:
    _off_the_loop(level)
    view = engine.view_for(state, car_id)
    return decide(view, car_id, level, search_seed(state, car_id), playouts)


def _off_the_loop(level: str) -> None:
    """Refuse a champion's search in a thread running an event loop (run it with
    :func:`bot.service.cpu.run`); the other levels decide in milliseconds."""
    if level != CHAMPION:
        return
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return
    raise OnTheEventLoop("a champion searches in the process pool (bot.service.cpu.run)")


def _automatic(
    state: RaceState,
    seats: Sequence[Seat],
    orders: Mapping[str, StandingOrders],
    config: RaceConfig,
    playouts: int | None,
    searched: dict[str, Decision],
) -> tuple[Decision, str] | None:
    """The next decision the AI or a driver's standing orders make, if any (a plan searched
    already is taken from ``searched``, once)."""
    waiting = engine.pending(state)
    if waiting is None:
        return None
    by_car = {seat.car_id: seat for seat in seats}
    for car_id in waiting.cars:
        if by_car[car_id].driven_by_ai:
            if waiting.step == "plan" and car_id in searched:
                return searched.pop(car_id), "ai"
            return _decide(state, car_id, config.ai_level, playouts), "ai"
        if waiting.step != "plan":
            view = engine.view_for(state, car_id)
            given = orders.get(car_id)
            standing = given.orders if given and given.round == state.round else Orders()
            legal = engine.legal_decisions(state, car_id)
            decision = ordered_decision(standing, view, car_id, legal, config.ai_level)
            if decision is not None:
                return decision, "orders"
    return None
