"""A league as one JSON document (``heat-league`` version 1): its shape, written and imported.

The document holds every row a league has, each season in the season notation
and each decision in its text form, so it moves a league between servers and
databases and is what an ended league keeps (docs/league-export.md). The models
below are its exact shape, every field with its range; what an import checks
beyond the shape (the season replayed from a start the rules give, every row
derived from that replay) is :mod:`bot.storage.league_check`, which hands
:func:`import_rows` an :class:`bot.storage.models.Imported` league to write.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from bot.storage.league_sql import RACES, append_decisions, insert_member, insert_points
from bot.storage.models import Imported, LeagueSettings, LeagueStatus
from bot.storage.rows import league_of, member_of, race_points_of, season_of, season_text
from bot.storage.sql import Db, UniqueViolation
from bot.storage.store import LeagueExists, NoSuchLeague
from engine.season import CorrectPoints, season_to_dict

FORMAT = "heat-league"
VERSION: Literal[1] = 1
MAX_ID = 2**63 - 1
"""Discord ids (snowflakes) and race ids are stored as 64-bit integers."""
MAX_RACES = 99
"""The longest season (docs/season-notation.md)."""
CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _one_line(text: str) -> str:
    if CONTROL.search(text):
        raise ValueError("one line of text, without control characters")
    return text


Id = Annotated[int, Field(ge=0, le=MAX_ID)]
Moment = Annotated[float, Field(ge=0, allow_inf_nan=False)]
"""A time, in seconds since 1970."""
RaceNo = Annotated[int, Field(ge=1, le=MAX_RACES)]
JoinedAt = Annotated[int, Field(ge=1, le=MAX_RACES + 1)]
"""A race number, or one past the last race (a driver who joined after it)."""
DriverId = Annotated[str, Field(min_length=1, max_length=16)]


LeagueName = Annotated[str, Field(min_length=1, max_length=60), AfterValidator(_one_line)]
"""As ``/league create`` takes it; every text is one line (no control characters)."""
PersonName = Annotated[str, Field(min_length=1, max_length=100), AfterValidator(_one_line)]
DecidedBy = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(_one_line)]
Reason = Annotated[str, Field(min_length=1, max_length=200), AfterValidator(_one_line)]
"""As ``/league correct`` takes it."""
Locale = Annotated[str, Field(pattern=r"^[a-z]{2,3}(-[A-Za-z0-9]{2,3})?$")]


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class ExportedMember(_Part):
    user_id: Id
    driver_id: DriverId
    name: PersonName
    locale: Locale
    joined_at: JoinedAt
    left_at: JoinedAt | None


class ExportedDecision(_Part):
    decision: str
    by: DecidedBy
    at: Moment


class ExportedSeason(_Part):
    initial: dict[str, Any]
    current: dict[str, Any]
    decisions: list[ExportedDecision]


class ExportedRace(_Part):
    race_no: RaceNo
    race_id: Id | None


class ExportedPoints(_Part):
    driver_id: DriverId
    user_id: Id | None
    place: int | None = Field(ge=1, le=6)
    points: int = Field(ge=0, le=12)
    spin_outs: int = Field(ge=0, le=999)


class ExportedResult(_Part):
    race_no: RaceNo
    at: Moment
    points: list[ExportedPoints]


class ExportedCorrection(_Part):
    driver_id: DriverId
    delta: int = Field(ge=-100, le=100)
    reason: Reason
    admin_id: Id
    at: Moment


class LeagueExport(_Part):
    """The whole document; ``model_dump(mode="json")`` is what export returns."""

    format: Literal["heat-league"]
    version: Literal[1]
    guild_id: Id
    channel_id: Id
    name: LeagueName
    status: Literal["active", "ended"]
    settings: LeagueSettings
    created_by: Id
    created_at: Moment
    ended_at: Moment | None
    members: list[ExportedMember]
    season: ExportedSeason | None
    races: list[ExportedRace]
    results: list[ExportedResult]
    corrections: list[ExportedCorrection]


async def export_document(db: Db, league_id: int) -> dict[str, Any]:
    """The league's document (see :mod:`bot.storage.league_export`), read through ``db``.

    Built without validation (``model_construct``): the rows were checked on the way in,
    and an export must never stop a league from ending.
    """
    league = await db.fetchrow("SELECT * FROM leagues WHERE id = $1", league_id)
    if league is None:
        raise NoSuchLeague(f"no league {league_id}")
    record = league_of(league)
    members = await db.fetch(
        "SELECT * FROM league_members WHERE league_id = $1 ORDER BY id", league_id
    )
    races = await db.fetch(RACES + " WHERE r.league_id = $1 ORDER BY r.race_no", league_id)
    results = await db.fetch(
        "SELECT * FROM league_results WHERE league_id = $1 ORDER BY race_no", league_id
    )
    points = await db.fetch(
        "SELECT * FROM league_points WHERE league_id = $1"
        " ORDER BY race_no, COALESCE(place, 999), driver_id",
        league_id,
    )
    corrections = await db.fetch(
        "SELECT * FROM league_corrections WHERE league_id = $1 ORDER BY id", league_id
    )
    document = LeagueExport.model_construct(
        format="heat-league",
        version=VERSION,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        name=record.name,
        status=record.status.value,
        settings=record.settings,
        created_by=record.created_by,
        created_at=record.created_at,
        ended_at=record.ended_at,
        members=[ExportedMember.model_construct(**asdict(member_of(row))) for row in members],
        season=await _exported_season(db, league),
        races=[
            ExportedRace.model_construct(race_no=row["race_no"], race_id=row["race_id"])
            for row in races
        ],
        results=[
            ExportedResult.model_construct(
                race_no=result["race_no"],
                at=result["at"],
                points=[
                    ExportedPoints.model_construct(**asdict(race_points_of(row)))
                    for row in points
                    if row["race_no"] == result["race_no"]
                ],
            )
            for result in results
        ],
        corrections=[
            ExportedCorrection.model_construct(
                driver_id=row["driver_id"],
                delta=row["delta"],
                reason=row["reason"],
                admin_id=row["admin_id"],
                at=row["at"],
            )
            for row in corrections
        ],
    )
    return document.model_dump(mode="json")


async def keep_export(db: Db, league_id: int) -> dict[str, Any]:
    """Store the league's document with it (an ended league keeps its export); return it."""
    document = await export_document(db, league_id)
    await db.execute(
        "UPDATE leagues SET export = $2 WHERE id = $1", league_id, json.dumps(document)
    )
    return document


