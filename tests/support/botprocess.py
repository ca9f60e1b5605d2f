"""The bot in a process of its own, as in production, pointed at a fake Discord.

Used by the bench (``bench/bot_load.py``) and by the test of the real process.
"""

from __future__ import annotations

import asyncio
import os
import sys

from tests.support.fakediscord import FakeDiscord
from tests.support.paths import ROOT


async def start_bot_process(
    fake: FakeDiscord, database: str, shard: tuple[int, int] | None = None
) -> asyncio.subprocess.Process:
    """The bot in a process of its own, as in production: its heap and its core are its own."""
    script = ROOT / "bench" / "bot_process.py"
    environment = dict(os.environ)
    if shard is not None:
        environment |= {"HEAT_SHARD_COUNT": str(shard[1]), "HEAT_SHARD_IDS": f"[{shard[0]}]"}
    identified = fake.gateway.identify_count
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        str(script),
        fake.state.base_url,
        fake.state.gateway_url,
        fake.bot_token,
        database,
        env=environment,
    )
    await fake.wait_for(lambda: fake.gateway.identify_count > identified)
    return process
