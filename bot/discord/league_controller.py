"""Turns ``/league`` commands and draft clicks into league service calls and answers.

Each handler acknowledges first, finds the channel's league, and answers bad
input with a short ephemeral message; only the league service changes a league.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord.components import HeatButton, view_of
from bot.discord.controller import Controller, driver_of, public_locale
from bot.discord.errors import post_in_channel, think_privately
from bot.discord.ids import button
from bot.discord.league_draft import LeagueDraft
from bot.discord.league_nights import clear_lapsed, reserves_line, schedule_line
from bot.discord.league_posts import breakdown_text, history_texts, standings_message
from bot.discord.texts import counted, t
from bot.service import permits
from bot.service.league_nights import LeagueNights
from bot.service.leagues import LeagueService
from bot.service.refusals import Refused, season_refusal
from bot.storage import LeagueSettings
from data.words import event_summary, event_title, track_name
from engine.errors import SeasonSetupError, quoted
from engine.season import SeasonConfig, SeasonRace

DEFAULT_TIMER_MINUTES = 24 * 60  # a league races over days unless the server says otherwise


@dataclass(frozen=True, slots=True)
class SeasonChoice:
    """The season asked for in ``/league create``: a year, ``custom`` (tracks) or ``random``;
    ``drop_worst``: each driver's worst race left out of the standings."""

    season: str
    tracks: tuple[str, ...] = ()
    drop_worst: bool = False

    def config(self) -> SeasonConfig:
        """The engine's season config; SeasonSetupError for a year or an entry it cannot
        read (the engine checks tracks and events when it draws the season up)."""
        drop = self.drop_worst
        if self.season == "random":
            return SeasonConfig.random(drop_worst=drop)
        if self.season == "custom":
            races = tuple(_race(entry) for entry in self.tracks)
            return SeasonConfig.custom(races, drop_worst=drop)
        if not self.season.isdigit():
            raise SeasonSetupError("no_year", f"no season {quoted(self.season)}")
        return SeasonConfig.preset(int(self.season), drop_worst=drop)


def _race(entry: str) -> SeasonRace:
    """``track:event`` (e.g. ``usa:3``); SeasonSetupError for an entry without its event."""
    track, _, event = entry.partition(":")
    if not event.strip().isdigit():
        raise SeasonSetupError(
            "no_event", f"{quoted(entry)}: give each track its event, as track:event", entry=entry
        )
    return SeasonRace(track, int(event))


