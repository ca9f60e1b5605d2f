"""The league half of the Store, written once for SQLite and PostgreSQL (through :class:`Db`).

Every write is one transaction that first reads its league's row with
``FOR UPDATE`` (on SQLite the write lock of the file does that already), so
writes to one league queue one behind the other, and an ended league takes
none (the export kept at its end stays true). Points are the exception that
proves the rule: the unique key of ``league_results`` decides which of two
writers records a race, before the league's row is even read.
"""

from __future__ import annotations

import json
import logging
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.storage.league_export import export_document, import_rows, keep_export
from bot.storage.league_sql import (
    RACES,
    add_member,
    correct_season,
    insert_points,
    lock_active,
    mark_left,
    require_league,
    write_season,
)
from bot.storage.models import (
    Correction,
    Imported,
    LeaguePoints,
    LeagueRace,
    LeagueRecord,
    LeagueSettings,
    LeagueStatus,
    Member,
    OutboxRow,
    PlayerStats,
    RacePoints,
    SeasonChange,
)
from bot.storage.rows import (
    correction_of,
    league_of,
    league_race_from,
    member_of,
    race_points_of,
    season_of,
    season_text,
)
from bot.storage.sql import Tables, UniqueViolation
from bot.storage.store import BadCorrection, LeagueExists, StaleWrite
from engine.season import SeasonDecision, SeasonState, parse_season_decision

log = logging.getLogger("heat.league")

CORRECTIONS_IN_SEASONS = 10
"""The schema from which each correction is a decision of its season (``seq`` names it)."""


