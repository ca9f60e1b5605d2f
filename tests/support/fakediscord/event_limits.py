"""Discord's rules for a guild scheduled event's fields, checked before anything is stored.

Every bad field is reported at once, as one 400 "Invalid Form Body" (50035), the way
Discord answers. A create must name all an event needs: discord.py leaves
``privacy_level`` and ``entity_type`` out unless it is given them, and Discord then
refuses the event. A modify is checked as the event it would make (the stored event
with the body over it), and a start time it sends must still be ahead, even an
unchanged one: Discord refuses a re-sent start once that time has passed. The fake
has no voice or stage channels, so only EXTERNAL events can be made. The error codes
are Discord's where it documents them; the rest are named the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from .errors import FormErrors
from .models import GUILD_ONLY, EntityType, EventStatus, FakeScheduledEvent

Json = dict[str, Any]

NAME_LIMIT = 100
DESCRIPTION_LIMIT = 1000
LOCATION_LIMIT = 100
OPEN_EVENTS_LIMIT = 100  # scheduled or active events a server may have at once

# The only status changes Discord allows; COMPLETED and CANCELED are final.
_STATUS_CHANGES = frozenset(
    {
        (EventStatus.SCHEDULED, EventStatus.ACTIVE),
        (EventStatus.ACTIVE, EventStatus.COMPLETED),
        (EventStatus.SCHEDULED, EventStatus.CANCELED),
    }
)


@dataclass(frozen=True)
class EventFields:
    """An event as a valid request leaves it."""

    name: str
    description: str | None
    start: datetime
    end: datetime | None
    entity_type: EntityType
    location: str | None
    privacy_level: int
    status: EventStatus


def fields_of_new_event(body: Json, now: datetime) -> EventFields:
    """The event a create body makes, or 50035 naming every bad field (a new event is
    always SCHEDULED: a status in the body is not one of the create's fields)."""
    sent = {key: value for key, value in body.items() if key != "status"}
    return _checked(sent, sent, EventStatus.SCHEDULED, now)


def fields_of_changed_event(body: Json, event: FakeScheduledEvent, now: datetime) -> EventFields:
    """The event a modify body leaves (every field optional), or 50035."""
    stored: Json = {
        "name": event.name,
        "description": event.description,
        "scheduled_start_time": event.start.isoformat(),
        "scheduled_end_time": None if event.end is None else event.end.isoformat(),
        "entity_type": int(event.entity_type),
        "entity_metadata": None if event.location is None else {"location": event.location},
        "privacy_level": event.privacy_level,
        "channel_id": None if event.channel_id is None else str(event.channel_id),
    }
    return _checked({**stored, **body}, body, event.status, now)


def _checked(event: Json, sent: Json, status: EventStatus, now: datetime) -> EventFields:
    errors = FormErrors()
    errors.check_length(["name"], event.get("name"), 1, NAME_LIMIT)
    description = event.get("description")
    if description is not None:
        errors.check_length(["description"], description, 0, DESCRIPTION_LIMIT)
    privacy_level = event.get("privacy_level")
    if privacy_level is None:
        errors.add(["privacy_level"], "BASE_TYPE_REQUIRED", "This field is required")
    elif privacy_level != GUILD_ONLY:
        errors.add(["privacy_level"], "BASE_TYPE_CHOICES", "Value must be one of {2}.")
    entity_type = _entity_type(event.get("entity_type"), errors)
    start = _time(event, "scheduled_start_time", errors, required=True)
    if start is not None and "scheduled_start_time" in sent and start <= now:
        errors.add(
            ["scheduled_start_time"],
            "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST",
            "Cannot schedule event in the past.",
        )
    end = _time(event, "scheduled_end_time", errors, required=entity_type is EntityType.EXTERNAL)
    if start is not None and end is not None and end <= start:
        errors.add(
            ["scheduled_end_time"],
            "GUILD_SCHEDULED_EVENT_END_BEFORE_START",
            "Cannot schedule event to end before starting.",
        )
    location = _location(event, entity_type, errors)
    new_status = _status(sent, status, errors)
    errors.raise_if_any()
    assert entity_type is not None and start is not None
    return EventFields(
        name=str(event["name"]),
        description=description,
        start=start,
        end=end,
        entity_type=entity_type,
        location=location,
        privacy_level=GUILD_ONLY,
        status=new_status,
    )


def _entity_type(value: object, errors: FormErrors) -> EntityType | None:
    if value is None:
        errors.add(["entity_type"], "BASE_TYPE_REQUIRED", "This field is required")
        return None
    if not isinstance(value, int) or value not in {int(kind) for kind in EntityType}:
        errors.add(["entity_type"], "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3}.")
        return None
    return EntityType(value)


def _time(event: Json, key: str, errors: FormErrors, *, required: bool) -> datetime | None:
    value = event.get(key)
    if value is None:
        if required:
            errors.add([key], "BASE_TYPE_REQUIRED", "This field is required")
        return None
    try:
        when = datetime.fromisoformat(str(value))
    except ValueError:
        errors.add([key], "DATE_TIME_TYPE_PARSE", f"Could not parse {value}. Should be ISO8601.")
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def _location(event: Json, entity_type: EntityType | None, errors: FormErrors) -> str | None:
    """An external event's place: required there, with no channel; elsewhere a channel."""
    if entity_type is None:
        return None
    if entity_type is not EntityType.EXTERNAL:
        if event.get("channel_id") is None:
            errors.add(["channel_id"], "BASE_TYPE_REQUIRED", "This field is required")
        else:  # the fake has no voice or stage channels
            errors.add(
                ["channel_id"],
                "GUILD_SCHEDULED_EVENT_INVALID_CHANNEL",
                "Channel must be a voice or stage channel.",
            )
        return None
    if event.get("channel_id") is not None:
        errors.add(
            ["channel_id"],
            "GUILD_SCHEDULED_EVENT_EXTERNAL_CHANNEL",
            "An external event cannot have a channel.",
        )
    metadata = event.get("entity_metadata")
    location = metadata.get("location") if isinstance(metadata, dict) else None
    errors.check_length(["entity_metadata", "location"], location, 1, LOCATION_LIMIT)
    return location if isinstance(location, str) else None


def _status(sent: Json, status: EventStatus, errors: FormErrors) -> EventStatus:
    if "status" not in sent:
        return status
    try:
        wanted = EventStatus(int(sent["status"]))
    except (TypeError, ValueError):
        errors.add(["status"], "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4}.")
        return status
    if wanted is not status and (status, wanted) not in _STATUS_CHANGES:
        errors.add(
            ["status"],
            "GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION",
            f"Cannot change status from {status.name} to {wanted.name}.",
        )
    return wanted
