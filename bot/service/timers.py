"""Turn timers: rows in the store, armed at start-up, fired when due.

A deadline lets the AI decide for the absent driver so the race never stalls;
a reminder mentions the driver once before that. Both leave what must be said
in the outbox; ``after`` posts it. A league draft's timers are rows of the same
table, fired by ``league_timer`` (which posts what its change says).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from bot.hosting import metrics
from bot.service.races import RaceService
from bot.storage import Store, Timer

log = logging.getLogger("heat.timers")

LONGEST_NAP = 3600.0  # wake at least hourly, in case the clock jumps
# A store shared by several processes gets timers this process is not told about
# (another process armed them, then died): look at least this often.
SHARED_NAP = 30.0
RETRY_AFTER = 5.0  # seconds before a failed timer run is tried again
CANCELLED_WITHIN_S = 0.5  # how long a stop waits for a cancelled timer run to unwind


class Scheduler:
    """Sleeps until the next timer is due, or until woken because timers changed."""

    def __init__(
        self,
        store: Store,
        races: RaceService,
        after: Callable[[int], Awaitable[object]],
        clock: Callable[[], float] = time.time,
        longest_nap: float = LONGEST_NAP,
    ) -> None:
        self.store = store
        self.races = races
        self.after = after
        self.clock = clock
        self.longest_nap = longest_nap
        self._wake = asyncio.Event()
        self._firing = asyncio.Lock()
        self._stopping = False
        self._task: asyncio.Task[None] | None = None
        # Fires a league's timer and posts what it changed (set by whoever runs leagues).
        self.league_timer: Callable[[Timer], Awaitable[object]] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="heat-timers")

    async def stop(self, grace: float | None = None) -> None:
        """Let the loop finish the timer it is firing and end; past ``grace`` seconds, cancel
        it (the timer, not fired, stays due for the next start)."""
        self._stopping = True
        self._wake.set()
        if self._task is None:
            return
        if grace is None:
            await self._task
            return
        done, _ = await asyncio.wait({self._task}, timeout=grace)
        if not done:
            self._task.cancel()
            await asyncio.wait({self._task}, timeout=CANCELLED_WITHIN_S)

    def wake(self) -> None:
        """Timers changed: look again for the soonest one."""
        self._wake.set()

    async def _loop(self) -> None:
        while not self._stopping:
            self._wake.clear()
            try:
                await self.run_due(self.clock())
                due = await self.store.next_due()
            except Exception:
                # A store that failed (a database gone) is tried again soon, not at once.
                log.exception("timer run failed")
                due = self.clock() + RETRY_AFTER
            longest = self.longest_nap
            nap = longest if due is None else min(max(due - self.clock(), 0), longest)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(nap):
                    await self._wake.wait()

    async def run_due(self, now: float) -> int:
        """Fire every timer due at ``now``, one run at a time; returns how many fired."""
        async with self._firing:
            timers = await self.store.due_timers(now)
            fired = 0
            for timer in timers:
                if self._stopping:
                    break  # a stopping bot leaves the rest due, for its next start
                await self._fire(timer)
                fired += 1
            return fired

    async def _fire(self, timer: Timer) -> None:
        metrics.timer_fired(timer.due_at, self.clock())
        if timer.race_id is None:
            if self.league_timer is not None:
                await self.league_timer(timer)
            return
        if timer.kind == "prune":
            await self.races.prune(timer)
            return  # nothing to post
        if timer.kind == "deadline":
            await self.races.expire(timer)
        else:
            await self.races.remind(timer)
        await self.after(timer.race_id)
