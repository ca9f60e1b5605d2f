"""The SQLite store (aiosqlite, WAL): one file, one connection, one write at a time.

Values cross the boundary typed: states and events are kept in the race
notation, decisions in their text form, and read back on the way out.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.storage.leagues import LeagueTables
from bot.storage.models import (
    GuildSettings,
    Orders,
    OutboxRow,
    RaceChange,
    RaceConfig,
    RaceRecord,
    RaceStatus,
    Seat,
    StandingOrders,
    Timer,
)
from bot.storage.rows import events_json, post_of, race_of, rounds_json, seat_of, timer_of
from bot.storage.sql import UniqueViolation, numbered
from bot.storage.store import ChannelBusy, SeatTaken, StaleWrite
from engine import Decision, RaceState, parse_decision
from engine.notation import compact_state, load_state

T = TypeVar("T")

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE races (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        host_id INTEGER NOT NULL,
        status TEXT NOT NULL,
        config TEXT NOT NULL,
        initial TEXT,
        state TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        round_events TEXT NOT NULL DEFAULT '[]',
        lobby_message_id INTEGER,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX one_open_race_per_channel ON races (channel_id)
        WHERE status IN ('lobby', 'running');
    CREATE TABLE seats (
        race_id INTEGER NOT NULL REFERENCES races (id),
        car_id TEXT NOT NULL,
        user_id INTEGER,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        color TEXT NOT NULL,
        locale TEXT NOT NULL,
        autopilot INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (race_id, car_id)
    );
    CREATE UNIQUE INDEX one_seat_per_driver ON seats (race_id, user_id)
        WHERE user_id IS NOT NULL;
    CREATE TABLE decisions (
        race_id INTEGER NOT NULL REFERENCES races (id),
        seq INTEGER NOT NULL,
        decision TEXT NOT NULL,
        decided_by TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (race_id, seq)
    );
    CREATE TABLE orders (
        race_id INTEGER NOT NULL REFERENCES races (id),
        car_id TEXT NOT NULL,
        round INTEGER NOT NULL,
        orders TEXT NOT NULL,
        PRIMARY KEY (race_id, car_id)
    );
    CREATE TABLE timers (
        race_id INTEGER NOT NULL REFERENCES races (id),
        kind TEXT NOT NULL,
        car_id TEXT NOT NULL,
        due_at REAL NOT NULL,
        wait TEXT NOT NULL,
        PRIMARY KEY (race_id, kind, car_id)
    );
    CREATE INDEX timers_by_due ON timers (due_at);
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        timer_seconds INTEGER,
        channels TEXT NOT NULL DEFAULT '[]'
    );
    """,
    # 2: the last race version the channel was told about (replaced by the outbox in 3).
    "ALTER TABLE races ADD COLUMN announced_version INTEGER NOT NULL DEFAULT 0",
    # 3: what must be posted, written with the change; a race the channel never saw
    # in full gets its board posted again.
    """
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        race_id INTEGER NOT NULL REFERENCES races (id),
        kind TEXT NOT NULL,
        state TEXT,
        car_id TEXT NOT NULL DEFAULT '',
        rounds TEXT NOT NULL DEFAULT '[]',
        text TEXT NOT NULL DEFAULT '',
        text_values TEXT NOT NULL DEFAULT '{}',
        at REAL NOT NULL
    );
    CREATE INDEX outbox_by_race ON outbox (race_id, id);
    INSERT INTO outbox (race_id, kind, state, at)
        SELECT id, 'round', state, updated_at FROM races
        WHERE status = 'running' AND announced_version < version
    """,
    # 4: leagues: members, the season and its decision log, the league's races, the points
    # of each race (recorded once: the key of league_results), the corrections' audit log.
    """
    CREATE TABLE leagues (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        status TEXT NOT NULL,
        settings TEXT NOT NULL,
        created_by INTEGER NOT NULL,
        created_at REAL NOT NULL,
        ended_at REAL,
        initial TEXT,
        season TEXT,
        season_version INTEGER NOT NULL DEFAULT 0,
        export TEXT
    );
    CREATE UNIQUE INDEX one_active_league_per_channel ON leagues (channel_id)
        WHERE status = 'active';
    CREATE INDEX leagues_by_guild ON leagues (guild_id, id);
    CREATE TABLE league_members (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        user_id INTEGER NOT NULL,
        driver_id TEXT NOT NULL,
        name TEXT NOT NULL,
        locale TEXT NOT NULL,
        joined_at INTEGER NOT NULL,
        left_at INTEGER
    );
    CREATE UNIQUE INDEX one_membership_per_user ON league_members (league_id, user_id)
        WHERE left_at IS NULL;
    CREATE UNIQUE INDEX one_member_per_driver ON league_members (league_id, driver_id)
        WHERE left_at IS NULL;
    CREATE TABLE season_decisions (
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        seq INTEGER NOT NULL,
        decision TEXT NOT NULL,
        decided_by TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (league_id, seq)
    );
    CREATE TABLE league_races (
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        race_no INTEGER NOT NULL,
        race_id INTEGER REFERENCES races (id),
        PRIMARY KEY (league_id, race_no)
    );
    CREATE UNIQUE INDEX one_league_race_per_race ON league_races (race_id)
        WHERE race_id IS NOT NULL;
    CREATE TABLE league_results (
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        race_no INTEGER NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (league_id, race_no)
    );
    CREATE TABLE league_points (
        league_id INTEGER NOT NULL,
        race_no INTEGER NOT NULL,
        driver_id TEXT NOT NULL,
        user_id INTEGER,
        place INTEGER NOT NULL,
        points INTEGER NOT NULL,
        spin_outs INTEGER NOT NULL,
        PRIMARY KEY (league_id, race_no, driver_id),
        FOREIGN KEY (league_id, race_no) REFERENCES league_results (league_id, race_no)
    );
    CREATE INDEX league_points_by_user ON league_points (user_id);
    CREATE TABLE league_corrections (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        driver_id TEXT NOT NULL,
        delta INTEGER NOT NULL,
        reason TEXT NOT NULL,
        admin_id INTEGER NOT NULL,
        at REAL NOT NULL
    );
    """,
)


