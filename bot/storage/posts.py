"""Outbox rows and timers as every store writes them, for races and leagues alike.

A row or a timer belongs to a race or to a league (the other column is NULL), and
is written in the transaction of the change that calls for it, so a crash never
keeps a change without what it must post, nor the other way round.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import replace

from bot.storage.models import OutboxRow, Timer
from bot.storage.rows import rounds_json
from bot.storage.sql import Db
from engine.notation import compact_state


def owner_of(item: OutboxRow | Timer) -> tuple[str, int]:
    """The column naming what ``item`` belongs to (a race or a league), and its id."""
    if item.league_id is not None:
        return "league_id", item.league_id
    if item.race_id is None:
        raise ValueError(f"{item!r} belongs to neither a race nor a league")
    return "race_id", item.race_id


async def insert_post(db: Db, post: OutboxRow) -> OutboxRow:
    """The row written; returned with the id the store gave it."""
    row = await db.fetchrow(
        "INSERT INTO outbox (race_id, league_id, kind, state, car_id, rounds, text,"
        " text_values, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
        post.race_id,
        post.league_id,
        post.kind,
        None if post.state is None else compact_state(post.state),
        post.car_id,
        rounds_json(post.rounds),
        post.text,
        json.dumps(dict(post.values)),
        time.time(),
    )
    return replace(post, id=row["id"])


async def insert_timers(db: Db, timers: Sequence[Timer], unclaim: str = "") -> None:
    """Write ``timers``; a race's timer already there for the same car and kind is replaced.

    ``unclaim`` is appended to the update: PostgreSQL's claim on a timer written
    again ends.
    """
    await db.executemany(
        "INSERT INTO timers (race_id, league_id, kind, car_id, due_at, wait)"
        " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (race_id, kind, car_id)"
        " DO UPDATE SET due_at = excluded.due_at, wait = excluded.wait" + unclaim,
        [(t.race_id, t.league_id, t.kind, t.car_id, t.due_at, t.wait) for t in timers],
    )


async def delete_timer(db: Db, timer: Timer) -> bool:
    """Remove ``timer`` if it is still there as it was read; False if it is gone."""
    column, owner = owner_of(timer)
    query = f"DELETE FROM timers WHERE {column} = $1 AND kind = $2 AND car_id = $3 AND wait = $4"
    return await db.execute(query, owner, timer.kind, timer.car_id, timer.wait) > 0
