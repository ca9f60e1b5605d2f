"""Turns slash commands and clicks into race service calls and answers, acknowledging first.

Every handler acknowledges the interaction before any other work, even a
database read (Discord allows 3 s, and a click waiting behind others should
not), then reloads the race from the store, and answers bad input with a short ephemeral
message; the stored race is only ever changed by the race service.
"""

from __future__ import annotations

import io
import logging
from dataclasses import asdict
from typing import Any

import discord

import engine
from bot.discord.components import HeatButton, view_of
from bot.discord.errors import post_in_channel, say_privately, think_privately
from bot.discord.hand import (
    Draft,
    Hand,
    car_lines,
    hand_components,
    hand_embed,
    hand_pictures,
    with_road,
)
from bot.discord.ids import decision_button
from bot.discord.pictures import board_png
from bot.discord.publisher import Publisher
from bot.discord.race_lines import board_embed
from bot.discord.texts import permission_names, shown_name, t
from bot.service import cpu
from bot.service.limits import change_limits
from bot.service.notify import NotifySettings
from bot.service.outbox import Outbox
from bot.service.races import Driver, RaceService
from bot.service.refusals import Refused
from bot.service.retention import finished_race, race_file
from bot.service.server_settings import ServerSettings
from bot.service.timers import Scheduler
from bot.storage import RaceConfig, RaceRecord, RaceStatus, Store
from data.words import event_title, track_name

log = logging.getLogger("heat.bot")

NEEDED = discord.Permissions(
    view_channel=True, send_messages=True, attach_files=True, embed_links=True
)


def driver_of(interaction: discord.Interaction[Any]) -> Driver:
    user = interaction.user
    return Driver(user.id, user.display_name, str(interaction.locale))


def public_locale(interaction: discord.Interaction[Any]) -> str:
    return str(interaction.guild_locale or interaction.locale)


