"""Posting the outbox: each row once, in order per race or league, deleted once posted.

Rows are written with the change that calls for them, so a crash between the
commit and the post loses nothing: whatever is left is posted as soon as the
bot is back in the server (:meth:`Outbox.catch_up`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.storage import OutboxRow, Store

log = logging.getLogger("heat.outbox")

Post = Callable[[OutboxRow, bool], Awaitable[None]]


class PostLater(Exception):
    """The row could not be posted now (the chat service failed); keep it for a retry."""


class Outbox:
    """Hands a race's or a league's rows to ``post`` oldest first, one poster at a time."""

    def __init__(self, store: Store, post: Post) -> None:
        self.store = store
        self.post = post
        self._locks: dict[tuple[str, int], asyncio.Lock] = {}

    async def flush(
        self, race_id: int | None = None, *, league_id: int | None = None, resumed: bool = False
    ) -> int:
        """Post a race's rows (or a league's); returns how many. ``resumed``: after a restart."""
        if (race_id is None) == (league_id is None):
            raise ValueError("flush one race's rows or one league's")
        owner = ("league", league_id) if league_id is not None else ("race", race_id or 0)
        posted = 0
        async with self._locks.setdefault(owner, asyncio.Lock()):
            # Until none are left: another process may have written rows meanwhile and
            # left them to this one, which held the earlier rows (see the store).
            while rows := await self.store.outbox(race_id, league_id=league_id):
                for row in rows:
                    try:
                        await self.post(row, resumed)
                    except PostLater:
                        log.warning("post kept for later %s=%s kind=%s", *owner, row.kind)
                        return posted
                    except Exception:
                        # A row that cannot be drawn would block the outbox for good.
                        log.exception("post dropped %s=%s kind=%s", *owner, row.kind)
                    await self.store.delete_posted(row)
                    posted += 1
        return posted

    async def catch_up(self, guild_id: int) -> int:
        """Once the bot is back in a server: post what a stopped bot left there.

        Leagues first: a league's draft tells the channel its race is starting
        before the race's first board.
        """
        waiting = await self.store.unposted(guild_id)
        counts = [await self.flush(league_id=league) for league in waiting.leagues]
        counts += [await self.flush(race, resumed=True) for race in waiting.races]
        return sum(counts)
