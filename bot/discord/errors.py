"""The one error handler for slash commands and component clicks: every interaction is answered."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord.texts import t

log = logging.getLogger("heat.bot")


async def answer_failure(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Log with the guild, and tell the user something went wrong (never the details)."""
    log.error(
        "interaction failed guild=%s user=%s: %r",
        interaction.guild_id,
        interaction.user.id,
        error,
        exc_info=error,
    )
    await say_privately(interaction, t("something_wrong", interaction.locale))


async def say_privately(interaction: discord.Interaction[Any], text: str) -> None:
    """A short ephemeral answer, whether or not the interaction was acknowledged yet."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("cannot answer interaction guild=%s", interaction.guild_id)
