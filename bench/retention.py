"""Retention: database bytes per finished race, before and after its retention ran out.

Stores RACES finished races (default 10,000) through the store as the bot does:
a lobby, then the start with the first state and one change holding the whole
decision log and the final state, each with the retention timer its finish arms;
the races are DISTINCT real 6-car races of the track's laps (random legal
drivers, seeded), each stored many times. Then the retention timers fire, as
the scheduler fires them 30 days on, and every race keeps its export and
result alone. Prints ``bytes_per_race_before``, ``bytes_per_race_after`` (the
pages in use, free pages not counted: SQLite reuses them for new races),
``kept_export_bytes_per_race`` and the time the pruning took.

``--database postgresql://...`` measures PostgreSQL instead (in a schema of its
own, dropped afterwards; bytes are the tables' and indexes' after VACUUM FULL).
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiosqlite
import asyncpg

import data
from bot.service.races import RaceService
from bot.service.retention import DAY, retention_timer
from bot.service.timers import Scheduler
from bot.storage import RaceChange, RaceConfig, RaceStatus, Seat, Store
from bot.storage.choice import is_postgres, open_store
from tests.support.playout import Playout, play

RACES = 10_000
DISTINCT = 10
TRACK = "usa"
CONFIG = RaceConfig(
    track=TRACK, laps=data.track(TRACK).laps, seats=6, fill="none", timer_seconds=600
)


def seats_of(playout: Playout) -> list[Seat]:
    return [
        Seat(
            car_id=car.id,
            user_id=1000 + n,
            kind="human",
            name=f"Driver {n}",
            color=car.color,
            locale="en-US",
        )
        for n, car in enumerate(playout.initial.cars)
    ]


async def store_races(store: Store, playouts: list[Playout], count: int, now: float) -> None:
    for number in range(count):
        playout = playouts[number % len(playouts)]
        seats = seats_of(playout)
        race_id = await store.create_race(
            1, 10_000 + number, seats[0].user_id or 0, CONFIG, seats[0]
        )
        change = RaceChange(
            race_id,
            playout.initial.version,
            playout.final,
            RaceStatus.FINISHED,
            [(decision, f"user:{1000 + number % 6}") for decision in playout.decisions],
            timers=[retention_timer(race_id, now, 30)],
        )
        await store.start_race(race_id, seats, playout.initial, change)


async def used_bytes(database: str) -> int:
    if is_postgres(database):
        db = await asyncpg.connect(database)
        try:
            await db.execute("VACUUM FULL")
            size: int = await db.fetchval(
                "SELECT SUM(pg_total_relation_size(c.oid)) FROM pg_class c"
                " JOIN pg_namespace n ON n.oid = c.relnamespace"
                " WHERE n.nspname = current_schema() AND c.relkind = 'r'"
            )
            return size
        finally:
            await db.close()
    async with aiosqlite.connect(database) as db:
        await db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = await (await db.execute("PRAGMA page_count")).fetchone()
        free = await (await db.execute("PRAGMA freelist_count")).fetchone()
        size_row = await (await db.execute("PRAGMA page_size")).fetchone()
    assert pages and free and size_row
    return (int(pages[0]) - int(free[0])) * int(size_row[0])


async def measure(database: str, count: int) -> dict[str, float]:
    playouts = [play(TRACK, ["human"] * 6, seed, CONFIG.laps) for seed in range(DISTINCT)]
    now = time.time()
    store = await open_store(database, "bench")
    try:
        await store_races(store, playouts, count, now)
        before = await used_bytes(database)
        races = RaceService(store, lambda: now)
        scheduler = Scheduler(store, races, lambda _: asyncio.sleep(0), lambda: now)
        start = time.perf_counter()
        pruned = await scheduler.run_due(now + 31 * DAY)
        elapsed = time.perf_counter() - start
        assert pruned == count, f"{pruned} of {count} pruned"
        kept = [len(await store.kept_race_export(r) or b"") for r in range(1, 1 + len(playouts))]
        after = await used_bytes(database)
    finally:
        await store.close()
    return {
        "races": count,
        "decisions_per_race": round(sum(len(p.decisions) for p in playouts) / len(playouts), 1),
        "bytes_per_race_before": round(before / count),
        "bytes_per_race_after": round(after / count),
        "kept_export_bytes_per_race": round(sum(kept) / len(kept)),
        "prune_s": round(elapsed, 1),
    }


async def main(count: int, server: str | None) -> None:
    if server is None:
        with tempfile.TemporaryDirectory() as folder:
            figures = await measure(str(Path(folder) / "heat.sqlite3"), count)
        prefix = "sqlite"
    else:
        admin = await asyncpg.connect(server)
        schema = f"heat_bench_{secrets.token_hex(4)}"
        await admin.execute(f"CREATE SCHEMA {schema}")
        try:
            url = f"{server}{'&' if '?' in server else '?'}search_path={schema}"
            figures = await measure(url, count)
        finally:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
            await admin.close()
        prefix = "pg"
    for name, value in figures.items():
        print(f"{prefix}_{name}: {value}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=RACES)
    parser.add_argument("--database", help="a postgresql:// URL: measure PostgreSQL")
    args = parser.parse_args()
    asyncio.run(main(args.races, args.database))
