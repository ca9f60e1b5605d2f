"""A league as one JSON document (``heat-league`` version 1): written, checked, read back.

The document holds every row a league has, each season in the season notation
and each decision in its text form, so it moves a league between databases
and is what an ended league keeps (docs/league-export.md). An import trusts
nothing: the JSON shape, the version, the seasons and decisions must all read
back and the log must lead from the first season to the current one, or the
import is refused with a one-line reason; a row given twice is refused by the
database's own keys, and the import's transaction leaves nothing behind.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.storage.league_sql import RACES, append_decisions, insert_member, insert_points
from bot.storage.models import LeagueSettings, Member, RacePoints
from bot.storage.rows import league_of, member_of, race_points_of, season_of, season_text
from bot.storage.sql import Db, UniqueViolation
from bot.storage.store import BadLeagueExport, LeagueExists, NoSuchLeague
from engine.season import (
    SeasonDecision,
    SeasonState,
    parse_season_decision,
    replay_season,
    season_from_dict,
    season_to_dict,
)

FORMAT = "heat-league"
VERSION: Literal[1] = 1


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class ExportedMember(_Part):
    user_id: int
    driver_id: str = Field(min_length=1)
    name: str
    locale: str
    joined_at: int = Field(ge=1)
    left_at: int | None


class ExportedDecision(_Part):
    decision: str
    by: str
    at: float


class ExportedSeason(_Part):
    initial: dict[str, Any]
    current: dict[str, Any]
    decisions: list[ExportedDecision]


class ExportedRace(_Part):
    race_no: int = Field(ge=1)
    race_id: int | None


class ExportedPoints(_Part):
    driver_id: str = Field(min_length=1)
    user_id: int | None
    place: int | None = Field(ge=1)
    points: int
    spin_outs: int = Field(ge=0)


class ExportedResult(_Part):
    race_no: int = Field(ge=1)
    at: float
    points: list[ExportedPoints]


class ExportedCorrection(_Part):
    driver_id: str = Field(min_length=1)
    delta: int
    reason: str = Field(min_length=1)
    admin_id: int
    at: float


class LeagueExport(_Part):
    """The whole document; ``model_dump(mode="json")`` is what export returns."""

    format: Literal["heat-league"]
    version: Literal[1]
    guild_id: int
    channel_id: int
    name: str
    status: Literal["active", "ended"]
    settings: LeagueSettings
    created_by: int
    created_at: float
    ended_at: float | None
    members: list[ExportedMember]
    season: ExportedSeason | None
    races: list[ExportedRace]
    results: list[ExportedResult]
    corrections: list[ExportedCorrection]


@dataclass(frozen=True, slots=True)
class Imported:
    """A checked document with its seasons and decisions read into engine values."""

    document: LeagueExport
    initial: SeasonState | None
    current: SeasonState | None
    decisions: list[SeasonDecision]


def checked(document: Mapping[str, Any]) -> Imported:
    """The document, validated whole; BadLeagueExport with the first problem found."""
    if not isinstance(document, Mapping):
        raise BadLeagueExport(f"a league export is a JSON object, not {type(document).__name__}")
    if document.get("format") != FORMAT:
        raise BadLeagueExport(f"not a league export: format is {document.get('format')!r}")
    if document.get("version") != VERSION:
        raise BadLeagueExport(
            f"league export version {document.get('version')!r} is not one this bot reads"
            f" ({VERSION})"
        )
    try:
        parsed = LeagueExport.model_validate_json(json.dumps(document))
    except (TypeError, ValueError) as error:  # ValidationError is a ValueError
        raise BadLeagueExport(f"bad league export: {_first_problem(error)}") from None
    if parsed.season is None:
        return Imported(parsed, None, None, [])
    season = parsed.season
    initial = _season(season.initial, "season.initial")
    current = _season(season.current, "season.current")
    decisions = [_decision(d.decision) for d in season.decisions]
    try:
        replayed = replay_season(initial, decisions)
    except ValueError as error:  # the engine's RulesError
        raise BadLeagueExport(f"bad league export: season log: {_line(error)}") from None
    if replayed != current:
        raise BadLeagueExport(
            "bad league export: the season log does not lead from season.initial to season.current"
        )
    return Imported(parsed, initial, current, decisions)


def _first_problem(error: Exception) -> str:
    """One line for a whole validation error: where the first problem is and what it is."""
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "document"
        return f"{where}: {first['msg']}"
    return _line(error)


def _season(notation: dict[str, Any], where: str) -> SeasonState:
    try:
        return season_from_dict(notation)
    except (ValueError, TypeError, KeyError) as error:
        raise BadLeagueExport(f"bad league export: {where}: {_line(error)}") from None


def _decision(text: str) -> SeasonDecision:
    try:
        return parse_season_decision(text)
    except ValueError as error:
        raise BadLeagueExport(f"bad league export: {_line(error)}") from None


def _line(error: Exception) -> str:
    """An error's message on one line (the name of its kind if it has none)."""
    lines = str(error).splitlines()
    return lines[0] if lines else type(error).__name__


