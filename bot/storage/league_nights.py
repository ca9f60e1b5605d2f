"""The league-night half of the Store: race dates, their timers, attendance and reserves.

Written once for SQLite and PostgreSQL (through :class:`Db`). Each write locks the
league's row first, as every league write does, so an ended league takes none. A
dated race's reminders and start are rows of the timers table (kinds
:data:`NIGHT_TIMERS`): a change of dates replaces all of the league's night timers in
the same transaction, so a moved race is never reminded at its old time.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.league_sql import lock_active
from bot.storage.models import (
    NIGHT_TIMERS,
    LeagueDate,
    LeagueSettings,
    OutboxRow,
    Reserve,
    Rsvp,
    Timer,
)
from bot.storage.posts import delete_timer, insert_post, insert_timers
from bot.storage.sql import Tables

_NIGHT_KINDS = ", ".join(f"'{kind}'" for kind in NIGHT_TIMERS)


class LeagueNightTables(Tables):
    """The Store's league-night methods; a store supplies the connections."""

    async def set_league_dates(
        self,
        league_id: int,
        dates: Sequence[LeagueDate],
        undated: Sequence[int],
        timers: Sequence[Timer],
    ) -> None:
        """One transaction: ``dates`` set (a race already dated moves, its event id kept),
        races ``undated`` lose theirs, and the league's night timers become ``timers``."""
        async with self._transaction_db() as db:
            await lock_active(db, league_id)
            for race_no in undated:
                await db.execute(
                    "DELETE FROM league_dates WHERE league_id = $1 AND race_no = $2",
                    league_id,
                    race_no,
                )
            await db.executemany(
                "INSERT INTO league_dates (league_id, race_no, starts_at, zone)"
                " VALUES ($1, $2, $3, $4) ON CONFLICT (league_id, race_no)"
                " DO UPDATE SET starts_at = excluded.starts_at, zone = excluded.zone",
                [(league_id, d.race_no, d.starts_at, d.zone) for d in dates],
            )
            await db.execute(
                f"DELETE FROM timers WHERE league_id = $1 AND kind IN ({_NIGHT_KINDS})",
                league_id,
            )
            await insert_timers(db, timers)

    async def league_dates(self, league_id: int) -> list[LeagueDate]:
        """The league's dated races, by race number."""
        rows = await self._read_db(
            lambda db: db.fetch(
                "SELECT * FROM league_dates WHERE league_id = $1 ORDER BY race_no", league_id
            )
        )
        return [
            LeagueDate(r["league_id"], r["race_no"], r["starts_at"], r["zone"], r["event_id"])
            for r in rows
        ]

    async def set_event_id(self, league_id: int, race_no: int, event_id: int | None) -> None:
        """One transaction: the Discord event that announces race ``race_no`` (if it is dated)."""
        async with self._transaction_db() as db:
            await db.execute(
                "UPDATE league_dates SET event_id = $3 WHERE league_id = $1 AND race_no = $2",
                league_id,
                race_no,
                event_id,
            )

    async def fire_night_timer(self, timer: Timer, outbox: Sequence[OutboxRow]) -> list[OutboxRow]:
        """One transaction: ``timer`` is spent and ``outbox`` is to be posted; nothing (and no
        row) if the timer was gone already, fired by another process or replaced by a move."""
        async with self._transaction_db() as db:
            if not await delete_timer(db, timer):
                return []
            return [await insert_post(db, post) for post in outbox]

    async def set_league_settings(self, league_id: int, settings: LeagueSettings) -> None:
        """One transaction: the league's settings become ``settings``."""
        async with self._transaction_db() as db:
            await lock_active(db, league_id)
            await db.execute(
                "UPDATE leagues SET settings = $2 WHERE id = $1",
                league_id,
                settings.model_dump_json(),
            )

    # --- attendance -----------------------------------------------------------------------

    async def set_rsvp(self, rsvp: Rsvp) -> None:
        """One transaction: the person's answer for the race (a later one replaces it)."""
        async with self._transaction_db() as db:
            await lock_active(db, rsvp.league_id)
            await db.execute(
                "INSERT INTO league_rsvps (league_id, race_no, user_id, coming)"
                " VALUES ($1, $2, $3, $4) ON CONFLICT (league_id, race_no, user_id)"
                " DO UPDATE SET coming = excluded.coming",
                rsvp.league_id,
                rsvp.race_no,
                rsvp.user_id,
                int(rsvp.coming),
            )

    async def rsvps(self, league_id: int) -> list[Rsvp]:
        """Every answer given in the league, by race then person."""
        rows = await self._read_db(
            lambda db: db.fetch(
                "SELECT * FROM league_rsvps WHERE league_id = $1 ORDER BY race_no, user_id",
                league_id,
            )
        )
        return [Rsvp(r["league_id"], r["race_no"], r["user_id"], bool(r["coming"])) for r in rows]

    # --- reserves -------------------------------------------------------------------------

    async def set_reserve(self, reserve: Reserve, listed: bool, now: float) -> bool:
        """One transaction: the person is listed as a reserve (or no longer); False if that
        changed nothing."""
        async with self._transaction_db() as db:
            await lock_active(db, reserve.league_id)
            if not listed:
                query = "DELETE FROM league_reserves WHERE league_id = $1 AND user_id = $2"
                return await db.execute(query, reserve.league_id, reserve.user_id) > 0
            return (
                await db.execute(
                    "INSERT INTO league_reserves (league_id, user_id, name, locale, listed_at)"
                    " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (league_id, user_id) DO NOTHING",
                    reserve.league_id,
                    reserve.user_id,
                    reserve.name,
                    reserve.locale,
                    now,
                )
                > 0
            )

    async def reserves(self, league_id: int) -> list[Reserve]:
        """The league's reserves, in the order they were listed."""
        rows = await self._read_db(
            lambda db: db.fetch(
                "SELECT * FROM league_reserves WHERE league_id = $1 ORDER BY listed_at, user_id",
                league_id,
            )
        )
        return [Reserve(r["league_id"], r["user_id"], r["name"], r["locale"]) for r in rows]
