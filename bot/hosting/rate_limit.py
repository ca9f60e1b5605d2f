"""A per-person rate limit on commands and clicks: a token bucket for each person.

Someone clicking 30 times a second gets a one-line private answer for each
click past the limit and nothing else happens: no race is read, no lock is
taken, so nobody else waits behind them. A person playing normally (a hand,
a suggestion and a confirm in a few seconds) never meets it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

PER_SECOND = 4.0  # clicks a second a person may keep up for ever
BURST = 10  # clicks a person may make at once after a pause
FORGET_AFTER = 1024  # buckets kept before the full ones (idle people) are forgotten


class RateLimit:
    """Says whether a person's next command or click may go through."""

    def __init__(
        self,
        per_second: float = PER_SECOND,
        burst: int = BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_second = per_second
        self.burst = float(burst)
        self.clock = clock
        self._buckets: dict[int, tuple[float, float]] = {}  # user: (tokens, when)
        self._forget_at = FORGET_AFTER

    def allow(self, user_id: int) -> bool:
        """True, taking one token, if the person has one left; False (nothing taken) if not."""
        now = self.clock()
        tokens, then = self._buckets.get(user_id, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.per_second)
        allowed = tokens >= 1.0
        self._buckets[user_id] = (tokens - 1.0 if allowed else tokens, now)
        if len(self._buckets) > self._forget_at:
            self._forget_idle(now)
            # Many people busy at once: look again only once they have doubled.
            self._forget_at = max(FORGET_AFTER, 2 * len(self._buckets))
        return allowed

    def _forget_idle(self, now: float) -> None:
        """Drop the buckets that have filled up again: those people start afresh anyway."""
        refill = self.burst / self.per_second
        self._buckets = {
            user: (tokens, then)
            for user, (tokens, then) in self._buckets.items()
            if now - then < refill
        }
