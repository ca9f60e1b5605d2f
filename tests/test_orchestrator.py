"""The orchestrator on a real SQLite file: lobbies, decisions, standing orders, timers."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest
import pytest_asyncio

import engine
from bot.models import RaceConfig, RaceStatus
from bot.orchestrator import Driver, Orchestrator, Refused
from bot.orders import Orders, ordered_decision
from bot.store import MIGRATIONS, Store
from engine.ai import decide
from engine.notation import load_state, state_json
from engine.scenario import run_scenario

ALICE = Driver(1, "Alice", "en-US")
BOB = Driver(2, "Bob", "it")


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = await Store.open(tmp_path / "heat.sqlite3")
    yield store
    await store.close()


def config(**changes: object) -> RaceConfig:
    base = {"track": "usa", "laps": 1, "seats": 3, "fill": "legends", "timer_seconds": 600}
    return RaceConfig.model_validate(base | changes)


async def lobby(orchestrator: Orchestrator, **changes: object) -> int:
    record = await orchestrator.new_race(10, 20, ALICE, config(**changes))
    return record.id


async def test_a_channel_holds_one_open_race(store: Store) -> None:
    orchestrator = Orchestrator(store)
    await lobby(orchestrator)
    with pytest.raises(Refused) as refused:
        await lobby(orchestrator)
    assert refused.value.key == "channel_busy"


async def test_lobby_refuses_twice_full_and_strangers(store: Store) -> None:
    orchestrator = Orchestrator(store)
    race_id = await lobby(orchestrator, seats=2)
    for action, key in (
        (orchestrator.join(race_id, ALICE), "already_joined"),
        (orchestrator.leave(race_id, 99), "not_in_race"),
        (orchestrator.start(race_id, 2), "not_host"),
    ):
        with pytest.raises(Refused) as refused:
            await action
        assert refused.value.key == key
    await orchestrator.join(race_id, BOB)
    with pytest.raises(Refused) as refused:
        await orchestrator.join(race_id, Driver(3, "Cleo"))
    assert refused.value.key == "lobby_full"


async def test_starting_alone_is_refused(store: Store) -> None:
    orchestrator = Orchestrator(store)
    race_id = await lobby(orchestrator, fill="none")
    with pytest.raises(Refused) as refused:
        await orchestrator.start(race_id, ALICE.user_id)
    assert refused.value.key == "need_rival"
    record = await store.race(race_id)
    assert record is not None and record.status == RaceStatus.LOBBY


async def test_start_fills_seats_and_waits_for_every_driver(store: Store) -> None:
    orchestrator = Orchestrator(store)
    race_id = await lobby(orchestrator, seats=4)
    await orchestrator.join(race_id, BOB)
    progress = await orchestrator.start(race_id, ALICE.user_id)
    assert [seat.kind for seat in progress.seats] == ["human", "human", "legend", "legend"]
    assert {seat.car_id for seat in progress.waiting} == {"A", "B"}
    assert {seat.car_id for seat in progress.newly_waiting} == {"A", "B"}
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
    orchestrator = Orchestrator(store)
    race_id = await lobby(orchestrator, fill="ai", seats=2)
    progress = await orchestrator.start(race_id, ALICE.user_id)
    state = progress.state
    assert engine.pending(state) == engine.Pending("plan", ("A",))
    plan = decide(engine.view_for(state, "A"), "A")
    assert isinstance(plan, engine.Plan)
    progress = await orchestrator.plan(race_id, ALICE.user_id, 1, (plan.gear, plan.cards), Orders())
    log = await store.decisions(race_id)
    assert log[0].startswith("B plan") or log[0].startswith("A plan")
    assert any(line == str(plan) for line in log)
    record = await store.race(race_id)
    assert record is not None and record.state is not None
    stored = load_state(record.state)
    assert stored == progress.state
    assert stored.round == 2
    assert (
        engine.replay(load_state(record.initial or ""), map(engine.parse_decision, log)) == stored
    )


async def test_a_stale_plan_changes_nothing(store: Store) -> None:
    orchestrator = Orchestrator(store)
    race_id = await lobby(orchestrator, fill="ai", seats=2)
    await orchestrator.start(race_id, ALICE.user_id)
    before = await store.race(race_id)
    with pytest.raises(Refused) as refused:
        await orchestrator.plan(race_id, ALICE.user_id, 7, (1, ("1",)), Orders())
    assert refused.value.key == "stale"
    with pytest.raises(Refused) as refused:
        await orchestrator.plan(race_id, BOB.user_id, 1, (1, ("1",)), Orders())
    assert refused.value.key == "not_your_race"
    with pytest.raises(Refused) as refused:
        await orchestrator.plan(race_id, ALICE.user_id, 1, (4, ("1",)), Orders())
    assert refused.value.key == "illegal"
    assert await store.race(race_id) == before


async def test_a_deadline_lets_the_ai_play_and_a_late_timer_does_nothing(store: Store) -> None:
    clock = Clock()
    orchestrator = Orchestrator(store, clock)
    race_id = await lobby(orchestrator, seats=2)
    await orchestrator.join(race_id, BOB)
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
    orchestrator = Orchestrator(store)
    race_id = await lobby(orchestrator, seats=2)
    await orchestrator.join(race_id, BOB)
    await orchestrator.start(race_id, ALICE.user_id)
    progress = await orchestrator.kick(race_id, ALICE.user_id, BOB.user_id)
    assert progress.seat("B").autopilot
    assert [seat.car_id for seat in progress.waiting] == ["A"]
    log = await store.decisions(race_id)
    assert log and log[0].startswith("B plan")


async def test_cancel_needs_the_host_or_a_manager(store: Store) -> None:
    orchestrator = Orchestrator(store)
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


def react_view(space: int, played: tuple[str, ...]) -> engine.RaceView:
    """Car A in its React step on the USA track, having moved from ``space``."""
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
    return engine.view_for(load_state(json.dumps(result["state"])), "A")


def test_an_ordered_boost_never_risks_corner_heat() -> None:
    """Standing orders boost on a straight, but not where 1-4 more could overspeed a corner."""
    boost_orders = Orders("orders", boost=True, slipstream=False)
    straight = react_view(13, ("3",))
    assert ordered_decision(boost_orders, straight, "A", "pro") == engine.Boost("A")
    before_corner = react_view(5, ("5",))
    assert ordered_decision(boost_orders, before_corner, "A", "pro") != engine.Boost("A")


async def test_migrations_upgrade_an_older_file_and_keep_its_races(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    async with aiosqlite.connect(path) as db:
        await db.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, at REAL)")
        for statement in MIGRATIONS[0].split(";"):
            if statement.strip():
                await db.execute(statement)
        await db.execute("INSERT INTO schema_migrations VALUES (1, 0)")
        await db.execute(
            "INSERT INTO races (guild_id, channel_id, host_id, status, config, created_at,"
            " updated_at) VALUES (1, 2, 3, 'lobby', ?, 0, 0)",
            (config().model_dump_json(),),
        )
        await db.commit()
    store = await Store.open(path)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        record = await store.race(1)
        assert record is not None and record.announced_version == 0
        assert record.config == config()
    finally:
        await store.close()
