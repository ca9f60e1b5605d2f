"""The Store's upkeep half, written once for SQLite and PostgreSQL: caps, retention, figures.

A server's caps are a row of their own (``guild_limits``; a column left NULL
keeps the default), so they change without touching its other settings. A
finished race past its retention loses its state, its first state, its decision
log and its standing orders: it keeps its record and seats, its result (each
car's place) and its export, compressed, which is the file ``/heat export``
posts. A league's race is never pruned (leagues keep everything).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Mapping

from bot.storage.models import Backlog, GuildLimits, GuildLoad, Timer
from bot.storage.posts import delete_timer
from bot.storage.sql import Tables

COMPRESSION = 9  # written once, read rarely: the smallest file is worth the time


class UpkeepTables(Tables):
    """Caps, pruning and the figures a scrape reads."""

    # --- caps -----------------------------------------------------------------------------

    async def guild_limits(self, guild_id: int) -> GuildLimits:
        row = await self._one(
            "SELECT races, lobbies, leagues FROM guild_limits WHERE guild_id = $1", guild_id
        )
        default = GuildLimits()
        if row is None:
            return default
        return GuildLimits(
            default.races if row[0] is None else int(row[0]),
            default.lobbies if row[1] is None else int(row[1]),
            default.leagues if row[2] is None else int(row[2]),
        )

    async def save_guild_limits(self, guild_id: int, limits: GuildLimits) -> None:
        async with self._transaction_db() as db:
            await db.execute(
                "INSERT INTO guild_limits VALUES ($1, $2, $3, $4) ON CONFLICT (guild_id)"
                " DO UPDATE SET races = excluded.races, lobbies = excluded.lobbies,"
                " leagues = excluded.leagues",
                guild_id,
                limits.races,
                limits.lobbies,
                limits.leagues,
            )

    async def guild_load(self, guild_id: int) -> GuildLoad:
        rows = await self._all(
            "SELECT status, COUNT(*) FROM races WHERE guild_id = $1"
            " AND status IN ('lobby', 'running') GROUP BY status",
            guild_id,
        )
        counts = {str(row[0]): int(row[1]) for row in rows}
        leagues = await self._one(
            "SELECT COUNT(*) FROM leagues WHERE guild_id = $1 AND status = 'active'", guild_id
        )
        return GuildLoad(counts.get("running", 0), counts.get("lobby", 0), int(leagues[0]))

    # --- retention ------------------------------------------------------------------------

    async def prune_race(
        self, race_id: int, export: bytes, result: Mapping[str, int | None], timer: Timer
    ) -> bool:
        async with self._transaction_db() as db:
            await delete_timer(db, timer)
            pruned = await db.execute(
                "UPDATE races SET state = NULL, initial = NULL, round_events = '[]',"
                " export = $1, result = $2 WHERE id = $3 AND status = 'finished'"
                " AND state IS NOT NULL AND id NOT IN"
                " (SELECT race_id FROM league_races WHERE race_id IS NOT NULL)",
                zlib.compress(export, COMPRESSION),
                json.dumps(dict(result)),
                race_id,
            )
            if pruned:
                await db.execute("DELETE FROM decisions WHERE race_id = $1", race_id)
                await db.execute("DELETE FROM orders WHERE race_id = $1", race_id)
            return pruned > 0

    async def kept_race_export(self, race_id: int) -> bytes | None:
        row = await self._one("SELECT export FROM races WHERE id = $1", race_id)
        return None if row is None or row[0] is None else zlib.decompress(bytes(row[0]))

    async def race_result(self, race_id: int) -> dict[str, int | None] | None:
        row = await self._one("SELECT result FROM races WHERE id = $1", race_id)
        return None if row is None or row[0] is None else dict(json.loads(row[0]))

    # --- figures --------------------------------------------------------------------------

    async def backlog(self) -> Backlog:
        rows = await self._all(
            "SELECT guild_id, status, COUNT(*) FROM races GROUP BY guild_id, status"
        )
        waiting = await self._all(
            "SELECT COALESCE(races.guild_id, leagues.guild_id), COUNT(*), MIN(outbox.at)"
            " FROM outbox LEFT JOIN races ON races.id = outbox.race_id"
            " LEFT JOIN leagues ON leagues.id = outbox.league_id"
            " GROUP BY COALESCE(races.guild_id, leagues.guild_id)"
        )
        return Backlog(
            {(int(row[0]), str(row[1])): int(row[2]) for row in rows},
            {int(row[0]): (int(row[1]), float(row[2])) for row in waiting},
        )
