"""REST routes for a guild's scheduled events (the server's Events tab): list, get,
create, modify, delete.

Permissions are Discord's for external events, read at guild level: creating needs
Create Events (since February 2026 Manage Events alone is not enough for a bot);
changing or deleting an event the bot made needs Create Events or Manage Events, one
a member made needs Manage Events. Without them, 403 Missing Permissions (50013);
reading needs none. A bot that is not in the guild gets 403 Missing Access (50001).
"""

from __future__ import annotations

from aiohttp import web

from .bodies import read_body
from .errors import missing_access, missing_permissions, unknown_guild, unknown_scheduled_event
from .event_limits import fields_of_changed_event, fields_of_new_event
from .models import FakeGuild, FakeScheduledEvent, Permission
from .payloads import scheduled_event_payload
from .permissions import guild_permissions
from .rest_common import API, json_response, no_content, query_flag, snowflake
from .state import DiscordState


class ScheduledEventRoutes:
    def __init__(self, state: DiscordState) -> None:
        self._state = state

    def routes(self) -> list[web.RouteDef]:
        events = API + "/guilds/{guild_id}/scheduled-events"
        event = events + "/{event_id}"
        return [
            web.get(events, self.list_events),
            web.post(events, self.create_event),
            web.get(event, self.get_event),
            web.patch(event, self.modify_event),
            web.delete(event, self.delete_event),
        ]

    async def list_events(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        counted = query_flag(request, "with_user_count")
        events = self._state.scheduled_events(guild.id)
        return json_response([scheduled_event_payload(e, user_count=counted) for e in events])

    async def get_event(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        event = self._event(guild, request)
        counted = query_flag(request, "with_user_count")
        return json_response(scheduled_event_payload(event, user_count=counted))

    async def create_event(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        if not self._bot_permissions(guild) & Permission.CREATE_EVENTS:
            raise missing_permissions()
        body, _ = await read_body(request)
        fields = fields_of_new_event(body, self._state.utcnow())
        event = self._state.create_scheduled_event(guild, self._state.bot_user, fields)
        return json_response(scheduled_event_payload(event))

    async def modify_event(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        event = self._changeable_event(guild, request)
        body, _ = await read_body(request)
        fields = fields_of_changed_event(body, event, self._state.utcnow())
        self._state.modify_scheduled_event(event, fields)
        return json_response(scheduled_event_payload(event))

    async def delete_event(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        event = self._changeable_event(guild, request)
        self._state.delete_scheduled_event(guild, event)
        return no_content()

    def _guild(self, request: web.Request) -> FakeGuild:
        guild = self._state.guild(snowflake(request, "guild_id", unknown_guild))
        if self._state.bot_user.id not in guild.members:
            raise missing_access()
        return guild

    def _event(self, guild: FakeGuild, request: web.Request) -> FakeScheduledEvent:
        event = guild.scheduled_events.get(snowflake(request, "event_id", unknown_scheduled_event))
        if event is None:
            raise unknown_scheduled_event()
        return event

    def _changeable_event(self, guild: FakeGuild, request: web.Request) -> FakeScheduledEvent:
        """The event, if the bot may change it: its own with Create or Manage Events, a
        member's with Manage Events."""
        event = self._event(guild, request)
        needed = Permission.MANAGE_EVENTS
        if event.creator is self._state.bot_user:
            needed |= Permission.CREATE_EVENTS
        if not self._bot_permissions(guild) & needed:
            raise missing_permissions()
        return event

    def _bot_permissions(self, guild: FakeGuild) -> Permission:
        return guild_permissions(guild, guild.members[self._state.bot_user.id])
