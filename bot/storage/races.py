"""The race half of the Store, written once for SQLite and PostgreSQL (through :class:`Db`).

A change reads its race's row with ``FOR UPDATE`` (on SQLite the write lock of
the file does that already) and checks the version it was made on, so two
changes to one race never both land. What differs stays with each store: due
timers and the outbox, which PostgreSQL claims for one process of several.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import cast

from bot.storage.models import (
    GuildSettings,
    NotifyMode,
    Orders,
    OutboxRow,
    RaceChange,
    RaceConfig,
    RaceRecord,
    RaceStatus,
    Seat,
    StandingOrders,
    Timer,
    Unposted,
)
from bot.storage.posts import delete_timer, insert_post, insert_timers
from bot.storage.rows import events_json, race_of, seat_of, timer_of
from bot.storage.sql import Db, Tables, UniqueViolation
from bot.storage.store import ChannelBusy, SeatTaken, StaleWrite
from engine import Decision, RaceState, parse_decision
from engine.notation import compact_state, load_state

ENDED = (RaceStatus.FINISHED, RaceStatus.CANCELLED)  # set_status drops their timers


class RaceTables(Tables):
    """The Store's race methods but due timers and the outbox (each store has its own)."""

    _unclaim = ""
    """Appended to the SET of a timer written again: PostgreSQL's claim on it ends."""

    async def schema_version(self) -> int:
        row = await self._one("SELECT MAX(version) FROM schema_migrations")
        return int(row[0]) if row and row[0] is not None else 0

    # --- races ----------------------------------------------------------------------------

    async def create_race(
        self, guild_id: int, channel_id: int, host_id: int, config: RaceConfig, host: Seat
    ) -> int:
        try:
            async with self._transaction_db() as db:
                row = await db.fetchrow(
                    "INSERT INTO races (guild_id, channel_id, host_id, status, config,"
                    " created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id",
                    guild_id,
                    channel_id,
                    host_id,
                    RaceStatus.LOBBY.value,
                    config.model_dump_json(),
                    time.time(),
                )
                race_id: int = row["id"]
                await _insert_seat(db, race_id, host)
        except UniqueViolation:
            raise ChannelBusy(f"channel {channel_id} has an open race") from None
        return race_id

    async def race(self, race_id: int) -> RaceRecord | None:
        row = await self._one("SELECT * FROM races WHERE id = $1", race_id)
        return None if row is None else race_of(row)

    async def open_race_in(self, channel_id: int) -> RaceRecord | None:
        query = (
            "SELECT * FROM races WHERE (channel_id = $1 OR thread_id = $1)"
            " AND status IN ('lobby', 'running') ORDER BY id DESC LIMIT 1"
        )
        row = await self._one(query, channel_id)
        return None if row is None else race_of(row)

    async def last_finished_in(self, channel_id: int) -> RaceRecord | None:
        query = (
            "SELECT * FROM races WHERE (channel_id = $1 OR thread_id = $1)"
            " AND status = 'finished' ORDER BY updated_at DESC, id DESC LIMIT 1"
        )
        row = await self._one(query, channel_id)
        return None if row is None else race_of(row)

    async def set_lobby_message(self, race_id: int, message_id: int) -> None:
        async with self._transaction_db() as db:
            await db.execute(
                "UPDATE races SET lobby_message_id = $1 WHERE id = $2", message_id, race_id
            )

    async def set_thread(self, race_id: int, thread_id: int) -> None:
        async with self._transaction_db() as db:
            await db.execute("UPDATE races SET thread_id = $1 WHERE id = $2", thread_id, race_id)

    async def set_status(self, race_id: int, status: RaceStatus) -> None:
        async with self._transaction_db() as db:
            await db.execute(
                "UPDATE races SET status = $1, updated_at = $2 WHERE id = $3",
                status.value,
                time.time(),
                race_id,
            )
            if status in ENDED:
                await db.execute("DELETE FROM timers WHERE race_id = $1", race_id)

    # --- seats ----------------------------------------------------------------------------

    async def seats(self, race_id: int) -> list[Seat]:
        rows = await self._all("SELECT * FROM seats WHERE race_id = $1 ORDER BY car_id", race_id)
        return [seat_of(row) for row in rows]

    async def add_seat(self, race_id: int, seat: Seat) -> None:
        try:
            async with self._transaction_db() as db:
                await _insert_seat(db, race_id, seat)
        except UniqueViolation:
            raise SeatTaken(f"race {race_id}: car {seat.car_id} or its driver is seated") from None

    async def remove_seat(self, race_id: int, user_id: int) -> bool:
        async with self._transaction_db() as db:
            query = "DELETE FROM seats WHERE race_id = $1 AND user_id = $2"
            return await db.execute(query, race_id, user_id) > 0

    # --- the race changing ----------------------------------------------------------------

    async def start_race(
        self, race_id: int, seats: Sequence[Seat], initial: RaceState, change: RaceChange
    ) -> list[OutboxRow]:
        async with self._transaction_db() as db:
            started = await db.execute(
                "UPDATE races SET status = $1, initial = $2, state = $2, version = $3,"
                " updated_at = $4 WHERE id = $5 AND status = 'lobby'",
                RaceStatus.RUNNING.value,
                compact_state(initial),
                initial.version,
                time.time(),
                race_id,
            )
            if started != 1:
                raise StaleWrite(f"race {race_id} is no longer a lobby")
            await db.execute("DELETE FROM seats WHERE race_id = $1", race_id)
            for seat in seats:
                await _insert_seat(db, race_id, seat)
            return await self._commit(db, change)

    async def commit(self, change: RaceChange) -> list[OutboxRow]:
        async with self._transaction_db() as db:
            return await self._commit(db, change)

    async def _commit(self, db: Db, change: RaceChange) -> list[OutboxRow]:
        """Write a change inside the caller's transaction, holding the race's row lock."""
        race_id, now = change.race_id, time.time()
        seen = await db.fetchrow(
            "SELECT version, status FROM races WHERE id = $1" + db.for_update, race_id
        )
        if seen is None or seen["version"] != change.seen_version or seen["status"] != "running":
            raise StaleWrite(f"race {race_id} is not running at version {change.seen_version}")
        await db.execute(
            "UPDATE races SET state = $1, version = $2, status = $3, updated_at = $4,"
            " round_events = $5 WHERE id = $6",
            compact_state(change.state),
            change.state.version,
            change.status.value,
            now,
            events_json(change.round_events),
            race_id,
        )
        last = await db.fetchrow(
            "SELECT COALESCE(MAX(seq), 0) FROM decisions WHERE race_id = $1", race_id
        )
        first = 1 + int(last[0])
        await db.executemany(
            "INSERT INTO decisions VALUES ($1, $2, $3, $4, $5)",
            [(race_id, first + i, str(d), by, now) for i, (d, by) in enumerate(change.decisions)],
        )
        await db.executemany(
            "INSERT INTO orders VALUES ($1, $2, $3, $4) ON CONFLICT (race_id, car_id)"
            " DO UPDATE SET round = excluded.round, orders = excluded.orders",
            [(race_id, car, o.round, o.orders.encode()) for car, o in change.orders.items()],
        )
        await db.executemany(
            "UPDATE seats SET autopilot = 1 WHERE race_id = $1 AND car_id = $2",
            [(race_id, car) for car in change.autopilot],
        )
        await db.execute("DELETE FROM timers WHERE race_id = $1", race_id)
        # A finished race's one timer is its retention's (see bot.service.retention).
        await insert_timers(db, change.timers, self._unclaim)
        return [await insert_post(db, post) for post in change.outbox]

    async def first_state(self, race_id: int) -> RaceState | None:
        row = await self._one("SELECT initial FROM races WHERE id = $1", race_id)
        return None if row is None or row[0] is None else load_state(row[0])

    async def decisions(self, race_id: int) -> list[Decision]:
        rows = await self._all(
            "SELECT decision FROM decisions WHERE race_id = $1 ORDER BY seq", race_id
        )
        return [parse_decision(row[0]) for row in rows]

    async def orders(self, race_id: int) -> dict[str, StandingOrders]:
        rows = await self._all(
            "SELECT car_id, round, orders FROM orders WHERE race_id = $1", race_id
        )
        return {row[0]: StandingOrders(int(row[1]), Orders.decode(row[2])) for row in rows}

    # --- timers ---------------------------------------------------------------------------

    async def timers(self, race_id: int) -> list[Timer]:
        rows = await self._all("SELECT * FROM timers WHERE race_id = $1 ORDER BY due_at", race_id)
        return [timer_of(row) for row in rows]

    async def replace_timer(
        self, old: Timer, new: Timer, outbox: Sequence[OutboxRow] = ()
    ) -> list[OutboxRow]:
        async with self._transaction_db() as db:
            if await delete_timer(db, old):
                await insert_timers(db, [new], self._unclaim)
            return [await insert_post(db, row) for row in outbox]

    async def drop_timer(self, timer: Timer) -> None:
        async with self._transaction_db() as db:
            await delete_timer(db, timer)

    # --- outbox ---------------------------------------------------------------------------

    async def delete_posted(self, row: OutboxRow) -> None:
        async with self._transaction_db() as db:
            await db.execute("DELETE FROM outbox WHERE id = $1", row.id)

    async def unposted(self, guild_id: int) -> Unposted:
        rows = await self._all(
            "SELECT DISTINCT outbox.league_id, outbox.race_id FROM outbox"
            " LEFT JOIN races ON races.id = outbox.race_id"
            " LEFT JOIN leagues ON leagues.id = outbox.league_id"
            " WHERE races.guild_id = $1 OR leagues.guild_id = $1",
            guild_id,
        )
        leagues = sorted(row[0] for row in rows if row[0] is not None)
        races = sorted(row[1] for row in rows if row[1] is not None)
        return Unposted(tuple(leagues), tuple(races))

    # --- server settings ------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        query = "SELECT timer_seconds, channels, threads FROM guild_settings WHERE guild_id = $1"
        row = await self._one(query, guild_id)
        if row is None:
            return GuildSettings()
        return GuildSettings(row[0], tuple(json.loads(row[1])), bool(row[2]))

    async def save_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        async with self._transaction_db() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, timer_seconds, channels, threads)"
                " VALUES ($1, $2, $3, $4) ON CONFLICT (guild_id)"
                " DO UPDATE SET timer_seconds = excluded.timer_seconds,"
                " channels = excluded.channels, threads = excluded.threads",
                guild_id,
                settings.timer_seconds,
                json.dumps(list(settings.channels)),
                int(settings.threads),
            )

    # --- how people are told --------------------------------------------------------------

    async def notify_mode(self, user_id: int) -> NotifyMode:
        row = await self._one("SELECT mode FROM notify WHERE user_id = $1", user_id)
        return "thread" if row is None else cast(NotifyMode, row[0])

    async def set_notify(self, user_id: int, mode: NotifyMode) -> None:
        async with self._transaction_db() as db:
            await db.execute(
                "INSERT INTO notify VALUES ($1, $2) ON CONFLICT (user_id)"
                " DO UPDATE SET mode = excluded.mode",
                user_id,
                mode,
            )


async def _insert_seat(db: Db, race_id: int, seat: Seat) -> None:
    await db.execute(
        "INSERT INTO seats VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        race_id,
        seat.car_id,
        seat.user_id,
        seat.kind,
        seat.name,
        seat.color,
        seat.locale,
        int(seat.autopilot),
    )
