"""The statements league writes share: the league's row locked, decisions, members, points.

Each function runs inside the caller's transaction, on any database (see
:class:`bot.storage.sql.Db`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage.models import (
    Correction,
    LeagueStatus,
    Member,
    OutboxRow,
    RacePoints,
    SeasonChange,
)
from bot.storage.posts import insert_post, insert_timers
from bot.storage.rows import correction_of, season_of, season_text
from bot.storage.sql import Db, UniqueViolation
from bot.storage.store import AlreadyMember, BadCorrection, NoSuchLeague, StaleWrite
from engine import RulesError
from engine.season import CorrectPoints, apply_season

RACES = (
    "SELECT r.league_id, r.race_no, r.race_id, r.thread_id, EXISTS (SELECT 1 FROM league_results x"
    " WHERE x.league_id = r.league_id AND x.race_no = r.race_no) AS recorded"
    " FROM league_races r"
)


async def require_league(db: Db, league_id: int) -> None:
    if await db.fetchrow("SELECT 1 FROM leagues WHERE id = $1", league_id) is None:
        raise NoSuchLeague(f"no league {league_id}")


async def lock_active(db: Db, league_id: int) -> Any:
    """The league's row, locked until the transaction ends; refused if it has ended."""
    row = await db.fetchrow("SELECT * FROM leagues WHERE id = $1" + db.for_update, league_id)
    if row is None:
        raise NoSuchLeague(f"no league {league_id}")
    if row["status"] != LeagueStatus.ACTIVE:
        raise StaleWrite(f"league {league_id} has ended")
    return row


async def write_season(db: Db, change: SeasonChange, now: float) -> list[OutboxRow]:
    """Write a season change inside the caller's transaction (see Store.commit_season)."""
    league_id = change.league_id
    league = await lock_active(db, league_id)
    if league["season"] is None or league["season_version"] != change.seen_version:
        raise StaleWrite(f"league {league_id}: the season is not at version {change.seen_version}")
    await db.execute(
        "UPDATE leagues SET season = $2, season_version = $3 WHERE id = $1",
        league_id,
        season_text(change.season),
        change.season.version,
    )
    await append_decisions(
        db, league_id, [(str(decision), by, now) for decision, by in change.decisions]
    )
    if change.joined is not None:
        await add_member(db, league_id, change.joined)
    if change.left_user is not None:
        await mark_left(db, league_id, change.left_user, change.season.race_no)
    if change.timers is not None:
        # A season change replaces its draft's timers; the dates' own stay.
        await db.execute("DELETE FROM timers WHERE league_id = $1 AND kind = 'draft'", league_id)
        await insert_timers(db, change.timers)
    return [await insert_post(db, post) for post in change.outbox]


async def append_decisions(
    db: Db, league_id: int, decisions: Sequence[tuple[str, str, float]]
) -> int:
    """Add to the league's decision log; the ``seq`` of the first one added."""
    row = await db.fetchrow(
        "SELECT COALESCE(MAX(seq), 0) FROM season_decisions WHERE league_id = $1", league_id
    )
    first = int(row[0]) + 1
    await db.executemany(
        "INSERT INTO season_decisions (league_id, seq, decision, decided_by, at)"
        " VALUES ($1, $2, $3, $4, $5)",
        [(league_id, first + i, *decision) for i, decision in enumerate(decisions)],
    )
    return first


async def correct_season(
    db: Db, league: Any, corrections: Sequence[Correction], now: float
) -> list[Correction]:
    """Each correction into the league's season (a ``correct`` decision, logged as made by
    its admin) with its line of the audit log, linked to that decision by ``seq``; in the
    caller's transaction, ``league`` its locked row. The audit rows are returned as stored.

    A correction with an ``id`` is a line an older bot kept outside the season (before
    schema 10): it keeps its time and is linked; one without is written, at ``now``.
    BadCorrection if the season refuses one (no such driver, 0 points, too many).
    """
    league_id = league["id"]
    if league["season"] is None:
        raise BadCorrection(f"league {league_id} has no season")
    season = before = season_of(league["season"])
    stored = []
    for correction in corrections:
        decision = CorrectPoints(correction.driver_id, correction.delta)
        try:
            season, _ = apply_season(season, decision)
        except RulesError as error:
            raise BadCorrection(str(error)) from None
        at = correction.at if correction.id else now
        seq = await append_decisions(
            db, league_id, [(str(decision), f"user:{correction.admin_id}", at)]
        )
        if correction.id:
            row = await db.fetchrow(
                "UPDATE league_corrections SET seq = $2 WHERE id = $1 RETURNING *",
                correction.id,
                seq,
            )
        else:
            row = await db.fetchrow(
                "INSERT INTO league_corrections (league_id, driver_id, delta, reason, admin_id,"
                " at, seq) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *",
                league_id,
                correction.driver_id,
                correction.delta,
                correction.reason,
                correction.admin_id,
                at,
                seq,
            )
        stored.append(correction_of(row))
    await db.execute(
        "UPDATE leagues SET season = $2, season_version = $3 WHERE id = $1",
        league_id,
        season_text(season),
        season.version,
    )
    # A draft's turn timer waits on the season's version: it keeps running on the new one.
    await db.execute(
        "UPDATE timers SET wait = $3 WHERE league_id = $1 AND kind = 'draft' AND wait = $2",
        league_id,
        str(before.version),
        str(season.version),
    )
    return stored


async def add_member(db: Db, league_id: int, member: Member) -> None:
    """A new member; refused if the person or the driver is in the league already."""
    try:
        await insert_member(db, league_id, member)
    except UniqueViolation:
        raise AlreadyMember(
            f"league {league_id}: user {member.user_id} or driver {member.driver_id} is already in"
        ) from None


async def mark_left(db: Db, league_id: int, user_id: int, at_race: int) -> bool:
    """The member stops driving from ``at_race``; False if they were not driving."""
    left = await db.execute(
        "UPDATE league_members SET left_at = $3"
        " WHERE league_id = $1 AND user_id = $2 AND left_at IS NULL",
        league_id,
        user_id,
        at_race,
    )
    return left > 0


async def insert_member(db: Db, league_id: int, member: Member) -> None:
    await db.execute(
        "INSERT INTO league_members (league_id, user_id, driver_id, name, locale, joined_at,"
        " left_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        league_id,
        member.user_id,
        member.driver_id,
        member.name,
        member.locale,
        member.joined_at,
        member.left_at,
    )


async def insert_points(db: Db, league_id: int, race_no: int, points: Sequence[RacePoints]) -> None:
    await db.executemany(
        "INSERT INTO league_points (league_id, race_no, driver_id, user_id, place, points,"
        " spin_outs) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        [
            (league_id, race_no, p.driver_id, p.user_id, p.place, p.points, p.spin_outs)
            for p in points
        ],
    )
