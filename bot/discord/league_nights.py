"""League nights on Discord: dated races and their server Events, reminders to answer, the start.

The service (:class:`bot.service.league_nights.LeagueNights`) dates the races and fires
their timers; this layer says what it did. The Discord events follow a change of dates
once the service has committed it, never inside it: Discord may refuse (a missing
permission, an event a member deleted) and the league works the same without them, its
organiser told in one line which permission to grant. A reminder is one message in the
league's channel, mentioning those who want a mention; those who chose direct messages
get theirs there (a mention when their DMs are closed), as a race's drivers are called.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

import discord

import data
from bot.discord.channels import channel_of, send_or_keep
from bot.discord.commands import LEVEL_NAMES
from bot.discord.components import HeatButton, view_of
from bot.discord.controller import Controller
from bot.discord.errors import think_privately
from bot.discord.guild_events import CREATE_EVENTS, RaceEvent, put_event, remove_event
from bot.discord.ids import ComponentId, button
from bot.discord.league_draft import LeagueDraft
from bot.discord.notices import direct_message
from bot.discord.texts import counted, t
from bot.service.calendar import discord_time
from bot.service.league_nights import Dated, LeagueNights, Night
from bot.service.league_values import League
from bot.service.leagues import LeagueService
from bot.service.refusals import Refused
from bot.storage import NIGHT_TIMERS, LeagueRecord, OutboxRow, Timer
from data import words
from data.words import event_summary, event_title, track_name
from engine.championship import race_laps_of

log = logging.getLogger("heat.league")

EVENT_HOURS = 2
"""How long a race's Discord event lasts: a league race of a few rounds, drafted first."""
NIGHT_NOTES = frozenset({"league_night_not_ready", "league_night_not_opened"})
"""The service's notes when a race's time came and it could not open: the race before it
still runs, or the season would not open it."""
RSVP_YES, RSVP_NO = "rsvpy", "rsvpn"

DateChange = Callable[[int, int, bool], Awaitable[Dated]]
"""A change of a league's dates, given the league, the asker and whether they manage the server."""


def race_label(league: League, race_no: int, locale: str) -> str:
    """'Race 3 (Italy)': how a league night names its race."""
    track = track_name(league.season.races[race_no - 1].track, locale)
    return t("league_night_race", locale, race=race_no, track=track)


def when(starts_at: float) -> dict[str, str]:
    """A start as Discord shows it in each reader's own time zone: in full, and from now."""
    return {"full": discord_time(starts_at, "F"), "relative": discord_time(starts_at, "R")}


def dated_line(league: League, race_no: int, starts_at: float, locale: str) -> str:
    """'Race 3 (Italy): <t:…:F> (<t:…:R>)'."""
    return t(
        "league_night_dated", locale, race=race_label(league, race_no, locale), **when(starts_at)
    )


def schedule_line(league: League, night: Night, race_no: int) -> str:
    """Under a race of ``/league schedule``: its date, who comes (✅) and who cannot (❌);
    empty if it has none of them."""
    parts = []
    date = night.dates.get(race_no)
    if date is not None:
        parts.append("📅 {full} ({relative})".format(**when(date.starts_at)))
    names = _names(league, night)
    for mark, users in (("✅", night.coming), ("❌", night.not_coming)):
        if users.get(race_no):
            parts.append(f"{mark} " + ", ".join(names.get(u, f"<@{u}>") for u in users[race_no]))
    return " · ".join(parts)


def reserves_line(night: Night, locale: str) -> str:
    """The league's reserve drivers, for the foot of ``/league schedule`` (empty if none)."""
    if not night.reserves:
        return ""
    return t("league_night_reserves", locale, names=", ".join(r.name for r in night.reserves))


def rsvp_view(league_id: int, race_no: int, locale: str) -> discord.ui.View:
    """The reminder's two buttons: they stay valid after a restart (routed by their ids)."""
    return view_of(
        HeatButton(
            button(RSVP_YES, league_id, race_no),
            t("league_night_yes", locale),
            discord.ButtonStyle.success,
        ),
        HeatButton(
            button(RSVP_NO, league_id, race_no),
            t("league_night_no", locale),
            discord.ButtonStyle.secondary,
        ),
    )


def _names(league: League, night: Night) -> dict[int, str]:
    names = {r.user_id: r.name for r in night.reserves}
    return names | {m.user_id: m.name for m in league.members}


async def clear_lapsed(client: discord.Client, nights: LeagueNights, league_id: int) -> None:
    """After a race opened (by hand, before its date) or the league ended: the server's
    Discord events of races that will not happen on their dates are removed."""
    record = await nights.store.league(league_id)
    if record is None:
        return
    for date in await nights.lapsed(league_id):
        if date.event_id is None:
            continue
        try:
            await remove_event(client, record.guild_id, date.event_id)
        except discord.HTTPException as error:
            log.warning(
                "event not removed league=%s guild=%s race_no=%s status=%s",
                league_id,
                record.guild_id,
                date.race_no,
                error.status,
            )


