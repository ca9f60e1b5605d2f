"""Turn timers on a shared PostgreSQL: armed by another process, or through a failing store."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

import asyncpg
import pytest
import pytest_asyncio

from bot.service.races import RaceService
from bot.service.timers import Scheduler
from bot.storage.postgres import PostgresStore
from tests.support.pgraces import eventually, two_driver_race

LATER = 1e12  # every timer armed today is due by then


@pytest_asyncio.fixture
async def scheduled(pg_url: str) -> AsyncIterator[tuple[Scheduler, asyncpg.Connection]]:
    """A process's scheduler that looks at the store every 50 ms, and an admin connection."""
    store = await PostgresStore.open(pg_url, "shards-0-of-2")
    scheduler = Scheduler(store, RaceService(store), _posted, lambda: LATER, longest_nap=0.05)
    admin = await asyncpg.connect(pg_url)
    yield scheduler, admin
    await scheduler.stop()
    await admin.close()
    await store.close()


async def _posted(race_id: int) -> None:
    """Posting is not what these tests are about."""


async def fired(admin: asyncpg.Connection) -> bool:
    count: int = await admin.fetchval("SELECT count(*) FROM decisions WHERE decided_by = 'timer'")
    return count > 0


async def test_a_timer_armed_by_another_process_fires_without_waking_this_one(
    pg_url: str, scheduled: tuple[Scheduler, asyncpg.Connection]
) -> None:
    scheduler, admin = scheduled
    scheduler.start()
    other = await PostgresStore.open(pg_url, "shards-1-of-2")
    try:
        await two_driver_race(RaceService(other))
    finally:
        await other.close()
    await eventually(lambda: fired(admin), "the timer armed by the other process fires")


async def test_the_timers_go_on_after_the_store_failed(
    pg_url: str, scheduled: tuple[Scheduler, asyncpg.Connection], caplog: pytest.LogCaptureFixture
) -> None:
    scheduler, admin = scheduled
    setup = await PostgresStore.open(pg_url, "setup")
    try:
        await two_driver_race(RaceService(setup))
    finally:
        await setup.close()
    await admin.execute("ALTER TABLE timers RENAME TO timers_away")
    with caplog.at_level(logging.ERROR, logger="heat.timers"):
        scheduler.start()
        await eventually(
            lambda: _logged(caplog, "timer run failed"), "the scheduler meets the failing store"
        )
    await admin.execute("ALTER TABLE timers_away RENAME TO timers")
    await eventually(lambda: fired(admin), "the timer fires once the store is back")


async def _logged(caplog: pytest.LogCaptureFixture, message: str) -> bool:
    return any(record.getMessage() == message for record in caplog.records)
