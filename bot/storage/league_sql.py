"""The statements league writes share: the league's row locked, decisions, members, points.

Each function runs inside the caller's transaction, on any database (see
:class:`bot.storage.sql.Db`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage.models import LeagueStatus, Member, OutboxRow, RacePoints, SeasonChange
from bot.storage.posts import insert_post, insert_timers
from bot.storage.rows import season_of, season_text
from bot.storage.sql import Db, UniqueViolation
from bot.storage.store import AlreadyMember, NoSuchLeague, StaleWrite

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
        await db.execute("DELETE FROM timers WHERE league_id = $1", league_id)
        await insert_timers(db, change.timers)
    return [await insert_post(db, post) for post in change.outbox]


async def append_decisions(
    db: Db, league_id: int, decisions: Sequence[tuple[str, str, float]]
) -> None:
    row = await db.fetchrow(
        "SELECT COALESCE(MAX(seq), 0) FROM season_decisions WHERE league_id = $1", league_id
    )
    first = int(row[0]) + 1
    await db.executemany(
        "INSERT INTO season_decisions (league_id, seq, decision, decided_by, at)"
        " VALUES ($1, $2, $3, $4, $5)",
        [(league_id, first + i, *decision) for i, decision in enumerate(decisions)],
    )


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


async def drivers_of(db: Db, league: Any) -> set[str]:
    """Every driver id the league has had: members, the season's drivers, drivers with points."""
    league_id = league["id"]
    rows = await db.fetch(
        "SELECT driver_id FROM league_members WHERE league_id = $1"
        " UNION SELECT driver_id FROM league_points WHERE league_id = $1",
        league_id,
    )
    drivers = {row[0] for row in rows}
    if league["season"] is not None:
        drivers |= {driver.id for driver in season_of(league["season"]).drivers}
    return drivers
