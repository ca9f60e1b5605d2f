"""The one place a league changes: create, join, leave, its races, points, the end.

Like :mod:`bot.service.races` for a race: a change loads the league's season,
checks who acts and on which season version, asks the engine
(:mod:`engine.season.rules`), and stores the new season with its decisions in
one transaction (:mod:`bot.service.league_seasons`). The Garage draft before each
race runs in :mod:`bot.service.league_draft`, and the race goes on the bot through
:mod:`bot.service.league_races`. A finished league race is scored
exactly once: the store's unique key per (league, race no) decides, and
start-up scores whatever a stopped bot left unscored. Nothing here imports
discord: bad input is a :class:`Refused` with a text key.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from bot.service import cpu, permits
from bot.service.league_attendance import Attendance
from bot.service.league_draft import Drafts, turn_of
from bot.service.league_races import LeagueRaces
from bot.service.league_seasons import LeagueSeasons, season_after
from bot.service.league_seats import fill_decisions, next_driver, seat_for_newcomer
from bot.service.league_values import (
    Breakdown,
    DraftTurn,
    League,
    LeagueChange,
    RaceLine,
    ScheduledRace,
    Standing,
)
from bot.service.limits import check_room
from bot.service.races import Driver, RaceService
from bot.service.refusals import Refused, season_refusal
from bot.storage import (
    AlreadyMember,
    BadCorrection,
    BadLeagueExport,
    Correction,
    Imported,
    LeagueExists,
    LeagueRace,
    LeagueSettings,
    Member,
    OutboxRow,
    PlayerStats,
    RaceRecord,
    RaceStatus,
    SeasonChange,
    StaleWrite,
    Store,
    Timer,
    check_export_size,
    checked_file,
    recorded_points,
)
from engine import SeasonSetupError
from engine.championship import race_result
from engine.season import (
    CancelRace,
    DropWorst,
    LeaveSeason,
    OpenDraft,
    RaceRecorded,
    Reseed,
    SeasonConfig,
    SeasonDecision,
    StartRace,
    new_season,
    progress,
)
from engine.season import standings as season_standings

log = logging.getLogger("heat.league")


class LeagueService:
    """Runs leagues; every change under the league's lock, stored in one transaction."""

    def __init__(
        self, store: Store, races: RaceService, clock: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self.races = races
        self.clock = clock
        self.seasons = LeagueSeasons(store)
        self.league_races = LeagueRaces(store, races)
        self.drafts = Drafts(store, self.seasons, self.league_races, clock)
        self.attendance = Attendance(store, self.seasons)
        races.on_finished.append(self.record_race)
        races.finish_notices.append(self.finish_notice)

    # --- the league's life ----------------------------------------------------------------

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        creator: Driver,
        name: str,
        config: SeasonConfig,
        settings: LeagueSettings,
    ) -> League:
        """A new league in the channel, its season drawn, the creator its first driver."""
        await check_room(self.store, guild_id, "leagues")
        try:
            season = new_season(config, [], self.races.seeds())
        except SeasonSetupError as error:
            raise season_refusal(error) from None
        try:
            league_id = await self.store.create_league(
                guild_id, channel_id, name, settings, creator.user_id, season
            )
        except LeagueExists:
            raise Refused("league_busy") from None
        log.info(
            "league created league=%s guild=%s races=%s", league_id, guild_id, len(season.races)
        )
        league = await self.load(league_id)
        return await self._join(league, creator)

    async def import_league(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        can_manage: bool,
        size: int,
        read: Callable[[], Awaitable[bytes]],
    ) -> League:
        """An admin recreates an exported league in this channel, from its file of ``size`` bytes.

        The file is read (``read``) only for an admin and a size an export can have, then
        checked whole (its season replayed) in a worker process before anything is written.
        """
        permits.manager(can_manage)
        await check_room(self.store, guild_id, "leagues")
        try:
            check_export_size(size)
            imported = await cpu.run(checked_file, await read())
            league_id = await self.store.import_league(
                self._reseeded(imported), guild_id, channel_id
            )
        except BadLeagueExport as error:
            raise Refused("league_bad_import", detail=str(error)) from None
        except LeagueExists:
            raise Refused("league_busy") from None
        log.info("league imported league=%s guild=%s by=%s", league_id, guild_id, user_id)
        return await self.load(league_id)

    def _reseeded(self, imported: Imported) -> Imported:
        """The imported league dealing from a seed of its own from now on (a ``reseed`` by the
        league, logged): the file it came from is public, with the seed and the Garage deck's
        order, and must foretell none of the markets and races still to come."""
        if imported.current.phase == "over":
            return imported
        decision = Reseed(self.races.seeds())
        current = season_after(imported.current, decision)
        decisions = [*imported.decisions, (decision, "league", self.clock())]
        return replace(imported, current=current, decisions=decisions)

    async def join(self, league_id: int, driver: Driver) -> League:
        """A person drives in the league from the next race, on 0 points."""
        async with self.seasons.lock(league_id):
            return await self._join(await self.load(league_id), driver)

    async def _join(self, league: League, driver: Driver) -> League:
        if league.member(driver.user_id) is not None:
            raise Refused("league_already_member")
        if league.season.phase == "over":
            raise Refused("league_over")
        room = seat_for_newcomer(league.season, league.record.settings)
        if len(league.season.racing()) >= league.record.settings.seats and not room:
            raise Refused("league_full")
        after = season_after(league.season, *room)
        entry = next_driver(after)
        after = season_after(after, entry)
        member = Member(driver.user_id, entry.driver, driver.name, driver.locale, after.race_no)
        decisions = [*room, entry]
        by = f"user:{driver.user_id}"
        try:
            await self.seasons.commit(league, after, [(d, by) for d in decisions], joined=member)
        except AlreadyMember:
            raise Refused("league_already_member") from None
        log.info(
            "league joined league=%s guild=%s driver=%s",
            league.id,
            league.record.guild_id,
            entry.driver,
        )
        return await self.load(league.id)

    async def leave(self, league_id: int, user_id: int) -> League:
        """A person stops driving between races; their points stay in the standings."""
        async with self.seasons.lock(league_id):
            league = await self.load(league_id)
            member = league.member(user_id)
            if member is None:
                raise Refused("league_not_member")
            decision = LeaveSeason(member.driver_id)
            after = season_after(league.season, decision)
            await self.seasons.commit(
                league, after, [(decision, f"user:{user_id}")], left_user=user_id
            )
            log.info(
                "league left league=%s guild=%s driver=%s",
                league_id,
                league.record.guild_id,
                member.driver_id,
            )
            return await self.load(league_id)

    # --- the next race: draft, then the race ----------------------------------------------

    async def start_race(
        self, league_id: int, user_id: int, *, can_manage: bool = False
    ) -> LeagueChange:
        """The next race: its draft opens (AI drivers pick at once), or it starts if ready.

        Asked by one of the league's drivers, or by someone with Manage Server.
        """
        async with self.seasons.lock(league_id):
            league = await self.load(league_id)
            permits.member_or_manager(league.member(user_id) is not None, can_manage)
            return await self._next(league, user_id)

    async def open_dated(self, league_id: int, race_no: int, by: str) -> LeagueChange | None:
        """A dated race's time has come: its draft opens, if the season waits in that race's
        lineup (None otherwise: it opened already, by hand or by another process)."""
        async with self.seasons.lock(league_id):
            league = await self.load(league_id)
            if league.season.phase != "lineup" or league.season.race_no != race_no:
                return None
            return await self._open(league, by)

    async def _next(self, league: League, user_id: int) -> LeagueChange:
        season = league.season
        if season.phase == "over":
            raise Refused("league_over")
        if season.phase == "racing":
            return await self._race_again(league, user_id)
        if season.phase == "lineup":
            return await self._open(league, f"user:{user_id}")
        return await self.drafts.play(league, [])

    async def _open(self, league: League, by: str) -> LeagueChange:
        """Race k's lineup closes: who said they cannot come rests (a reserve drives), the
        empty seats are filled, and the draft opens."""
        league = await self.attendance.settle(league)
        fill = fill_decisions(league.season, league.record.settings)
        decisions: list[tuple[SeasonDecision, str]] = [(d, "fill") for d in fill]
        decisions.append((OpenDraft(league.season.race_no), by))
        return await self.drafts.play(league, decisions)

    async def _race_again(self, league: League, user_id: int) -> LeagueChange:
        """Race k is marked running: refused while its race runs; after a crash or a cancel,
        its race is started, scored, or run again from the same season."""
        season = league.season
        link = next(
            (r for r in await self.store.league_races(league.id) if r.race_no == season.race_no),
            None,
        )
        race = None if link is None or link.race_id is None else await self.store.race(link.race_id)
        if race is None:
            return LeagueChange(league, race=await self.league_races.open(league))
        if race.status == RaceStatus.RUNNING:
            raise Refused("league_race_open", race=race.id)
        if race.status == RaceStatus.LOBBY:
            return LeagueChange(league, race=await self.league_races.start(league, race.id))
        if race.status == RaceStatus.FINISHED:
            await self._record(league, season.race_no, race)
            return await self._next(await self.load(league.id), user_id)
        # Cancelled: it scores nothing and runs again from the same season, in a thread of
        # its own (the cancel archived the one its draft ran in).
        await self.store.set_league_thread(league.id, season.race_no, None)
        decisions: list[tuple[SeasonDecision, str]] = [
            (CancelRace(season.race_no), f"user:{user_id}"),
            (StartRace(season.race_no), f"user:{user_id}"),
        ]
        after = season_after(season, *(decision for decision, _ in decisions))
        await self.seasons.commit(league, after, decisions)
        again = League(league.record, league.members, after)
        return LeagueChange(again, race=await self.league_races.open(again))

    # --- the draft, run by :class:`Drafts` ------------------------------------------------

    async def decide(
        self, league_id: int, user_id: int, version: int, decision: SeasonDecision
    ) -> LeagueChange:
        """A person's draft decision, made on season ``version``."""
        return await self.drafts.decide(league_id, user_id, version, decision)

    async def expire_draft(self, timer: Timer) -> LeagueChange | None:
        """A draft's turn timer ran out: the AI decides for the absent person."""
        return await self.drafts.expire(timer)

    async def turn(self, league_id: int) -> DraftTurn | None:
        """The person the league's draft waits on now, with their choices (None if nobody)."""
        try:
            return turn_of(await self.load(league_id))
        except Refused:
            return None  # the league ended

    # --- points ---------------------------------------------------------------------------

    async def record_race(self, race_id: int) -> bool:
        """A finished race scores for its league, once; False if it is no league race or in."""
        link = await self.store.league_race_of(race_id)
        if link is None or link.recorded:
            return False
        race = await self.store.race(race_id)
        if race is None or race.status != RaceStatus.FINISHED:
            return False  # a cancelled race never scores
        async with self.seasons.lock(link.league_id):
            try:
                league = await self.load(link.league_id)
            except Refused:
                return False  # the league ended while its race ran
            return await self._record(league, link.race_no, race)

    async def _record(self, league: League, race_no: int, race: RaceRecord) -> bool:
        season = league.season
        if race.state is None or season.phase != "racing" or season.race_no != race_no:
            return False  # scored already (the season has moved on)
        result = race_result(race.state)
        decision = RaceRecorded(race_no, result)
        after = season_after(league.season, decision)
        cars = {*result.places, *result.eliminated}
        users = {car: user for car in cars if (user := _user(league, car)) is not None}
        points = recorded_points(result, users)
        change = SeasonChange(league.id, league.season.version, after, [(decision, "race")])
        try:
            recorded = await self.store.record_points(league.id, race_no, points, change)
        except StaleWrite:
            return False
        if recorded:
            log.info(
                "league race scored league=%s guild=%s race_no=%s race=%s",
                league.id,
                league.record.guild_id,
                race_no,
                race.id,
            )
        return recorded

    async def resume(self) -> int:
        """At start-up: score the finished league races a stopped bot left unscored."""
        count = 0
        for link in await self.store.unrecorded_races():
            if link.race_id is not None and await self.record_race(link.race_id):
                count += 1
        return count

    async def finish_notice(self, race: RaceRecord) -> list[OutboxRow]:
        """Written with a league race's last change: the standings are posted after the podium."""
        link = await self.store.league_race_of(race.id)
        if link is None:
            return []
        values = {"league": link.league_id, "race": link.race_no}
        return [OutboxRow(race.id, "say", text="league_recorded", values=values)]

    async def correct(
        self, league_id: int, admin_id: int, can_manage: bool, user_id: int, delta: int, reason: str
    ) -> Correction:
        """An admin's points correction: a decision of the season (so the standings, the next
        grid and the next draft order count it) and, with its reason, a line of the audit log.

        During a draft the season moves on a version, so the person it waits on is asked
        again on it, with a whole turn timer (as ``/league start-race`` does then).
        """
        permits.manager(can_manage)
        async with self.seasons.lock(league_id):
            league = await self.load(league_id)
            member = next((m for m in reversed(league.members) if m.user_id == user_id), None)
            if member is None:
                raise Refused("league_no_driver")
            try:
                stored = await self.store.correct_points(
                    Correction(league_id, member.driver_id, delta, reason.strip(), admin_id)
                )
            except BadCorrection:
                raise Refused("league_bad_correction") from None
            except StaleWrite:
                raise Refused("league_none") from None
            if league.season.phase in ("draft", "swap"):
                await self.drafts.play(await self.load(league_id), [])
        log.info(
            "league points corrected league=%s guild=%s driver=%s delta=%s",
            league_id,
            league.record.guild_id,
            member.driver_id,
            delta,
        )
        return stored

    async def drop_worst(self, league_id: int, user_id: int, can_manage: bool, on: bool) -> League:
        """The league's creator or an admin switches dropping each driver's worst race, between
        races: a decision of the season, so the table, and through it the next grid and draft
        order, change at once (engine/season/points.py has the rule)."""
        async with self.seasons.lock(league_id):
            league = await self.load(league_id)
            permits.creator_or_manager(league.record.created_by == user_id, can_manage)
            if league.season.phase == "over":
                raise Refused("league_over")
            if league.season.drop_worst == on:
                raise Refused(
                    "league_drop_worst_already_on" if on else "league_drop_worst_already_off"
                )
            decision = DropWorst(on)
            after = season_after(league.season, decision)
            await self.seasons.commit(league, after, [(decision, f"user:{user_id}")])
        log.info(
            "league drop-worst league=%s guild=%s on=%s", league_id, league.record.guild_id, on
        )
        return await self.load(league_id)

    async def end(
        self, league_id: int, user_id: int, can_manage: bool, guild_id: int
    ) -> dict[str, Any]:
        """An admin of the league's own server ends it; its export is kept and returned.

        ``can_manage`` is Manage Server where the click came from (``guild_id``): a custom id
        may name any league, so the league's server must be that one."""
        permits.manager(can_manage)
        async with self.seasons.lock(league_id):
            league = await self.load(league_id)
            if league.record.guild_id != guild_id:
                raise Refused("league_none")
            try:
                export = await self.store.end_league(league_id)
            except StaleWrite:
                raise Refused("league_none") from None
            log.info(
                "league ended league=%s guild=%s by=%s", league_id, league.record.guild_id, user_id
            )
            return export

    # --- reading --------------------------------------------------------------------------

    async def load(self, league_id: int) -> League:
        return await self.seasons.load(league_id)

    async def league_in(self, channel_id: int) -> League:
        record = await self.store.active_league_in(channel_id)
        if record is None:
            raise Refused("league_none")
        return await self.load(record.id)

    async def history(self, league_id: int) -> list[LeagueRace]:
        """The league's scored races, in order."""
        return [race for race in await self.store.league_races(league_id) if race.recorded]

    async def schedule(self, league_id: int) -> list[ScheduledRace]:
        season = (await self.load(league_id)).season
        return [
            ScheduledRace(no, race.track, race.event, no < season.race_no)
            for no, race in enumerate(season.races, start=1)
        ]

    async def standings(self, league_id: int) -> tuple[League, list[Standing]]:
        """The table: each driver's points (corrections in) and each race's place and points.

        The season's own standings (ties broken by the last race), the very table its next
        grid and draft order are fixed from; the audit log adds each correction's reason.
        """
        league = await self.load(league_id)
        corrections = await self.store.corrections(league_id)
        totals = progress(league.season, await self.store.season_decisions(league_id))
        races = len(league.season.races)
        rows = [
            Standing(
                line.driver,
                league.name_of(line.driver),
                league.season.driver(line.driver).color,
                _user(league, line.driver),
                line.points,
                _padded(line.places, races),
                _padded(line.race_points, races),
                tuple(c for c in corrections if c.driver_id == line.driver),
                line.eliminated,
                _padded(line.bonuses, races),
                not line.active,
                line.dropped,
                totals[line.driver],
                league.season.driver(line.driver).joined,
            )
            for line in season_standings(league.season)
        ]
        return league, rows

    async def breakdown(self, league_id: int, user_id: int, asker_id: int) -> Breakdown:
        """A person's races in the league one by one (since they joined; also after they
        left): place, points, the event's bonus, whether it is the dropped race; then their
        net correction and total, as the standings count them."""
        league = await self.load(league_id)
        member = next((m for m in reversed(league.members) if m.user_id == user_id), None)
        if member is None:
            raise Refused("league_not_member" if user_id == asker_id else "league_no_driver")
        season = league.season
        line = next(line for line in season_standings(season) if line.driver == member.driver_id)
        first = season.driver(line.driver).joined
        races = tuple(
            RaceLine(
                n + 1,
                season.races[n].track,
                line.places[n],
                line.race_points[n],
                line.bonuses[n] or 0,
                line.eliminated[n],
                n == line.dropped,
            )
            for n in range(first - 1, len(season.results))
        )
        name = league.name_of(line.driver)
        return Breakdown(
            league.record.name,
            line.driver,
            name,
            races,
            line.correction,
            line.points,
            season.drop_worst,
        )

    async def stats(self, user_id: int, guild_id: int) -> PlayerStats:
        """A person's league races across this server's leagues (other servers' stay theirs)."""
        return await self.store.player_stats(user_id, guild_id)


def _padded(values: tuple[int | None, ...], races: int) -> tuple[int | None, ...]:
    """One value per race of the season, None for those not run yet."""
    return values + (None,) * (races - len(values))


def _user(league: League, driver_id: str) -> int | None:
    driver = league.season.driver(driver_id)
    if driver.kind != "human":
        return None
    member = next((m for m in reversed(league.members) if m.driver_id == driver_id), None)
    return None if member is None else member.user_id
