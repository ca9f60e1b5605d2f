"""Small helpers shared by the REST route modules."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from aiohttp import web

from .errors import DiscordAPIError

API = "/api/v10"
_TRUE = frozenset({"1", "true", "True"})


def snowflake(request: web.Request, name: str, not_found: Callable[[], DiscordAPIError]) -> int:
    """A path id as int; Discord answers an id that cannot exist with the 404 it names."""
    try:
        return int(request.match_info[name])
    except ValueError:
        raise not_found() from None


def query_flag(request: web.Request, name: str) -> bool:
    return request.query.get(name) in _TRUE


def json_response(payload: Any, status: int = 200) -> web.Response:
    # discord.py parses a body as JSON only if Content-Type is exactly
    # "application/json"; aiohttp's json_response would append "; charset=utf-8".
    return web.Response(
        body=json.dumps(payload).encode(), status=status, content_type="application/json"
    )


def no_content() -> web.Response:
    return web.Response(status=204)
