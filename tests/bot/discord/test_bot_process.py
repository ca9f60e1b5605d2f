"""The bot as production runs it (``bench/bot_process.py``): a process of its own, on the
loop ``serve`` picks (uvloop on Linux), its CPU workers beside it, stopped by SIGTERM as
``docker stop`` does."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite

from tests.support.botdriver import lobby_in
from tests.support.botprocess import start_bot_process
from tests.support.fakediscord import WAIT_CEILING, FakeDiscord


async def test_the_bot_process_opens_a_lobby_and_stops_cleanly_on_sigterm(
    tmp_path: Path,
) -> None:
    database = tmp_path / "heat.sqlite3"
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Heat Club")
        channel = fake.add_text_channel(guild, "races")
        alice = fake.add_user("alice")
        fake.add_member(guild, alice)
        bot = await start_bot_process(fake, str(database))
        try:
            created = await fake.slash(alice, channel, "heat new", track="usa")
            said = await created.done()
            assert said is not None and said.ephemeral, "the lobby is a post in the channel"
            assert any(c.startswith("heat:b:join:") for c in lobby_in(fake, channel).custom_ids)
        finally:
            bot.terminate()
            code = await asyncio.wait_for(bot.wait(), timeout=WAIT_CEILING)
        assert code == 0, "SIGTERM closes the bot as a graceful stop does"
    async with aiosqlite.connect(database) as db:
        rows = await (await db.execute("SELECT status FROM races")).fetchall()
    assert [tuple(r) for r in rows] == [("lobby",)]
