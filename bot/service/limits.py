"""A server's caps on races running, lobbies open and leagues active, and who changes them.

Hosting the bot for many servers means no one server may take all of it: a
change that would open one more than its server's cap is refused (one line,
nothing stored). The count is read just before the write, so two hosts opening
the last lobby in the same instant may both get it: a cap is a budget, not a
lock, and one over is harmless.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Literal

from bot.service import permits
from bot.service.refusals import Refused
from bot.storage import GuildLimits, Store

log = logging.getLogger("heat.bot")

Capped = Literal["races", "lobbies", "leagues"]
HIGHEST = 1000  # more than any one server should need; a typo of 10000 is refused


async def check_room(store: Store, guild_id: int, what: Capped) -> None:
    """Refused (``limit_races``, ``limit_lobbies``, ``limit_leagues``) if ``what`` is at its cap."""
    limit = getattr(await store.guild_limits(guild_id), what)
    if getattr(await store.guild_load(guild_id), what) >= limit:
        log.info("cap reached guild=%s what=%s limit=%s", guild_id, what, limit)
        raise Refused(f"limit_{what}", limit=limit)


async def change_limits(
    store: Store,
    guild_id: int,
    can_manage: bool,
    *,
    races: int | None = None,
    lobbies: int | None = None,
    leagues: int | None = None,
) -> GuildLimits:
    """The server's caps after the change (Manage Server only); a cap left None is kept."""
    permits.manager(can_manage)
    changes = {"races": races, "lobbies": lobbies, "leagues": leagues}
    given = {name: value for name, value in changes.items() if value is not None}
    if any(not 1 <= value <= HIGHEST for value in given.values()):
        raise Refused("limit_out_of_range", highest=HIGHEST)
    updated = replace(await store.guild_limits(guild_id), **given)
    if given:
        await store.save_guild_limits(guild_id, updated)
        told = " ".join(f"{name}={value}" for name, value in given.items())
        log.info("caps changed guild=%s %s", guild_id, told)
    return updated
