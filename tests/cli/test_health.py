"""``heat health`` reads its own bot's heartbeat: a bot of another database is not it."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

import pytest

from tests.support.botprocess import start_bot_process
from tests.support.fakediscord import WAIT_CEILING, FakeDiscord
from tests.support.paths import ROOT
from tests.support.postgres import fresh_schema

PASSWORD = "hunter2-not-in-a-file-name"


async def heat_health(env: dict[str, str]) -> tuple[int, str]:
    """``heat health`` as Docker's HEALTHCHECK runs it: its exit status and its one line."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.cli", "health", env=env, stdout=asyncio.subprocess.PIPE, cwd=ROOT
    )
    out, _ = await asyncio.wait_for(process.communicate(), WAIT_CEILING)
    assert process.returncode is not None
    return process.returncode, out.decode()


def with_password(url: str) -> str:
    """The same database, reached with a password (the test server trusts without one)."""
    return url.replace("postgresql://postgres@", f"postgresql://postgres:{PASSWORD}@", 1)


async def test_a_bot_of_another_database_does_not_make_this_one_healthy(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37: with no bot of its database running, ``heat health`` said healthy, reading
    the heartbeat another bot on the machine wrote to the shared /tmp/heat-solo.heartbeat."""
    if "postgresql://postgres@" not in pg_url:
        pytest.skip(f"the test server's URL {pg_url} names no bare postgres user")
    database_a = with_password(pg_url)
    monkeypatch.delenv("HEAT_HEARTBEAT_FILE", raising=False)
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # the default heartbeat's folder, for both
    env = dict(os.environ)
    async with fresh_schema() as database_b, FakeDiscord() as fake:
        bot = await start_bot_process(fake, database_a)
        try:
            give_up = time.monotonic() + WAIT_CEILING
            while not list(tmp_path.glob("*.heartbeat")):  # written once the bot is ready
                assert time.monotonic() < give_up, "the running bot never wrote its heartbeat"
                await asyncio.sleep(0.05)
            assert not [path for path in tmp_path.iterdir() if PASSWORD in path.name]
            code, line = await heat_health(env | {"HEAT_DATABASE": database_a})
            assert (code, line.count("\n")) == (0, 1) and line.startswith("healthy:"), line

            code, line = await heat_health(env | {"HEAT_DATABASE": database_b})
            assert (code, line.count("\n")) == (1, 1), line
            assert line.startswith("unhealthy: no gateway heartbeat in "), line
        finally:
            bot.terminate()
            await asyncio.wait_for(bot.wait(), timeout=WAIT_CEILING)
