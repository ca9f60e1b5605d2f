"""Clicks reach the bot's handlers by their custom id alone, with no View rebuilt per click.

discord.py's ``DynamicItem`` route first rebuilds the clicked message's whole
view; at a few hundred clicks a second those object cycles made the long
garbage collections that delayed acknowledgements (bench/bot_load.py).
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord.texts import t as text
from tests.support.botdriver import answer, table
from tests.support.botrace import open_lobby


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
        await t.wait_started()
        board = t.public()[-1]
        opened = await t.click(t.bob, board, "heat:b:hand:")
        assert answer(opened).components, answer(opened).content
    assert rebuilt == []


async def test_a_handled_click_is_freed_without_a_garbage_collection(tmp_path: Path) -> None:
    """Once answered, a click's interaction is freed by reference counting alone.

    discord.py's cached ``interaction.response`` points back at the interaction;
    left as a cycle, every click (its message, components and member) waits for
    a full collection, the pauses that delay other drivers' acknowledgements.
    """
    gc.collect()
    gc.disable()
    try:
        async with table(tmp_path / "heat.sqlite3") as t:
            await t.start()
            lobby = await open_lobby(t, seats=2, fill="none")
            await t.click(t.bob, lobby, "heat:b:join:")
            await t.click(t.alice, lobby, "heat:b:start:")
            await t.wait_started()
            opened = await t.click(t.bob, t.public()[-1], "heat:b:hand:")
            assert answer(opened).components
            await t.stop()
            component = discord.InteractionType.component
            live = [o for o in gc.get_objects() if isinstance(o, discord.Interaction)]
            clicks = [o for o in live if o.type is component]
            assert clicks == []
    finally:
        gc.enable()