class SQLiteStore(LeagueTables):
    """The :class:`bot.storage.Store` on one SQLite file."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> SQLiteStore:
        """Open (or create) the file and apply the migrations it has not seen."""
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA synchronous = NORMAL")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute("PRAGMA busy_timeout = 5000")
        store = cls(db)
        await store._migrate()
        return store

    async def close(self) -> None:
        await self._db.close()

    async def _migrate(self) -> None:
        """Apply the migrations this file has not seen, each in its own transaction."""
        await self._db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, at REAL)"
        )
        applied = await self.schema_version()
        for version, script in enumerate(MIGRATIONS, start=1):
            if version <= applied:
                continue
            statements = [s for s in script.split(";") if s.strip()]
            async with self._transaction() as db:
                for statement in statements:
                    await db.execute(statement)
                await db.execute(
                    "INSERT INTO schema_migrations VALUES (?, ?)", (version, time.time())
                )

    async def schema_version(self) -> int:
        async with self._db.execute("SELECT MAX(version) FROM schema_migrations") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: committed whole, or rolled back whole."""
        async with self._write:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    @asynccontextmanager
    async def _league_transaction(self) -> AsyncIterator[SQLiteDb]:
        async with self._transaction() as db:
            yield SQLiteDb(db)

    async def _league_read(self, fetch: Callable[[SQLiteDb], Awaitable[T]]) -> T:
        return await fetch(SQLiteDb(self._db))

    async def _one(self, query: str, *args: Any) -> Any:
        async with self._db.execute(query, args) as cursor:
            return await cursor.fetchone()

    async def _all(self, query: str, *args: Any) -> list[Any]:
        async with self._db.execute(query, args) as cursor:
            return list(await cursor.fetchall())

    # --- races ----------------------------------------------------------------------------

    async def create_race(
        self, guild_id: int, channel_id: int, host_id: int, config: RaceConfig, host: Seat
    ) -> int:
        now = time.time()
        try:
            async with self._transaction() as db:
                cursor = await db.execute(
                    "INSERT INTO races (guild_id, channel_id, host_id, status, config,"
                    " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        host_id,
                        RaceStatus.LOBBY,
                        config.model_dump_json(),
                        now,
                        now,
                    ),
                )
                race_id = cursor.lastrowid
                assert race_id is not None
                await _insert_seat(db, race_id, host)
        except sqlite3.IntegrityError:
            raise ChannelBusy(f"channel {channel_id} has an open race") from None
        return race_id

    async def race(self, race_id: int) -> RaceRecord | None:
        row = await self._one("SELECT * FROM races WHERE id = ?", race_id)
        return None if row is None else race_of(row)

    async def open_race_in(self, channel_id: int) -> RaceRecord | None:
        query = "SELECT * FROM races WHERE channel_id = ? AND status IN ('lobby', 'running')"
        row = await self._one(query, channel_id)
        return None if row is None else race_of(row)

    async def last_finished_in(self, channel_id: int) -> RaceRecord | None:
        query = (
            "SELECT * FROM races WHERE channel_id = ? AND status = 'finished'"
            " ORDER BY updated_at DESC, id DESC LIMIT 1"
        )
        row = await self._one(query, channel_id)
        return None if row is None else race_of(row)

    async def set_lobby_message(self, race_id: int, message_id: int) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE races SET lobby_message_id = ? WHERE id = ?", (message_id, race_id)
            )

    async def set_status(self, race_id: int, status: RaceStatus) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE races SET status = ?, updated_at = ? WHERE id = ?",
                (status, time.time(), race_id),
            )
            if status in (RaceStatus.FINISHED, RaceStatus.CANCELLED):
                await db.execute("DELETE FROM timers WHERE race_id = ?", (race_id,))

    # --- seats ----------------------------------------------------------------------------

    async def seats(self, race_id: int) -> list[Seat]:
        rows = await self._all("SELECT * FROM seats WHERE race_id = ? ORDER BY car_id", race_id)
        return [seat_of(row) for row in rows]

    async def add_seat(self, race_id: int, seat: Seat) -> None:
        try:
            async with self._transaction() as db:
                await _insert_seat(db, race_id, seat)
        except sqlite3.IntegrityError:
            raise SeatTaken(f"race {race_id}: car {seat.car_id} or its driver is seated") from None

    async def remove_seat(self, race_id: int, user_id: int) -> bool:
        async with self._transaction() as db:
            cursor = await db.execute(
                "DELETE FROM seats WHERE race_id = ? AND user_id = ?", (race_id, user_id)
            )
            return cursor.rowcount > 0

    # --- the race changing ----------------------------------------------------------------

    async def start_race(
        self, race_id: int, seats: Sequence[Seat], initial: RaceState, change: RaceChange
    ) -> list[OutboxRow]:
        first = compact_state(initial)
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE races SET status = ?, initial = ?, state = ?, version = ?, updated_at = ?"
                " WHERE id = ? AND status = ?",
                (RaceStatus.RUNNING, first, first, initial.version, time.time(), race_id, "lobby"),
            )
            if cursor.rowcount != 1:
                raise StaleWrite(f"race {race_id} is no longer a lobby")
            await db.execute("DELETE FROM seats WHERE race_id = ?", (race_id,))
            for seat in seats:
                await _insert_seat(db, race_id, seat)
            return await _commit(db, change)

    async def commit(self, change: RaceChange) -> list[OutboxRow]:
        async with self._transaction() as db:
            return await _commit(db, change)

    async def first_state(self, race_id: int) -> RaceState | None:
        row = await self._one("SELECT initial FROM races WHERE id = ?", race_id)
        return None if row is None or row[0] is None else load_state(row[0])

    async def decisions(self, race_id: int) -> list[Decision]:
        rows = await self._all(
            "SELECT decision FROM decisions WHERE race_id = ? ORDER BY seq", race_id
        )
        return [parse_decision(row[0]) for row in rows]

    async def orders(self, race_id: int) -> dict[str, StandingOrders]:
        rows = await self._all(
            "SELECT car_id, round, orders FROM orders WHERE race_id = ?", race_id
        )
        return {row[0]: StandingOrders(int(row[1]), Orders.decode(row[2])) for row in rows}

    # --- timers ---------------------------------------------------------------------------

    async def timers(self, race_id: int) -> list[Timer]:
        rows = await self._all("SELECT * FROM timers WHERE race_id = ? ORDER BY due_at", race_id)
        return [timer_of(row) for row in rows]

    async def due_timers(self, now: float) -> list[Timer]:
        rows = await self._all(
            "SELECT * FROM timers WHERE due_at <= ? AND kind != 'reminded' ORDER BY due_at", now
        )
        return [timer_of(row) for row in rows]

    async def next_due(self) -> float | None:
        row = await self._one("SELECT MIN(due_at) FROM timers WHERE kind != 'reminded'")
        return None if row is None or row[0] is None else float(row[0])

    async def replace_timer(
        self, old: Timer, new: Timer, outbox: Sequence[OutboxRow] = ()
    ) -> list[OutboxRow]:
        async with self._transaction() as db:
            if await _delete_timer(db, old):
                await _insert_timers(db, [new])
            return [await _insert_post(db, row) for row in outbox]

    async def drop_timer(self, timer: Timer) -> None:
        async with self._transaction() as db:
            await _delete_timer(db, timer)

    # --- outbox ---------------------------------------------------------------------------

    async def outbox(self, race_id: int | None = None) -> list[OutboxRow]:
        if race_id is None:
            rows = await self._all("SELECT * FROM outbox ORDER BY id")
        else:
            rows = await self._all("SELECT * FROM outbox WHERE race_id = ? ORDER BY id", race_id)
        return [post_of(row) for row in rows]

    async def delete_posted(self, row: OutboxRow) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM outbox WHERE id = ?", (row.id,))

    # --- server settings ------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        query = "SELECT timer_seconds, channels FROM guild_settings WHERE guild_id = ?"
        row = await self._one(query, guild_id)
        if row is None:
            return GuildSettings()
        return GuildSettings(row[0], tuple(json.loads(row[1])))

    async def save_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO guild_settings VALUES (?, ?, ?)",
                (guild_id, settings.timer_seconds, json.dumps(list(settings.channels))),
            )


