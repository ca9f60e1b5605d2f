"""Every command is acknowledged before the bot reads the database.

Discord gives an interaction 3 seconds; a command that reads first waits behind
every other query in flight (a hundred lobbies opened in the same second did:
bench/bot_load.py measured their acknowledgements at 50 ms, the tail of the
whole run). Here the store is held shut, as a slow database would be: every
command still says "thinking..." at once, and answers once the store opens.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.storage import Store
from tests.support.botdriver import Table, answer, table
from tests.support.botrace import open_lobby
from tests.support.fakediscord import CallbackType, FakeInteraction

READS = ("_read_db",)  # every read of the SQLite store goes through this


class ShutStore:
    """Holds every read of a real store until ``open()``."""

    def __init__(self, store: Store) -> None:
        self._open = asyncio.Event()
        for name in READS:
            setattr(store, name, self._hold(getattr(store, name)))

    def _hold(self, read: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def held(*args: Any) -> Any:
            await self._open.wait()
            return await read(*args)

        return held

    def open(self) -> None:
        self._open.set()


def commands(t: Table) -> list[tuple[str, dict[str, Any]]]:
    return [
        ("heat new", {"track": "usa"}),
        ("heat join", {}),
        ("heat leave", {}),
        ("heat start", {}),
        ("heat hand", {}),
        ("heat board", {}),
        ("heat status", {}),
        ("heat cancel", {}),
        ("heat give-up", {}),
        ("heat kick", {"user": t.bob}),
        ("heat export", {}),
        ("heat replay", {}),
        ("heat settings", {"timer": 30}),
        ("heat stats", {"user": t.bob}),
        ("league create", {"name": "Sunday Cup"}),
        ("league join", {}),
        ("league leave", {}),
        ("league schedule", {}),
        ("league start-race", {}),
        ("league standings", {}),
        ("league history", {}),
        ("league end", {}),
        ("league correct", {"user": t.bob, "points": 1, "reason": "typo"}),
        ("league drop-worst", {"setting": "on"}),
        ("league breakdown", {}),
        ("league date set", {"race": 1, "date": "2027-03-21", "time": "21:00", "zone": "UTC"}),
        ("league date weekly", {"from": "2027-03-21", "time": "21:00", "zone": "UTC"}),
        ("league date cancel", {"race": 1}),
        ("league settings", {"reminders": "24", "level": "champion"}),
        ("league rsvp", {"coming": "yes"}),
        ("league reserve add", {"user": t.bob}),
        ("league reserve remove", {"user": t.bob}),
    ]


async def test_every_command_is_acknowledged_while_the_database_is_slow(tmp_path: Path) -> None:
    async with table(tmp_path / "heat.sqlite3") as t:
        bot = await t.start()
        await open_lobby(t)
        admin = t.member("admin", manage=True)
        store = ShutStore(bot.store)
        sent: list[FakeInteraction] = []
        try:
            for command, options in commands(t):
                sent.append(await t.fake.slash(admin, t.channel, command, **options))
            for interaction in sent:
                acknowledged = await interaction.ack()
                assert acknowledged is CallbackType.DEFERRED_CHANNEL_MESSAGE, interaction
                # Each command's answer needs the store: still thinking, and acknowledged.
                assert answer(interaction).loading, f"{interaction} answered with the store shut"
        finally:
            store.open()
        for interaction in sent:
            await interaction.done()
            assert not answer(interaction).loading, interaction


async def test_a_refused_new_race_leaves_nothing_in_public(tmp_path: Path) -> None:
    """The lobby is public, so /heat new thinks in public; its refusal is private."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await open_lobby(t)
        count = len(t.public())
        again = await t.slash(t.cleo, "heat new", track="italy")
        assert answer(again).ephemeral
        assert "already" in answer(again).content
        assert len(t.public()) == count


async def test_every_refusal_is_private_and_leaves_the_channel_empty(tmp_path: Path) -> None:
    """Where there is no race or league, each command's refusal reaches its user alone."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        refusable = [c for c in commands(t) if c[0] not in ("heat new", "league create")]
        for command, options in refusable:
            said = answer(await t.slash(t.cleo, command, **options))
            assert said.ephemeral and not said.loading, command
        assert t.public() == [], [m.content for m in t.public()]
