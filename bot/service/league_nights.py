"""League nights: each race's date, its reminders and its start, attendance and reserves.

An organiser (the league's creator, or someone with Manage Server) dates the races
one by one or as a weekly pattern; each date becomes the race's timers (a reminder
at each of the league's offsets, and the start), rows of the store re-armed at
start-up and claimed once (:meth:`Store.fire_night_timer`). At its time the race
opens by itself, with the same one step as ``/league start-race``; the season's
version decides, so a second process or a restart never starts it twice. Nothing
here imports discord: the Discord layer posts what a change says (and keeps the
server's Discord events in step with the dates).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.service import calendar, permits
from bot.service.league_values import League, LeagueChange
from bot.service.leagues import LeagueService
from bot.service.refusals import Refused
from bot.storage import LeagueDate, LeagueStatus, OutboxRow, Reserve, Rsvp, Store, Timer
from engine.ai import LEVELS
from engine.season import SeasonState

log = logging.getLogger("heat.league")

CLOCK = "clock"
"""Who the log names for what the league's dates did by themselves."""


@dataclass(frozen=True, slots=True)
class Night:
    """What ``/league schedule`` shows beside the races: dates, answers, reserves."""

    dates: dict[int, LeagueDate]
    coming: dict[int, tuple[int, ...]]
    not_coming: dict[int, tuple[int, ...]]
    reserves: tuple[Reserve, ...]


@dataclass(frozen=True, slots=True)
class Dated:
    """What a change of dates did: the races dated or moved, and those no longer dated.

    The Discord layer puts (or removes) each race's Discord event from it.
    """

    league: League
    dated: tuple[LeagueDate, ...]
    undated: tuple[LeagueDate, ...] = ()


@dataclass(frozen=True, slots=True)
class Fired:
    """What a night timer did: rows to post (a reminder, a note), or a race's start."""

    league_id: int
    posts: tuple[OutboxRow, ...] = ()
    started: LeagueChange | None = None


def open_to_date(season: SeasonState, race_no: int) -> bool:
    """Whether race ``race_no`` has yet to open: a later race, or the next one in its lineup."""
    if not 1 <= race_no <= len(season.races) or season.phase == "over":
        return False
    if race_no == season.race_no:
        return season.phase == "lineup"
    return race_no > season.race_no


def next_to_open(season: SeasonState) -> int:
    """The race people answer for when they name none: the next one yet to open (during a
    race's draft or race, the one after it)."""
    return season.race_no if season.phase == "lineup" else season.race_no + 1


def night_timers(
    league_id: int,
    season: SeasonState,
    dates: Sequence[LeagueDate],
    reminders: Sequence[int],
    now: float,
) -> list[Timer]:
    """Every reminder and start still to come for the league's dated races.

    Each timer's ``wait`` is its race's start, so one left from before a move is spent.
    """
    timers: list[Timer] = []
    for date in dates:
        if not open_to_date(season, date.race_no) or date.starts_at <= now:
            continue
        wait = f"{date.starts_at:.0f}"
        no = str(date.race_no)
        timers.append(Timer(None, "league_start", no, date.starts_at, wait, league_id))
        for before in reminders:
            due = date.starts_at - before
            if due > now:
                car = f"{no}:{before}"
                timers.append(Timer(None, "league_reminder", car, due, wait, league_id))
    return timers


