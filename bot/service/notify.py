"""How a person is told a race waits for them (``/heat notify``): their own setting.

A mention in the race's thread is the default; a direct message, or nothing, is
chosen by the person, for every race they drive. Nobody changes another's setting,
so nothing here needs a permit. Nothing here imports discord.
"""

from __future__ import annotations

import logging
from typing import cast, get_args

from bot.service.refusals import Refused
from bot.storage import NotifyMode, Store

log = logging.getLogger("heat.bot")

MODES: tuple[str, ...] = get_args(NotifyMode)


class NotifySettings:
    """Reads and changes a person's way of being told."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def change(self, user_id: int, mode: str | None) -> NotifyMode:
        """The setting after the change (``None`` changes nothing: the setting as it is)."""
        if mode is None:
            return await self.store.notify_mode(user_id)
        if mode not in MODES:
            raise Refused("unknown_action")
        await self.store.set_notify(user_id, cast(NotifyMode, mode))
        log.info("notify changed user=%s mode=%s", user_id, mode)
        return cast(NotifyMode, mode)
