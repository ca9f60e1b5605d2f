"""``docker stop`` and several bot processes on one host (issue 37, point 2).

Docker stops a container with SIGTERM and kills it 10 s later: the bot process, busy
with races (AI drivers in the worker pool, people clicking, Discord refusing posts),
exits 0 within 5 s and keeps every plan it told a driver was locked; a bot waiting to
reconnect to Discord stops as fast. A second process given the metrics port the first
holds says so in one line and exits 2 before it connects, and the first runs on.
"""

from __future__ import annotations

import asyncio
import os
import socket
import sys
import time
from pathlib import Path

import aiosqlite
import discord
import pytest

from bot.discord.app import HeatBot
from bot.hosting.settings import Settings
from tests.support.botdriver import answer, custom_id, custom_ids, lobby_in
from tests.support.botprocess import start_bot_process
from tests.support.fakediscord import (
    WAIT_CEILING,
    FakeChannel,
    FakeClock,
    FakeDiscord,
    FakeMessage,
    FakeUser,
)
from tests.support.paths import ROOT

STOP_WITHIN_S = 5.0  # Docker kills a container 10 s after SIGTERM
PEOPLE_RACES = 3  # six people each, clicking as fast as they can
AI_RACES = 2  # one person and five AI drivers each
PLANS_BEFORE_STOP = 24


