"""The bot runs in production on the loop ``bot.discord.loop`` picks (uvloop on Linux).

The other tests run on asyncio's loop, under pytest-asyncio; these play the same
end-to-end races, fake Discord and all, on the production loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.discord.loop import loop_factory
from tests.bot.discord.test_bot_e2e import (
    test_a_restart_mid_round_loses_nothing_and_old_buttons_still_work as restart_mid_round,
)
from tests.bot.discord.test_bot_e2e import (
    test_three_drivers_and_a_legend_race_to_the_hall_of_fame as full_race,
)


def on_production_loop(race: Callable[[Path], Awaitable[None]], folder: Path) -> str:
    factory = loop_factory()
    if factory is None:
        pytest.skip("uvloop has no build for this platform: the bot runs on asyncio's loop")
    with asyncio.Runner(loop_factory=factory) as runner:
        runner.run(race(folder))
        return type(runner.get_loop()).__module__


def test_a_full_race_on_the_production_loop(tmp_path: Path) -> None:
    assert on_production_loop(full_race, tmp_path).startswith("uvloop")


def test_a_restart_on_the_production_loop(tmp_path: Path) -> None:
    assert on_production_loop(restart_mid_round, tmp_path).startswith("uvloop")
