"""The per-person rate limit on commands and clicks: a burst, then a steady rate."""

from __future__ import annotations

from bot.hosting.rate_limit import BURST, PER_SECOND, RateLimit
from tests.support.clock import Clock

ALICE, BOB = 1, 2


def test_thirty_clicks_in_an_instant_pass_a_burst_and_nobody_else_is_held() -> None:
    clock = Clock(100.0)
    rate = RateLimit(clock=clock)
    flood = [rate.allow(ALICE) for _ in range(30)]
    assert flood == [True] * BURST + [False] * (30 - BURST)
    assert rate.allow(BOB), "another person is not held back"
    clock.now += 1.0
    again = [rate.allow(ALICE) for _ in range(10)]
    assert sum(again) == int(PER_SECOND), "a second later, a second's worth"


def test_idle_people_are_forgotten_and_start_afresh() -> None:
    clock = Clock(100.0)
    rate = RateLimit(clock=clock)
    for user in range(5000):
        assert rate.allow(user)
    clock.now += BURST / PER_SECOND + 1
    newcomers = 0
    while len(rate._buckets) >= 5000:  # the next look comes at twice the busy count, at most
        assert rate.allow(10_000 + newcomers)
        newcomers += 1
        assert newcomers <= 10_000, "the idle ones were never dropped"
    assert len(rate._buckets) == newcomers, "only the newcomers are kept"
    assert all(rate.allow(0) for _ in range(BURST)), "a forgotten person has a full burst"
