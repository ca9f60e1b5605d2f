"""REST routes for guild roles: create a role, give a member a role.

Both need the bot's Manage Roles permission (403 Missing Permissions, 50013),
and a role may only be given if it sits below the bot's highest role, as on
Discord.
"""

from __future__ import annotations

from aiohttp import web

from .bodies import read_body
from .errors import missing_permissions, unknown_guild, unknown_member, unknown_role
from .models import FakeGuild, Permission
from .payloads import role_payload
from .permissions import guild_permissions
from .rest_common import API, json_response, no_content, snowflake
from .state import DiscordState


class GuildRoutes:
    def __init__(self, state: DiscordState) -> None:
        self._state = state

    def routes(self) -> list[web.RouteDef]:
        guild = API + "/guilds/{guild_id}"
        return [
            web.post(guild + "/roles", self.create_role),
            web.put(guild + "/members/{user_id}/roles/{role_id}", self.add_member_role),
        ]

    async def create_role(self, request: web.Request) -> web.Response:
        guild = self._managed_guild(request)
        body, _ = await read_body(request)
        permissions = Permission(int(body.get("permissions") or 0))
        role = self._state.create_role(guild, str(body.get("name") or "new role"), permissions)
        return json_response(role_payload(role))

    async def add_member_role(self, request: web.Request) -> web.Response:
        guild = self._managed_guild(request)
        member = guild.members.get(snowflake(request, "user_id", unknown_member))
        if member is None:
            raise unknown_member()
        role = guild.roles.get(snowflake(request, "role_id", unknown_role))
        if role is None:
            raise unknown_role()
        bot = guild.members[self._state.bot_user.id]
        if role.managed or role.position >= self._state.top_position(guild, bot):
            raise missing_permissions()
        self._state.give_role(guild, member, role)
        return no_content()

    def _managed_guild(self, request: web.Request) -> FakeGuild:
        guild = self._state.guild(snowflake(request, "guild_id", unknown_guild))
        bot = guild.members[self._state.bot_user.id]
        if not guild_permissions(guild, bot) & Permission.MANAGE_ROLES:
            raise missing_permissions()
        return guild