class LeagueNights:
    """Dates, attendance and reserves of the leagues, and what their timers do."""

    def __init__(self, store: Store, leagues: LeagueService, clock: Callable[[], float]) -> None:
        self.store = store
        self.leagues = leagues
        self.clock = clock

    # --- dates ----------------------------------------------------------------------------

    async def date(
        self,
        league_id: int,
        user_id: int,
        can_manage: bool,
        race_no: int,
        day: str,
        at: str,
        zone: str,
    ) -> Dated:
        """Race ``race_no`` starts on ``day`` at ``at`` in ``zone`` (moved if it had a date)."""
        await self._may_date(league_id, user_id, can_manage)
        tz = calendar.zone_named(zone)
        starts_at = calendar.instant(calendar.day_named(day), calendar.time_named(at), tz)
        return await self._set(league_id, user_id, can_manage, {race_no: starts_at}, tz.key)

    async def date_weekly(
        self,
        league_id: int,
        user_id: int,
        can_manage: bool,
        first_day: str,
        at: str,
        zone: str,
        every_days: int = 7,
    ) -> Dated:
        """Every race yet to open, from the next one on, dated ``every_days`` apart from
        ``first_day`` at ``at`` on the clocks of ``zone``."""
        await self._may_date(league_id, user_id, can_manage)
        tz = calendar.zone_named(zone)
        first, time_of_day = calendar.day_named(first_day), calendar.time_named(at)
        league = await self.leagues.load(league_id)
        numbers = [
            no for no in range(1, len(league.season.races) + 1) if open_to_date(league.season, no)
        ]
        starts = calendar.weekly(first, time_of_day, tz, len(numbers), every_days)
        return await self._set(
            league_id, user_id, can_manage, dict(zip(numbers, starts, strict=True)), tz.key
        )

    async def undate(self, league_id: int, user_id: int, can_manage: bool, race_no: int) -> Dated:
        """Race ``race_no`` loses its date (its reminders, its start, its Discord event); it
        stays in the season, to be dated again or started by hand."""
        async with self.leagues.seasons.lock(league_id):
            league = await self.leagues.load(league_id)
            permits.creator_or_manager(league.record.created_by == user_id, can_manage)
            dates = {d.race_no: d for d in await self.store.league_dates(league_id)}
            if race_no not in dates or not open_to_date(league.season, race_no):
                raise Refused("league_not_dated", race=race_no)
            kept = [d for no, d in dates.items() if no != race_no]
            timers = night_timers(
                league_id, league.season, kept, league.record.settings.reminders, self.clock()
            )
            await self.store.set_league_dates(league_id, [], [race_no], timers)
            log.info(
                "league race undated league=%s guild=%s race_no=%s",
                league_id,
                league.record.guild_id,
                race_no,
            )
            return Dated(league, (), (dates[race_no],))

    async def _may_date(self, league_id: int, user_id: int, can_manage: bool) -> None:
        """Who may date is asked before the date is read: a refusal says who may, first."""
        league = await self.leagues.load(league_id)
        permits.creator_or_manager(league.record.created_by == user_id, can_manage)

    async def _set(
        self,
        league_id: int,
        user_id: int,
        can_manage: bool,
        starts: dict[int, float],
        zone: str,
    ) -> Dated:
        now = self.clock()
        async with self.leagues.seasons.lock(league_id):
            league = await self.leagues.load(league_id)
            permits.creator_or_manager(league.record.created_by == user_id, can_manage)
            if not starts:
                raise Refused("league_nothing_to_date")
            for race_no, starts_at in starts.items():
                if not open_to_date(league.season, race_no):
                    raise Refused("league_race_not_open", race=race_no)
                calendar.check_ahead(starts_at, now)
            before = {d.race_no: d for d in await self.store.league_dates(league_id)}
            dated = tuple(
                LeagueDate(
                    league_id,
                    no,
                    at,
                    zone,
                    before[no].event_id if no in before else None,
                )
                for no, at in sorted(starts.items())
            )
            after = {**before, **{d.race_no: d for d in dated}}
            timers = night_timers(
                league_id,
                league.season,
                list(after.values()),
                league.record.settings.reminders,
                now,
            )
            await self.store.set_league_dates(league_id, dated, [], timers)
            for date in dated:
                log.info(
                    "league race dated league=%s guild=%s race_no=%s at=%s",
                    league_id,
                    league.record.guild_id,
                    date.race_no,
                    calendar.local_label(date.starts_at, date.zone),
                )
            return Dated(league, dated)

    async def lapsed(self, league_id: int) -> list[LeagueDate]:
        """Dates whose Discord events must go: a race that opened before its date loses it
        (its reminders and start too), and an ended league's races yet to come are off."""
        record = await self.store.league(league_id)
        if record is None:
            return []
        now = self.clock()
        dates = await self.store.league_dates(league_id)
        if record.status != LeagueStatus.ACTIVE:
            return [d for d in dates if d.starts_at > now]
        async with self.leagues.seasons.lock(league_id):
            league = await self.leagues.load(league_id)
            gone = [
                d for d in dates if d.starts_at > now and not open_to_date(league.season, d.race_no)
            ]
            if gone:
                kept = [d for d in dates if d not in gone]
                reminders = league.record.settings.reminders
                timers = night_timers(league_id, league.season, kept, reminders, now)
                undated = [d.race_no for d in gone]
                await self.store.set_league_dates(league_id, [], undated, timers)
                log.info(
                    "league dates lapsed league=%s guild=%s races=%s",
                    league_id,
                    record.guild_id,
                    ",".join(str(no) for no in undated),
                )
            return gone

    async def set_event(self, league_id: int, race_no: int, event_id: int | None) -> None:
        """The server's Discord event for race ``race_no`` (kept to move or cancel it)."""
        await self.store.set_event_id(league_id, race_no, event_id)

    # --- settings -------------------------------------------------------------------------

    async def configure(
        self,
        league_id: int,
        user_id: int,
        can_manage: bool,
        *,
        reminders: str | None = None,
        no_show: str | None = None,
        level: str | None = None,
    ) -> League:
        """The league's reminders ("24, 1": hours before), who drives for a driver who cannot
        come (``ai`` or ``reserve``) and its AI drivers' level (from the next race they drive);
        the dates' timers follow at once."""
        async with self.leagues.seasons.lock(league_id):
            league = await self.leagues.load(league_id)
            permits.creator_or_manager(league.record.created_by == user_id, can_manage)
            settings = league.record.settings
            if reminders is not None:
                hours = calendar.reminder_hours(reminders)
                settings = settings.model_copy(update={"reminders": hours})
            if no_show is not None:
                if no_show not in ("ai", "reserve"):
                    raise Refused("unknown_action")
                settings = settings.model_copy(update={"no_show": no_show})
            if level is not None:
                if level not in LEVELS:
                    raise Refused("unknown_action")
                settings = settings.model_copy(update={"ai_level": level})
            await self.store.set_league_settings(league_id, settings)
            dates = await self.store.league_dates(league_id)
            timers = night_timers(league_id, league.season, dates, settings.reminders, self.clock())
            await self.store.set_league_dates(league_id, [], [], timers)
            log.info(
                "league settings league=%s guild=%s reminders=%s no_show=%s",
                league_id,
                league.record.guild_id,
                ",".join(str(s // 3600) for s in settings.reminders),
                settings.no_show,
            )
            return await self.leagues.load(league_id)

    # --- attendance and reserves ----------------------------------------------------------

    async def rsvp(self, league_id: int, user_id: int, race_no: int | None, coming: bool) -> Rsvp:
        """A driver (or a reserve) says whether they will race race ``race_no`` (the next
        one yet to open if None)."""
        league = await self.leagues.load(league_id)
        reserves = {r.user_id for r in await self.store.reserves(league_id)}
        if league.member(user_id) is None and user_id not in reserves:
            raise Refused("league_not_member")
        number = next_to_open(league.season) if race_no is None else race_no
        if not open_to_date(league.season, number):
            raise Refused("league_race_not_open", race=number)
        answer = Rsvp(league_id, number, user_id, coming)
        await self.store.set_rsvp(answer)
        log.info(
            "league rsvp league=%s guild=%s race_no=%s user=%s coming=%s",
            league_id,
            league.record.guild_id,
            number,
            user_id,
            coming,
        )
        return answer

    async def reserve(
        self,
        league_id: int,
        user_id: int,
        can_manage: bool,
        reserve: int,
        name: str,
        listed: bool,
        locale: str = "en-US",
    ) -> bool:
        """List (or unlist) ``reserve`` as one of the league's reserve drivers, asked in
        ``locale``; False if it changed nothing. A driver of the league is no reserve."""
        league = await self.leagues.load(league_id)
        permits.creator_or_manager(league.record.created_by == user_id, can_manage)
        if listed and league.member(reserve) is not None:
            raise Refused("league_reserve_is_driver")
        changed = await self.store.set_reserve(
            Reserve(league_id, reserve, name[:32], locale), listed, self.clock()
        )
        log.info(
            "league reserve league=%s guild=%s user=%s listed=%s changed=%s",
            league_id,
            league.record.guild_id,
            reserve,
            listed,
            changed,
        )
        return changed

    async def night(self, league_id: int) -> Night:
        """The dates, the answers given for each race, and the reserves."""
        answers = await self.store.rsvps(league_id)
        coming: dict[int, list[int]] = {}
        not_coming: dict[int, list[int]] = {}
        for answer in answers:
            (coming if answer.coming else not_coming).setdefault(answer.race_no, []).append(
                answer.user_id
            )
        return Night(
            {d.race_no: d for d in await self.store.league_dates(league_id)},
            {no: tuple(users) for no, users in coming.items()},
            {no: tuple(users) for no, users in not_coming.items()},
            tuple(await self.store.reserves(league_id)),
        )

    # --- the timers -----------------------------------------------------------------------

    async def fire(self, timer: Timer) -> Fired | None:
        """A night timer is due: a reminder is written to be posted, or the race opens.

        None when it is spent (the league ended, the race opened or moved): dropped.
        """
        assert timer.league_id is not None
        league_id = timer.league_id
        race_no = int(timer.car_id.split(":")[0])
        try:
            league = await self.leagues.load(league_id)
        except Refused:
            await self.store.drop_timer(timer)
            return None
        dates = {d.race_no: d for d in await self.store.league_dates(league_id)}
        date = dates.get(race_no)
        if date is None or f"{date.starts_at:.0f}" != timer.wait:
            await self.store.drop_timer(timer)
            return None
        values: dict[str, str | int] = {"race_no": race_no, "starts_at": int(date.starts_at)}
        if timer.kind == "league_reminder":
            if not open_to_date(league.season, race_no) or self._late(timer, league, date):
                await self.store.drop_timer(timer)
                return None
            row = OutboxRow(None, "reminder", values=values, league_id=league_id)
            posts = await self.store.fire_night_timer(timer, [row])
            return Fired(league_id, tuple(posts))
        return await self._start(league, race_no, timer, values)

    def _late(self, timer: Timer, league: League, date: LeagueDate) -> bool:
        """A reminder fired after a shorter one was due (the bot was down) says too little
        too late: only the last one due is posted."""
        before = int(timer.car_id.split(":")[1])
        shorter = [s for s in league.record.settings.reminders if s < before]
        now = self.clock()
        return now >= date.starts_at or any(now >= date.starts_at - s for s in shorter)

    async def _start(
        self, league: League, race_no: int, timer: Timer, values: dict[str, str | int]
    ) -> Fired | None:
        season = league.season
        if season.race_no != race_no or season.phase != "lineup":
            # The race before still runs (or this one opened by hand): say so once.
            if not open_to_date(season, race_no):
                await self.store.drop_timer(timer)
                return None
            values["current"] = season.race_no
            note = OutboxRow(
                None, "say", text="league_night_not_ready", values=values, league_id=league.id
            )
            return Fired(league.id, tuple(await self.store.fire_night_timer(timer, [note])))
        try:
            change = await self.leagues.open_dated(league.id, race_no, CLOCK)
        except Refused as refused:
            log.warning(
                "league night start league=%s guild=%s race_no=%s refused=%s",
                league.id,
                league.record.guild_id,
                race_no,
                refused.key,
            )
            if refused.key == "league_stale":
                # Another change came first (another process opened it): the timer is spent.
                await self.store.drop_timer(timer)
                return None
            # The season would not open (two drivers in one colour...): the channel is told.
            note = OutboxRow(
                None, "say", text="league_night_not_opened", values=values, league_id=league.id
            )
            return Fired(league.id, tuple(await self.store.fire_night_timer(timer, [note])))
        await self.store.drop_timer(timer)
        if change is None:
            return None
        log.info(
            "league night started league=%s guild=%s race_no=%s",
            league.id,
            league.record.guild_id,
            race_no,
        )
        return Fired(league.id, started=change)
