"""Two bot processes on one PostgreSQL: each change wins or reads the race again; a lost
connection leaves nothing half-written and the store reconnects by itself."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Awaitable

import asyncpg
import pytest
import pytest_asyncio

from bot.service.races import RaceService
from bot.service.refusals import Refused
from bot.storage import RaceStatus
from bot.storage.postgres import PostgresStore
from tests.support.pgraces import (
    ALICE,
    BOB,
    CONFIG,
    blocked_by,
    end_blocked,
    eventually,
    plan,
    two_driver_race,
)


@pytest_asyncio.fixture
async def two_processes(pg_url: str) -> AsyncIterator[tuple[RaceService, RaceService]]:
    """Two race services, each with its own store client, as two bot processes have."""
    first = await PostgresStore.open(pg_url, f"shards-0 {secrets.token_hex(4)}")
    second = await PostgresStore.open(pg_url, f"shards-1 {secrets.token_hex(4)}")
    yield RaceService(first), RaceService(second)
    await first.close()
    await second.close()


async def at_once(
    admin: asyncpg.Connection, race_id: int, *decides: Awaitable[object]
) -> list[BaseException | None]:
    """Run the decisions so that all of them read the race before any writes it.

    The test holds the race's row lock until every decision waits for it at
    its commit, so each was made on the same version.
    """
    async with admin.transaction():
        await admin.execute("SELECT 1 FROM races WHERE id = $1 FOR UPDATE", race_id)
        tasks = [asyncio.ensure_future(decide) for decide in decides]
        await eventually(
            lambda: _waiting(admin, len(tasks), tasks), "every decision waits for the race"
        )
    results = await asyncio.gather(*tasks, return_exceptions=True)
    return [result if isinstance(result, BaseException) else None for result in results]


async def _waiting(
    admin: asyncpg.Connection, count: int, tasks: list[asyncio.Future[object]]
) -> bool:
    for task in tasks:
        if task.done():
            task.result()  # a decision that ended early failed: show why
    return await blocked_by(admin) >= count


async def test_two_processes_planning_at_once_both_land_and_the_round_ends_once(
    pg_url: str, two_processes: tuple[RaceService, RaceService]
) -> None:
    """Alice's click reaches one process and Bob's the other: the loser reads again, both land."""
    first, second = two_processes
    race_id = await two_driver_race(first)
    admin = await asyncpg.connect(pg_url)
    try:
        results = await at_once(
            admin,
            race_id,
            plan(first, race_id, ALICE, 0),
            plan(second, race_id, BOB, 0),
        )
        assert results == [None, None]
        decided = await admin.fetch(
            "SELECT decided_by FROM decisions WHERE race_id = $1 AND decision LIKE '% plan %'",
            race_id,
        )
        assert sorted(row[0] for row in decided) == ["user:1", "user:2"]
        rounds = await admin.fetchval(
            "SELECT count(*) FROM outbox WHERE race_id = $1 AND kind = 'round'", race_id
        )
        assert rounds == 1
    finally:
        await admin.close()


async def test_one_driver_clicking_in_two_processes_at_once_wins_once_the_other_is_stale(
    pg_url: str, two_processes: tuple[RaceService, RaceService]
) -> None:
    """Bob has planned; Alice's plan reaches both processes: one ends the round, one is stale."""
    first, second = two_processes
    race_id = await two_driver_race(first)
    await plan(first, race_id, BOB, 0)
    admin = await asyncpg.connect(pg_url)
    try:
        results = await at_once(
            admin, race_id, plan(first, race_id, ALICE, 1), plan(second, race_id, ALICE, 1)
        )
        [refused] = [result for result in results if result is not None]
        assert isinstance(refused, Refused) and refused.key == "stale"
        plans = await admin.fetchval(
            "SELECT count(*) FROM decisions WHERE race_id = $1 AND decided_by = 'user:1'",
            race_id,
        )
        assert plans == 1
        record = await first.store.race(race_id)
        assert record is not None and record.state is not None and record.state.round == 2
    finally:
        await admin.close()


async def test_a_lobby_started_from_two_processes_at_once_starts_once(
    pg_url: str, two_processes: tuple[RaceService, RaceService]
) -> None:
    """The host's Start reaches both processes: one starts the race, the other says so."""
    first, second = two_processes
    lobby = await first.new_race(10, 20, ALICE, CONFIG)
    await first.join(lobby.id, BOB, 10)
    admin = await asyncpg.connect(pg_url)
    try:
        results = await at_once(
            admin,
            lobby.id,
            first.start(lobby.id, ALICE.user_id),
            second.start(lobby.id, ALICE.user_id),
        )
        [refused] = [result for result in results if result is not None]
        assert isinstance(refused, Refused) and refused.key == "race_running"
        starts = await admin.fetchval(
            "SELECT count(*) FROM outbox WHERE race_id = $1 AND kind = 'start'", lobby.id
        )
        assert starts == 1
    finally:
        await admin.close()


async def test_a_connection_dropped_mid_click_writes_nothing_and_the_store_reconnects(
    pg_url: str, two_processes: tuple[RaceService, RaceService]
) -> None:
    """The database ends the store's connection while it waits to commit: "try again"."""
    races, _ = two_processes
    race_id = await two_driver_race(races)
    before = await races.store.race(race_id)
    outbox_before = await races.store.outbox(race_id)
    admin = await asyncpg.connect(pg_url)
    try:
        async with admin.transaction():
            await admin.execute("SELECT 1 FROM races WHERE id = $1 FOR UPDATE", race_id)
            click = asyncio.ensure_future(plan(races, race_id, ALICE, 0))
            await eventually(lambda: _waiting(admin, 1, [click]), "the click waits to commit")
            await end_blocked(admin)
        with pytest.raises(Refused) as refused:
            await click
        assert refused.value.key == "try_again"
        assert await races.store.race(race_id) == before
        assert await races.store.decisions(race_id) == []
        assert await races.store.outbox(race_id) == outbox_before
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
            f"heat {races.store.owner}",
        )
        assert await races.store.race(race_id) == before, "a read after every connection was cut"
        await plan(races, race_id, ALICE, 0)
        assert len(await races.store.decisions(race_id)) == 1
        record = await races.store.race(race_id)
        assert record is not None and record.status == RaceStatus.RUNNING
    finally:
        await admin.close()
