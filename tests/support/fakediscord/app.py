"""The aiohttp application: REST routes, the gateway route, auth and error bodies."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from .errors import DiscordAPIError, unauthorized
from .gateway import Gateway
from .rest_application import ApplicationRoutes
from .rest_channels import ChannelRoutes
from .rest_common import API, json_response
from .rest_events import ScheduledEventRoutes
from .rest_guilds import GuildRoutes
from .rest_interactions import InteractionRoutes
from .state import DiscordState

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

# Interaction callbacks and webhooks authenticate by the token in their URL, the
# gateway by IDENTIFY, attachments (the CDN) not at all.
_TOKEN_IN_URL = (API + "/interactions/", API + "/webhooks/", "/attachments/", "/gateway")


def build_app(state: DiscordState, gateway: Gateway) -> web.Application:
    @web.middleware
    async def discord_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            if not request.path.startswith(_TOKEN_IN_URL) and (
                request.headers.get("Authorization") != f"Bot {state.bot_token}"
            ):
                raise unauthorized()
            return await handler(request)
        except DiscordAPIError as error:
            state.record_rejection(request.method, request.path, error)
            return json_response(error.to_json(), error.status)

    app = web.Application(middlewares=[discord_errors], client_max_size=64 * 1024 * 1024)
    # "@me" routes must be registered before "{user_id}" ones to win the match.
    app.add_routes(ApplicationRoutes(state).routes())
    app.add_routes(InteractionRoutes(state).routes())
    app.add_routes(ChannelRoutes(state).routes())
    app.add_routes(GuildRoutes(state).routes())
    app.add_routes(ScheduledEventRoutes(state).routes())
    app.router.add_get("/gateway", gateway.handle)
    return app
