"""A bot process killed with kill -9 mid-round: the other goes on, the restarted one posts once.

Real processes (``tests/support/pgworker.py``) share one PostgreSQL schema. The killed
one dies while posting a round; its claim keeps the other from posting that
race's rows twice, and the same process restarted takes its claim back.
"""

from __future__ import annotations

import asyncio
import os
import signal

import asyncpg

from bot.service.races import RaceService
from bot.storage.postgres import PostgresStore
from tests.support.pgraces import GUILD, two_driver_race
from tests.support.pgworker import POSTED, finished, worker


async def setup(url: str) -> tuple[int, int]:
    store = await PostgresStore.open(url, "setup")
    try:
        races = RaceService(store)
        return await two_driver_race(races, 20), await two_driver_race(races, 21)
    finally:
        await store.close()


async def test_kill_9_mid_round_loses_nothing_and_posts_each_row_once(pg_url: str) -> None:
    admin = await asyncpg.connect(pg_url)
    try:
        await admin.execute(POSTED)
        killed_race, other_race = await setup(pg_url)
        first = await worker(
            pg_url,
            "shards-0",
            "hang_on:round",
            f"decide:{killed_race}:1",
            f"decide:{killed_race}:2",
        )
        assert first.stdout is not None
        line = ""
        while not line.startswith("posting"):
            line = (await asyncio.wait_for(first.stdout.readline(), timeout=300)).decode()
            assert line, "the first process ended before posting the round"
        held_round = int(line.split()[1])
        os.killpg(first.pid, signal.SIGKILL)
        await first.wait()

        await finished(
            await worker(
                pg_url,
                "shards-1",
                f"catch_up:{GUILD}",
                f"decide:{other_race}:1",
                f"decide:{other_race}:2",
                "timers:1e12",
            )
        )
        other = await admin.fetch(
            "SELECT kind FROM posted WHERE race_id = $1 AND poster = 'shards-1' ORDER BY seq",
            other_race,
        )
        kinds = [row[0] for row in other]
        assert kinds[:2] == ["start", "round"] and kinds.count("round") == 2, (
            f"the other race went on (its start, round 1, then round 2 by the timers): {kinds}"
        )
        assert (
            await admin.fetchval("SELECT count(*) FROM posted WHERE row_id = $1", held_round) == 0
        )
        timer_decisions = await admin.fetchval(
            "SELECT count(*) FROM decisions WHERE race_id = $1 AND decided_by = 'timer'",
            other_race,
        )
        assert timer_decisions >= 2

        await finished(await worker(pg_url, "shards-0", f"catch_up:{GUILD}"))
        assert await admin.fetchval("SELECT count(*) FROM outbox") == 0
        twice = await admin.fetch("SELECT row_id FROM posted GROUP BY row_id HAVING count(*) > 1")
        assert twice == []
        poster = await admin.fetchval("SELECT poster FROM posted WHERE row_id = $1", held_round)
        assert poster == "shards-0"
        order = await admin.fetch(
            "SELECT row_id FROM posted WHERE race_id = $1 ORDER BY seq", killed_race
        )
        assert [row[0] for row in order] == sorted(row[0] for row in order)
    finally:
        await admin.close()
