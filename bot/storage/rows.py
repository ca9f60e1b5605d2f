"""Stored rows back to typed values, the same for every store (columns named alike)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.storage.models import (
    Correction,
    LeagueRace,
    LeagueRecord,
    LeagueSettings,
    LeagueStatus,
    Member,
    OutboxRow,
    RaceConfig,
    RacePoints,
    RaceRecord,
    RaceStatus,
    Seat,
    Timer,
)
from engine.events import Event, event_from_json
from engine.notation import load_state
from engine.season import SeasonState, season_from_dict, season_to_dict


def events_json(events: Sequence[Event]) -> str:
    return json.dumps([event.to_json() for event in events])


def rounds_json(rounds: Sequence[Sequence[Event]]) -> str:
    return json.dumps([[event.to_json() for event in events] for events in rounds])


def events_of(documents: list[dict[str, Any]]) -> tuple[Event, ...]:
    return tuple(event_from_json(document) for document in documents)


def timer_of(row: Any) -> Timer:
    return Timer(
        row["race_id"],
        row["kind"],
        row["car_id"],
        row["due_at"],
        row["wait"],
        league_id=row["league_id"],
    )


def post_of(row: Any) -> OutboxRow:
    return OutboxRow(
        race_id=row["race_id"],
        kind=row["kind"],
        state=None if row["state"] is None else load_state(row["state"]),
        car_id=row["car_id"],
        rounds=tuple(events_of(events) for events in json.loads(row["rounds"])),
        text=row["text"],
        values=json.loads(row["text_values"]),
        id=row["id"],
        league_id=row["league_id"],
    )


def race_of(row: Any) -> RaceRecord:
    return RaceRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        host_id=row["host_id"],
        status=RaceStatus(row["status"]),
        config=RaceConfig.model_validate_json(row["config"]),
        state=None if row["state"] is None else load_state(row["state"]),
        round_events=events_of(json.loads(row["round_events"])),
        lobby_message_id=row["lobby_message_id"],
        created_at=row["created_at"],
        thread_id=row["thread_id"],
    )


def seat_of(row: Any) -> Seat:
    return Seat(
        car_id=row["car_id"],
        user_id=row["user_id"],
        kind=row["kind"],
        name=row["name"],
        color=row["color"],
        locale=row["locale"],
        autopilot=bool(row["autopilot"]),
    )


def season_text(season: SeasonState) -> str:
    """A season as stored: its notation (``heat-season/1``) as JSON text."""
    return json.dumps(season_to_dict(season), separators=(",", ":"))


def season_of(text: str) -> SeasonState:
    return season_from_dict(json.loads(text))


def league_of(row: Any) -> LeagueRecord:
    return LeagueRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        name=row["name"],
        status=LeagueStatus(row["status"]),
        settings=LeagueSettings.model_validate_json(row["settings"]),
        created_by=row["created_by"],
        created_at=row["created_at"],
        ended_at=row["ended_at"],
        season_version=row["season_version"],
    )


def member_of(row: Any) -> Member:
    return Member(
        user_id=row["user_id"],
        driver_id=row["driver_id"],
        name=row["name"],
        locale=row["locale"],
        joined_at=row["joined_at"],
        left_at=row["left_at"],
    )


def league_race_from(row: Any) -> LeagueRace:
    return LeagueRace(
        row["league_id"], row["race_no"], row["race_id"], bool(row["recorded"]), row["thread_id"]
    )


def race_points_of(row: Any) -> RacePoints:
    return RacePoints(
        row["driver_id"], row["user_id"], row["place"], row["points"], row["spin_outs"]
    )


def correction_of(row: Any) -> Correction:
    return Correction(
        league_id=row["league_id"],
        driver_id=row["driver_id"],
        delta=row["delta"],
        reason=row["reason"],
        admin_id=row["admin_id"],
        at=row["at"],
        id=row["id"],
    )
