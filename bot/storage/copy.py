"""Moving a server's data: a SQLite file copied into an empty PostgreSQL database, then checked.

The source is never written: it is read through a snapshot (a temporary copy,
see :mod:`bot.storage.snapshot`), and both the snapshot and the target are
brought to the latest schema by their stores. The rows
are copied table by table in one PostgreSQL transaction (all or nothing), with
their ids, so buttons already posted in Discord still name the right race.
The copy is then checked: every race's export (its record, seats, first
state and decision log, orders and timers, read through the Store interface),
every league's export and the unposted messages must read back the same from
both.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg

from bot.storage.models import OutboxRow
from bot.storage.postgres import PostgresStore
from bot.storage.rows import post_of
from bot.storage.snapshot import snapshot
from bot.storage.sqlite import SQLiteStore
from bot.storage.store import StorageError, Store

# Parents before children (seats, decisions, ... reference races; league rows their league;
# timers and the outbox a race or a league).
TABLES = (
    "races",
    "seats",
    "decisions",
    "orders",
    "guild_settings",
    "notify",
    "guild_limits",
    "leagues",
    "league_members",
    "season_decisions",
    "league_races",
    "league_results",
    "league_points",
    "league_corrections",
    "league_dates",
    "league_rsvps",
    "league_reserves",
    "timers",
    "outbox",
)
# Tables whose ids the database hands out.
IDENTITIES = ("races", "outbox", "leagues", "league_members", "league_corrections")


class CopyRefused(StorageError):
    """The copy cannot start: one of the target's tables already holds a row."""


@dataclass(frozen=True, slots=True)
class Copied:
    """How many rows each table received, and how many race and league exports were compared."""

    rows: dict[str, int]
    races_checked: int
    leagues_checked: int


async def copy_to_postgres(source: Path, target: str) -> Copied:
    """Copy the SQLite file ``source`` into the PostgreSQL database ``target`` and check it.

    NotADatabase (nothing read, nothing written) unless ``source`` is the bot's database.
    """
    with snapshot(source) as copy:
        return await _copy_and_check(copy, target)


async def _copy_and_check(source: Path, target: str) -> Copied:
    async with contextlib.AsyncExitStack() as opened:
        sqlite = await SQLiteStore.open(source)
        opened.push_async_callback(sqlite.close)
        postgres = await PostgresStore.open(target, "heat db copy")
        opened.push_async_callback(postgres.close)
        reader = await opened.enter_async_context(aiosqlite.connect(source))
        reader.row_factory = aiosqlite.Row
        writer = await asyncpg.connect(target)
        opened.push_async_callback(writer.close)
        rows = await _copy_tables(reader, writer)
        race_ids = [row[0] for row in await reader.execute_fetchall(RACE_IDS)]
        for race_id in race_ids:
            if await export(sqlite, race_id) != await export(postgres, race_id):
                raise StorageError(f"copied, but race {race_id} reads back differently: {CLEAN}")
        league_ids = [row[0] for row in await reader.execute_fetchall(LEAGUE_IDS)]
        for league_id in league_ids:
            if await sqlite.export_league(league_id) != await postgres.export_league(league_id):
                raise StorageError(
                    f"copied, but league {league_id} reads back differently: {CLEAN}"
                )
        if await _unposted(reader) != await _unposted(writer):
            raise StorageError(f"copied, but the unposted messages read back differently: {CLEAN}")
    return Copied(rows, len(race_ids), len(league_ids))


RACE_IDS = "SELECT id FROM races ORDER BY id"
LEAGUE_IDS = "SELECT id FROM leagues ORDER BY id"
CLEAN = "empty the target before trying again"


async def _copy_tables(reader: aiosqlite.Connection, writer: asyncpg.Connection) -> dict[str, int]:
    """Every table's rows, ids included, in one transaction; refused if any table holds a row.

    Any row at all, not only races and leagues: a server's settings copied twice would
    otherwise collide on their key half-way (a traceback), and rows of another server
    would be mixed with the copied ones.
    """
    copied: dict[str, int] = {}
    async with writer.transaction():
        if held := await _tables_with_rows(writer):
            named = ", ".join(held[:3]) + (f" and {len(held) - 3} more" if len(held) > 3 else "")
            raise CopyRefused(
                f"the target database is not empty ({named} already hold rows):"
                " copy into an empty one"
            )
        for table in TABLES:
            columns = [
                row[1] for row in await reader.execute_fetchall(f"PRAGMA table_info({table})")
            ]
            query = f"SELECT {', '.join(columns)} FROM {table}"
            records = [tuple(row) for row in await reader.execute_fetchall(query)]
            await writer.copy_records_to_table(table, records=records, columns=columns)
            copied[table] = len(records)
        for table in IDENTITIES:
            await writer.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                f" COALESCE(MAX(id), 0) + 1, false) FROM {table}"
            )
    return copied


async def _tables_with_rows(writer: asyncpg.Connection) -> list[str]:
    """The tables of ours in the target that hold at least one row, in copy order."""
    query = "SELECT " + ", ".join(f"EXISTS (SELECT 1 FROM {table})" for table in TABLES)
    held: list[bool] = list(await writer.fetchrow(query) or ())
    return [table for table, has_rows in zip(TABLES, held, strict=True) if has_rows]


async def _unposted(db: aiosqlite.Connection | asyncpg.Connection) -> list[OutboxRow]:
    """The outbox as typed rows, read without claiming them (the bot will post them)."""
    query = "SELECT * FROM outbox ORDER BY id"
    if isinstance(db, aiosqlite.Connection):
        rows: list[Any] = list(await db.execute_fetchall(query))
    else:
        rows = list(await db.fetch(query))
    return [post_of(row) for row in rows]


async def export(store: Store, race_id: int) -> dict[str, object] | None:
    """Everything the store says about one race, as typed values (None if there is no race).

    Its first state and decision log are the race's export in the race notation.
    """
    record = await store.race(race_id)
    if record is None:
        return None
    return {
        "record": record,
        "seats": await store.seats(race_id),
        "first_state": await store.first_state(race_id),
        "decisions": await store.decisions(race_id),
        "orders": await store.orders(race_id),
        "timers": await store.timers(race_id),
        "kept_export": await store.kept_race_export(race_id),
        "result": await store.race_result(race_id),
    }
