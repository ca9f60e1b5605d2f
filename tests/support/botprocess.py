"""The bot in a process of its own, as in production, pointed at a fake Discord.

Used by the bench (``bench/bot_load.py``) and by the test of the real process.
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import IO

from tests.support.fakediscord import FakeDiscord
from tests.support.paths import ROOT


async def start_bot_process(
    fake: FakeDiscord,
    database: str,
    shard: tuple[int, int] | None = None,
    *,
    environment: dict[str, str] | None = None,
    stderr: IO[bytes] | None = None,
) -> asyncio.subprocess.Process:
    """The bot in a process of its own, as in production: its heap and its core are its own.

    ``environment`` is added to this process's; ``stderr``, a file open for writing, gets
    the bot's log lines (a file, not a pipe: nobody has to read it while the bot runs)."""
    script = ROOT / "bench" / "bot_process.py"
    environment = dict(os.environ) | (environment or {})
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
        stderr=stderr,
    )
    connected = asyncio.create_task(fake.wait_for(lambda: fake.gateway.identify_count > identified))
    ended = asyncio.create_task(process.wait())
    await asyncio.wait({connected, ended}, return_when=asyncio.FIRST_COMPLETED)
    if not connected.done():
        connected.cancel()
        raise RuntimeError(f"the bot process ended with {process.returncode} before connecting")
    ended.cancel()
    connected.result()
    return process