class SQLiteDb:
    """The connection as the league tables use it (see :class:`bot.storage.sql.Db`)."""

    for_update = ""  # a write transaction holds the whole file (BEGIN IMMEDIATE)

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, query: str, *args: Any) -> int:
        with _unique_violation():
            cursor = await self._db.execute(numbered(query), args)
        return cursor.rowcount

    async def executemany(self, query: str, args: Iterable[Sequence[Any]]) -> None:
        with _unique_violation():
            await self._db.executemany(numbered(query), args)

    async def fetch(self, query: str, *args: Any) -> list[Any]:
        with _unique_violation():
            async with self._db.execute(numbered(query), args) as cursor:
                return list(await cursor.fetchall())

    async def fetchrow(self, query: str, *args: Any) -> Any:
        with _unique_violation():
            async with self._db.execute(numbered(query), args) as cursor:
                return await cursor.fetchone()


@contextmanager
def _unique_violation() -> Iterator[None]:
    try:
        yield
    except sqlite3.IntegrityError as error:
        if str(error).startswith("UNIQUE constraint failed"):
            raise UniqueViolation(str(error)) from error
        raise


async def _commit(db: aiosqlite.Connection, change: RaceChange) -> list[OutboxRow]:
    """Write a change inside the caller's transaction (see :meth:`Store.commit`)."""
    race_id, now = change.race_id, time.time()
    cursor = await db.execute(
        "UPDATE races SET state = ?, version = ?, status = ?, updated_at = ?, round_events = ?"
        " WHERE id = ? AND version = ? AND status = 'running'",
        (
            compact_state(change.state),
            change.state.version,
            change.status,
            now,
            events_json(change.round_events),
            race_id,
            change.seen_version,
        ),
    )
    if cursor.rowcount != 1:
        raise StaleWrite(f"race {race_id} is not running at version {change.seen_version}")
    row = await (
        await db.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM decisions WHERE race_id = ?", (race_id,)
        )
    ).fetchone()
    first = int(row[0]) + 1 if row else 1
    await db.executemany(
        "INSERT INTO decisions VALUES (?, ?, ?, ?, ?)",
        [(race_id, first + i, str(d), by, now) for i, (d, by) in enumerate(change.decisions)],
    )
    await db.executemany(
        "INSERT OR REPLACE INTO orders VALUES (?, ?, ?, ?)",
        [(race_id, car, o.round, o.orders.encode()) for car, o in change.orders.items()],
    )
    await db.executemany(
        "UPDATE seats SET autopilot = 1 WHERE race_id = ? AND car_id = ?",
        [(race_id, car) for car in change.autopilot],
    )
    await db.execute("DELETE FROM timers WHERE race_id = ?", (race_id,))
    await _insert_timers(db, change.timers)
    if change.status in (RaceStatus.FINISHED, RaceStatus.CANCELLED):
        await db.execute("DELETE FROM timers WHERE race_id = ?", (race_id,))
    return [await _insert_post(db, post) for post in change.outbox]


