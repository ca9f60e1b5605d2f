"""Messages a race posts in the channel itself: a six-car, two-lap race, with and without
its thread.

Runs the real bot against the fake Discord: six people race the USA over two laps,
each taking the AI's suggestion every round from the round's "Open my hand" button.
The race runs once with a thread per race (the default) and once with the server's
threads turned off (``/heat settings threads:False``, the race posting in the channel
as every race did before threads). Prints ``channel_messages_threads_off``,
``channel_messages_threads_on`` (goal: at most 3), ``thread_messages`` and ``rounds``.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.botdriver import Table, custom_ids, table
from tests.support.botrace import mentioned, plan

LAPS = 2
CARS = 6


async def race(t: Table, *, threads: bool) -> int:
    """One race from its lobby to its result; returns how many rounds were planned."""
    await t.start()
    people = [t.alice, t.bob, t.cleo] + [t.member(name) for name in ("dan", "eve", "finn")]
    if not threads:
        admin = t.member("admin", manage=True)
        await t.slash(admin, "heat settings", threads=False)
    await t.slash(t.alice, "heat new", track="usa", laps=LAPS, seats=CARS, fill="none")
    lobby = t.latest_with("heat:b:join:")
    for person in people[1:]:
        await t.click(person, lobby, "heat:b:join:")
    await t.click(t.alice, lobby, "heat:b:start:")
    await t.wait_started()
    rounds = 0
    while custom_ids(board := t.public()[-1]):
        count = len(t.public())
        for person in mentioned(board, people):
            await plan(t, person, board, None)
        await t.wait_public(count + 1)
        rounds += 1
    await t.fake.wait_for(lambda: "Chequered flag" in t.public()[-1].content)
    await t.stop()
    return rounds


async def main() -> None:
    counts = {}
    for threads in (False, True):
        with tempfile.TemporaryDirectory() as folder:
            async with table(Path(folder) / "heat.sqlite3") as t:
                rounds = await race(t, threads=threads)
                counts[threads] = len(t.in_channel())
                in_threads = sum(len(t.fake.channel_messages(th)) for th in t.threads())
    print(f"channel_messages_threads_off: {counts[False]}")
    print(f"channel_messages_threads_on: {counts[True]}")
    print(f"thread_messages: {in_threads}")
    print(f"rounds: {rounds}")


if __name__ == "__main__":
    asyncio.run(main())
