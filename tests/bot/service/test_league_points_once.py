"""Two writers recording one league race at once: one records it, the other writes nothing;
a writer cut off in the middle leaves nothing behind.

The restart-safe recorder of the league service may run in two places at once
(a bot restarting while the old process still finishes, two processes of a
cluster). Both have read the same season and made the same change; the unique
key of ``(league, race no)`` decides, inside the transaction that writes the
points and the season together.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

import asyncpg
import pytest

from bot.storage import SQLiteStore, Store, StoreUnavailable
from bot.storage.postgres import PostgresStore
from tests.support.leagues import league_with_season, moved, podium
from tests.support.pgraces import blocked_by, end_blocked, eventually


async def race_twice(first: Store, second: Store) -> None:
    """Both stores record race 1 of a new league with the same change; check it landed once."""
    league_id, initial = await league_with_season(first)
    change = moved(league_id, initial)
    results = await asyncio.gather(
        first.record_points(league_id, 1, podium("A"), change),
        second.record_points(league_id, 1, podium("B"), change),
    )
    assert sorted(results) == [False, True]
    winner = podium("A") if results[0] else podium("B")
    for store in (first, second):
        assert (await store.league_points(league_id)).races == {1: tuple(winner)}
        assert await store.season(league_id) == change.season
        assert await store.season_decisions(league_id) == [d for d, _ in change.decisions]


async def test_two_sqlite_connections_record_a_race_once(tmp_path: Path) -> None:
    """Two stores on one file (two connections, as two processes would have)."""
    path = tmp_path / "heat.sqlite3"
    first, second = await SQLiteStore.open(path), await SQLiteStore.open(path)
    try:
        await race_twice(first, second)
    finally:
        await first.close()
        await second.close()


async def test_two_postgres_pools_record_a_race_once_while_both_are_inside(pg_url: str) -> None:
    """Both transactions are under way together: the test holds the league's row until the
    first writer waits for it (its points key taken) and the second waits for that key."""
    first, second = await PostgresStore.open(pg_url, "one"), await PostgresStore.open(pg_url, "two")
    admin = await asyncpg.connect(pg_url)
    try:
        league_id, initial = await league_with_season(first)
        change = moved(league_id, initial)
        async with admin.transaction():
            await admin.execute("SELECT 1 FROM leagues WHERE id = $1 FOR UPDATE", league_id)
            tasks = [
                asyncio.ensure_future(store.record_points(league_id, 1, podium(car), change))
                for store, car in ((first, "A"), (second, "B"))
            ]
            await eventually(lambda: writers_waiting(admin, tasks), "both writers wait")
        results = await asyncio.gather(*tasks)
        assert sorted(results) == [False, True]
        winner = podium("A") if results[0] else podium("B")
        assert (await second.league_points(league_id)).races == {1: tuple(winner)}
        assert await first.season(league_id) == change.season
        assert len(await second.season_decisions(league_id)) == 1
    finally:
        await admin.close()
        await first.close()
        await second.close()


async def test_a_writer_cut_off_while_recording_leaves_nothing_for_the_next_one(
    pg_url: str,
) -> None:
    """A bot stopped in the middle of recording (its connection ended by the server): nothing
    of the race is in, and the bot that starts next records it."""
    first, second = await PostgresStore.open(pg_url, "old"), await PostgresStore.open(pg_url, "new")
    admin = await asyncpg.connect(pg_url)
    try:
        league_id, initial = await league_with_season(first)
        change = moved(league_id, initial)
        async with admin.transaction():
            await admin.execute("SELECT 1 FROM leagues WHERE id = $1 FOR UPDATE", league_id)
            cut = asyncio.ensure_future(first.record_points(league_id, 1, podium("A"), change))
            await eventually(lambda: writers_waiting(admin, [cut], 1), "the writer waits")
            await end_blocked(admin)
            with pytest.raises(StoreUnavailable):
                await cut
        assert (await second.league_points(league_id)).races == {}
        assert await second.season(league_id) == initial
        assert await second.record_points(league_id, 1, podium("B"), change)
        assert (await first.league_points(league_id)).races == {1: tuple(podium("B"))}
    finally:
        await admin.close()
        await first.close()
        await second.close()


async def writers_waiting(
    admin: asyncpg.Connection, tasks: Sequence[asyncio.Future[bool]], count: int = 2
) -> bool:
    """Whether ``count`` writers wait for the admin's lock (one behind the other counts)."""
    for task in tasks:
        if task.done():
            task.result()  # a writer that ended early failed: show why
            raise AssertionError("a writer finished while the league's row was held")
    return await blocked_by(admin) >= count