class Load:
    """Races played round after round; how many plans the drivers were told were locked."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.locked = 0
        self.busy = asyncio.Event()

    async def plan(self, user: FakeUser, board: FakeMessage) -> None:
        """Open the hand, take the suggestion, confirm; counted if the answer says locked."""
        opened = await self.fake.click(user, board, custom_id(board, "heat:b:hand:"))
        await opened.done(timeout=WAIT_CEILING)
        hand = answer(opened)
        if not any(cid.startswith("heat:b:sug:") for cid in custom_ids(hand)):
            return
        suggestion = await self.fake.click(user, hand, custom_id(hand, "heat:b:sug:"))
        await suggestion.done(timeout=WAIT_CEILING)
        confirm = await self.fake.click(user, hand, custom_id(hand, "heat:b:go:"))
        await confirm.done(timeout=WAIT_CEILING)
        if answer(confirm).content.startswith("Plan locked"):
            self.locked += 1
            if self.locked >= PLANS_BEFORE_STOP:
                self.busy.set()

    async def race(self, channel: FakeChannel, users: list[FakeUser], fill: str) -> None:
        """A race played until it ends or the bot is gone (the test cancels it then)."""
        host, *guests = users
        created = await self.fake.slash(
            host, channel, "heat new", track="usa", laps=3, seats=6, fill=fill, level="pro"
        )
        await created.done(timeout=WAIT_CEILING)
        lobby = lobby_in(self.fake, channel)
        for guest in guests:
            joined = await self.fake.click(guest, lobby, custom_id(lobby, "heat:b:join:"))
            await joined.done(timeout=WAIT_CEILING)
        started = await self.fake.click(host, lobby, custom_id(lobby, "heat:b:start:"))
        await started.done(timeout=WAIT_CEILING)
        played = 0
        while True:
            await self.fake.wait_for(lambda seen=played: self.boards(channel) > seen)
            played = self.boards(channel)
            board = [m for m in self.fake.with_threads(channel) if m.attachments][-1]
            if not any(cid.startswith("heat:b:hand:") for cid in custom_ids(board)):
                return
            await asyncio.gather(*(self.plan(user, board) for user in users))

    def boards(self, channel: FakeChannel) -> int:
        return sum(1 for m in self.fake.with_threads(channel) if m.attachments)


PLANS = "SELECT COUNT(*) FROM decisions WHERE decided_by LIKE 'user:%' AND decision LIKE '% plan %'"


async def test_sigterm_under_load_exits_0_within_5_s_and_keeps_every_locked_plan(
    tmp_path: Path,
) -> None:
    database = tmp_path / "heat.sqlite3"
    async with FakeDiscord(clock=FakeClock(follow_real_time=True)) as fake:
        guild = fake.add_guild("Load")
        load = Load(fake)
        tables = []
        for number in range(PEOPLE_RACES + AI_RACES):
            people = 6 if number < PEOPLE_RACES else 1
            users = [fake.add_user(f"driver-{number}-{n}") for n in range(people)]
            for user in users:
                fake.add_member(guild, user)
            fill = "none" if people == 6 else "ai"
            tables.append((fake.add_text_channel(guild, f"race-{number}"), users, fill))
        with (tmp_path / "bot.log").open("wb") as log:
            bot = await start_bot_process(fake, str(database), stderr=log)
        races = [asyncio.create_task(load.race(*table)) for table in tables]
        try:
            await asyncio.wait_for(load.busy.wait(), WAIT_CEILING)
            # Discord fails too: new posts in the races get 503 (discord.py retries them).
            refused = len(fake.rejections)
            for channel, _, _ in tables:
                for place in [channel, *fake.threads(channel)]:
                    fake.outage(place)
            await fake.wait_for(lambda: len(fake.rejections) > refused)
            stopped_at = time.perf_counter()
            bot.terminate()
            code = await asyncio.wait_for(bot.wait(), WAIT_CEILING)
            took = time.perf_counter() - stopped_at
        finally:
            for task in races:
                task.cancel()
            await asyncio.gather(*races, return_exceptions=True)
            if bot.returncode is None:
                bot.kill()
                await bot.wait()
    print(f"stopped in {took:.2f} s after {load.locked} plans locked")
    assert code == 0, "SIGTERM is a graceful stop"
    assert took < STOP_WITHIN_S, f"the bot took {took:.1f} s to stop"
    async with aiosqlite.connect(database) as db:
        (stored,) = await (await db.execute(PLANS)).fetchone() or (0,)
        (checked,) = await (await db.execute("PRAGMA integrity_check")).fetchone() or ("",)
    assert checked == "ok"
    assert stored >= load.locked, "every plan a driver was told is locked is in the database"


async def test_a_bot_waiting_to_reconnect_to_discord_stops_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first of two processes on one host ignored SIGTERM for 17 s and more: the bench
    had gone with the fake Discord, and discord.py slept before its next attempt to
    reconnect (up to 2**10 s), looking whether it was closed only when it woke."""
    waiting = asyncio.Event()

    def delay(self: discord.backoff.ExponentialBackoff[bool]) -> float:
        waiting.set()
        return 600.0  # Discord unreachable for a while: the next attempt is far off

    monkeypatch.setattr(discord.backoff.ExponentialBackoff, "delay", delay)
    async with FakeDiscord() as fake:
        fake.add_guild("Heat Club")
        bot = HeatBot(Settings(database=tmp_path / "heat.sqlite3"))
        identified = fake.gateway.identify_count
        running = asyncio.create_task(bot.start(fake.bot_token))
        try:
            await fake.wait_for(lambda: fake.gateway.identify_count > identified)
            assert bot.ws is not None
            await bot.ws.close(code=1000)  # the connection drops; discord.py will retry
            await asyncio.wait_for(waiting.wait(), WAIT_CEILING)
            stopped_at = time.perf_counter()
            await bot.close()  # what SIGTERM does
            await asyncio.wait_for(asyncio.shield(running), WAIT_CEILING)
            took = time.perf_counter() - stopped_at
        finally:
            if not running.done():
                running.cancel()
                await asyncio.gather(running, return_exceptions=True)
    assert took < STOP_WITHIN_S, f"start() returned {took:.1f} s after close()"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_a_second_process_on_the_metrics_port_says_so_and_exits_2_before_connecting(
    tmp_path: Path,
) -> None:
    port = str(free_port())
    async with FakeDiscord() as fake:
        fake.add_guild("Heat Club", shard=(0, 2))
        fake.add_guild("Other Club", shard=(1, 2))
        env = {"HEAT_METRICS_PORT": port}
        first = await start_bot_process(
            fake, str(tmp_path / "first.sqlite3"), (0, 2), environment=env
        )
        try:
            identified = fake.gateway.identify_count
            second_db = tmp_path / "second.sqlite3"
            second = await asyncio.create_subprocess_exec(
                sys.executable,
                str(ROOT / "bench" / "bot_process.py"),
                fake.state.base_url,
                fake.state.gateway_url,
                fake.bot_token,
                str(second_db),
                env={**os.environ, **env, "HEAT_SHARD_COUNT": "2", "HEAT_SHARD_IDS": "[1]"},
                stderr=asyncio.subprocess.PIPE,
            )
            _, said = await asyncio.wait_for(second.communicate(), WAIT_CEILING)
            assert second.returncode == 2
            # One line (after discord.py's own warnings about voice), no traceback.
            lines = said.decode().strip().splitlines()
            assert lines[-1] == (
                f"heat run: HEAT_METRICS_PORT {port} is in use on 127.0.0.1: another process"
                " (another bot process on this host?) holds it; give each process a port of"
                " its own"
            )
            assert not any("Traceback" in line or "heat run" in line for line in lines[:-1])
            assert fake.gateway.identify_count == identified, "it never connected to Discord"
            assert not second_db.exists(), "nor opened its database"
        finally:
            stopped_at = time.perf_counter()
            first.terminate()
            code = await asyncio.wait_for(first.wait(), WAIT_CEILING)
            took = time.perf_counter() - stopped_at
        assert code == 0 and took < STOP_WITHIN_S, "the first bot stops as ever"