def level_named(level: str, locale: str) -> str:
    """An AI level as ``/heat new`` names it, in the reader's language ("Campione")."""
    name = LEVEL_NAMES.get(level, level)
    english = name if isinstance(name, str) else name.message
    return words.command_text(english, locale) or english


def to_remind(league: League, night: Night, race_no: int) -> dict[int, str]:
    """Who a race's reminder is for, each once, with their language: the league's drivers
    (and its reserves, when they may be called), but not those who said they cannot come."""
    people = {m.user_id: m.locale for m in league.members if m.left_at is None}
    if league.record.settings.no_show == "reserve":
        # A reserve who drove already is a member too: told once.
        people |= {r.user_id: r.locale for r in night.reserves if r.user_id not in people}
    absent = set(night.not_coming.get(race_no, ()))
    return {user: locale for user, locale in people.items() if user not in absent}


class LeagueHandlers(Protocol):
    """What the nights share with :class:`bot.discord.league_controller.LeagueController`
    (which shows the nights in ``/league schedule``, so it is not imported here)."""

    controller: Controller
    leagues: LeagueService
    draft: LeagueDraft

    async def _league_id(self, interaction: discord.Interaction[Any]) -> int | None: ...


class LeagueNightsController:
    """The league-night commands and clicks, the night timers, and their posts."""

    def __init__(self, league_controller: LeagueHandlers, nights: LeagueNights) -> None:
        self.league_controller = league_controller
        self.controller = league_controller.controller
        self.leagues = league_controller.leagues
        self.nights = nights
        self.client = self.controller.publisher.client

    # --- dates ----------------------------------------------------------------------------

    async def date(
        self, interaction: discord.Interaction[Any], race_no: int, day: str, at: str, zone: str
    ) -> None:
        """``/league date set``: race ``race_no`` dated (or moved)."""
        await self._change(
            interaction,
            lambda league_id, user_id, can_manage: self.nights.date(
                league_id, user_id, can_manage, race_no, day, at, zone
            ),
        )

    async def weekly(
        self,
        interaction: discord.Interaction[Any],
        first_day: str,
        at: str,
        zone: str,
        every_days: int,
    ) -> None:
        """``/league date weekly``: every race yet to open, ``every_days`` apart."""
        await self._change(
            interaction,
            lambda league_id, user_id, can_manage: self.nights.date_weekly(
                league_id, user_id, can_manage, first_day, at, zone, every_days
            ),
        )

    async def cancel(self, interaction: discord.Interaction[Any], race_no: int) -> None:
        """``/league date cancel``: the race loses its date, its reminders and its event."""
        await self._change(
            interaction,
            lambda league_id, user_id, can_manage: self.nights.undate(
                league_id, user_id, can_manage, race_no
            ),
        )

    async def _change(self, interaction: discord.Interaction[Any], change: DateChange) -> None:
        """Acknowledge, find the channel's league, change its dates as the asker (a refusal
        answered in its one line), then tell what changed."""
        await think_privately(interaction)
        league_id = await self.league_controller._league_id(interaction)
        if league_id is None:
            return
        try:
            dated = await change(
                league_id, interaction.user.id, interaction.permissions.manage_guild
            )
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        await self._dated(interaction, dated)

    async def _dated(self, interaction: discord.Interaction[Any], dated: Dated) -> None:
        """After a change of dates: the timers may be sooner, the server's Events follow, and
        the organiser reads each race's date (and, once, what permission I lack)."""
        self.controller.scheduler.wake()
        locale = str(interaction.locale)
        league = dated.league
        lines = [dated_line(league, d.race_no, d.starts_at, locale) for d in dated.dated]
        lines += [
            t("league_night_undated", locale, race=race_label(league, d.race_no, locale))
            for d in dated.undated
        ]
        missing, full = await self._events(dated)
        if full:
            lines.append(t("league_night_events_full", locale))
        if missing is not None:
            named = (
                "league_night_create_events"
                if missing == CREATE_EVENTS
                else "league_night_manage_events"
            )
            lines.append(t("league_night_events_permission", locale, permission=t(named, locale)))
        await interaction.followup.send(
            "\n".join(lines), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    async def _events(self, dated: Dated) -> tuple[str | None, bool]:
        """Put each dated race's Discord event and remove each undated one's; the permission
        Discord wanted, if it refused for want of one, and whether the server's events are
        at Discord's most."""
        league = dated.league
        record = league.record
        locale = self.controller.publisher.locale_of(record.guild_id)
        location = self._location(record)
        missing: str | None = None
        full = False
        for date in dated.dated:
            start = datetime.fromtimestamp(date.starts_at, tz=UTC)
            event = race_event(league, date.race_no, locale, location, start)
            try:
                outcome = await put_event(self.client, record.guild_id, date.event_id, event)
            except discord.HTTPException as error:
                _event_failed(record, date.race_no, error)
                continue
            if outcome.event_id != date.event_id:
                await self.nights.set_event(league.id, date.race_no, outcome.event_id)
            missing = missing or outcome.missing_permission
            full = full or outcome.full
        for date in dated.undated:
            if date.event_id is None:
                continue
            try:
                missing = await remove_event(self.client, record.guild_id, date.event_id) or missing
            except discord.HTTPException as error:
                _event_failed(record, date.race_no, error)
        return missing, full

    def _location(self, record: LeagueRecord) -> str:
        """'#channel': where an external event of the league says it happens."""
        channel = self.client.get_channel(record.channel_id)
        name = getattr(channel, "name", None)
        return f"#{name}" if name else f"<#{record.channel_id}>"

    # --- settings, answers, reserves ------------------------------------------------------

    async def settings(
        self,
        interaction: discord.Interaction[Any],
        reminders: str | None,
        no_show: str | None,
        level: str | None = None,
    ) -> None:
        """``/league settings``: the reminders, who drives for a no-show and the AI drivers'
        level; shown when none is given."""
        await think_privately(interaction)
        league_id = await self.league_controller._league_id(interaction)
        if league_id is None:
            return
        try:
            if reminders is None and no_show is None and level is None:
                league = await self.leagues.load(league_id)
            else:
                league = await self.nights.configure(
                    league_id,
                    interaction.user.id,
                    interaction.permissions.manage_guild,
                    reminders=reminders,
                    no_show=no_show,
                    level=level,
                )
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        self.controller.scheduler.wake()
        locale = str(interaction.locale)
        settings = league.record.settings
        hours = ", ".join(f"{seconds // 3600} h" for seconds in settings.reminders)
        text = t(
            "league_night_settings",
            locale,
            name=league.record.name,
            reminders=hours or t("league_night_no_reminders", locale),
            no_show=t(f"league_night_no_show_{settings.no_show}", locale),
        )
        text += "\n" + t(
            "league_settings_level", locale, level=level_named(settings.ai_level, locale)
        )
        await interaction.followup.send(text, ephemeral=True)

    async def rsvp(
        self, interaction: discord.Interaction[Any], coming: bool, race_no: int | None
    ) -> None:
        """``/league rsvp``: the person says whether they race the next race (or ``race_no``)."""
        await think_privately(interaction)
        league_id = await self.league_controller._league_id(interaction)
        if league_id is None:
            return
        await self._answer(interaction, league_id, race_no, coming)

    async def on_click(self, interaction: discord.Interaction[Any], target: ComponentId) -> None:
        """A reminder's button: the clicker's answer for its race, told to them alone."""
        await think_privately(interaction)
        await self._answer(interaction, target.race, target.stamp, target.action == RSVP_YES)

    async def _answer(
        self,
        interaction: discord.Interaction[Any],
        league_id: int,
        race_no: int | None,
        coming: bool,
    ) -> None:
        try:
            answer = await self.nights.rsvp(league_id, interaction.user.id, race_no, coming)
            league = await self.leagues.load(league_id)
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        locale = str(interaction.locale)
        key = "league_night_coming" if answer.coming else "league_night_not_coming"
        label = race_label(league, answer.race_no, locale)
        await interaction.followup.send(t(key, locale, race=label), ephemeral=True)

    async def reserve(
        self, interaction: discord.Interaction[Any], user: discord.abc.User, listed: bool
    ) -> None:
        """``/league reserve add|remove``: a reserve driver listed or unlisted."""
        await think_privately(interaction)
        league_id = await self.league_controller._league_id(interaction)
        if league_id is None:
            return
        try:
            changed = await self.nights.reserve(
                league_id,
                interaction.user.id,
                interaction.permissions.manage_guild,
                user.id,
                user.display_name,
                listed,
                self.controller.publisher.locale_of(interaction.guild_id or 0),
            )
            league = await self.leagues.load(league_id)
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        if changed:
            key = "league_night_reserve_added" if listed else "league_night_reserve_removed"
        else:
            key = "league_night_reserve_already" if listed else "league_night_reserve_not"
        text = t(key, interaction.locale, user=user.id, name=league.record.name)
        await interaction.followup.send(
            text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    # --- the timers and their posts -------------------------------------------------------

    async def on_timer(self, timer: Timer) -> None:
        """A reminder or a start is due: what it wrote is posted, and a race that opens goes
        to the draft exactly as ``/league start-race`` sends it (its thread, its prompt)."""
        assert timer.kind in NIGHT_TIMERS
        fired = await self.nights.fire(timer)
        if fired is not None:
            await self.league_controller.draft.after(fired.league_id, fired.started)

    @staticmethod
    def posts(row: OutboxRow) -> bool:
        """Whether a league's outbox row is a night's (posted in the league's channel, where
        the draft's rows would open the race's thread)."""
        return row.kind == "reminder" or (row.kind == "say" and row.text in NIGHT_NOTES)

    async def post(self, row: OutboxRow, resumed: bool) -> None:
        """Post a night's row in the league's channel; PostLater if Discord failed for now."""
        assert row.league_id is not None
        try:
            league = await self.leagues.load(row.league_id)
        except Refused:
            return  # the league ended: its nights are over
        record = league.record
        locale = self.controller.publisher.locale_of(record.guild_id)
        channel = await channel_of(self.client, record.channel_id)
        if channel is None:
            log.warning("channel gone league=%s guild=%s", record.id, record.guild_id)
            return
        if row.kind == "say":
            await _send(channel, record, content=t(row.text, locale, **row.values))
            return
        await self._remind(channel, league, row, locale)

    async def _remind(
        self,
        channel: discord.abc.Messageable,
        league: League,
        row: OutboxRow,
        locale: str,
    ) -> None:
        """One message in the channel, mentioning those who want a mention; a DM to those
        who chose one (mentioned instead, with one line, when it is refused)."""
        record = league.record
        race_no, starts_at = int(row.values["race_no"]), int(row.values["starts_at"])
        night = await self.nights.night(league.id)
        mentioned: list[int] = []
        lines: list[str] = []
        for user_id, their_locale in to_remind(league, night, race_no).items():
            mode = await self.controller.store.notify_mode(user_id)
            if mode == "off":
                continue
            if mode == "dm":
                text = t(
                    "league_night_dm",
                    their_locale,
                    race=race_label(league, race_no, their_locale),
                    name=record.name,
                    where=f"<#{record.channel_id}>",
                    **when(starts_at),
                )
                view = rsvp_view(league.id, race_no, their_locale)
                where = f"league={league.id} guild={record.guild_id}"
                if await direct_message(self.client, user_id, text, view, where):
                    continue
                lines.append(t("dm_failed", locale, user=user_id))
            mentioned.append(user_id)
        head = t(
            "league_night_reminder",
            locale,
            race=race_label(league, race_no, locale),
            name=record.name,
            **when(starts_at),
        )
        content = "\n".join(filter(None, [head, " ".join(f"<@{u}>" for u in mentioned), *lines]))
        await _send(
            channel,
            record,
            content=content,
            view=rsvp_view(league.id, race_no, locale),
            allowed_mentions=_only(mentioned),
        )
        log.info(
            "league reminder league=%s guild=%s race_no=%s mentioned=%s",
            league.id,
            record.guild_id,
            race_no,
            len(mentioned),
        )


def race_event(
    league: League, race_no: int, locale: str, location: str, start: datetime
) -> RaceEvent:
    """Race ``race_no``'s Discord event: named for the league and the race, its track, laps
    and event card in the description."""
    race = league.season.races[race_no - 1]
    track = data.track(race.track)
    card = data.championship().event(race.event)
    named = track_name(track.id, locale)
    name = t("league_event_name", locale, name=league.record.name, race=race_no, track=named)
    description = t(
        "league_event_description",
        locale,
        track=named,
        laps=counted("league_event_laps", race_laps_of(track, track.laps, card), locale),
        event=race.event,
        title=event_title(race.event, locale),
        summary=event_summary(race.event, locale),
    )
    end = start + timedelta(hours=EVENT_HOURS)
    return RaceEvent(name, description, location, start, end)


def _only(users: Iterable[int]) -> discord.AllowedMentions:
    """Mentions that ping these people, and nobody and nothing else."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in users]
    )


def _event_failed(record: LeagueRecord, race_no: int, error: discord.HTTPException) -> None:
    log.warning(
        "event failed league=%s guild=%s race_no=%s status=%s code=%s",
        record.id,
        record.guild_id,
        race_no,
        error.status,
        error.code,
    )


async def _send(channel: discord.abc.Messageable, record: LeagueRecord, **message: Any) -> None:
    """Post in the league's channel (mentioning nobody unless told); a channel that refuses
    the bot loses the post (see :func:`send_or_keep`)."""
    message.setdefault("allowed_mentions", discord.AllowedMentions.none())
    if not await send_or_keep(channel, **message):
        log.warning("cannot post league=%s guild=%s", record.id, record.guild_id)
