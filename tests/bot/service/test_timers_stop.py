"""A stopping bot's timers (issue 37, point 2): the loop ends after the timer it is firing,
or is cancelled past the grace, and the timers not yet fired stay due for the next start."""

from __future__ import annotations

import asyncio
import time
from typing import Any, cast

from bot.service.timers import Scheduler
from bot.storage import Timer
from tests.support.fakediscord import WAIT_CEILING


class Due:
    """A store with three deadlines due, and races whose first expiry never ends."""

    def __init__(self) -> None:
        self.timers = [Timer(race, "deadline", "A", 10.0, f"r1:plan:{race}") for race in (1, 2, 3)]
        self.fired: list[int | None] = []
        self.firing = asyncio.Event()
        self.stuck = asyncio.Event()  # never set: the first expiry hangs (a slow AI, a lock)

    async def due_timers(self, now: float) -> list[Timer]:
        return [t for t in self.timers if t.race_id not in self.fired]

    async def next_due(self) -> float | None:
        return None

    async def expire(self, timer: Timer) -> None:
        self.fired.append(timer.race_id)
        self.firing.set()
        if timer.race_id == 1:
            await self.stuck.wait()


async def nothing_after(_: int) -> None:
    return None


async def test_a_stop_cancels_a_timer_run_past_its_grace_and_fires_no_other() -> None:
    due = Due()
    store, races = cast(Any, due), cast(Any, due)
    scheduler = Scheduler(store, races, nothing_after, clock=lambda: 100.0)
    scheduler.start()
    await asyncio.wait_for(due.firing.wait(), WAIT_CEILING)
    stopped_at = time.perf_counter()
    await asyncio.wait_for(scheduler.stop(grace=0.2), WAIT_CEILING)
    took = time.perf_counter() - stopped_at
    assert took < 2.0, f"the stop waited {took:.1f} s for a timer run that never ends"
    assert due.fired == [1], "the timers after it stay due for the next start"


async def test_a_stop_lets_the_timer_being_fired_finish_then_fires_no_other() -> None:
    due = Due()
    due.timers = due.timers[1:]  # every expiry ends
    gate = asyncio.Event()
    expire = due.expire

    async def slow(timer: Timer) -> None:
        await expire(timer)
        await gate.wait()

    due.expire = slow  # type: ignore[method-assign]
    scheduler = Scheduler(cast(Any, due), cast(Any, due), nothing_after, clock=lambda: 100.0)
    scheduler.start()
    await asyncio.wait_for(due.firing.wait(), WAIT_CEILING)
    stopping = asyncio.create_task(scheduler.stop(grace=WAIT_CEILING))
    await asyncio.sleep(0)  # the stop is asked for while timer 2 is being fired
    gate.set()
    await asyncio.wait_for(stopping, WAIT_CEILING)
    assert due.fired == [2], "timer 2 finished; timer 3 stays due"
