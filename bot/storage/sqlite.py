"""The SQLite store (aiosqlite, WAL): one file, one connection, one write at a time.

Values cross the boundary typed: states and events are kept in the race
notation, decisions in their text form, and read back on the way out.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.hosting import metrics
from bot.storage.league_nights import LeagueNightTables
from bot.storage.leagues import LeagueTables
from bot.storage.models import OutboxRow, Timer
from bot.storage.races import RaceTables
from bot.storage.rows import post_of, timer_of
from bot.storage.sql import UniqueViolation, numbered
from bot.storage.upkeep import UpkeepTables

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
    # 5: a league race's points row has no place for a driver eliminated by event 10
    # (SQLite cannot drop NOT NULL, so the table is made again and its rows copied).
    """
    CREATE TABLE league_points_5 (
        league_id INTEGER NOT NULL,
        race_no INTEGER NOT NULL,
        driver_id TEXT NOT NULL,
        user_id INTEGER,
        place INTEGER,
        points INTEGER NOT NULL,
        spin_outs INTEGER NOT NULL,
        PRIMARY KEY (league_id, race_no, driver_id),
        FOREIGN KEY (league_id, race_no) REFERENCES league_results (league_id, race_no)
    );
    INSERT INTO league_points_5 SELECT league_id, race_no, driver_id, user_id, place, points,
        spin_outs FROM league_points;
    DROP TABLE league_points;
    ALTER TABLE league_points_5 RENAME TO league_points;
    CREATE INDEX league_points_by_user ON league_points (user_id);
    """,
    # 6: a league's draft posts and turn timers go through the outbox and the timers too:
    # a row or a timer belongs to a race or to a league (SQLite rebuilds both tables).
    """
    CREATE TABLE timers_6 (
        race_id INTEGER REFERENCES races (id),
        kind TEXT NOT NULL,
        car_id TEXT NOT NULL,
        due_at REAL NOT NULL,
        wait TEXT NOT NULL,
        league_id INTEGER REFERENCES leagues (id),
        CHECK ((race_id IS NULL) <> (league_id IS NULL))
    );
    INSERT INTO timers_6 (race_id, kind, car_id, due_at, wait)
        SELECT race_id, kind, car_id, due_at, wait FROM timers;
    DROP TABLE timers;
    ALTER TABLE timers_6 RENAME TO timers;
    CREATE UNIQUE INDEX timers_of_races ON timers (race_id, kind, car_id);
    CREATE UNIQUE INDEX timers_of_leagues ON timers (league_id, kind, car_id);
    CREATE INDEX timers_by_due ON timers (due_at);
    CREATE TABLE outbox_6 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        race_id INTEGER REFERENCES races (id),
        kind TEXT NOT NULL,
        state TEXT,
        car_id TEXT NOT NULL DEFAULT '',
        rounds TEXT NOT NULL DEFAULT '[]',
        text TEXT NOT NULL DEFAULT '',
        text_values TEXT NOT NULL DEFAULT '{}',
        at REAL NOT NULL,
        league_id INTEGER REFERENCES leagues (id),
        CHECK ((race_id IS NULL) <> (league_id IS NULL))
    );
    INSERT INTO outbox_6 (id, race_id, kind, state, car_id, rounds, text, text_values, at)
        SELECT id, race_id, kind, state, car_id, rounds, text, text_values, at FROM outbox;
    DROP TABLE outbox;
    ALTER TABLE outbox_6 RENAME TO outbox;
    CREATE INDEX outbox_by_race ON outbox (race_id, id);
    CREATE INDEX outbox_by_league ON outbox (league_id, id)
    """,
    # 7: a race runs in a thread of its own (NULL: in its
    # channel), unless a server turns threads off; how each person is told a race waits for
    # them (no row: a mention in the race's thread).
    """
    ALTER TABLE races ADD COLUMN thread_id INTEGER;
    CREATE INDEX races_by_thread ON races (thread_id) WHERE thread_id IS NOT NULL;
    ALTER TABLE guild_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 1;
    CREATE TABLE notify (user_id INTEGER PRIMARY KEY, mode TEXT NOT NULL)
    """,
    # 8: running a server within its means: a server's caps (NULL: the default), and a
    # finished race past its retention keeps only its export and result; every finished
    # race outside a league gets its retention timer (30 days after it finished).
    """
    CREATE TABLE guild_limits (
        guild_id INTEGER PRIMARY KEY,
        races INTEGER,
        lobbies INTEGER,
        leagues INTEGER
    );
    CREATE INDEX races_by_guild ON races (guild_id, status);
    ALTER TABLE races ADD COLUMN export BLOB;
    ALTER TABLE races ADD COLUMN result TEXT;
    INSERT INTO timers (race_id, kind, car_id, due_at, wait)
        SELECT id, 'prune', '', updated_at + 2592000, 'finished' FROM races
        WHERE status = 'finished' AND state IS NOT NULL
        AND id NOT IN (SELECT race_id FROM league_races WHERE race_id IS NOT NULL)
    """,
    # 9: a league race's thread, started when its draft
    # opens, before the bot race exists (NULL: not started yet; 0: it runs in the channel).
    "ALTER TABLE league_races ADD COLUMN thread_id INTEGER",
    # 10: a points correction is a decision of its league's season (``correct``), so the
    # standings, the grid and the draft order all count it; its audit row names that
    # decision (NULL: kept by an older bot, folded into its season as the store opens).
    "ALTER TABLE league_corrections ADD COLUMN seq INTEGER",
    # 11: league nights: each race's date (a UTC instant, the organiser's time zone, the
    # server's Discord event for it), who said they will come, and the league's reserves.
    """
    CREATE TABLE league_dates (
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        race_no INTEGER NOT NULL,
        starts_at REAL NOT NULL,
        zone TEXT NOT NULL,
        event_id INTEGER,
        PRIMARY KEY (league_id, race_no)
    );
    CREATE TABLE league_rsvps (
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        race_no INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        coming INTEGER NOT NULL,
        PRIMARY KEY (league_id, race_no, user_id)
    );
    CREATE TABLE league_reserves (
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        locale TEXT NOT NULL,
        listed_at REAL NOT NULL,
        PRIMARY KEY (league_id, user_id)
    )
    """,
)


class SQLiteStore(RaceTables, LeagueTables, LeagueNightTables, UpkeepTables):
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
        await store.fold_corrections()
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

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: committed whole, or rolled back whole."""
        async with self._write:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException as error:
                if isinstance(error, sqlite3.Error):
                    metrics.database_error()
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    @asynccontextmanager
    async def _transaction_db(self) -> AsyncIterator[SQLiteDb]:
        async with self._transaction() as db:
            yield SQLiteDb(db)

    async def _read_db(self, fetch: Callable[[SQLiteDb], Awaitable[T]]) -> T:
        return await fetch(SQLiteDb(self._db))

    # --- timers ---------------------------------------------------------------------------

    async def due_timers(self, now: float) -> list[Timer]:
        rows = await self._all(
            "SELECT * FROM timers WHERE due_at <= $1 AND kind != 'reminded' ORDER BY due_at", now
        )
        return [timer_of(row) for row in rows]

    async def next_due(self) -> float | None:
        row = await self._one("SELECT MIN(due_at) FROM timers WHERE kind != 'reminded'")
        return None if row is None or row[0] is None else float(row[0])

    # --- outbox ---------------------------------------------------------------------------

    async def outbox(
        self, race_id: int | None = None, *, league_id: int | None = None
    ) -> list[OutboxRow]:
        if league_id is not None:
            rows = await self._all(
                "SELECT * FROM outbox WHERE league_id = $1 ORDER BY id", league_id
            )
        elif race_id is not None:
            rows = await self._all("SELECT * FROM outbox WHERE race_id = $1 ORDER BY id", race_id)
        else:
            rows = await self._all("SELECT * FROM outbox ORDER BY id")
        return [post_of(row) for row in rows]


class SQLiteDb:
    """The connection as the tables use it (see :class:`bot.storage.sql.Db`)."""

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
