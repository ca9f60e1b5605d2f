"""Races on a PostgreSQL store for the cluster tests: set up by a service, inspected in SQL."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

import asyncpg

import engine
from bot.service.races import Driver, RaceService
from bot.storage import RaceConfig
from tests.support.fakediscord import WAIT_CEILING

GUILD = 10  # the server of every race here
ALICE = Driver(1, "Alice")
BOB = Driver(2, "Bob")
CONFIG = RaceConfig(track="usa", laps=1, seats=2, fill="none", timer_seconds=600)


async def two_driver_race(races: RaceService, channel_id: int = 20) -> int:
    """A running race of Alice (car A) and Bob (car B), both still to plan round 1."""
    record = await races.new_race(GUILD, channel_id, ALICE, CONFIG)
    await races.join(record.id, BOB, GUILD)
    await races.start(record.id, ALICE.user_id)
    return record.id


async def plan(races: RaceService, race_id: int, driver: Driver, version: int) -> None:
    """The driver confirms the first plan the engine offers, as seen at ``version``."""
    _, seats, state = await races.load(race_id)
    car = next(seat.car_id for seat in seats if seat.user_id == driver.user_id)
    await races.decide(race_id, driver.user_id, version, engine.legal_decisions(state, car)[0])


async def eventually(check: Callable[[], Awaitable[bool]], what: str) -> None:
    """Wait for a condition the test cannot be told about (another backend's state)."""
    give_up = time.monotonic() + WAIT_CEILING
    while not await check():
        if time.monotonic() > give_up:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.02)


# The connections waiting for a lock the admin connection holds, directly or behind
# another waiter (a second waiter for a row queues behind the first).
BLOCKED = """
WITH RECURSIVE blocked (pid) AS (
    SELECT pid FROM pg_stat_activity WHERE pg_backend_pid() = ANY (pg_blocking_pids(pid))
    UNION
    SELECT a.pid FROM pg_stat_activity a JOIN blocked b ON b.pid = ANY (pg_blocking_pids(a.pid))
)
"""


async def blocked_by(admin: asyncpg.Connection) -> int:
    """How many connections wait for the admin's lock (another test's never do)."""
    count: int = await admin.fetchval(BLOCKED + "SELECT count(*) FROM blocked")
    return count


async def end_blocked(admin: asyncpg.Connection) -> None:
    """The server ends the connections waiting for the admin's lock, as a failover would."""
    await admin.execute(BLOCKED + "SELECT pg_terminate_backend(pid) FROM blocked")
