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


PUBLIC_THINKING = "heat_public_thinking"


async def think_in_public(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge a command whose answer is public, before any other work.

    Discord shows "thinking..." in the channel; the answer replaces it. A
    refusal is private instead: ``say_privately`` removes the placeholder first,
    since the first follow-up would otherwise inherit its public visibility.
    """
    await interaction.response.defer(thinking=True)
    interaction.extras[PUBLIC_THINKING] = True


async def answer_in_public(
    interaction: discord.Interaction[Any], **message: Any
) -> discord.WebhookMessage:
    """The public answer: the first follow-up takes the "thinking..." placeholder's place."""
    interaction.extras.pop(PUBLIC_THINKING, None)
    return await interaction.followup.send(wait=True, **message)


async def think_privately(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge a command whose answer is private, before any other work."""
    await interaction.response.defer(ephemeral=True, thinking=True)


async def say_privately(interaction: discord.Interaction[Any], text: str) -> None:
    """A short ephemeral answer, whether or not the interaction was acknowledged yet."""
    try:
        if interaction.extras.pop(PUBLIC_THINKING, False):
            await interaction.delete_original_response()
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("cannot answer interaction guild=%s", interaction.guild_id)
