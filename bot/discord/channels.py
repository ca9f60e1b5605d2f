"""Finding a channel to post in, and posting there, with Discord's failures sorted.

A failure that passes (Discord down, the network cut) is a :class:`PostLater`:
the outbox keeps the post and tries again. A channel that refuses the bot is
told apart from it, so its host can be told once.
"""

from __future__ import annotations

from typing import Any

import aiohttp
import discord

from bot.service.outbox import PostLater

# Failures that pass: the post is kept and tried again (Discord down, the network cut).
FOR_NOW = (discord.DiscordServerError, discord.RateLimited, aiohttp.ClientError, OSError)


async def channel_of(client: discord.Client, channel_id: int) -> discord.abc.Messageable | None:
    """A channel to post in, from the cache or (early after a start) from Discord; None if
    it is gone or hidden from the bot. PostLater if Discord cannot say now."""
    channel = client.get_channel(channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden):
            return None
        except FOR_NOW as error:
            raise PostLater(str(error)) from error
    return channel if isinstance(channel, discord.abc.Messageable) else None


async def send_or_keep(channel: discord.abc.Messageable, **message: Any) -> discord.Message | None:
    """Post ``message``: None if the channel refuses the bot; PostLater if Discord or the
    network failed for now. Any other refusal (a message Discord will never take) raises:
    the outbox drops that post rather than block the ones behind it."""
    try:
        return await channel.send(**message)
    except discord.Forbidden:
        return None
    except FOR_NOW as error:
        raise PostLater(str(error)) from error
