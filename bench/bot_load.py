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

``--database postgresql://...`` compares, in one run, the bot on SQLite in one
process with a shard cluster of ``--processes`` bot processes (2 by default)
sharing PostgreSQL (in a schema of its own, dropped afterwards), each process
running one shard and the races spread over one guild per shard. It prints
``sqlite_*`` and ``pg_*`` figures: ``ack_p50_ms``, ``ack_p99_ms``,
``decisions_per_s`` (plans confirmed per second of the run) and
``decisions_lost``. With ``HEAT_METRICS_PORT`` set, the first bot process serves its
figures on that port and each next one on the port after.

The bot processes read the environment as ``heat run`` does: ``HEAT_LOG_FORMAT=json
HEAT_LOG_LEVEL=debug`` makes them log one JSON object per line on stderr.

``--flood`` measures the same races without and with a flood, alternating
(``--pairs`` pairs, 2 by default, so the machine's drift falls on both sides):
the flood is one person who sends ``/heat status`` 30 times a second in the
first race's channel for the whole run (the per-person rate limit answers them
in one private line each). ``ack_p99_ms_runs`` and ``ack_p99_ms_flooded_runs``
list each run's p99 of everyone else's acknowledgements; ``noise_p99_ratio`` is
the largest over the smallest p99 of the runs without a flood (how much the
same run moves by itself); ``flooded_p99_ratio`` is the median flooded p99 over
the median p99 without. The flood changes nothing beyond noise when
``flooded_p99_ratio`` lies within ``1/noise_p99_ratio .. noise_p99_ratio``.
``flood_sent``, ``flood_refused`` and ``flood_ack_p99_ms`` are the flooder's
(summed, and the largest p99, over the flooded runs).

``--champions`` measures the same way, without and with ``--champion-races`` races (1 by
default) of one person and five Champions (``level=champion``: every AI car searches, in
the bot's process pool) played beside the races measured; only the measured races'
acknowledgements count. ``ack_p99_ms_runs``, ``ack_p99_ms_champions_runs``,
``noise_p99_ratio`` and ``champions_p99_ratio`` read as for the flood;
``champion_plans`` counts the rounds the champions' races played.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiosqlite
import asyncpg

from bot.storage.choice import is_postgres
from tests.support.botdriver import answer, custom_id, custom_ids, lobby_in
from tests.support.botprocess import start_bot_process
from tests.support.fakediscord import FakeChannel, FakeClock, FakeDiscord, FakeMessage, FakeUser

RACES = 100
DRIVERS = 6
ROUNDS = 4


THINK = (0.5, 3.0)  # seconds a driver takes before each click
FLOOD_PER_S = 30  # the flooder's commands a second


async def flood(
    fake: FakeDiscord, channel: FakeChannel, user: FakeUser, stop: asyncio.Event
) -> None:
    """``/heat status`` FLOOD_PER_S times a second until ``stop``, not waiting for answers."""
    sent = 0
    start = time.perf_counter()
    while not stop.is_set():
        await fake.slash(user, channel, "heat status")
        sent += 1
        # Keep to the rate over the whole run, however late a single send is.
        await asyncio.sleep(max(0.0, start + sent / FLOOD_PER_S - time.perf_counter()))


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
    fake: FakeDiscord,
    channel: FakeChannel,
    users: list[FakeUser],
    rng: random.Random | None,
    **lobby: str,
) -> int:
    """Open, fill and start a race, then play ROUNDS rounds; returns plans confirmed.
    ``lobby``: more ``/heat new`` options (``fill="ai", level="champion"``)."""
    host, *guests = users
    options = {"fill": "none", **lobby}
    created = await fake.slash(host, channel, "heat new", track="usa", laps=1, seats=6, **options)
    await created.done(timeout=60)
    lobby = lobby_in(fake, channel)
    for guest in guests:
        joined = await fake.click(guest, lobby, custom_id(lobby, "heat:b:join:"))
        await joined.done(timeout=60)
    started = await fake.click(host, lobby, custom_id(lobby, "heat:b:start:"))
    await started.done(timeout=60)
    confirmed = 0
    for played in range(ROUNDS):
        await fake.wait_for(lambda seen=played: _boards(fake, channel) > seen, timeout=120)
        board = [m for m in fake.with_threads(channel) if m.attachments][-1]
        if not custom_ids(board):
            break
        results = await asyncio.gather(*(plan(fake, user, board, rng) for user in users))
        confirmed += sum(results)
    return confirmed


def metrics_port(index: int) -> dict[str, str]:
    """``HEAT_METRICS_PORT`` is the first bot process's port; the next ones take the ports
    after it (two processes cannot serve on one port)."""
    first = os.environ.get("HEAT_METRICS_PORT")
    return {} if not first else {"HEAT_METRICS_PORT": str(int(first) + index)}


