"""Stored rows back to typed values, the same for every store (columns named alike)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.storage.models import OutboxRow, RaceConfig, RaceRecord, RaceStatus, Seat, Timer
from engine.events import Event, event_from_json
from engine.notation import load_state


def events_json(events: Sequence[Event]) -> str:
    return json.dumps([event.to_json() for event in events])


def rounds_json(rounds: Sequence[Sequence[Event]]) -> str:
    return json.dumps([[event.to_json() for event in events] for events in rounds])


def events_of(documents: list[dict[str, Any]]) -> tuple[Event, ...]:
    return tuple(event_from_json(document) for document in documents)


def timer_of(row: Any) -> Timer:
    return Timer(row["race_id"], row["kind"], row["car_id"], row["due_at"], row["wait"])


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