async def _insert_post(db: aiosqlite.Connection, post: OutboxRow) -> OutboxRow:
    cursor = await db.execute(
        "INSERT INTO outbox (race_id, kind, state, car_id, rounds, text, text_values, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            post.race_id,
            post.kind,
            None if post.state is None else compact_state(post.state),
            post.car_id,
            rounds_json(post.rounds),
            post.text,
            json.dumps(dict(post.values)),
            time.time(),
        ),
    )
    assert cursor.lastrowid is not None
    return OutboxRow(
        post.race_id,
        post.kind,
        post.state,
        post.car_id,
        post.rounds,
        post.text,
        post.values,
        cursor.lastrowid,
    )


async def _insert_timers(db: aiosqlite.Connection, timers: Sequence[Timer]) -> None:
    await db.executemany(
        "INSERT OR REPLACE INTO timers VALUES (?, ?, ?, ?, ?)",
        [(t.race_id, t.kind, t.car_id, t.due_at, t.wait) for t in timers],
    )


async def _delete_timer(db: aiosqlite.Connection, timer: Timer) -> bool:
    cursor = await db.execute(
        "DELETE FROM timers WHERE race_id = ? AND kind = ? AND car_id = ? AND wait = ?",
        (timer.race_id, timer.kind, timer.car_id, timer.wait),
    )
    return cursor.rowcount > 0


async def _insert_seat(db: aiosqlite.Connection, race_id: int, seat: Seat) -> None:
    await db.execute(
        "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            race_id,
            seat.car_id,
            seat.user_id,
            seat.kind,
            seat.name,
            seat.color,
            seat.locale,
            int(seat.autopilot),
        ),
    )