def _boards(fake: FakeDiscord, channel: FakeChannel) -> int:
    return sum(1 for m in fake.with_threads(channel) if m.attachments)


PLANS = "SELECT COUNT(*) FROM decisions WHERE decided_by LIKE 'user:%' AND decision LIKE '% plan %'"


async def stored_plans(database: str) -> int:
    if is_postgres(database):
        db = await asyncpg.connect(database)
        try:
            return int(await db.fetchval(PLANS))
        finally:
            await db.close()
    async with aiosqlite.connect(database) as db:
        cursor = await db.execute(PLANS)
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def measure(
    races: int,
    burst: bool,
    database: str,
    processes: int,
    flooding: bool = False,
    champion_races: int = 0,
) -> dict[str, float]:
    """Play the races against ``processes`` bot processes (one shard each if more than one),
    beside ``champion_races`` races of one person and five Champions (not measured)."""
    async with FakeDiscord(clock=FakeClock(follow_real_time=True)) as fake:
        shards = [(n, processes) for n in range(processes)] if processes > 1 else [None]
        guilds = [fake.add_guild(f"Load {n}", shard=shard) for n, shard in enumerate(shards)]
        tables = []
        for number in range(races):
            guild = guilds[number % len(guilds)]
            channel = fake.add_text_channel(guild, f"race-{number}")
            users = [fake.add_user(f"driver-{number}-{i}") for i in range(DRIVERS)]
            for user in users:
                fake.add_member(guild, user)
            tables.append((channel, users))
        flooder = fake.add_user("flooder")
        fake.add_member(guilds[0], flooder)
        champions = []
        for number in range(champion_races):
            channel = fake.add_text_channel(guilds[0], f"champions-{number}")
            person = fake.add_user(f"against-champions-{number}")
            fake.add_member(guilds[0], person)
            champions.append((channel, person))
        bots: list[asyncio.subprocess.Process] = []
        try:
            for index, shard in enumerate(shards):
                own = metrics_port(index)
                bots.append(await start_bot_process(fake, database, shard, environment=own))
            start = time.perf_counter()
            rngs = [None if burst else random.Random(n) for n in range(len(tables))]
            runs = [race(fake, c, u, rng) for (c, u), rng in zip(tables, rngs, strict=True)]
            beside = asyncio.gather(
                *(
                    race(fake, c, [p], random.Random(-1), fill="ai", level="champion")
                    for c, p in champions
                )
            )
            stop = asyncio.Event()
            flooding_task = asyncio.create_task(
                flood(fake, tables[0][0], flooder, stop) if flooding else stop.wait()
            )
            confirmed = sum(await asyncio.gather(*runs))
            elapsed = time.perf_counter() - start
            champion_plans = sum(await beside)
            stop.set()
            await flooding_task
            flooded = [i for i in fake.interactions if i.user is flooder]
            await asyncio.gather(*(i.done(timeout=60) for i in flooded))
        finally:
            # Stopped whatever happened: a bot left running would outlive the bench.
            for bot in bots:
                if bot.returncode is None:
                    bot.terminate()
            for bot in bots:
                await bot.wait()
        against = {person for _, person in champions}
        others = [i for i in fake.interactions if i.user is not flooder and i.user not in against]
        latencies = sorted(i.ack_latency for i in others if i.ack_latency is not None)
        unanswered = sum(1 for i in others if i.ack_type is None)
    lost = confirmed + champion_plans - await stored_plans(database) + unanswered
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    flood_figures: dict[str, float] = {}
    if flooding:
        flood_latencies = sorted(i.ack_latency for i in flooded if i.ack_latency is not None)
        refused = sum(1 for i in flooded if i.response and "Too many clicks" in i.response.content)
        flood_figures = {
            "flood_sent": len(flooded),
            "flood_refused": refused,
            "flood_ack_p99_ms": round(
                flood_latencies[min(len(flood_latencies) - 1, int(len(flood_latencies) * 0.99))]
                * 1000,
                1,
            ),
        }
    return flood_figures | {
        "champion_plans": champion_plans,
        "interactions": len(latencies),
        "plans_confirmed": confirmed,
        "elapsed_s": round(elapsed, 1),
        "ack_p50_ms": round(statistics.median(latencies) * 1000, 1),
        "ack_p99_ms": round(p99 * 1000, 1),
        "decisions_per_s": round(confirmed / elapsed, 1),
        "decisions_lost": lost,
    }


