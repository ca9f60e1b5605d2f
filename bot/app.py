"""The Discord client: wiring in ``setup_hook``, a central error handler, ``run_bot``."""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.clicks import Clicks
from bot.commands import HeatCommands
from bot.components import DYNAMIC_ITEMS
from bot.controller import Controller
from bot.orchestrator import Orchestrator
from bot.publisher import Publisher
from bot.scheduler import Scheduler
from bot.settings import Settings
from bot.store import Store
from bot.texts import HeatTranslator, t

log = logging.getLogger("heat.bot")


class HeatBot(discord.Client):
    """The bot: one store, one orchestrator, the ``/heat`` commands and restart-proof buttons."""

    def __init__(self, settings: Settings, *, clock: Callable[[], float] = time.time) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.settings = settings
        self.clock = clock
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self.on_command_error  # type: ignore[method-assign]
        self._catching_up: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.settings.database)
        self.orchestrator = Orchestrator(self.store, self.clock)
        self.publisher = Publisher(self, self.store)
        self.scheduler = Scheduler(
            self.store, self.orchestrator, self.publisher, self.locale_of, self.clock
        )
        self.controller = Controller(self.store, self.orchestrator, self.publisher, self.scheduler)
        self.clicks = Clicks(self.controller)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.add_command(HeatCommands(self.controller))
        await self.tree.set_translator(HeatTranslator())
        if self.settings.dev_guild is not None:
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self.scheduler.start()
        self._catching_up = asyncio.create_task(self.catch_up(), name="heat-catch-up")
        # Everything built so far lives as long as the process: move it out of the
        # collector's sight, so full collections scan only what races create (they
        # pause the event loop, and every interaction waits for them).
        gc.freeze()
        log.info("bot ready database=%s", self.settings.database)

    async def catch_up(self) -> None:
        """Tell channels what they missed while the bot was down (once per start)."""
        for record in await self.store.unannounced_races():
            progress = await self.orchestrator.snapshot(record.id)
            log.info("catching up race=%s guild=%s", record.id, record.guild_id)
            await self.publisher.catch_up(progress, self.locale_of(record.guild_id))

    def locale_of(self, guild_id: int) -> str:
        """The language for a server's public messages."""
        guild = self.get_guild(guild_id)
        return str(guild.preferred_locale) if guild is not None else "en-US"

    async def close(self) -> None:
        if self._catching_up is not None:
            await self._catching_up
        if hasattr(self, "scheduler"):
            await self.scheduler.stop()
        if hasattr(self, "store"):
            await self.store.close()
        await super().close()

    async def on_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Log with the guild, and tell the user something went wrong (never the details)."""
        log.error(
            "command failed guild=%s user=%s: %r",
            interaction.guild_id,
            interaction.user.id,
            error,
            exc_info=error,
        )
        text = t("something_wrong", interaction.locale)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)


def run_bot(settings: Settings) -> None:
    """Start the bot and block until it stops; logs go to stderr, one line per event."""
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s %(message)s",
    )
    assert settings.discord_token is not None
    HeatBot(settings).run(settings.discord_token.get_secret_value(), log_handler=None)