async def _exported_season(db: Db, league: Any) -> ExportedSeason | None:
    if league["season"] is None:
        return None
    decisions = await db.fetch(
        "SELECT decision, decided_by, at FROM season_decisions WHERE league_id = $1 ORDER BY seq",
        league["id"],
    )
    return ExportedSeason.model_construct(
        initial=season_to_dict(season_of(league["initial"])),
        current=season_to_dict(season_of(league["season"])),
        decisions=[
            ExportedDecision.model_construct(decision=d[0], by=d[1], at=d[2]) for d in decisions
        ],
    )


async def import_rows(db: Db, imported: Imported, guild_id: int, channel_id: int) -> int:
    """A checked league, active in ``channel_id`` of ``guild_id``, in the caller's transaction.

    LeagueExists if the channel has an active league. The league's races ran in
    another database: none of them is linked to a race here (``race_id`` NULL).
    """
    try:
        row = await db.fetchrow(
            "INSERT INTO leagues (guild_id, channel_id, name, status, settings,"
            " created_by, created_at, initial, season, season_version)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
            guild_id,
            channel_id,
            imported.name,
            LeagueStatus.ACTIVE.value,
            imported.settings.model_dump_json(),
            imported.created_by,
            imported.created_at,
            season_text(imported.initial),
            season_text(imported.current),
            imported.current.version,
        )
    except UniqueViolation:
        raise LeagueExists(f"channel {channel_id} has an active league") from None
    league_id: int = row["id"]
    for member in imported.members:
        await insert_member(db, league_id, member)
    await append_decisions(
        db, league_id, [(str(decision), by, at) for decision, by, at in imported.decisions]
    )
    await db.executemany(
        "INSERT INTO league_races (league_id, race_no, race_id) VALUES ($1, $2, NULL)",
        [(league_id, race_no) for race_no in imported.races],
    )
    for race_no, at, points in imported.results:
        await db.execute(
            "INSERT INTO league_results (league_id, race_no, at) VALUES ($1, $2, $3)",
            league_id,
            race_no,
            at,
        )
        await insert_points(db, league_id, race_no, points)
    # Each line names its ``correct`` decision, of the same rank (the check made them match).
    seqs = [
        seq
        for seq, (decision, _, _) in enumerate(imported.decisions, start=1)
        if isinstance(decision, CorrectPoints)
    ]
    await db.executemany(
        "INSERT INTO league_corrections (league_id, driver_id, delta, reason, admin_id, at, seq)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7)",
        [
            (league_id, c.driver_id, c.delta, c.reason, c.admin_id, c.at, seq)
            for c, seq in zip(imported.corrections, seqs, strict=True)
        ],
    )
    return league_id