async def main(races: int, burst: bool, beside: str | None, pairs: int, champions: int) -> None:
    """One run, or ``pairs`` runs without and with what goes on ``beside`` ("flooded": the
    flood; "champions": races of Champions), alternating."""
    suffix = "" if races == RACES else f"_{races}"
    print(f"clicks: {'burst' if burst else 'paced'}")
    print(f"races{suffix}: {races}")
    print(f"drivers{suffix}: {races * DRIVERS}")
    if beside is None:
        print_run(await measure_once(races, burst), suffix)
        return
    load = {"flooding": True} if beside == "flooded" else {"champion_races": champions}
    calm: list[dict[str, float]] = []
    loaded: list[dict[str, float]] = []
    for _ in range(pairs):
        calm.append(await measure_once(races, burst))
        loaded.append(await measure_once(races, burst, **load))
    calm_p99 = [run["ack_p99_ms"] for run in calm]
    loaded_p99 = [run["ack_p99_ms"] for run in loaded]
    print(f"ack_p99_ms_runs{suffix}: {' / '.join(map(str, calm_p99))}")
    print(f"ack_p99_ms_{beside}_runs{suffix}: {' / '.join(map(str, loaded_p99))}")
    print(f"ack_p50_ms{suffix}: {statistics.median(r['ack_p50_ms'] for r in calm)}")
    print(f"ack_p50_ms_{beside}{suffix}: {statistics.median(r['ack_p50_ms'] for r in loaded)}")
    print(f"decisions_lost{suffix}: {sum(r['decisions_lost'] for r in calm)}")
    print(f"decisions_lost_{beside}{suffix}: {sum(r['decisions_lost'] for r in loaded)}")
    if beside == "flooded":
        print(f"flood_sent{suffix}: {sum(r['flood_sent'] for r in loaded)}")
        print(f"flood_refused{suffix}: {sum(r['flood_refused'] for r in loaded)}")
        print(f"flood_ack_p99_ms{suffix}: {max(r['flood_ack_p99_ms'] for r in loaded)}")
    else:
        print(f"champion_races{suffix}: {champions}")
        print(f"champion_plans{suffix}: {sum(r['champion_plans'] for r in loaded)}")
    print(f"noise_p99_ratio{suffix}: {max(calm_p99) / max(min(calm_p99), 0.001):.2f}")
    ratio = statistics.median(loaded_p99) / max(statistics.median(calm_p99), 0.001)
    print(f"{beside}_p99_ratio{suffix}: {ratio:.2f}")


async def measure_once(
    races: int, burst: bool, flooding: bool = False, champion_races: int = 0
) -> dict[str, float]:
    """One run on a fresh SQLite file."""
    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "heat.sqlite3")
        return await measure(races, burst, database, 1, flooding, champion_races)


def print_run(figures: dict[str, float], suffix: str) -> None:
    for name in ("interactions", "plans_confirmed", "elapsed_s", "ack_p50_ms", "ack_p99_ms"):
        print(f"{name}{suffix}: {figures[name]}")
    print(f"decisions_lost{suffix}: {figures['decisions_lost']}")


async def compare(server: str, races: int, burst: bool, processes: int) -> None:
    """SQLite in one process, then PostgreSQL with a cluster of processes, same races."""
    print(f"clicks: {'burst' if burst else 'paced'}")
    print(f"races: {races}")
    print(f"pg_processes: {processes}")
    with tempfile.TemporaryDirectory() as folder:
        sqlite = await measure(races, burst, str(Path(folder) / "heat.sqlite3"), 1)
    admin = await asyncpg.connect(server)
    schema = f"heat_bench_{secrets.token_hex(4)}"
    await admin.execute(f"CREATE SCHEMA {schema}")
    try:
        url = f"{server}{'&' if '?' in server else '?'}search_path={schema}"
        postgres = await measure(races, burst, url, processes)
    finally:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()
    for prefix, figures in (("sqlite", sqlite), ("pg", postgres)):
        for name, value in figures.items():
            print(f"{prefix}_{name}: {value}")


if __name__ == "__main__":
    # The fake Discord keeps every message and interaction for inspection; its
    # collections would pause this process and show up as acknowledgement time.
    # It is the measuring instrument, not the bot: keep its collector out of the
    # figures (the bot's own process collects as usual).
    gc.disable()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=RACES)
    parser.add_argument("--burst", action="store_true")
    parser.add_argument("--flood", action="store_true", help="one person sends 30 commands/s")
    parser.add_argument("--pairs", type=int, default=2, help="runs without and with the load")
    parser.add_argument("--database", help="a postgresql:// URL: compare with SQLite")
    parser.add_argument("--processes", type=int, default=2, help="bot processes on PostgreSQL")
    parser.add_argument("--champions", action="store_true", help="races of Champions beside")
    parser.add_argument("--champion-races", type=int, default=1, help="each: 1 person, 5 AI")
    args = parser.parse_args()
    beside = "flooded" if args.flood else "champions" if args.champions else None
    if args.database is None:
        asyncio.run(main(args.races, args.burst, beside, args.pairs, args.champion_races))
    else:
        asyncio.run(compare(args.database, args.races, args.burst, args.processes))
