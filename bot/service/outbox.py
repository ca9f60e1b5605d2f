"""Posting the outbox: each row once, in order per race, deleted once posted.

Rows are written with the change that calls for them, so a crash between the
commit and the post loses nothing: whatever is left is posted at start-up.
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
    """Hands a race's rows to ``post`` oldest first, one poster per race at a time."""

    def __init__(self, store: Store, post: Post) -> None:
        self.store = store
        self.post = post
        self._locks: dict[int, asyncio.Lock] = {}

    async def flush(self, race_id: int, *, resumed: bool = False) -> int:
        """Post the race's rows; returns how many were posted. ``resumed``: after a restart."""
        posted = 0
        async with self._locks.setdefault(race_id, asyncio.Lock()):
            # Until none are left: another process may have written rows meanwhile and
            # left them to this one, which held the race's earlier rows (see the store).
            while rows := await self.store.outbox(race_id):
                for row in rows:
                    try:
                        await self.post(row, resumed)
                    except PostLater:
                        log.warning("post kept for later race=%s kind=%s", race_id, row.kind)
                        return posted
                    except Exception:
                        # A row that cannot be drawn would block the race's outbox for good.
                        log.exception("post dropped race=%s kind=%s", race_id, row.kind)
                    await self.store.delete_posted(row)
                    posted += 1
        return posted

    async def flush_all(self) -> int:
        """At start-up: post every row a stopped bot left, race by race."""
        races = sorted({row.race_id for row in await self.store.outbox()})
        counts = [await self.flush(race_id, resumed=True) for race_id in races]
        return sum(counts)