class LeagueController:
    """The league handlers, shared by the ``/league`` commands and the draft's components."""

    def __init__(
        self, controller: Controller, leagues: LeagueService, nights: LeagueNights
    ) -> None:
        self.controller = controller
        self.leagues = leagues
        self.nights = nights
        self.draft = LeagueDraft(controller, leagues)

    async def _league_id(self, interaction: discord.Interaction[Any]) -> int | None:
        """The channel's league (a race thread's: its channel's), or None after saying there
        is none."""
        channel = interaction.channel
        where = channel.parent_id if isinstance(channel, discord.Thread) else interaction.channel_id
        try:
            return (await self.leagues.league_in(where or 0)).id
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return None

    # --- commands -------------------------------------------------------------------------

    async def create(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        choice: SeasonChoice,
        seats: int,
        fill: str,
        timer: int | None,
    ) -> None:
        await think_privately(interaction)
        if not await self.controller.allowed_here(interaction):
            return
        try:
            config = choice.config()
        except SeasonSetupError as error:
            await self.controller.refused(interaction, season_refusal(error))
            return
        if timer is None:
            stored = await self.controller.store.guild_settings(interaction.guild_id or 0)
            minutes = stored.timer_seconds // 60 if stored.timer_seconds else DEFAULT_TIMER_MINUTES
        else:
            minutes = timer
        settings = LeagueSettings(
            timer_seconds=max(minutes * 60, 30),
            fill=fill,
            seats=seats,
        )
        try:
            league = await self.leagues.create(
                interaction.guild_id or 0,
                interaction.channel_id or 0,
                driver_of(interaction),
                name,
                config,
                settings,
            )
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        locale = public_locale(interaction)
        created = t(
            "league_created",
            locale,
            name=name,
            races=len(league.season.races),
            fill=t(f"fill_{fill}", locale),
            timer=f"{minutes} min",
        )
        if choice.drop_worst:
            created += t("league_created_drop_worst", locale)
        await self._say(interaction, content=created)

    async def import_league(
        self, interaction: discord.Interaction[Any], file: discord.Attachment
    ) -> None:
        """``/league import``: the league of an export file, recreated in this channel."""
        await think_privately(interaction)
        if not await self.controller.allowed_here(interaction):
            return
        try:
            league = await self.leagues.import_league(
                interaction.guild_id or 0,
                interaction.channel_id or 0,
                interaction.user.id,
                interaction.permissions.manage_guild,
                file.size,
                file.read,
            )
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        imported = t(
            "league_imported",
            public_locale(interaction),
            name=league.record.name,
            user=interaction.user.id,
            scored=len(league.season.results),
            races=len(league.season.races),
        )
        await self._say(interaction, content=imported)

    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self._membership(interaction, joining=True)

    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self._membership(interaction, joining=False)

    async def _membership(self, interaction: discord.Interaction[Any], *, joining: bool) -> None:
        await think_privately(interaction)
        league_id = await self._league_id(interaction)
        if league_id is None:
            return
        try:
            if joining:
                league = await self.leagues.join(league_id, driver_of(interaction))
                mine = league.member(interaction.user.id)
                car = mine.driver_id if mine else "-"
                text = t("league_joined", interaction.locale, name=league.record.name, car=car)
            else:
                league = await self.leagues.leave(league_id, interaction.user.id)
                text = t("league_left", interaction.locale, name=league.record.name)
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        await interaction.followup.send(text, ephemeral=True)

    async def schedule(self, interaction: discord.Interaction[Any]) -> None:
        await think_privately(interaction)
        league_id = await self._league_id(interaction)
        if league_id is None:
            return
        locale = str(interaction.locale)
        league = await self.leagues.load(league_id)
        night = await self.nights.night(league_id)  # dates, who comes, reserves
        lines = [t("league_schedule_title", locale, name=league.record.name)]
        for race in await self.leagues.schedule(league_id):
            lines.append(
                t(
                    "league_schedule_race",
                    locale,
                    race=race.race_no,
                    track=track_name(race.track, locale),
                    event=race.event,
                    title=event_title(race.event, locale),
                    done=t("league_schedule_done", locale) if race.run else "",
                )
            )
            lines.append(f"> {event_summary(race.event, locale)}")
            lines.append(schedule_line(league, night, race.race_no))
        lines.append(reserves_line(night, locale))
        await interaction.followup.send(
            "\n".join(filter(None, lines)),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def start_race(self, interaction: discord.Interaction[Any]) -> None:
        await think_privately(interaction)
        league_id = await self._league_id(interaction)
        if league_id is None:
            return
        try:
            change = await self.leagues.start_race(
                league_id, interaction.user.id, can_manage=interaction.permissions.manage_guild
            )
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            await self.draft.after(league_id)  # a draft stored before its race was refused
            return
        await interaction.followup.send("🏁", ephemeral=True)
        await self.draft.after(league_id, change)
        await clear_lapsed(self.controller.publisher.client, self.nights, league_id)

    async def standings(self, interaction: discord.Interaction[Any]) -> None:
        """The table, posted in the channel for everyone."""
        await think_privately(interaction)
        league_id = await self._league_id(interaction)
        if league_id is None:
            return
        league, rows = await self.leagues.standings(league_id)
        message = await standings_message(league, rows, public_locale(interaction))
        await self._say(interaction, **message)

    async def history(self, interaction: discord.Interaction[Any]) -> None:
        """The league's races so far, posted in the channel for everyone."""
        await think_privately(interaction)
        league_id = await self._league_id(interaction)
        if league_id is None:
            return
        league, rows = await self.leagues.standings(league_id)
        races = await self.leagues.history(league_id)
        for text in history_texts(league, rows, races, public_locale(interaction)):
            await post_in_channel(
                interaction, content=text, allowed_mentions=discord.AllowedMentions.none()
            )
        await interaction.followup.send("✅", ephemeral=True)

    async def ask_end(self, interaction: discord.Interaction[Any]) -> None:
        await think_privately(interaction)
        league_id = await self._league_id(interaction)
        if league_id is None:
            return
        try:
            permits.manager(interaction.permissions.manage_guild)  # asked again by the end itself
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        league = await self.leagues.load(league_id)
        locale = str(interaction.locale)
        confirm = HeatButton(
            button("lgend", league_id), t("league_end_button", locale), discord.ButtonStyle.danger
        )
        await interaction.followup.send(
            t("league_end_confirm", locale, name=league.record.name),
            ephemeral=True,
            view=view_of(confirm),
        )

    async def end(self, interaction: discord.Interaction[Any], league_id: int) -> None:
        """The confirmation button: the league ends and its export is posted."""
        await interaction.response.defer()
        try:
            league = await self.leagues.load(league_id)
            export = await self.leagues.end(
                league_id,
                interaction.user.id,
                interaction.permissions.manage_guild,
                interaction.guild_id or 0,
            )
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        await interaction.edit_original_response(view=None)
        await clear_lapsed(self.controller.publisher.client, self.nights, league_id)
        payload = json.dumps(export, indent=1).encode()
        await post_in_channel(
            interaction,
            content=t(
                "league_ended",
                public_locale(interaction),
                name=league.record.name,
                user=interaction.user.id,
            ),
            file=discord.File(io.BytesIO(payload), f"heat-league-{league_id}.json"),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def correct(
        self,
        interaction: discord.Interaction[Any],
        user: discord.abc.User,
        points: int,
        reason: str,
    ) -> None:
        await think_privately(interaction)
        league_id = await self._league_id(interaction)
        if league_id is None:
            return
        try:
            await self.leagues.correct(
                league_id,
                interaction.user.id,
                interaction.permissions.manage_guild,
                user.id,
                points,
                reason,
            )
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        await self.draft.after(league_id)  # during a draft, its person is asked again
        text = t(
            "league_corrected",
            public_locale(interaction),
            user=user.id,
            points=points,
            reason=reason,
            admin=interaction.user.id,
        )
        await self._say(interaction, content=text)

    async def drop_worst(self, interaction: discord.Interaction[Any], on: bool) -> None:
        """``/league drop-worst on|off``: said in the channel, for every driver to read."""
        await think_privately(interaction)
        league_id = await self._league_id(interaction)
        if league_id is None:
            return
        try:
            league = await self.leagues.drop_worst(
                league_id, interaction.user.id, interaction.permissions.manage_guild, on
            )
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        key = "league_drop_worst_on" if on else "league_drop_worst_off"
        text = t(
            key, public_locale(interaction), name=league.record.name, admin=interaction.user.id
        )
        await self._say(interaction, content=text)

    async def breakdown(
        self, interaction: discord.Interaction[Any], user: discord.abc.User
    ) -> None:
        """``/league breakdown``: a driver's races one by one, for the asker's eyes only."""
        await think_privately(interaction)
        league_id = await self._league_id(interaction)
        if league_id is None:
            return
        try:
            breakdown = await self.leagues.breakdown(league_id, user.id, interaction.user.id)
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        text = breakdown_text(breakdown, str(interaction.locale))
        await interaction.followup.send(
            text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    async def stats(self, interaction: discord.Interaction[Any], user: discord.abc.User) -> None:
        await think_privately(interaction)
        stats = await self.leagues.stats(user.id, interaction.guild_id or 0)
        locale = str(interaction.locale)
        if stats.races == 0 or stats.average_place is None:
            text = t("stats_none", locale, user=user.id)
        else:
            text = t(
                "stats",
                locale,
                user=user.id,
                races=counted("count_races", stats.races, locale),
                wins=counted("count_wins", stats.wins, locale),
                podiums=counted("count_podiums", stats.podiums, locale),
                average=f"{stats.average_place:.1f}",
                spin_outs=counted("count_spin_outs", stats.spin_outs, locale),
            )
        await interaction.followup.send(
            text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    async def _say(self, interaction: discord.Interaction[Any], **message: Any) -> None:
        """A public message in the league's channel, mentioning nobody; the user reads ✅."""
        await post_in_channel(
            interaction, **message, allowed_mentions=discord.AllowedMentions.none()
        )
        await interaction.followup.send("✅", ephemeral=True)
