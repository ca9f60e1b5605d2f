"""Load on the real bot: many races at once through the fake Discord.

Starts the fake Discord here and the bot in a process of its own (as in
production, the bot's heap and garbage collections are its own), opens RACES
lobbies with six drivers each, and plays ROUNDS rounds of every race
concurrently: each driver opens their hand, takes the AI's suggestion and
confirms. Drivers think before each click (a seeded
0.5-3 s, as people do); ``--burst`` drops the thinking, so all drivers click
in the same instant, the worst case. Prints the interaction-to-acknowledgement
latency (``ack_p50_ms``, ``ack_p99_ms``) and ``decisions_lost``: plans a driver
saw confirmed that the database does not hold, plus interactions never
acknowledged. ``--races N`` plays N races instead of 100; the figures' names
then end in ``_N`` (``ack_p99_ms_300``).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiosqlite

from tests.botdriver import answer, custom_id, custom_ids
from tests.fakediscord import FakeChannel, FakeClock, FakeDiscord, FakeMessage, FakeUser

RACES = 100
DRIVERS = 6
ROUNDS = 4


THINK = (0.5, 3.0)  # seconds a driver takes before each click


async def think(rng: random.Random | None) -> None:
    if rng is not None:
        await asyncio.sleep(rng.uniform(*THINK))


async def plan(
    fake: FakeDiscord, user: FakeUser, board: FakeMessage, rng: random.Random | None
) -> bool:
    """One driver's round: open the hand, take the suggestion, confirm. True if confirmed."""
    await think(rng)
    opened = await fake.click(user, board, custom_id(board, "heat:b:hand:"))
    await opened.done(timeout=60)
    hand = answer(opened)
    if not any(cid.startswith("heat:b:sug:") for cid in custom_ids(hand)):
        return False
    await think(rng)
    suggestion = await fake.click(user, hand, custom_id(hand, "heat:b:sug:"))
    await suggestion.done(timeout=60)
    await think(rng)
    confirm = await fake.click(user, hand, custom_id(hand, "heat:b:go:"))
    await confirm.done(timeout=60)
    return answer(confirm).content.startswith("Plan locked")


async def race(
    fake: FakeDiscord, channel: FakeChannel, users: list[FakeUser], rng: random.Random | None
) -> int:
    """Open, fill and start a race, then play ROUNDS rounds; returns plans confirmed."""
    host, *guests = users
    created = await fake.slash(host, channel, "heat new", track="usa", laps=1, seats=6, fill="none")
    await created.done(timeout=60)
    lobby = answer(created)
    for guest in guests:
        joined = await fake.click(guest, lobby, custom_id(lobby, "heat:b:join:"))
        await joined.done(timeout=60)
    started = await fake.click(host, lobby, custom_id(lobby, "heat:b:start:"))
    await started.done(timeout=60)
    confirmed = 0
    for played in range(ROUNDS):
        await fake.wait_for(lambda seen=played: _boards(fake, channel) > seen, timeout=120)
        board = [m for m in fake.channel_messages(channel) if m.attachments][-1]
        if not custom_ids(board):
            break
        results = await asyncio.gather(*(plan(fake, user, board, rng) for user in users))
        confirmed += sum(results)
    return confirmed


def _boards(fake: FakeDiscord, channel: FakeChannel) -> int:
    return sum(1 for m in fake.channel_messages(channel) if m.attachments)


async def start_bot_process(fake: FakeDiscord, database: Path) -> asyncio.subprocess.Process:
    """The bot in a process of its own, as in production: its heap and its core are its own."""
    script = Path(__file__).resolve().parent / "bot_process.py"
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        str(script),
        fake.state.base_url,
        fake.state.gateway_url,
        fake.bot_token,
        str(database),
    )
    await fake.wait_for(lambda: fake.gateway.identify_count > 0, timeout=60)
    return process


async def stored_plans(database: Path) -> int:
    async with aiosqlite.connect(database) as db:
        cursor = await db.execute(
            "SELECT COUNT(*) FROM decisions"
            " WHERE decided_by LIKE 'user:%' AND decision LIKE '% plan %'"
        )
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def main(races: int, burst: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "heat.sqlite3"
        async with FakeDiscord(clock=FakeClock(follow_real_time=True)) as fake:
            guild = fake.add_guild("Load")
            tables = []
            for number in range(races):
                channel = fake.add_text_channel(guild, f"race-{number}")
                users = [fake.add_user(f"driver-{number}-{i}") for i in range(DRIVERS)]
                for user in users:
                    fake.add_member(guild, user)
                tables.append((channel, users))
            bot = await start_bot_process(fake, database)
            start = time.perf_counter()
            rngs = [None if burst else random.Random(n) for n in range(len(tables))]
            runs = (race(fake, c, u, rng) for (c, u), rng in zip(tables, rngs, strict=True))
            confirmed = sum(await asyncio.gather(*runs))
            elapsed = time.perf_counter() - start
            bot.terminate()
            await bot.wait()
            latencies = sorted(fake.ack_latencies())
            unanswered = sum(1 for i in fake.interactions if i.ack_type is None)
        lost = confirmed - await stored_plans(database) + unanswered
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    suffix = "" if races == RACES else f"_{races}"
    print(f"clicks: {'burst' if burst else 'paced'}")
    print(f"races{suffix}: {races}")
    print(f"drivers{suffix}: {races * DRIVERS}")
    print(f"interactions{suffix}: {len(latencies)}")
    print(f"plans_confirmed{suffix}: {confirmed}")
    print(f"elapsed_s{suffix}: {elapsed:.1f}")
    print(f"ack_p50_ms{suffix}: {statistics.median(latencies) * 1000:.1f}")
    print(f"ack_p99_ms{suffix}: {p99 * 1000:.1f}")
    print(f"decisions_lost{suffix}: {lost}")


if __name__ == "__main__":
    # The fake Discord keeps every message and interaction for inspection; its
    # collections would pause this process and show up as acknowledgement time.
    # It is the measuring instrument, not the bot: keep its collector out of the
    # figures (the bot's own process collects as usual).
    gc.disable()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=RACES)
    parser.add_argument("--burst", action="store_true")
    args = parser.parse_args()
    asyncio.run(main(args.races, args.burst))
