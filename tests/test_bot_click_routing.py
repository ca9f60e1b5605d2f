"""Clicks reach the bot's handlers by their custom id alone, with no View rebuilt per click.

discord.py's ``DynamicItem`` route first rebuilds the clicked message's whole
view; at a few hundred clicks a second those object cycles made the long
garbage collections that delayed acknowledgements (bench/bot_load.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord.texts import t as text
from tests.botdriver import answer, table
from tests.test_bot_e2e import open_lobby


async def test_a_click_builds_no_view_from_its_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rebuilding the clicked message's view fails here, yet clicks are answered as usual."""
    rebuilt: list[int] = []

    def refuse_to_rebuild(cls: Any, message: discord.Message, /, **_: Any) -> discord.ui.View:
        rebuilt.append(message.id)
        raise AssertionError("a view rebuilt from the clicked message")

    monkeypatch.setattr(discord.ui.View, "from_message", classmethod(refuse_to_rebuild))
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        lobby = await open_lobby(t, seats=2, fill="none")
        joined = await t.click(t.bob, lobby, "heat:b:join:")
        assert not joined.failed
        assert answer(joined).content in {text("joined", lang, car="B") for lang in ("en", "it")}
        await t.click(t.alice, lobby, "heat:b:start:")
        await t.wait_public(2)
        board = t.public()[-1]
        opened = await t.click(t.bob, board, "heat:b:hand:")
        assert answer(opened).components, answer(opened).content
    assert rebuilt == []