class Controller:
    """The bot's handlers, shared by the slash commands and the components."""

    def __init__(
        self,
        store: Store,
        races: RaceService,
        publisher: Publisher,
        outbox: Outbox,
        scheduler: Scheduler,
    ) -> None:
        self.store = store
        self.races = races
        self.publisher = publisher
        self.outbox = outbox
        self.scheduler = scheduler
        self.server = ServerSettings(store)
        self.notify_settings = NotifySettings(store)

    # --- helpers --------------------------------------------------------------------------

    async def refuse(self, interaction: discord.Interaction[Any], key: str, **values: Any) -> None:
        """A short ephemeral answer; the race is unchanged."""
        await say_privately(interaction, t(key, interaction.locale, **values))

    async def refused(self, interaction: discord.Interaction[Any], refused: Refused) -> None:
        log.info(
            "refused key=%s user=%s guild=%s",
            refused.key,
            interaction.user.id,
            interaction.guild_id,
        )
        details = dict(refused.details)
        if "step" in details:
            details["step"] = t(f"step_{details['step']}", interaction.locale)
        if "track_id" in details:  # a track named in the reader's language
            details["track"] = track_name(str(details["track_id"]), interaction.locale)
        if "event_id" in details:  # and an event card
            details["title"] = event_title(int(details["event_id"]), interaction.locale)
        await self.refuse(interaction, refused.key, **details)

    async def allowed_here(self, interaction: discord.Interaction[Any]) -> bool:
        """Races (and leagues) may be run in this channel; if not, the user is told where."""
        if interaction.guild_id is None or interaction.channel_id is None:
            await self.refuse(interaction, "no_race")
            return False
        settings = await self.store.guild_settings(interaction.guild_id)
        if settings.channels and home_channel(interaction) not in settings.channels:
            channels = ", ".join(f"<#{c}>" for c in settings.channels)
            await self.refuse(interaction, "channel_not_allowed", channels=channels)
            return False
        return True

    async def _race_here(self, interaction: discord.Interaction[Any]) -> RaceRecord | None:
        assert interaction.channel_id is not None
        record = await self.store.open_race_in(interaction.channel_id)
        if record is None:
            await self.refuse(interaction, "no_race")
        return record

    async def _race_id_here(
        self, interaction: discord.Interaction[Any], *, check_channel: bool = True
    ) -> int | None:
        """The open race of the interaction's channel, or None after saying why there is none."""
        if check_channel and not await self.allowed_here(interaction):
            return None
        record = await self._race_here(interaction)
        return None if record is None else record.id

    async def after(self, race_id: int) -> None:
        """After a change: timers may have moved, and the outbox may hold news to post."""
        self.scheduler.wake()
        await self.outbox.flush(race_id)

    # --- commands -------------------------------------------------------------------------

    async def new(self, interaction: discord.Interaction[Any], config: RaceConfig) -> None:
        """Open a lobby, posted in the channel; the command has acknowledged privately."""
        if not await self.allowed_here(interaction):
            return
        missing = [
            name for name, on in NEEDED if on and not getattr(interaction.app_permissions, name)
        ]
        if missing:
            await self.refuse(
                interaction,
                "missing_permissions",
                channel=interaction.channel_id,
                permissions=permission_names(missing, interaction.locale),
            )
            return
        if await self.store.open_race_in(interaction.channel_id or 0) is not None:
            await self.refuse(interaction, "channel_busy")
            return
        try:
            record = await self.races.new_race(
                interaction.guild_id or 0,
                interaction.channel_id or 0,
                driver_of(interaction),
                config,
            )
        except Refused as refused:
            await self.refused(interaction, refused)
            return
        seats = await self.store.seats(record.id)
        lobby = self.publisher.lobby_message(record, seats, public_locale(interaction))
        message = await post_in_channel(interaction, **lobby)
        await self.store.set_lobby_message(record.id, message.id)
        opened = t("lobby_opened", interaction.locale, race=record.id, link=message.jump_url)
        await interaction.followup.send(opened, ephemeral=True)

    async def join(self, interaction: discord.Interaction[Any], race_id: int | None = None) -> None:
        await self._lobby_change(interaction, race_id, "join")

    async def leave(
        self, interaction: discord.Interaction[Any], race_id: int | None = None
    ) -> None:
        await self._lobby_change(interaction, race_id, "leave")

    async def _lobby_change(
        self, interaction: discord.Interaction[Any], race_id: int | None, change: str
    ) -> None:
        await think_privately(interaction)
        race_id = race_id or await self._race_id_here(interaction)
        if race_id is None:
            return
        try:
            if change == "join":
                seats = await self.races.join(
                    race_id, driver_of(interaction), interaction.guild_id or 0
                )
                mine = next(s for s in seats if s.user_id == interaction.user.id)
                answer = t("joined", interaction.locale, car=mine.car_id)
            else:
                seats = await self.races.leave(race_id, interaction.user.id)
                answer = t("left", interaction.locale)
        except Refused as refused:
            await self.refused(interaction, refused)
            return
        await self._refresh_lobby(interaction, race_id)
        await interaction.followup.send(answer, ephemeral=True)

    async def _refresh_lobby(self, interaction: discord.Interaction[Any], race_id: int) -> None:
        record = await self.store.race(race_id)
        channel = interaction.channel
        if record is None or record.lobby_message_id is None or channel is None:
            return
        seats = await self.store.seats(race_id)
        message = self.publisher.lobby_message(record, seats, public_locale(interaction))
        await _edit_lobby(channel, record, **message)

    async def start(
        self, interaction: discord.Interaction[Any], race_id: int | None = None
    ) -> None:
        await think_privately(interaction)
        race_id = race_id or await self._race_id_here(interaction)
        if race_id is None:
            return
        try:
            change = await self.races.start(race_id, interaction.user.id)
        except Refused as refused:
            await self.refused(interaction, refused)
            return
        await interaction.followup.send("🏁", ephemeral=True)
        if interaction.channel is not None:
            await _edit_lobby(interaction.channel, change.race, view=None)
        await self.after(race_id)

    async def hand(self, interaction: discord.Interaction[Any], race_id: int | None = None) -> None:
        await think_privately(interaction)
        race_id = race_id or await self._race_id_here(interaction, check_channel=False)
        if race_id is None:
            return
        await self.send_hand(interaction, race_id)

    async def send_hand(
        self,
        interaction: discord.Interaction[Any],
        race_id: int,
        draft: Draft | None = None,
        note: str = "",
    ) -> None:
        """A fresh hand view, sent as a new ephemeral message."""
        try:
            record, seats, state = await self.races.load(race_id)
        except Refused as refused:
            await self.refused(interaction, refused)
            return
        seat = next((s for s in seats if s.user_id == interaction.user.id), None)
        if seat is None:
            await self.refuse(interaction, "not_your_race")
            return
        hand = Hand.of(race_id, state, seat.car_id)
        locale = str(interaction.locale)
        if not must_plan(state, seat.car_id) or record.status != RaceStatus.RUNNING:
            waiting = engine.pending(state)
            live = waiting is not None and seat.car_id in waiting.cars
            await interaction.followup.send(
                note + t("hand_deciding_live" if live else "hand_waiting", locale),
                ephemeral=True,
                embed=with_road(
                    discord.Embed(description="\n".join(car_lines(hand.car, locale))), hand.car.id
                ),
                files=await hand_pictures(hand, locale),
            )
            return
        draft = draft or hand.starting_draft()
        await interaction.followup.send(
            note,
            ephemeral=True,
            embed=hand_embed(hand, draft, locale),
            view=hand_components(hand, draft, locale),
            files=await hand_pictures(hand, locale),
        )

    async def board(
        self, interaction: discord.Interaction[Any], race_id: int | None = None
    ) -> None:
        await think_privately(interaction)
        race_id = race_id or await self._race_id_here(interaction, check_channel=False)
        if race_id is None:
            return
        try:
            seats, state = await self.races.board(
                race_id, interaction.guild_id, interaction.user.id
            )
        except Refused as refused:
            await self.refused(interaction, refused)
            return
        names = {s.car_id: shown_name(s.name, s.color, interaction.locale) for s in seats}
        png = await cpu.run(board_png, state, [], names, str(interaction.locale))
        await interaction.followup.send(
            embed=board_embed(state, names, str(interaction.locale)),
            file=discord.File(io.BytesIO(png), f"race-{race_id}.png"),
            ephemeral=True,
        )

    async def status(self, interaction: discord.Interaction[Any]) -> None:
        await think_privately(interaction)
        record = await self._race_here(interaction)
        if record is None:
            return
        locale = str(interaction.locale)
        track = track_name(record.config.track, locale)
        seats = await self.store.seats(record.id)
        if record.state is None:
            text = t(
                "status_lobby",
                locale,
                race=record.id,
                track=track,
                count=len(seats),
                seats=record.config.seats,
            )
        else:
            state = record.state
            waiting = engine.pending(state)
            who = [
                f"<@{s.user_id}>" if s.user_id else shown_name(s.name, s.color, locale)
                for s in seats
                if waiting is not None and s.car_id in waiting.cars
            ]
            text = t(
                "status",
                locale,
                race=record.id,
                track=track,
                round=state.round,
                step=t(f"step_{waiting.step}", locale) if waiting else "-",
                waiting=", ".join(who) or t("status_nobody", locale),
            )
        await interaction.followup.send(
            text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        await think_privately(interaction)
        record = await self._race_here(interaction)
        if record is None:
            return
        permissions = interaction.permissions
        try:
            await self.races.cancel(record.id, interaction.user.id, permissions.manage_guild)
        except Refused as refused:
            await self.refused(interaction, refused)
            return
        notice = t("cancelled", public_locale(interaction), user=interaction.user.id)
        await self.publisher.end(record, notice)
        await interaction.followup.send(notice, ephemeral=True)

    async def give_up(self, interaction: discord.Interaction[Any]) -> None:
        """A private confirmation whose button gives up (the engine decides if it may now)."""
        await think_privately(interaction)
        record = await self._race_here(interaction)
        if record is None:
            return
        seat = next(
            (s for s in await self.store.seats(record.id) if s.user_id == interaction.user.id),
            None,
        )
        if seat is None or record.state is None:
            await self.refuse(interaction, "not_your_race" if seat is None else "not_started")
            return
        if not engine.can_give_up(record.state, seat.car_id):
            await self.refuse(interaction, "not_your_turn")
            return
        locale = str(interaction.locale)
        target = decision_button(record.id, record.version, engine.GiveUp(seat.car_id))
        confirm = HeatButton(target, t("give_up_button", locale), discord.ButtonStyle.danger)
        await interaction.followup.send(
            t("give_up_confirm", locale), ephemeral=True, view=view_of(confirm)
        )

    async def kick(self, interaction: discord.Interaction[Any], user: discord.abc.User) -> None:
        await think_privately(interaction)
        record = await self._race_here(interaction)
        if record is None:
            return
        try:
            await self.races.kick(
                record.id,
                interaction.user.id,
                user.id,
                can_manage=interaction.permissions.manage_guild,
            )
        except Refused as refused:
            await self.refused(interaction, refused)
            return
        await interaction.followup.send(
            t("kicked", interaction.locale, user=user.id), ephemeral=True
        )
        await self.after(record.id)

    async def export(self, interaction: discord.Interaction[Any], race_id: int | None) -> None:
        assert interaction.channel_id is not None
        await think_privately(interaction)
        if race_id is not None:
            record = await self.store.race(race_id)
        else:
            running = await self.store.open_race_in(interaction.channel_id)
            record = running or await self.store.last_finished_in(interaction.channel_id)
        if record is None or record.guild_id != interaction.guild_id:
            await self.refuse(interaction, "no_finished_race")
            return
        if record.status != RaceStatus.FINISHED:
            await self.refuse(interaction, "export_running")
            return
        # Past its retention, the race kept its export alone: either comes as today's
        # rules replay it.
        found = await finished_race(self.store, record.id)
        if found is None:
            await self.refuse(interaction, "export_running")
            return
        payload = race_file(*found)
        await interaction.followup.send(
            t("export_ready", interaction.locale, race=record.id),
            ephemeral=True,
            file=discord.File(io.BytesIO(payload), f"heat-race-{record.id}.json"),
        )

    async def settings(
        self,
        interaction: discord.Interaction[Any],
        timer_minutes: int | None,
        channel: str | None,
        threads: bool | None = None,
        caps: dict[str, int | None] | None = None,
    ) -> None:
        await think_privately(interaction)
        try:
            # The caps first: a cap out of range refuses before any setting is stored.
            limits = await change_limits(
                self.store,
                interaction.guild_id or 0,
                interaction.permissions.manage_guild,
                **(caps or {}),
            )
            updated = await self.server.change(
                interaction.guild_id or 0,
                interaction.permissions.manage_guild,
                interaction.channel_id or 0,
                timer_seconds=None if timer_minutes is None else timer_minutes * 60,
                allow_channel=None if channel is None else channel == "allow",
                threads=threads,
            )
        except Refused as refused:
            await self.refused(interaction, refused)
            return
        locale = str(interaction.locale)
        shown = ", ".join(f"<#{c}>" for c in updated.channels) or t("settings_any_channel", locale)
        minutes = (
            t("minutes", locale, n=updated.timer_seconds // 60) if updated.timer_seconds else "-"
        )
        threads_on = t("weather_on" if updated.threads else "weather_off", locale)
        saved = t("settings_saved", locale, timer=minutes, channels=shown, threads=threads_on)
        capped = t("limits_saved", locale, **asdict(limits))
        await interaction.followup.send(f"{saved}\n{capped}", ephemeral=True)

    async def notify(self, interaction: discord.Interaction[Any], how: str | None) -> None:
        """How the person is told a race waits for them: changed if ``how`` is given."""
        await think_privately(interaction)
        try:
            mode = await self.notify_settings.change(interaction.user.id, how)
        except Refused as refused:
            await self.refused(interaction, refused)
            return
        locale = str(interaction.locale)
        how_told = t(f"notify_{mode}", locale)
        await interaction.followup.send(t("notify_saved", locale, how=how_told), ephemeral=True)

    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(t("rules", interaction.locale), ephemeral=True)


async def _edit_lobby(channel: Any, record: RaceRecord, **changes: Any) -> None:
    """Update the lobby message (its drivers, or its buttons gone once the race starts)."""
    if record.lobby_message_id is not None:
        await edit_posted(channel, record.lobby_message_id, **changes)


async def edit_posted(channel: Any, message_id: int, **changes: Any) -> None:
    """Update a message the bot posted in ``channel``; a message gone is left alone."""
    try:
        await channel.get_partial_message(message_id).edit(**changes)
    except discord.HTTPException:
        log.warning("cannot edit message=%s channel=%s", message_id, getattr(channel, "id", None))


def home_channel(interaction: discord.Interaction[Any]) -> int | None:
    """The channel a command runs in; in a thread (a race's), the channel it belongs to."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        return channel.parent_id
    return interaction.channel_id


def must_plan(state: engine.RaceState, car_id: str) -> bool:
    waiting = engine.pending(state)
    return waiting is not None and waiting.step == "plan" and car_id in waiting.cars
