"""A league as one JSON document (``heat-league`` version 1), and checking one before import.

The document holds every row a league has, each season in the season notation
and each decision in its text form, so it moves a league between databases
and is what an ended league keeps. An import trusts nothing: the JSON shape,
the version, the seasons and decisions must all read back, or the import is
refused with a one-line reason before anything is written.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.storage.models import LeagueSettings
from bot.storage.store import BadLeagueExport
from engine.season import replay_season
from engine.season_decisions import SeasonDecision, parse_season_decision
from engine.season_notation import season_from_dict
from engine.season_state import SeasonState

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
    place: int = Field(ge=1)
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
    name: str = Field(min_length=1)
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


class Imported(BaseModel):
    """A checked document with its seasons and decisions read into engine values."""

    model_config = ConfigDict(arbitrary_types_allowed=True, frozen=True)

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
    _check_unique(parsed)
    if parsed.season is None:
        return Imported(document=parsed, initial=None, current=None, decisions=[])
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
    return Imported(document=parsed, initial=initial, current=current, decisions=decisions)


def _first_problem(error: Exception) -> str:
    """One line for a whole validation error: where the first problem is and what it is."""
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "document"
        return f"{where}: {first['msg']}"
    return _line(error)


def _check_unique(document: LeagueExport) -> None:
    """Rows the database keys once must appear once in the document."""
    race_nos = [race.race_no for race in document.races]
    result_nos = [result.race_no for result in document.results]
    active = [m.user_id for m in document.members if m.left_at is None]
    drivers = [m.driver_id for m in document.members if m.left_at is None]
    keyed: list[tuple[str, list[Any]]] = [
        ("races: race_no", race_nos),
        ("results: race_no", result_nos),
        ("members: user_id", active),
        ("members: driver_id", drivers),
        *(
            (f"results: race {r.race_no} driver_id", [p.driver_id for p in r.points])
            for r in document.results
        ),
    ]
    for what, values in keyed:
        if len(set(values)) != len(values):
            raise BadLeagueExport(f"bad league export: {what} repeated")


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
