"""Drives the real bot through the fake Discord as players would: slash, click, select, restart.

A :class:`Table` is one server with a race channel, a few users, the bot on a
real SQLite file, a clock the test moves for turn timers, and a fixed series of race
seeds, so a test deals the same cards on every run.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.discord.app import HeatBot
from bot.hosting.settings import Settings
from tests.support.fakediscord import (
    FakeChannel,
    FakeDiscord,
    FakeInteraction,
    FakeMessage,
    FakeUser,
)


class BotClock:
    """The bot's wall clock, moved by the test (turn timers run on it)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


class Seeds:
    """The races' and seasons' seeds, one after another from a fixed start (the bot draws
    fresh unguessable ones in service)."""

    def __init__(self, start: int = 2026) -> None:
        self.rng = random.Random(start)

    def __call__(self) -> int:
        return self.rng.getrandbits(48)


class Table:
    """A server, a #races channel, drivers alice, bob (Italian) and cleo, and the bot."""

    def __init__(self, fake: FakeDiscord, database: Path) -> None:
        self.fake = fake
        self.database = database
        self.clock = BotClock()
        self.seeds = Seeds()
        self.guild = fake.add_guild("Heat Club")
        self.channel = fake.add_text_channel(self.guild, "races")
        self.alice = self.member("alice")
        self.bob = self.member("bob", locale="it")
        self.cleo = self.member("cleo")
        self.bot: HeatBot | None = None

    def member(self, name: str, *, locale: str = "en-US", manage: bool = False) -> FakeUser:
        user = self.fake.add_user(name, locale=locale)
        self.fake.add_member(self.guild, user, manage_guild=manage)
        return user

    async def start(self) -> HeatBot:
        self.bot = HeatBot(Settings(database=self.database), clock=self.clock, seeds=self.seeds)
        await self.fake.start_bot(self.bot)
        return self.bot

    async def stop(self) -> None:
        """Stop the bot (it finishes what it is handling), as a shutdown would."""
        assert self.bot is not None
        await self.fake.stop_bot(self.bot)
        self.bot = None

    async def bot_restarted_and_caught_up(self) -> HeatBot:
        bot = await self.restart()
        await bot.caught_up()
        return bot

    async def restart(self) -> HeatBot:
        """Stop the bot and start a new one on the same database, as a redeploy would."""
        assert self.bot is not None
        old, self.bot = (
            self.bot,
            HeatBot(Settings(database=self.database), clock=self.clock, seeds=self.seeds),
        )
        await self.fake.restart_bot(old, self.bot)
        return self.bot

    # --- acting ---------------------------------------------------------------------------

    async def slash(self, user: FakeUser, command: str, /, **options: Any) -> FakeInteraction:
        interaction = await self.fake.slash(user, self.channel, command, **options)
        await interaction.done()
        return interaction

    async def click(self, user: FakeUser, message: FakeMessage, prefix: str) -> FakeInteraction:
        interaction = await self.fake.click(user, message, custom_id(message, prefix))
        await interaction.done()
        return interaction

    async def select(
        self, user: FakeUser, message: FakeMessage, prefix: str, values: list[str]
    ) -> FakeInteraction:
        interaction = await self.fake.select(user, message, custom_id(message, prefix), values)
        await interaction.done()
        return interaction

    # --- reading --------------------------------------------------------------------------

    def public(self) -> list[FakeMessage]:
        """What the channel and its races' threads show, oldest first."""
        return self.fake.with_threads(self.channel)

    def in_channel(self) -> list[FakeMessage]:
        """The messages posted in the channel itself."""
        return self.fake.channel_messages(self.channel)

    def threads(self) -> list[FakeChannel]:
        """The threads started in the channel (a race's), oldest first."""
        return self.fake.threads(self.channel)

    def latest_with(self, prefix: str) -> FakeMessage:
        """The newest public message carrying a component whose id starts with ``prefix``."""
        return newest_with(self.public(), prefix)

    def said_to(self, user: FakeUser) -> list[str]:
        """Everything the bot told ``user`` privately, oldest first."""
        places = {self.channel.id} | {thread.id for thread in self.threads()}
        return [m.content for m in self.fake.ephemeral_messages(user) if m.channel_id in places]

    async def wait_public(self, count: int) -> None:
        await self.fake.wait_for(lambda: len(self.public()) >= count)

    async def wait_started(self) -> None:
        """Until the race's first board is posted (after the line in the channel saying so)."""
        await self.fake.wait_for(
            lambda: any(
                cid.startswith("heat:b:hand:") for m in self.public() for cid in custom_ids(m)
            )
        )


def answer(interaction: FakeInteraction) -> FakeMessage:
    """What the user saw last from the bot for this interaction."""
    if interaction.followups:
        return interaction.followups[-1]
    assert interaction.response is not None, f"{interaction!r} got no message"
    return interaction.response


def newest_with(messages: list[FakeMessage], prefix: str) -> FakeMessage:
    """The newest of ``messages`` carrying a component whose id starts with ``prefix``."""
    for message in reversed(messages):
        if any(cid.startswith(prefix) for cid in custom_ids(message)):
            return message
    raise AssertionError(f"no message with a {prefix!r} component")


def lobby_in(fake: FakeDiscord, channel: FakeChannel) -> FakeMessage:
    """The newest lobby posted in ``channel``: ``/heat new`` posts it, and answers privately."""
    return newest_with(fake.channel_messages(channel), "heat:b:join:")


def custom_ids(message: FakeMessage) -> list[str]:
    return [
        c["custom_id"] for row in message.components for c in row["components"] if "custom_id" in c
    ]


def custom_id(message: FakeMessage, prefix: str) -> str:
    for cid in custom_ids(message):
        if cid.startswith(prefix):
            return cid
    raise AssertionError(f"no component {prefix!r} on message: {custom_ids(message)}")


@asynccontextmanager
async def table(database: Path) -> AsyncIterator[Table]:
    """A table on a fake whose clock moves only when a test moves it: Discord's 3 s to
    acknowledge is checked where a test says so, never decided by the machine's load."""
    async with FakeDiscord() as fake:
        yield Table(fake, database)
