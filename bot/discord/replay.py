"""``/heat replay [race]``: a finished race of the server posted as an animated GIF.

The race is replayed from its stored first state and decision log (past its
retention, from the export it kept) in the CPU worker pool
(:func:`bot.discord.pictures.replay_gif`), so nothing of the race changes; its race
notation file goes with it, as ``/heat export`` builds it.
Anyone may ask: a finished race is public, every hand shown only after the flag.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.discord.controller import Controller, public_locale
from bot.discord.errors import post_in_channel, think_privately
from bot.discord.pictures import replay_gif
from bot.discord.texts import shown_name, t
from bot.service import cpu
from bot.service.retention import finished_race, race_file
from bot.storage import RaceStatus
from data.words import track_name

log = logging.getLogger("heat.bot")


async def replay(
    controller: Controller, interaction: discord.Interaction[Any], race_id: int | None
) -> None:
    """Post the race (default: the last finished in this channel) as a GIF with its notation
    file; a race of another server, unknown or not finished gets one private line."""
    await think_privately(interaction)
    store = controller.store
    if race_id is None:
        record = await store.last_finished_in(interaction.channel_id or 0)
    else:
        record = await store.race(race_id)
    if record is None or record.guild_id != interaction.guild_id:
        if race_id is None:
            await controller.refuse(interaction, "no_finished_race")
        else:
            await controller.refuse(interaction, "replay_none", race=race_id)
        return
    found = await finished_race(store, record.id)
    if record.status != RaceStatus.FINISHED or found is None:
        await controller.refuse(interaction, "replay_not_finished", race=record.id)
        return
    initial, decisions = found
    locale = public_locale(interaction)
    seats = await store.seats(record.id)
    names = {seat.car_id: shown_name(seat.name, seat.color, locale) for seat in seats}
    gif = await cpu.run(replay_gif, initial, decisions, names, locale)
    track = track_name(initial.track, locale)
    text = t("replay_posted", locale, race=record.id, track=track, user=interaction.user.id)
    files = [
        discord.File(io.BytesIO(gif), f"heat-race-{record.id}.gif"),
        discord.File(io.BytesIO(race_file(initial, decisions)), f"heat-race-{record.id}.json"),
    ]
    await post_in_channel(
        interaction, content=text, files=files, allowed_mentions=discord.AllowedMentions.none()
    )
    log.info(
        "race replayed race=%s guild=%s by=%s", record.id, record.guild_id, interaction.user.id
    )
    await interaction.followup.send("✅", ephemeral=True)


def replay_command(controller: Controller) -> app_commands.Command[Any, Any, None]:
    """``/heat replay [race]``: a finished race of this server, as an animation."""

    @app_commands.command(name="replay", description=_("Post a finished race as an animation"))
    @app_commands.describe(race=_("Race number (default: the last finished here)"))
    async def replay_race(interaction: discord.Interaction[Any], race: int | None = None) -> None:
        await replay(controller, interaction, race)

    return replay_race