async def export_document(db: Db, league_id: int) -> dict[str, Any]:
    """The league's document (see :mod:`bot.storage.league_export`), read through ``db``."""
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
    document = LeagueExport(
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
        members=[ExportedMember(**asdict(member_of(row))) for row in members],
        season=await _exported_season(db, league),
        races=[ExportedRace(race_no=row["race_no"], race_id=row["race_id"]) for row in races],
        results=[
            ExportedResult(
                race_no=result["race_no"],
                at=result["at"],
                points=[
                    ExportedPoints(**asdict(race_points_of(row)))
                    for row in points
                    if row["race_no"] == result["race_no"]
                ],
            )
            for result in results
        ],
        corrections=[
            ExportedCorrection(
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
    return ExportedSeason(
        initial=season_to_dict(season_of(league["initial"])),
        current=season_to_dict(season_of(league["season"])),
        decisions=[ExportedDecision(decision=d[0], by=d[1], at=d[2]) for d in decisions],
    )


async def import_rows(db: Db, imported: Imported) -> int:
    """The checked document's league and every row of it, in the caller's transaction.

    LeagueExists if its channel has an active league. A row the document holds
    twice (a member, a race, a driver's points) breaks a unique key: the
    document is refused.
    """
    league = imported.document
    try:
        row = await db.fetchrow(
            "INSERT INTO leagues (guild_id, channel_id, name, status, settings,"
            " created_by, created_at, ended_at, initial, season, season_version)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
            league.guild_id,
            league.channel_id,
            league.name,
            league.status,
            league.settings.model_dump_json(),
            league.created_by,
            league.created_at,
            league.ended_at,
            None if imported.initial is None else season_text(imported.initial),
            None if imported.current is None else season_text(imported.current),
            0 if imported.current is None else imported.current.version,
        )
    except UniqueViolation:
        raise LeagueExists(f"channel {league.channel_id} has an active league") from None
    league_id: int = row["id"]
    try:
        await _insert_rows(db, league_id, imported)
    except UniqueViolation as error:
        raise BadLeagueExport(f"bad league export: a row appears twice ({error})") from None
    return league_id


async def _insert_rows(db: Db, league_id: int, imported: Imported) -> None:
    league = imported.document
    for member in league.members:
        await insert_member(db, league_id, Member(**member.model_dump()))
    if league.season is not None:
        await append_decisions(
            db,
            league_id,
            [
                (str(decision), exported.by, exported.at)
                for decision, exported in zip(
                    imported.decisions, league.season.decisions, strict=True
                )
            ],
        )
    await db.executemany(
        "INSERT INTO league_races (league_id, race_no, race_id) VALUES ($1, $2, NULL)",
        [(league_id, race.race_no) for race in league.races],
    )
    for result in league.results:
        await db.execute(
            "INSERT INTO league_results (league_id, race_no, at) VALUES ($1, $2, $3)",
            league_id,
            result.race_no,
            result.at,
        )
        rows = [RacePoints(**points.model_dump()) for points in result.points]
        await insert_points(db, league_id, result.race_no, rows)
    await db.executemany(
        "INSERT INTO league_corrections (league_id, driver_id, delta, reason, admin_id, at)"
        " VALUES ($1, $2, $3, $4, $5, $6)",
        [(league_id, c.driver_id, c.delta, c.reason, c.admin_id, c.at) for c in league.corrections],
    )
