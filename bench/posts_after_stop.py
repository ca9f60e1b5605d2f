"""Stored posts after a stop: how long a league's posts wait once the bot is back.

Runs the scenario of ``tests/support/stops.py`` (the real bot process against the fake
Discord) after SIGTERM and after kill -9, on SQLite and, with ``--postgres``, on the
test PostgreSQL server (``HEAT_TEST_POSTGRES``, a schema of its own) too. Prints, per
stop and database, the seconds from the reconnect to the draft's next prompt, to the
podium and to the standings, and the slowest draft prompt after its pick. The goal is
2 s; before the fix the posts waited for the 30 s timer sweep.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.postgres import fresh_schema
from tests.support.stops import PostTimes, posts_after_a_stop

STOPS = {"sigterm": signal.SIGTERM, "kill9": signal.SIGKILL}


def report(name: str, times: PostTimes) -> None:
    print(f"{name}_prompt_s: {times.prompt_after_restart:.3f}")
    print(f"{name}_podium_s: {times.podium_after_restart:.3f}")
    print(f"{name}_standings_s: {times.standings_after_restart:.3f}")
    print(f"{name}_pick_to_prompt_max_s: {max(times.prompts_after_picks):.3f}")


async def main(postgres: bool) -> None:
    for stop, how in STOPS.items():
        with tempfile.TemporaryDirectory() as folder:
            report(f"sqlite_{stop}", await posts_after_a_stop(f"{folder}/heat.sqlite3", how))
        if postgres:
            async with fresh_schema() as url:
                report(f"pg_{stop}", await posts_after_a_stop(url, how))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", action="store_true", help="also on PostgreSQL")
    asyncio.run(main(parser.parse_args().postgres))
