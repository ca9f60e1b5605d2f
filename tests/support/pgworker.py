"""A bot process without Discord, for the cluster tests: the real race service, outbox and timers.

Usage: ``python -m tests.support.pgworker URL OWNER COMMAND...``. It posts by writing
each outbox row into the ``posted`` table (the test reads what was posted, by
whom, in what order). Commands, run in order:

- ``decide:RACE:USER``: the user confirms the engine's first plan, then the race's
  outbox is posted;
- ``timers:NOW``: every timer due at NOW fires (the AI plays), then posts;
- ``league_timers:NOW``: the same with the leagues' timers fired too (a dated race's
  reminders and start, draft turns), as the bot wires them;
- ``catch_up:GUILD``: what is left in the outbox for the server's races is posted, as
  when the bot is back in that server;
- ``hang_on:KIND``: from now on, posting a row of KIND prints ``posting ID`` and
  never returns (the test kills the process there).
"""

from __future__ import annotations

import asyncio
import sys

import asyncpg

from bot.service.league_nights import LeagueNights
from bot.service.leagues import LeagueService
from bot.service.outbox import Outbox
from bot.service.races import Driver, RaceService
from bot.service.timers import Scheduler
from bot.storage import NIGHT_TIMERS, OutboxRow, Timer
from bot.storage.postgres import PostgresStore
from tests.support.paths import ROOT
from tests.support.pgraces import plan

POSTED = """
CREATE TABLE IF NOT EXISTS posted (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    row_id BIGINT NOT NULL,
    race_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    poster TEXT NOT NULL
)
"""


async def main(url: str, owner: str, commands: list[str]) -> None:
    store = await PostgresStore.open(url, owner)
    races = RaceService(store)
    recorder = await asyncpg.connect(url)
    hang_on: set[str] = set()

    async def post(row: OutboxRow, resumed: bool) -> None:
        if row.kind in hang_on:
            print(f"posting {row.id}", flush=True)
            await asyncio.Event().wait()
        await recorder.execute(
            "INSERT INTO posted (row_id, race_id, kind, poster) VALUES ($1, $2, $3, $4)",
            row.id,
            row.race_id,
            row.kind,
            owner,
        )

    outbox = Outbox(store, post)
    try:
        for command in commands:
            name, _, rest = command.partition(":")
            if name == "decide":
                race_id, user_id = (int(part) for part in rest.split(":"))
                record = await store.race(race_id)
                assert record is not None
                await plan(races, race_id, Driver(user_id, f"user {user_id}"), record.version)
                await outbox.flush(race_id)
            elif name == "timers":
                now = float(rest)
                await Scheduler(store, races, outbox.flush, lambda at=now: at).run_due(now)
            elif name == "league_timers":
                now = float(rest)
                await league_scheduler(store, races, outbox, now).run_due(now)
            elif name == "catch_up":
                await outbox.catch_up(int(rest))
            elif name == "hang_on":
                hang_on.add(rest)
            else:
                raise SystemExit(f"pgworker: unknown command {command!r}")
            print(f"done {command}", flush=True)
    finally:
        await recorder.close()
        await store.close()


async def worker(url: str, owner: str, *commands: str) -> asyncio.subprocess.Process:
    """A bot process of its own session, so that killing it takes its CPU workers too."""
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.support.pgworker",
        url,
        owner,
        *commands,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        start_new_session=True,
    )


async def finished(process: asyncio.subprocess.Process) -> str:
    output, _ = await asyncio.wait_for(process.communicate(), timeout=300)
    assert process.returncode == 0, output.decode()
    return output.decode()


def league_scheduler(
    store: PostgresStore, races: RaceService, outbox: Outbox, now: float
) -> Scheduler:
    """A scheduler at ``now`` that fires league timers as the bot does: a dated race's by
    :class:`LeagueNights`, a draft turn's by the league service."""
    leagues = LeagueService(store, races, lambda: now)
    nights = LeagueNights(store, leagues, lambda: now)

    async def league_timer(timer: Timer) -> object:
        if timer.kind in NIGHT_TIMERS:
            return await nights.fire(timer)
        return await leagues.expire_draft(timer)

    scheduler = Scheduler(store, races, outbox.flush, lambda: now)
    scheduler.league_timer = league_timer
    return scheduler


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
