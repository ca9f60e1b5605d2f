"""A clock a test moves by hand: what the services read as "now" (never the machine's time)."""

from __future__ import annotations


class Clock:
    """Reads ``now``; the test sets it."""

    def __init__(self, now: float = 1_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
