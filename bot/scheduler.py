"""Turn timers: rows in the store, armed at start-up, fired when due.

A deadline lets the AI decide for the absent driver so the race never stalls;
a reminder mentions the driver once before that.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

from bot.orchestrator import REMINDED, Orchestrator, Progress
from bot.publisher import Publisher
from bot.store import Store, Timer
from bot.texts import t

log = logging.getLogger("heat.timers")

LONGEST_NAP = 3600.0  # wake at least hourly, in case the clock jumps


class Scheduler:
    """Sleeps until the next timer is due, or until woken because timers changed."""

    def __init__(
        self,
        store: Store,
        orchestrator: Orchestrator,
        publisher: Publisher,
        locale_of: Callable[[int], str],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.orchestrator = orchestrator
        self.publisher = publisher
        self.locale_of = locale_of
        self.clock = clock
        self._wake = asyncio.Event()
        self._firing = asyncio.Lock()
        self._stopping = False
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="heat-timers")

    async def stop(self) -> None:
        """Let the loop finish its current run and end."""
        self._stopping = True
        self._wake.set()
        if self._task is not None:
            await self._task

    def wake(self) -> None:
        """Timers changed: look again for the soonest one."""
        self._wake.set()

    async def _loop(self) -> None:
        while not self._stopping:
            self._wake.clear()
            try:
                await self.run_due(self.clock())
            except Exception:
                log.exception("timer run failed")
            due = await self.store.next_due()
            nap = LONGEST_NAP if due is None else min(max(due - self.clock(), 0), LONGEST_NAP)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(nap):
                    await self._wake.wait()

    async def run_due(self, now: float) -> int:
        """Fire every timer due at ``now``, one run at a time; returns how many fired."""
        async with self._firing:
            timers = [t for t in await self.store.due_timers(now) if t.kind != REMINDED]
            for timer in timers:
                if timer.kind == "deadline":
                    await self._deadline(timer)
                else:
                    await self._reminder(timer)
            return len(timers)

    async def _deadline(self, timer: Timer) -> None:
        progress = await self.orchestrator.expire(timer)
        if progress is None:
            return
        locale = self.locale_of(progress.race.guild_id)
        seat = progress.seat(timer.car_id)
        step = timer.wait.partition("/")[2]
        await self.publisher.say(
            progress.race, t("timer_played", locale, name=seat.name, step=step)
        )
        await self._publish(progress, locale)

    async def _reminder(self, timer: Timer) -> None:
        record = await self.store.race(timer.race_id)
        if record is None:
            await self.store.drop_timer(timer)
            return
        seats = await self.store.seats(timer.race_id)
        seat = next((s for s in seats if s.car_id == timer.car_id), None)
        deadline = next(
            (
                x.due_at
                for x in await self.store.timers(timer.race_id)
                if x.kind == "deadline" and x.car_id == timer.car_id
            ),
            None,
        )
        if seat is not None and seat.user_id is not None and deadline is not None:
            step = timer.wait.partition("/")[2]
            locale = self.locale_of(record.guild_id)
            await self.publisher.remind(record, seat, step, deadline, locale)
        await self.orchestrator.reminded(timer)

    async def _publish(self, progress: Progress, locale: str) -> None:
        await self.publisher.publish(progress, locale)
