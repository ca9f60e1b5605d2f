"""A dated league race as the server's own Discord event, put (made or moved) and removed.

People follow a league's calendar in Discord's Events tab and mark "Interested" there
as for any event, so each dated race is an external Guild Scheduled Event at the
league's channel. Discord keeps it, not the bot: a member may delete it, and the bot
may lack the right to make it. Neither stops the league, so a 403 or a 404 is logged
in one line and answered as an outcome (with the missing permission's name, for the
organiser's note), never raised. discord.py leaves ``privacy_level`` and
``entity_type`` out unless given, and Discord refuses an event without them, so both
are always sent.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

import discord
from discord.utils import MISSING

log = logging.getLogger("heat.bot")

__all__ = ["EventOutcome", "RaceEvent", "put_event", "remove_event"]

NAME_LIMIT = 100  # Discord's limits for an event's name, description and location
DESCRIPTION_LIMIT = 1000
LOCATION_LIMIT = 100
CREATE_EVENTS = "Create Events"  # as the server's settings name the permissions
MANAGE_EVENTS = "Manage Events"
_GONE = (discord.EventStatus.completed, discord.EventStatus.cancelled)


MAX_EVENTS_REACHED = 30038
"""Discord's error code when a server already has its 100 scheduled events."""


@dataclass(frozen=True, slots=True)
class RaceEvent:
    """What a league race's Discord event says (texts already in the server's language)."""

    name: str  # e.g. "Heat league — race 3: Italy"
    description: str  # the track and the event card
    location: str  # e.g. "#league-channel"
    start: datetime  # aware
    end: datetime  # aware, after start


@dataclass(frozen=True, slots=True)
class EventOutcome:
    """The event's id (None if none could be made; a refused edit keeps the old one), and
    the permission Discord wanted, if it refused for want of one; ``full`` when the server
    already holds as many events as Discord allows (100)."""

    event_id: int | None
    missing_permission: str | None = None
    full: bool = False


async def put_event(
    client: discord.Client, guild_id: int, event_id: int | None, event: RaceEvent
) -> EventOutcome:
    """Make the race's event, or move the one it has. One that is gone (deleted by a
    member, or over) is made again: the race still has a date."""
    guild = await _guild(client, guild_id)
    if guild is None:
        log.info("no event guild=%s event=%s: the guild is gone", guild_id, event_id)
        return EventOutcome(None)
    existing = None
    try:
        existing = None if event_id is None else await _live_event(guild, event_id)
        if existing is not None:
            try:
                return EventOutcome((await _edit(existing, event)).id)
            except discord.NotFound:
                existing = None  # deleted since it was fetched
        return EventOutcome((await _create(guild, event)).id)
    except discord.Forbidden:
        missing = _needed(client, existing)
        log.info("no event guild=%s event=%s missing=%s", guild_id, event_id, missing)
        return EventOutcome(None if existing is None else existing.id, missing)
    except discord.HTTPException as error:
        if error.code != MAX_EVENTS_REACHED:
            raise
        log.info("no event guild=%s: the server holds Discord's most events", guild_id)
        return EventOutcome(None, full=True)


async def remove_event(client: discord.Client, guild_id: int, event_id: int) -> str | None:
    """Delete the race's event (one already gone is fine); the missing permission's name
    if Discord refused, else None."""
    guild = await _guild(client, guild_id)
    if guild is None:
        return None
    existing = None
    try:
        existing = await guild.fetch_scheduled_event(event_id)
        await existing.delete()
    except discord.NotFound:
        return None
    except discord.Forbidden:
        missing = _needed(client, existing)
        log.info("event kept guild=%s event=%s missing=%s", guild_id, event_id, missing)
        return missing
    return None


async def _guild(client: discord.Client, guild_id: int) -> discord.Guild | None:
    """The guild, from the cache or (a process that does not hold it) from Discord."""
    guild = client.get_guild(guild_id)
    if guild is not None:
        return guild
    try:
        return await client.fetch_guild(guild_id)
    except (discord.NotFound, discord.Forbidden):
        return None


async def _live_event(guild: discord.Guild, event_id: int) -> discord.ScheduledEvent | None:
    """The event if it is still scheduled or under way; an ended or cancelled one cannot
    carry a new date."""
    try:
        existing = await guild.fetch_scheduled_event(event_id)
    except discord.NotFound:
        return None
    return None if existing.status in _GONE else existing


async def _create(guild: discord.Guild, event: RaceEvent) -> discord.ScheduledEvent:
    return await guild.create_scheduled_event(
        name=_cut(event.name, NAME_LIMIT),
        description=_cut(event.description, DESCRIPTION_LIMIT) or MISSING,
        start_time=event.start,
        end_time=event.end,
        location=_cut(event.location, LOCATION_LIMIT),
        privacy_level=discord.PrivacyLevel.guild_only,
        entity_type=discord.EntityType.external,
    )


async def _edit(existing: discord.ScheduledEvent, event: RaceEvent) -> discord.ScheduledEvent:
    # Once under way, its start has passed: Discord refuses a start sent again then.
    scheduled = existing.status is discord.EventStatus.scheduled
    return await existing.edit(
        name=_cut(event.name, NAME_LIMIT),
        description=_cut(event.description, DESCRIPTION_LIMIT) or MISSING,
        start_time=event.start if scheduled else MISSING,
        end_time=event.end,
        location=_cut(event.location, LOCATION_LIMIT),
        privacy_level=discord.PrivacyLevel.guild_only,
        entity_type=discord.EntityType.external,
    )


def _needed(client: discord.Client, existing: discord.ScheduledEvent | None) -> str:
    """Creating, or changing its own event, a bot needs Create Events (Manage Events also
    does for the latter); changing a member's event, Manage Events."""
    if existing is None or client.user is None or existing.creator_id == client.user.id:
        return CREATE_EVENTS
    return MANAGE_EVENTS


def _cut(text: str, limit: int) -> str:
    """``text`` within Discord's ``limit``, an ellipsis marking what was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
