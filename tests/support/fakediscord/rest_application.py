"""REST routes discord.py calls while logging in and syncing its command tree."""

from __future__ import annotations

from aiohttp import web

from .bodies import read_json_list
from .errors import unknown_application, unknown_guild
from .models import FakeGuild
from .payloads import current_user_payload, user_payload
from .rest_common import API, json_response, snowflake
from .state import DiscordState


class ApplicationRoutes:
    def __init__(self, state: DiscordState) -> None:
        self._state = state

    def routes(self) -> list[web.RouteDef]:
        commands = API + "/applications/{application_id}/commands"
        guild_commands = API + "/applications/{application_id}/guilds/{guild_id}/commands"
        return [
            web.get(API + "/users/@me", self.current_user),
            web.get(API + "/oauth2/applications/@me", self.application),
            web.get(API + "/gateway", self.gateway),
            web.get(API + "/gateway/bot", self.gateway_bot),
            web.get(commands, self.get_commands),
            web.put(commands, self.put_commands),
            web.get(guild_commands, self.get_commands),
            web.put(guild_commands, self.put_commands),
        ]

    async def current_user(self, request: web.Request) -> web.Response:
        return json_response(current_user_payload(self._state.bot_user))

    async def application(self, request: web.Request) -> web.Response:
        state = self._state
        return json_response(
            {
                "id": str(state.application_id),
                "name": state.bot_user.name,
                "icon": None,
                "description": "",
                "summary": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": user_payload(state.bot_user),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "bot": current_user_payload(state.bot_user),
            }
        )

    async def gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self._state.gateway_url})

    async def gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return json_response(
            {"url": self._state.gateway_url, "shards": 1, "session_start_limit": limit}
        )

    async def get_commands(self, request: web.Request) -> web.Response:
        return json_response(self._state.commands(self._guild_of(request)))

    async def put_commands(self, request: web.Request) -> web.Response:
        guild = self._guild_of(request)
        commands = await read_json_list(request)
        return json_response(
            self._state.overwrite_commands(None if guild is None else guild.id, commands)
        )

    def _guild_of(self, request: web.Request) -> FakeGuild | None:
        if snowflake(request, "application_id", unknown_application) != (
            self._state.application_id
        ):
            raise unknown_application()
        if "guild_id" not in request.match_info:
            return None
        return self._state.guild(snowflake(request, "guild_id", unknown_guild))
