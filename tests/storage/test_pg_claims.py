"""Claims on a shared PostgreSQL: a due timer or an unposted row goes to one process at a time."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest_asyncio

from bot.service.races import RaceService
from bot.storage import OutboxRow, RaceChange, Timer
from bot.storage.postgres import LEASE_SECONDS, PostgresStore
from tests.support.leagues import league_with_season, moved
from tests.support.pgraces import two_driver_race


@pytest_asyncio.fixture
async def two_stores(pg_url: str) -> AsyncIterator[tuple[PostgresStore, PostgresStore]]:
    first = await PostgresStore.open(pg_url, "shards-0-of-2")
    second = await PostgresStore.open(pg_url, "shards-1-of-2")
    yield first, second
    await first.close()
    await second.close()


async def test_a_due_timer_is_fired_by_one_process_until_its_lease_ends(
    two_stores: tuple[PostgresStore, PostgresStore],
) -> None:
    first, second = two_stores
    race_id = await two_driver_race(RaceService(first))
    record = await first.race(race_id)
    assert record is not None and record.state is not None
    overdue = [Timer(race_id, "deadline", car, 1000.0, "1/plan") for car in ("A", "B")]
    await first.commit(RaceChange(race_id, record.version, record.state, timers=overdue))
    assert await first.due_timers(2000.0) == overdue
    assert await second.due_timers(2000.0) == [], "the other process skips what one holds"
    assert await first.due_timers(2000.0) == overdue, "its holder may look again"
    assert await first.next_due() == 1000.0
    lease_end = await second.next_due()
    assert lease_end is not None and lease_end > time.time() + LEASE_SECONDS / 2, (
        "the other process sleeps until the lease ends, not until a due time long past"
    )
    await first.drop_timer(overdue[0])
    assert await first.due_timers(2000.0) == overdue[1:]


async def test_a_race_s_rows_are_posted_by_one_process_in_order(
    two_stores: tuple[PostgresStore, PostgresStore],
) -> None:
    first, second = two_stores
    race_id = await two_driver_race(RaceService(first))
    [start] = await first.outbox(race_id)
    record = await second.race(race_id)
    assert record is not None and record.state is not None
    written = await second.commit(
        RaceChange(
            race_id,
            record.version,
            record.state,
            outbox=[OutboxRow(race_id, "say", text="kicked", values={"user": 2})],
        )
    )
    assert await second.outbox(race_id) == [], "the first process still holds the race's rows"
    assert await second.outbox() == []
    await first.delete_posted(start)
    assert [row.id for row in await second.outbox(race_id)] == [row.id for row in written]
    assert await first.outbox(race_id) == [], "now the second process holds them"


async def test_a_league_s_rows_and_timers_go_to_one_process_at_a_time(
    two_stores: tuple[PostgresStore, PostgresStore],
) -> None:
    """As a race's: a league's unposted rows and its due draft timer are claimed by one."""
    first, second = two_stores
    league_id, season = await league_with_season(first)
    timer = Timer(None, "draft", "A", 1000.0, "1", league_id=league_id)
    asked = OutboxRow(None, "draft", values={"version": 1}, league_id=league_id)
    await first.commit_season(replace(moved(league_id, season), timers=[timer], outbox=[asked]))

    [claimed] = await first.outbox(league_id=league_id)
    assert await second.outbox(league_id=league_id) == []
    assert await second.outbox() == []
    assert await first.due_timers(2000.0) == [timer]
    assert await second.due_timers(2000.0) == [], "the other process skips what one holds"
    await first.delete_posted(claimed)
    assert await second.outbox(league_id=league_id) == []
