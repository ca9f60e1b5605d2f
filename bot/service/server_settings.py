"""A server's settings: the default turn timer, the channels races may run in, and whether
each race runs in a thread of its own.

Every command may read them; only someone with Manage Server changes them.
Nothing here imports discord: a refusal is a :class:`Refused` with a text key.
"""

from __future__ import annotations

import logging

from bot.service import permits
from bot.storage import GuildSettings, Store

log = logging.getLogger("heat.bot")


class ServerSettings:
    """Changes a server's settings, for those who may."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def change(
        self,
        guild_id: int,
        can_manage: bool,
        channel_id: int,
        *,
        timer_seconds: int | None = None,
        allow_channel: bool | None = None,
        threads: bool | None = None,
    ) -> GuildSettings:
        """The settings after the change: a new default timer, ``channel_id`` allowed or not,
        threads on or off."""
        permits.manager(can_manage)
        current = await self.store.guild_settings(guild_id)
        channels = set(current.channels)
        if allow_channel is True:
            channels.add(channel_id)
        elif allow_channel is False:
            channels.discard(channel_id)
        timer = current.timer_seconds if timer_seconds is None else timer_seconds
        updated = GuildSettings(
            timer,
            tuple(sorted(channels)),
            current.threads if threads is None else threads,
        )
        await self.store.save_guild_settings(guild_id, updated)
        log.info(
            "settings changed guild=%s channels=%s threads=%s",
            guild_id,
            len(updated.channels),
            updated.threads,
        )
        return updated
