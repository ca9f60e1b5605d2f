"""Messages a league race posts in the league's channel itself, its Garage draft included.

Runs the real bot against the fake Discord: a six-seat league (Alice and Bob, four
AI drivers) runs its first race, from ``/league start-race`` through the draft
(each person taking the first card offered, by the prompt's button) and the race
(each taking the AI's suggestion every round) to the standings posted after it.
Prints ``league_channel_messages`` (goal: 3, the start line, the result and the
standings), ``league_thread_messages``, ``draft_prompts`` and ``rounds``.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.botdriver import table
from tests.support.botleague import draft
from tests.support.botrace import race_to_the_flag

LEAGUE = "Bench Cup"


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with table(Path(folder) / "heat.sqlite3") as t:
            await t.start()
            await t.slash(
                t.alice, "league create", name=LEAGUE, season="custom",
                tracks="usa:3,italy:1,japan:2", seats=6, fill="ai",
            )  # fmt: skip
            await t.slash(t.bob, "league join")
            before = len(t.in_channel())
            await t.slash(t.alice, "league start-race")
            prompts = await draft(t)
            rounds = await race_to_the_flag(t, {}, live=None)
            scored = f"Race 1 of **{LEAGUE}** is scored."
            await t.fake.wait_for(lambda: any(scored in m.content for m in t.in_channel()))
            in_channel = len(t.in_channel()) - before
            in_threads = sum(len(t.fake.channel_messages(th)) for th in t.threads())
            await t.stop()
    print(f"league_channel_messages: {in_channel}")
    print(f"league_thread_messages: {in_threads}")
    print(f"draft_prompts: {prompts}")
    print(f"rounds: {rounds}")


if __name__ == "__main__":
    asyncio.run(main())
