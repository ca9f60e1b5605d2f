"""An injectable clock for Discord's time limits.

Discord fails an interaction that is not acknowledged within 3 s and expires its
token after 15 min. Tests must check both without waiting, so every limit in the
fake reads this clock, and tests move it forward with :meth:`FakeClock.advance`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

# How long a test waits for an event before it gives up: far above the slowest run seen
# on a loaded 2-core machine (a bot's start-up there took 13 s), so only an event that
# never comes fails a test, never a slow machine.
WAIT_CEILING = 120.0


class FakeClock:
    """Seconds since the fake started, moved forward by hand.

    With ``follow_real_time=True`` the clock also runs with the wall clock, so a bot
    that is genuinely slow misses its 3 s window; ``advance`` still jumps ahead.
    The default (manual only) keeps test outcomes independent of machine load.
    """

    def __init__(self, *, follow_real_time: bool = False) -> None:
        self._follow_real_time = follow_real_time
        self._origin = time.monotonic()
        self._offset = 0.0
        self._listeners: list[Callable[[], None]] = []

    def now(self) -> float:
        elapsed = time.monotonic() - self._origin if self._follow_real_time else 0.0
        return elapsed + self._offset

    def advance(self, seconds: float) -> None:
        """Jump forward; listeners (e.g. the ack-deadline sweep) run immediately."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self._offset += seconds
        for listener in list(self._listeners):
            listener()

    def on_advance(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)