class LeagueTables(Tables):
    """The Store's league methods; a store supplies the connections (see :class:`Tables`)."""

    # --- leagues --------------------------------------------------------------------------

    async def create_league(
        self,
        guild_id: int,
        channel_id: int,
        name: str,
        settings: LeagueSettings,
        created_by: int,
        season: SeasonState,
    ) -> int:
        async with self._transaction_db() as db:
            try:
                row = await db.fetchrow(
                    "INSERT INTO leagues (guild_id, channel_id, name, status, settings,"
                    " created_by, created_at, initial, season, season_version)"
                    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9) RETURNING id",
                    guild_id,
                    channel_id,
                    name,
                    LeagueStatus.ACTIVE.value,
                    settings.model_dump_json(),
                    created_by,
                    time.time(),
                    season_text(season),
                    season.version,
                )
            except UniqueViolation:
                raise LeagueExists(f"channel {channel_id} has an active league") from None
        league_id: int = row["id"]
        return league_id

    async def league(self, league_id: int) -> LeagueRecord | None:
        row = await self._one("SELECT * FROM leagues WHERE id = $1", league_id)
        return None if row is None else league_of(row)

    async def active_league_in(self, channel_id: int) -> LeagueRecord | None:
        query = "SELECT * FROM leagues WHERE channel_id = $1 AND status = 'active'"
        row = await self._one(query, channel_id)
        return None if row is None else league_of(row)

    async def leagues(self, guild_id: int) -> list[LeagueRecord]:
        query = "SELECT * FROM leagues WHERE guild_id = $1 ORDER BY id"
        rows = await self._all(query, guild_id)
        return [league_of(row) for row in rows]

    # --- members --------------------------------------------------------------------------

    async def members(self, league_id: int) -> list[Member]:
        query = "SELECT * FROM league_members WHERE league_id = $1 ORDER BY id"
        rows = await self._all(query, league_id)
        return [member_of(row) for row in rows]

    async def add_member(self, league_id: int, member: Member) -> None:
        """A member outside any season change (a league's own drivers come with theirs)."""
        async with self._transaction_db() as db:
            await lock_active(db, league_id)
            await add_member(db, league_id, member)

    async def leave_league(self, league_id: int, user_id: int, at_race: int) -> bool:
        """A member leaves outside any season change (see ``SeasonChange.left_user``)."""
        async with self._transaction_db() as db:
            await lock_active(db, league_id)
            return await mark_left(db, league_id, user_id, at_race)

    # --- the season -----------------------------------------------------------------------

    async def commit_season(self, change: SeasonChange) -> list[OutboxRow]:
        async with self._transaction_db() as db:
            return await write_season(db, change, time.time())

    async def season(self, league_id: int) -> SeasonState | None:
        return await self._season_column(league_id, "season")

    async def first_season(self, league_id: int) -> SeasonState | None:
        return await self._season_column(league_id, "initial")

    async def _season_column(self, league_id: int, column: str) -> SeasonState | None:
        query = f"SELECT {column} FROM leagues WHERE id = $1"
        row = await self._one(query, league_id)
        return None if row is None or row[0] is None else season_of(row[0])

    async def season_decisions(self, league_id: int) -> list[SeasonDecision]:
        query = "SELECT decision FROM season_decisions WHERE league_id = $1 ORDER BY seq"
        rows = await self._all(query, league_id)
        return [parse_season_decision(row[0]) for row in rows]

    # --- league races and points ----------------------------------------------------------

    async def add_league_race(self, league_id: int, race_no: int, race_id: int) -> None:
        async with self._transaction_db() as db:
            await lock_active(db, league_id)
            held = await db.fetchrow(
                RACES + " LEFT JOIN races ON races.id = r.race_id"
                " WHERE r.league_id = $1 AND r.race_no = $2 AND (r.race_id IS NULL"
                " OR races.status = 'cancelled')",
                league_id,
                race_no,
            )
            if held is not None and not held["recorded"]:
                link = "UPDATE league_races SET race_id = $3 WHERE league_id = $1 AND race_no = $2"
            else:
                link = "INSERT INTO league_races (league_id, race_no, race_id) VALUES ($1, $2, $3)"
            try:
                await db.execute(link, league_id, race_no, race_id)
            except UniqueViolation:
                raise StaleWrite(
                    f"league {league_id}: race {race_no} has a race, or race {race_id} is taken"
                ) from None

    async def set_league_thread(self, league_id: int, race_no: int, thread_id: int | None) -> None:
        async with self._transaction_db() as db:
            await db.execute(
                "INSERT INTO league_races (league_id, race_no, race_id, thread_id)"
                " VALUES ($1, $2, NULL, $3) ON CONFLICT (league_id, race_no)"
                " DO UPDATE SET thread_id = excluded.thread_id",
                league_id,
                race_no,
                thread_id,
            )

    async def league_races(self, league_id: int) -> list[LeagueRace]:
        query = RACES + " WHERE r.league_id = $1 ORDER BY r.race_no"
        rows = await self._all(query, league_id)
        return [league_race_from(row) for row in rows]

    async def league_race_of(self, race_id: int) -> LeagueRace | None:
        query = RACES + " WHERE r.race_id = $1"
        row = await self._one(query, race_id)
        return None if row is None else league_race_from(row)

    async def unrecorded_races(self) -> list[LeagueRace]:
        query = (
            RACES + " JOIN leagues ON leagues.id = r.league_id"
            " JOIN races ON races.id = r.race_id"
            " WHERE leagues.status = 'active' AND races.status = 'finished'"
            " AND NOT EXISTS (SELECT 1 FROM league_results x"
            "   WHERE x.league_id = r.league_id AND x.race_no = r.race_no)"
            " ORDER BY r.league_id, r.race_no"
        )
        rows = await self._all(query)
        return [league_race_from(row) for row in rows]

    async def record_points(
        self,
        league_id: int,
        race_no: int,
        points: Sequence[RacePoints],
        change: SeasonChange | None = None,
    ) -> bool:
        if change is not None and change.league_id != league_id:
            raise StaleWrite(f"a change to league {change.league_id} recorded for {league_id}")
        now = time.time()
        async with self._transaction_db() as db:
            await require_league(db, league_id)
            first = await db.fetchrow(
                "INSERT INTO league_results (league_id, race_no, at) VALUES ($1, $2, $3)"
                " ON CONFLICT DO NOTHING RETURNING race_no",
                league_id,
                race_no,
                now,
            )
            if first is None:
                return False
            await lock_active(db, league_id)
            await insert_points(db, league_id, race_no, points)
            if change is not None:
                await write_season(db, change, now)
        return True

    async def league_points(self, league_id: int) -> LeaguePoints:
        # A driver eliminated by event 10 has no place: after the placed ones, on both databases.
        query = (
            "SELECT * FROM league_points WHERE league_id = $1"
            " ORDER BY race_no, COALESCE(place, 999), driver_id"
        )
        rows = await self._all(query, league_id)
        races: dict[int, list[RacePoints]] = defaultdict(list)
        for row in rows:
            races[row["race_no"]].append(race_points_of(row))
        corrections = tuple(await self.corrections(league_id))
        return LeaguePoints({no: tuple(rows) for no, rows in races.items()}, corrections)

    async def correct_points(self, correction: Correction) -> Correction:
        if not correction.reason.strip():
            raise BadCorrection("a points correction needs a reason")
        kept = replace(correction, reason=correction.reason.strip(), at=0.0, id=0)
        async with self._transaction_db() as db:
            league = await lock_active(db, correction.league_id)
            (stored,) = await correct_season(db, league, [kept], time.time())
        return stored

    async def fold_corrections(self) -> int:
        """The corrections an older bot kept outside its seasons (schema 9 and before) join
        them, oldest first, each league in a transaction of its own; how many joined.

        Done as the store opens, once: a folded line is linked to its decision (``seq``).
        An ended league's are left: its export was kept, and an import folds them.
        """
        schema = await self._one("SELECT MAX(version) FROM schema_migrations")
        if schema is None or (schema[0] or 0) < CORRECTIONS_IN_SEASONS:
            return 0  # a store stopped short of the schema (a test of an older one)
        query = (
            "SELECT DISTINCT c.league_id FROM league_corrections c"
            " JOIN leagues ON leagues.id = c.league_id"
            " WHERE c.seq IS NULL AND leagues.status = 'active' ORDER BY c.league_id"
        )
        folded = 0
        for row in await self._all(query):
            league_id = row[0]
            try:
                async with self._transaction_db() as db:
                    league = await lock_active(db, league_id)
                    rows = await db.fetch(
                        "SELECT * FROM league_corrections WHERE league_id = $1 AND seq IS NULL"
                        " ORDER BY id",
                        league_id,
                    )
                    if rows:
                        old = [correction_of(line) for line in rows]
                        folded += len(await correct_season(db, league, old, time.time()))
            except (BadCorrection, StaleWrite) as error:
                log.warning(
                    "league %s: corrections not folded into its season: %s", league_id, error
                )
        return folded

    async def corrections(self, league_id: int) -> list[Correction]:
        query = "SELECT * FROM league_corrections WHERE league_id = $1 ORDER BY id"
        rows = await self._all(query, league_id)
        return [correction_of(row) for row in rows]

    # --- the end, export and import -------------------------------------------------------

    async def end_league(self, league_id: int) -> dict[str, Any]:
        async with self._transaction_db() as db:
            await lock_active(db, league_id)
            await db.execute(
                "UPDATE leagues SET status = $2, ended_at = $3 WHERE id = $1",
                league_id,
                LeagueStatus.ENDED.value,
                time.time(),
            )
            await db.execute("DELETE FROM timers WHERE league_id = $1", league_id)
            return await keep_export(db, league_id)

    async def kept_export(self, league_id: int) -> dict[str, Any] | None:
        query = "SELECT export FROM leagues WHERE id = $1"
        row = await self._one(query, league_id)
        if row is None or row[0] is None:
            return None
        kept: dict[str, Any] = json.loads(row[0])
        return kept

    async def export_league(self, league_id: int) -> dict[str, Any]:
        # A transaction, so that every table is read at the same moment.
        async with self._transaction_db() as db:
            return await export_document(db, league_id)

    async def import_league(self, imported: Imported, guild_id: int, channel_id: int) -> int:
        async with self._transaction_db() as db:
            return await import_rows(db, imported, guild_id, channel_id)

    async def player_stats(self, user_id: int, guild_id: int | None = None) -> PlayerStats:
        query = (
            "SELECT COUNT(*) AS races,"
            " COALESCE(SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END), 0) AS wins,"
            " COALESCE(SUM(CASE WHEN place <= 3 THEN 1 ELSE 0 END), 0) AS podiums,"
            " AVG(CAST(place AS DOUBLE PRECISION)) AS average_place,"
            " COALESCE(SUM(spin_outs), 0) AS spin_outs,"
            " COUNT(DISTINCT league_points.league_id) AS leagues"
            " FROM league_points JOIN leagues ON leagues.id = league_points.league_id"
            " WHERE user_id = $1"
        )
        args: tuple[int, ...] = (user_id,)
        if guild_id is not None:
            query, args = query + " AND guild_id = $2", (user_id, guild_id)
        row = await self._one(query, *args)
        return PlayerStats(
            races=int(row["races"]),
            wins=int(row["wins"]),
            podiums=int(row["podiums"]),
            average_place=None if row["average_place"] is None else float(row["average_place"]),
            spin_outs=int(row["spin_outs"]),
            leagues=int(row["leagues"]),
        )
