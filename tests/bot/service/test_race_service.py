"""The race service on a real SQLite file: lobbies, decisions, standing orders, timers."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

import engine
from bot.service.orders import ordered_decision
from bot.service.races import Driver, RaceService
from bot.service.refusals import Refused
from bot.storage import Orders, RaceConfig, RaceStatus, SQLiteStore, StandingOrders, Store
from engine.ai import decide
from engine.notation import load_state, state_json
from engine.scenario import run_scenario
from tests.support.clock import Clock

ALICE = Driver(1, "Alice", "en-US")
BOB = Driver(2, "Bob", "it")


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = await SQLiteStore.open(tmp_path / "heat.sqlite3")
    yield store
    await store.close()


def config(**changes: object) -> RaceConfig:
    base = {"track": "usa", "laps": 1, "seats": 3, "fill": "legends", "timer_seconds": 600}
    return RaceConfig.model_validate(base | changes)


async def lobby(orchestrator: RaceService, **changes: object) -> int:
    record = await orchestrator.new_race(10, 20, ALICE, config(**changes))
    return record.id


async def test_a_channel_holds_one_open_race(store: Store) -> None:
    orchestrator = RaceService(store)
    await lobby(orchestrator)
    with pytest.raises(Refused) as refused:
        await lobby(orchestrator)
    assert refused.value.key == "channel_busy"


async def test_lobby_refuses_twice_full_and_strangers(store: Store) -> None:
    orchestrator = RaceService(store)
    race_id = await lobby(orchestrator, seats=2)
    for action, key in (
        (orchestrator.join(race_id, ALICE, 10), "already_joined"),
        (orchestrator.leave(race_id, 99), "not_in_race"),
        (orchestrator.start(race_id, 2), "not_host"),
    ):
        with pytest.raises(Refused) as refused:
            await action
        assert refused.value.key == key
    await orchestrator.join(race_id, BOB, 10)
    with pytest.raises(Refused) as refused:
        await orchestrator.join(race_id, Driver(3, "Cleo"), 10)
    assert refused.value.key == "lobby_full"


async def test_starting_alone_is_refused(store: Store) -> None:
    orchestrator = RaceService(store)
    race_id = await lobby(orchestrator, fill="none")
    with pytest.raises(Refused) as refused:
        await orchestrator.start(race_id, ALICE.user_id)
    assert refused.value.key == "need_rival"
    record = await store.race(race_id)
    assert record is not None and record.status == RaceStatus.LOBBY


async def test_start_fills_seats_and_waits_for_every_driver(store: Store) -> None:
    orchestrator = RaceService(store)
    race_id = await lobby(orchestrator, seats=4)
    await orchestrator.join(race_id, BOB, 10)
    progress = await orchestrator.start(race_id, ALICE.user_id)
    assert [seat.kind for seat in progress.seats] == ["human", "human", "legend", "legend"]
    assert {seat.car_id for seat in progress.waiting} == {"A", "B"}
    assert [(post.kind, post.state) for post in await store.outbox(race_id)] == [
        ("start", progress.state)
    ]
    timers = await store.timers(race_id)
    assert {(t.kind, t.car_id) for t in timers} == {
        ("deadline", "A"),
        ("reminder", "A"),
        ("deadline", "B"),
        ("reminder", "B"),
    }


async def test_a_plan_is_stored_with_its_decision_and_standing_orders_play_on(
    store: Store,
) -> None:
    orchestrator = RaceService(store)
    race_id = await lobby(orchestrator, fill="ai", seats=2)
    progress = await orchestrator.start(race_id, ALICE.user_id)
    state = progress.state
    assert engine.pending(state) == engine.Pending("plan", ("A",))
    plan = decide(engine.view_for(state, "A"), "A")
    assert isinstance(plan, engine.Plan)
    progress = await orchestrator.decide(race_id, ALICE.user_id, state.version, plan, Orders())
    log = await store.decisions(race_id)
    assert plan in log and {d.car for d in log if isinstance(d, engine.Plan)} == {"A", "B"}
    record = await store.race(race_id)
    initial = await store.first_state(race_id)
    assert record is not None and record.state is not None and initial is not None
    assert record.state == progress.state
    assert record.state.round == 2
    assert engine.replay(initial, log) == record.state
    assert await store.orders(race_id) == {"A": StandingOrders(1, Orders())}


async def test_a_stale_plan_changes_nothing(store: Store) -> None:
    orchestrator = RaceService(store)
    race_id = await lobby(orchestrator, fill="ai", seats=2)
    started = await orchestrator.start(race_id, ALICE.user_id)
    version = started.state.version
    before = await store.race(race_id)
    plan = engine.legal_decisions(started.state, "A")[0]
    live = Orders("live")
    for user, seen, decision, key in (
        (ALICE.user_id, version + 7, plan, "stale"),
        (BOB.user_id, version, plan, "not_your_race"),
        (ALICE.user_id, version, engine.Plan("A", 4, ("1",)), "illegal"),
        (ALICE.user_id, version, engine.Boost("A"), "not_your_turn"),
        (ALICE.user_id, version, engine.Plan("B", 1, ("1",)), "not_your_turn"),
    ):
        with pytest.raises(Refused) as refused:
            await orchestrator.decide(race_id, user, seen, decision, live)
        assert refused.value.key == key
    assert await store.race(race_id) == before
    assert await store.orders(race_id) == {}, "a refused decision stores no orders"


async def test_a_deadline_lets_the_ai_play_and_a_late_timer_does_nothing(store: Store) -> None:
    clock = Clock()
    orchestrator = RaceService(store, clock)
    race_id = await lobby(orchestrator, seats=2)
    await orchestrator.join(race_id, BOB, 10)
    await orchestrator.start(race_id, ALICE.user_id)
    clock.now += 10_000
    due = [t for t in await store.due_timers(clock.now) if t.kind == "deadline"]
    assert {t.car_id for t in due} == {"A", "B"}
    first = await orchestrator.expire(due[0])
    assert first is not None
    second = await orchestrator.expire(due[1])
    assert second is not None
    assert second.state.round >= 1
    assert await orchestrator.expire(due[0]) is None


async def test_kick_hands_the_car_to_the_ai(store: Store) -> None:
    orchestrator = RaceService(store)
    race_id = await lobby(orchestrator, seats=2)
    await orchestrator.join(race_id, BOB, 10)
    await orchestrator.start(race_id, ALICE.user_id)
    progress = await orchestrator.kick(race_id, ALICE.user_id, BOB.user_id)
    assert [seat.autopilot for seat in await store.seats(race_id)] == [False, True]
    assert [seat.car_id for seat in progress.waiting] == ["A"]
    log = await store.decisions(race_id)
    assert [str(d).split()[:2] for d in log] == [["B", "plan"]]
    assert [(p.kind, p.text) for p in await store.outbox(race_id)][-1] == ("say", "kicked")


async def test_cancel_needs_the_host_or_a_manager(store: Store) -> None:
    orchestrator = RaceService(store)
    race_id = await lobby(orchestrator)
    with pytest.raises(Refused):
        await orchestrator.cancel(race_id, BOB.user_id, can_manage=False)
    await orchestrator.cancel(race_id, BOB.user_id, can_manage=True)
    record = await store.race(race_id)
    assert record is not None and record.status == RaceStatus.CANCELLED


def test_orders_read_back_from_their_text() -> None:
    for orders in (
        Orders(),
        Orders("live"),
        Orders("orders", boost=True, slipstream=False, discard=("1", "5")),
    ):
        assert Orders.decode(orders.encode()) == orders
    with pytest.raises(ValueError, match="unreadable"):
        Orders.decode("zz")


def react_view(
    space: int, played: tuple[str, ...]
) -> tuple[engine.RaceView, list[engine.Decision]]:
    """Car A in its React step on the USA track, having moved from ``space``."""
    state = react_state(space, played)
    return engine.view_for(state, "A"), engine.legal_decisions(state, "A")


def react_state(space: int, played: tuple[str, ...]) -> engine.RaceState:
    """The race of :func:`react_view`: car A alone (so with Adrenaline), at its React step."""
    state, _ = engine.new_race("usa", [engine.Entrant("A", "red")], seed=3, laps=1)
    car = state.edit_car("A")
    car.space, car.gear, car.hand = space, len(played), ("1", "2", "3", "4", "5", "0", "S")
    state.turn_order = ("A",)
    text = json.dumps(
        {
            **state_json(state),
            "decisions": [{"car": "A", "do": "plan", "gear": len(played), "cards": list(played)}],
        }
    )
    result = run_scenario(text)
    return load_state(json.dumps(result["state"]))


def test_orders_use_the_half_of_the_adrenaline_still_left() -> None:
    """Adrenaline's +1 Speed and Cooldown are used together or one at a time: with the
    Cooldown taken, orders for both take the +1 alone (the pair is no longer legal)."""
    orders = Orders("orders", boost=False, slipstream=False)
    state = react_state(13, ("3",))
    both = engine.Adrenaline("A", True, True)
    assert ordered_decision(orders, engine.view_for(state, "A"), "A", [both], "pro") == both
    state, _ = engine.apply(state, engine.Adrenaline("A", False, True))
    legal = engine.legal_decisions(state, "A")
    assert both not in legal
    speed = engine.Adrenaline("A", True, False)
    assert ordered_decision(orders, engine.view_for(state, "A"), "A", legal, "pro") == speed


def test_an_ordered_boost_never_risks_corner_heat() -> None:
    """Standing orders boost on a straight, but not where 1-4 more could overspeed a corner."""
    boost_orders = Orders("orders", boost=True, slipstream=False)
    straight = react_view(13, ("3",))
    view, legal = straight
    assert ordered_decision(boost_orders, view, "A", legal, "pro") == engine.Boost("A")
    view, legal = react_view(5, ("5",))
    assert engine.Boost("A") in legal
    assert ordered_decision(boost_orders, view, "A", legal, "pro") != engine.Boost("A")
