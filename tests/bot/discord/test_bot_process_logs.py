"""The bot process's logs (``bench/bot_process.py``, started as ``heat run`` starts the bot):
``HEAT_LOG_FORMAT=json HEAT_LOG_LEVEL=debug`` gives one JSON object per line, at debug,
each event naming its race and server. The bench's processes wrote no line at all."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from tests.support.botdriver import lobby_in
from tests.support.botprocess import start_bot_process
from tests.support.fakediscord import WAIT_CEILING, FakeDiscord


async def test_the_bot_process_logs_json_lines_at_debug_with_race_and_guild(
    tmp_path: Path,
) -> None:
    log = tmp_path / "bot.log"
    env = {"HEAT_LOG_FORMAT": "json", "HEAT_LOG_LEVEL": "debug"}
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Heat Club")
        channel = fake.add_text_channel(guild, "races")
        alice = fake.add_user("alice")
        fake.add_member(guild, alice)
        with log.open("wb") as stderr:
            bot = await start_bot_process(
                fake, str(tmp_path / "heat.sqlite3"), environment=env, stderr=stderr
            )
            try:
                created = await fake.slash(alice, channel, "heat new", track="usa")
                await created.done()
                lobby_in(fake, channel)
            finally:
                bot.terminate()
                code = await asyncio.wait_for(bot.wait(), WAIT_CEILING)
    assert code == 0
    lines = [line for line in log.read_text().splitlines() if line.strip()]
    assert lines, "the bot process logs"
    events: list[dict[str, Any]] = [json.loads(line) for line in lines]  # each line JSON
    assert all({"time", "level", "logger", "message"} <= set(e) for e in events)
    assert any(e["level"] == "DEBUG" for e in events), "debug lines too"
    (created_line,) = [e for e in events if e["message"].startswith("race created")]
    assert created_line["race"] == 1 and created_line["guild"] == guild.id
