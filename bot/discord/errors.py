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


async def think_privately(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge, privately, before any other work.

    Every command and private view defers this way: Discord's first follow-up
    after a deferral takes the deferral's visibility whatever it asks, so a
    public "thinking..." would make a refusal public. What the channel should
    see goes there as a message of its own (:func:`post_in_channel`).
    """
    await interaction.response.defer(ephemeral=True, thinking=True)


async def post_in_channel(interaction: discord.Interaction[Any], **message: Any) -> discord.Message:
    """The public part of an answer, as a message in the interaction's channel."""
    channel = interaction.channel
    assert isinstance(channel, discord.abc.Messageable), "commands run in a server's channels"
    return await channel.send(**message)


async def say_privately(interaction: discord.Interaction[Any], text: str) -> None:
    """A short ephemeral answer, whether or not the interaction was acknowledged yet."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("cannot answer interaction guild=%s", interaction.guild_id)
