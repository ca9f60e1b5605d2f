"""SQLite storage for races, decisions, timers and server settings (aiosqlite, WAL).

Every change a decision makes (the new state, the decision itself, the timers)
is written in one transaction, so a crash at any moment leaves either the old
race or the new one, never half of each.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from bot.models import RaceConfig, RaceRecord, RaceStatus, Seat

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
    # 2: the last race version the channel was told about, so a restart can catch up.
    "ALTER TABLE races ADD COLUMN announced_version INTEGER NOT NULL DEFAULT 0",
)


@dataclass(frozen=True, slots=True)
class Timer:
    """A deadline (the AI plays) or a reminder (a mention) for one car of a race.

    ``wait`` names what the car is waiting to decide (round and step), so a timer
    that fires after the car has decided is recognised as spent.
    """

    race_id: int
    kind: str
    car_id: str
    due_at: float
    wait: str


@dataclass(frozen=True, slots=True)
class GuildSettings:
    timer_seconds: int | None = None
    channels: tuple[int, ...] = ()


class StaleWrite(RuntimeError):
    """The race changed since it was read; the write was not made."""


class Store:
    """The bot's one connection to its SQLite file; writes go one transaction at a time."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Store:
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
        async with self._db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations") as c:
            row = await c.fetchone()
        applied = int(row[0]) if row else 0
        for version, script in enumerate(MIGRATIONS, start=1):
            if version <= applied:
                continue
            statements = [s for s in script.split(";") if s.strip()]
            async with self.transaction() as db:
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
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: committed whole, or rolled back whole."""
        async with self._write:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    # --- races ----------------------------------------------------------------------------

    async def create_race(
        self, guild_id: int, channel_id: int, host_id: int, config: RaceConfig, host: Seat
    ) -> int:
        """A new lobby with its host seated; IntegrityError if the channel has an open race."""
        now = time.time()
        async with self.transaction() as db:
            cursor = await db.execute(
                "INSERT INTO races (guild_id, channel_id, host_id, status, config, created_at,"
                " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
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
        return race_id

    async def race(self, race_id: int) -> RaceRecord | None:
        async with self._db.execute("SELECT * FROM races WHERE id = ?", (race_id,)) as cursor:
            row = await cursor.fetchone()
        return None if row is None else _race(row)

    async def open_race_in(self, channel_id: int) -> RaceRecord | None:
        """The lobby or running race of a channel (there is at most one)."""
        query = "SELECT * FROM races WHERE channel_id = ? AND status IN ('lobby', 'running')"
        async with self._db.execute(query, (channel_id,)) as cursor:
            row = await cursor.fetchone()
        return None if row is None else _race(row)

    async def last_finished_in(self, channel_id: int) -> RaceRecord | None:
        """The channel's most recently finished race."""
        query = (
            "SELECT * FROM races WHERE channel_id = ? AND status = 'finished'"
            " ORDER BY updated_at DESC, id DESC LIMIT 1"
        )
        async with self._db.execute(query, (channel_id,)) as cursor:
            row = await cursor.fetchone()
        return None if row is None else _race(row)

    async def running_races(self) -> list[RaceRecord]:
        async with self._db.execute("SELECT * FROM races WHERE status = 'running'") as cursor:
            rows = await cursor.fetchall()
        return [_race(row) for row in rows]

    async def set_lobby_message(self, race_id: int, message_id: int) -> None:
        async with self.transaction() as db:
            await db.execute(
                "UPDATE races SET lobby_message_id = ? WHERE id = ?", (message_id, race_id)
            )

    async def mark_announced(self, race_id: int, version: int) -> None:
        """The channel has been told about the race up to ``version``."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE races SET announced_version = MAX(announced_version, ?) WHERE id = ?",
                (version, race_id),
            )

    async def unannounced_races(self) -> list[RaceRecord]:
        """Running races whose last change the channel never saw (the bot stopped before)."""
        query = "SELECT * FROM races WHERE status = 'running' AND announced_version < version"
        async with self._db.execute(query) as cursor:
            rows = await cursor.fetchall()
        return [_race(row) for row in rows]

    async def set_status(self, race_id: int, status: RaceStatus) -> None:
        async with self.transaction() as db:
            await db.execute(
                "UPDATE races SET status = ?, updated_at = ? WHERE id = ?",
                (status, time.time(), race_id),
            )
            if status in (RaceStatus.FINISHED, RaceStatus.CANCELLED):
                await db.execute("DELETE FROM timers WHERE race_id = ?", (race_id,))

    # --- seats ----------------------------------------------------------------------------

    async def seats(self, race_id: int) -> list[Seat]:
        query = "SELECT * FROM seats WHERE race_id = ? ORDER BY car_id"
        async with self._db.execute(query, (race_id,)) as cursor:
            rows = await cursor.fetchall()
        return [_seat(row) for row in rows]

    async def add_seat(self, race_id: int, seat: Seat) -> None:
        """Seat a driver; IntegrityError if the user or the car is already seated."""
        async with self.transaction() as db:
            await _insert_seat(db, race_id, seat)

    async def remove_seat(self, race_id: int, user_id: int) -> bool:
        async with self.transaction() as db:
            cursor = await db.execute(
                "DELETE FROM seats WHERE race_id = ? AND user_id = ?", (race_id, user_id)
            )
            return cursor.rowcount > 0

    async def set_autopilot(self, race_id: int, car_id: str) -> None:
        async with self.transaction() as db:
            await db.execute(
                "UPDATE seats SET autopilot = 1 WHERE race_id = ? AND car_id = ?",
                (race_id, car_id),
            )

    async def start_race(
        self, race_id: int, seats: Sequence[Seat], initial: str, state: str, version: int
    ) -> None:
        """The lobby becomes a race: every seat (fill included) and the first state."""
        async with self.transaction() as db:
            await db.execute("DELETE FROM seats WHERE race_id = ?", (race_id,))
            for seat in seats:
                await _insert_seat(db, race_id, seat)
            await db.execute(
                "UPDATE races SET status = ?, initial = ?, state = ?, version = ?, updated_at = ?"
                " WHERE id = ? AND status = ?",
                (RaceStatus.RUNNING, initial, state, version, time.time(), race_id, "lobby"),
            )

    # --- decisions ------------------------------------------------------------------------

    async def record(
        self,
        race_id: int,
        seen_version: int,
        state: str,
        version: int,
        decisions: Sequence[tuple[str, str]],
        timers: Sequence[Timer],
        finished: bool,
        round_events: str,
    ) -> None:
        """Store the new state with the decisions that led to it and the new timers, at once.

        Refuses (StaleWrite) if the stored race is no longer at ``seen_version``.
        """
        now = time.time()
        async with self.transaction() as db:
            status = RaceStatus.FINISHED if finished else RaceStatus.RUNNING
            cursor = await db.execute(
                "UPDATE races SET state = ?, version = ?, status = ?, updated_at = ?,"
                " round_events = ? WHERE id = ? AND version = ? AND status = 'running'",
                (state, version, status, now, round_events, race_id, seen_version),
            )
            if cursor.rowcount != 1:
                raise StaleWrite(f"race {race_id} is no longer at version {seen_version}")
            first = seen_version + 1
            await db.executemany(
                "INSERT INTO decisions VALUES (?, ?, ?, ?, ?)",
                [(race_id, first + i, text, by, now) for i, (text, by) in enumerate(decisions)],
            )
            await db.execute("DELETE FROM timers WHERE race_id = ?", (race_id,))
            await db.executemany(
                "INSERT INTO timers VALUES (?, ?, ?, ?, ?)",
                [(t.race_id, t.kind, t.car_id, t.due_at, t.wait) for t in timers],
            )

    async def decisions(self, race_id: int) -> list[str]:
        """The race's decision log, in order (text form)."""
        query = "SELECT decision FROM decisions WHERE race_id = ? ORDER BY seq"
        async with self._db.execute(query, (race_id,)) as cursor:
            rows = await cursor.fetchall()
        return [row[0] for row in rows]

    # --- standing orders ------------------------------------------------------------------

    async def set_orders(self, race_id: int, car_id: str, round_: int, orders: str) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO orders VALUES (?, ?, ?, ?)",
                (race_id, car_id, round_, orders),
            )

    async def orders(self, race_id: int) -> dict[str, tuple[int, str]]:
        """Each car's standing orders with the round they were given for."""
        query = "SELECT car_id, round, orders FROM orders WHERE race_id = ?"
        async with self._db.execute(query, (race_id,)) as cursor:
            rows = await cursor.fetchall()
        return {row[0]: (int(row[1]), row[2]) for row in rows}

    # --- timers ---------------------------------------------------------------------------

    async def timers(self, race_id: int) -> list[Timer]:
        """A race's armed timers, soonest first."""
        query = "SELECT * FROM timers WHERE race_id = ? ORDER BY due_at"
        async with self._db.execute(query, (race_id,)) as cursor:
            rows = await cursor.fetchall()
        return [_timer(row) for row in rows]

    async def due_timers(self, now: float) -> list[Timer]:
        """Timers whose time has come, soonest first."""
        query = "SELECT * FROM timers WHERE due_at <= ? ORDER BY due_at"
        async with self._db.execute(query, (now,)) as cursor:
            rows = await cursor.fetchall()
        return [_timer(row) for row in rows]

    async def next_due(self) -> float | None:
        """When the soonest timer is due, if any is armed."""
        async with self._db.execute("SELECT MIN(due_at) FROM timers") as cursor:
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else float(row[0])

    async def replace_timer(self, old: Timer, new: Timer) -> None:
        async with self.transaction() as db:
            await _delete_timer(db, old)
            await db.execute(
                "INSERT OR REPLACE INTO timers VALUES (?, ?, ?, ?, ?)",
                (new.race_id, new.kind, new.car_id, new.due_at, new.wait),
            )

    async def drop_timer(self, timer: Timer) -> None:
        async with self.transaction() as db:
            await _delete_timer(db, timer)

    # --- server settings ------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        query = "SELECT timer_seconds, channels FROM guild_settings WHERE guild_id = ?"
        async with self._db.execute(query, (guild_id,)) as cursor:
            row = await cursor.fetchone()
        if row is None:
            return GuildSettings()
        return GuildSettings(row[0], tuple(json.loads(row[1])))

    async def save_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO guild_settings VALUES (?, ?, ?)",
                (guild_id, settings.timer_seconds, json.dumps(list(settings.channels))),
            )


async def _delete_timer(db: aiosqlite.Connection, timer: Timer) -> None:
    await db.execute(
        "DELETE FROM timers WHERE race_id = ? AND kind = ? AND car_id = ? AND wait = ?",
        (timer.race_id, timer.kind, timer.car_id, timer.wait),
    )


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


def _timer(row: Any) -> Timer:
    return Timer(row["race_id"], row["kind"], row["car_id"], row["due_at"], row["wait"])


def _race(row: Any) -> RaceRecord:
    return RaceRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        host_id=row["host_id"],
        status=RaceStatus(row["status"]),
        config=RaceConfig.model_validate_json(row["config"]),
        state=row["state"],
        initial=row["initial"],
        version=row["version"],
        round_events=row["round_events"],
        announced_version=row["announced_version"],
        lobby_message_id=row["lobby_message_id"],
        created_at=row["created_at"],
    )


def _seat(row: Any) -> Seat:
    return Seat(
        car_id=row["car_id"],
        user_id=row["user_id"],
        kind=row["kind"],
        name=row["name"],
        color=row["color"],
        locale=row["locale"],
        autopilot=bool(row["autopilot"]),
    )
