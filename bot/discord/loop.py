"""The event loop the bot runs on: uvloop where it is installed, asyncio's own elsewhere.

Every acknowledgement waits its turn on one event loop, so the loop's own cost
is paid on every click. uvloop (libuv, in C) schedules callbacks and moves
socket bytes in a fraction of asyncio's time: ``bench/bot_load.py`` at 100
races, 3 runs each on an idle 2-core machine, gave ack p99 26-30 ms against
32-42 ms on asyncio's loop. It has no Windows build; there the bot runs on
asyncio's loop, with the same behaviour.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

try:
    import uvloop
except ImportError:  # Windows: no uvloop build
    uvloop = None  # type: ignore[assignment]


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop factory, or None for asyncio's default loop."""
    return None if uvloop is None else uvloop.new_event_loop
