"""The one place a league changes: create, join, leave, the draft, its races, points, the end.

Like :mod:`bot.service.races` for a race: a change loads the league's season,
checks who acts and on which season version, asks the engine
(:mod:`engine.season.rules`), lets the AI drivers draft, and stores the new season
with its decisions in one transaction. A finished league race is scored
exactly once: the store's unique key per (league, race no) decides, and
start-up scores whatever a stopped bot left unscored. Nothing here imports
discord: bad input is a :class:`Refused` with a text key.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from bot.service.league_seats import (
    fill_decisions,
    next_driver,
    race_config,
    race_seats,
    seat_for_newcomer,
)
from bot.service.league_values import (
    DraftTurn,
    DraftWait,
    League,
    LeagueChange,
    ScheduledRace,
    Standing,
)
from bot.service.races import Change, Driver, RaceService
from bot.service.refusals import Refused
from bot.storage import (
    AlreadyMember,
    BadCorrection,
    ChannelBusy,
    Correction,
    LeagueExists,
    LeagueRace,
    LeagueRecord,
    LeagueSettings,
    LeagueStatus,
    Member,
    OutboxRow,
    PlayerStats,
    RaceRecord,
    RaceStatus,
    SeasonChange,
    StaleWrite,
    Store,
    recorded_points,
)
from engine import IllegalDecision, RulesError
from engine.championship import race_result
from engine.season import (
    CancelRace,
    DraftKeep,
    DraftPick,
    DraftSwap,
    DriverDecision,
    LeaveSeason,
    OpenDraft,
    RaceRecorded,
    SeasonConfig,
    SeasonDecision,
    SeasonState,
    StartRace,
    apply_season,
    new_season,
    season_ai_decision,
    season_legal_decisions,
    season_pending,
    season_race,
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
        # The draft decisions people owe, by league: kept in memory, so a restart asks
        # the person again, with a whole turn timer (re-armed by ``watch``).
        self._drafts: dict[int, DraftWait] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        races.on_finished.append(self.record_race)
        races.finish_notices.append(self.finish_notice)

    def lock(self, league_id: int) -> asyncio.Lock:
        return self._locks.setdefault(league_id, asyncio.Lock())

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
        try:
            season = new_season(config, [], secrets.randbits(48))
        except (ValueError, RulesError) as error:
            raise Refused("league_bad_season", detail=str(error)) from None
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

    async def join(self, league_id: int, driver: Driver) -> League:
        """A person drives in the league from the next race, on 0 points."""
        async with self.lock(league_id):
            return await self._join(await self.load(league_id), driver)

    async def _join(self, league: League, driver: Driver) -> League:
        if league.member(driver.user_id) is not None:
            raise Refused("league_already_member")
        if league.season.phase == "over":
            raise Refused("league_over")
        room = seat_for_newcomer(league.season, league.record.settings)
        if len(league.season.active()) >= league.record.settings.seats and not room:
            raise Refused("league_full")
        after = self._apply(league.season, *room)
        entry = next_driver(after)
        after = self._apply(after, entry)
        member = Member(driver.user_id, entry.driver, driver.name, driver.locale, after.race_no)
        decisions = [*room, entry]
        by = f"user:{driver.user_id}"
        try:
            await self._commit(league, after, [(d, by) for d in decisions], joined=member)
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
        async with self.lock(league_id):
            league = await self.load(league_id)
            member = league.member(user_id)
            if member is None:
                raise Refused("league_not_member")
            decision = LeaveSeason(member.driver_id)
            after = self._apply(league.season, decision)
            await self._commit(league, after, [(decision, f"user:{user_id}")], left_user=user_id)
            log.info(
                "league left league=%s guild=%s driver=%s",
                league_id,
                league.record.guild_id,
                member.driver_id,
            )
            return await self.load(league_id)

    # --- the next race: draft, then the race ----------------------------------------------

    async def start_race(self, league_id: int, user_id: int) -> LeagueChange:
        """The next race: its draft opens (AI drivers pick at once), or it starts if ready."""
        async with self.lock(league_id):
            return await self._next(await self.load(league_id), user_id)

    async def _next(self, league: League, user_id: int) -> LeagueChange:
        season = league.season
        if season.phase == "over":
            raise Refused("league_over")
        if season.phase == "racing":
            return await self._race_again(league, user_id)
        decisions: list[tuple[SeasonDecision, str]] = []
        if season.phase == "lineup":
            fill = fill_decisions(season, league.record.settings)
            decisions += [(d, "fill") for d in fill]
            decisions.append((OpenDraft(season.race_no), f"user:{user_id}"))
        return await self._play_draft(league, decisions)

    async def decide(
        self, league_id: int, user_id: int, version: int, decision: SeasonDecision
    ) -> LeagueChange:
        """A person's draft decision, made on season ``version``; ownership and staleness here."""
        async with self.lock(league_id):
            league = await self.load(league_id)
            member = league.member(user_id)
            if member is None:
                raise Refused("league_not_member")
            if getattr(decision, "driver", None) != member.driver_id:
                raise Refused("not_your_turn")
            if version != league.season.version:
                raise Refused("league_stale")
            if decision not in season_legal_decisions(league.season, member.driver_id):
                raise Refused("not_your_turn")
            return await self._play_draft(league, [(decision, f"user:{user_id}")])

    async def _play_draft(
        self, league: League, decisions: list[tuple[SeasonDecision, str]]
    ) -> LeagueChange:
        """Apply ``decisions``, let the AI drivers draft, and start the race once it is ready."""
        season = league.season
        log_rows = list(decisions)
        season = self._apply(season, *(decision for decision, _ in decisions))
        while (ai := self._ai_turn(league, season)) is not None:
            log_rows.append((ai, "ai"))
            season = self._apply(season, ai)
        starts = season.phase == "ready"
        if starts:
            log_rows.append((StartRace(season.race_no), "league"))
            season = self._apply(season, StartRace(season.race_no))
        if log_rows:
            await self._commit(league, season, log_rows)
        after = League(league.record, league.members, season)
        made = [
            (after.name_of(decision.driver), decision)
            for decision, _ in log_rows
            if isinstance(decision, DraftPick | DraftSwap | DraftKeep)
        ]
        race = await self._open_race(after) if starts else None
        turn = self._turn(after)
        self._wait_for(after, turn)
        return LeagueChange(after, made, turn, race)

    def _wait_for(self, league: League, turn: DraftTurn | None) -> None:
        """Arm the league's draft timer for ``turn`` (once per season version), or drop it."""
        if turn is None:
            self._drafts.pop(league.id, None)
            return
        wait = self._drafts.get(league.id)
        if wait is None or wait.version != turn.version:
            due = self.clock() + league.record.settings.timer_seconds
            self._drafts[league.id] = DraftWait(turn.version, due)

    def next_draft_due(self) -> float | None:
        """When the soonest draft timer runs out, if a person owes a draft decision."""
        return min((wait.due for wait in self._drafts.values()), default=None)

    async def expire_drafts(self, now: float) -> list[LeagueChange]:
        """Turn timers that ran out in a draft: the AI decides for the absent person."""
        changes = []
        for league_id, wait in list(self._drafts.items()):
            if wait.due > now:
                continue
            async with self.lock(league_id):
                if self._drafts.get(league_id) != wait:
                    continue  # decided meanwhile
                del self._drafts[league_id]
                try:
                    league = await self.load(league_id)
                except Refused:
                    continue
                driver_id = _deciding(league.season)
                if league.season.version != wait.version or driver_id is None:
                    continue
                decision = season_ai_decision(league.season, driver_id)
                try:
                    change = await self._play_draft(league, [(decision, "timer")])
                except Refused as refused:  # the pick is made; its race waits for start-race
                    log.warning("draft timer league=%s refused=%s", league_id, refused.key)
                    continue
                change.timed_out = league.name_of(driver_id)
                log.info(
                    "draft timer ran out league=%s guild=%s driver=%s",
                    league_id,
                    league.record.guild_id,
                    driver_id,
                )
                changes.append(change)
        return changes

    async def watch(self, guild_ids: Sequence[int]) -> list[tuple[LeagueRecord, DraftTurn]]:
        """At start-up: arm the draft timers of these servers' leagues waiting on a person.

        Returns those turns: the bot asks each person again, since a stopped bot may
        have stored a pick without posting the next prompt.
        """
        waiting = []
        for guild_id in guild_ids:
            for record in await self.store.leagues(guild_id):
                if record.status != LeagueStatus.ACTIVE:
                    continue
                league = await self.load(record.id)
                turn = self._turn(league)
                if turn is not None:
                    self._wait_for(league, turn)
                    waiting.append((record, turn))
        return waiting

    def _ai_turn(self, league: League, season: SeasonState) -> DriverDecision | None:
        """The AI's draft decision, if an AI driver (or a person's driver with nobody left
        driving it) picks or swaps now."""
        driver_id = _deciding(season)
        if driver_id is None or league.driving(driver_id) is not None:
            return None
        return season_ai_decision(season, driver_id)

    def _turn(self, league: League) -> DraftTurn | None:
        """The person who must make a draft decision now, with their choices."""
        season = league.season
        driver_id = _deciding(season)
        member = None if driver_id is None else league.driving(driver_id)
        if driver_id is None or member is None:
            return None
        assert season.draft is not None
        return DraftTurn(
            league.id,
            season.version,
            season.race_no,
            driver_id,
            member.user_id,
            member.locale,
            season.draft.market,
            tuple(
                d
                for d in season_legal_decisions(season, driver_id)
                if isinstance(d, DraftPick | DraftSwap | DraftKeep)
            ),
        )

    async def _open_race(self, league: League) -> Change:
        """Race k on the bot: a lobby in the league's channel, linked to the league, started."""
        season = league.season
        record = league.record
        state, _ = season_race(season)
        seats = race_seats(season, league.members, state)
        config = race_config(season, record.settings, state)
        try:
            race_id = await self.store.create_race(
                record.guild_id, record.channel_id, record.created_by, config, seats[0]
            )
        except ChannelBusy:
            raise Refused("channel_busy") from None
        await self.store.add_league_race(league.id, season.race_no, race_id)
        return await self._start(league, race_id)

    async def _start(self, league: League, race_id: int) -> Change:
        """The lobby becomes race k, as the engine builds it from the season."""
        season = league.season
        state, events = season_race(season)
        seats = race_seats(season, league.members, state)
        log.info(
            "league race started league=%s guild=%s race_no=%s race=%s",
            league.id,
            league.record.guild_id,
            season.race_no,
            race_id,
        )
        return await self.races.start_prepared(race_id, seats, state, list(events))

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
            return LeagueChange(league, race=await self._open_race(league))
        if race.status == RaceStatus.RUNNING:
            raise Refused("league_race_open", race=race.id)
        if race.status == RaceStatus.LOBBY:
            return LeagueChange(league, race=await self._start(league, race.id))
        if race.status == RaceStatus.FINISHED:
            await self._record(league, season.race_no, race)
            return await self._next(await self.load(league.id), user_id)
        # Cancelled: it scores nothing and runs again from the same season.
        decisions: list[tuple[SeasonDecision, str]] = [
            (CancelRace(season.race_no), f"user:{user_id}"),
            (StartRace(season.race_no), f"user:{user_id}"),
        ]
        after = self._apply(season, *(decision for decision, _ in decisions))
        await self._commit(league, after, decisions)
        again = League(league.record, league.members, after)
        return LeagueChange(again, race=await self._open_race(again))

    # --- points ---------------------------------------------------------------------------

    async def record_race(self, race_id: int) -> bool:
        """A finished race scores for its league, once; False if it is no league race or in."""
        link = await self.store.league_race_of(race_id)
        if link is None or link.recorded:
            return False
        race = await self.store.race(race_id)
        if race is None or race.status != RaceStatus.FINISHED:
            return False  # a cancelled race never scores
        async with self.lock(link.league_id):
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
        after = self._apply(league.season, decision)
        users = {car: user for car in result.places if (user := _user(league, car)) is not None}
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
        """An admin's points correction with its reason, kept in the audit log."""
        if not can_manage:
            raise Refused("league_not_admin")
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
        log.info(
            "league points corrected league=%s guild=%s driver=%s delta=%s",
            league_id,
            league.record.guild_id,
            member.driver_id,
            delta,
        )
        return stored

    async def end(self, league_id: int, user_id: int, can_manage: bool) -> dict[str, Any]:
        """An admin ends the league; its export is kept and returned."""
        if not can_manage:
            raise Refused("league_not_admin")
        async with self.lock(league_id):
            league = await self.load(league_id)
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
        record = await self.store.league(league_id)
        season = await self.store.season(league_id)
        if record is None or record.status != LeagueStatus.ACTIVE or season is None:
            raise Refused("league_none")
        return League(record, await self.store.members(league_id), season)

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

        The engine orders it (ties broken by the last race), with the admins' corrections.
        """
        league = await self.load(league_id)
        points = await self.store.league_points(league_id)
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
                tuple(c for c in points.corrections if c.driver_id == line.driver),
            )
            for line in season_standings(league.season, points.corrected())
        ]
        return league, rows

    async def stats(self, user_id: int, guild_id: int) -> PlayerStats:
        """A person's league races across this server's leagues (other servers' stay theirs)."""
        return await self.store.player_stats(user_id, guild_id)

    # --- the core -------------------------------------------------------------------------

    def _apply(self, season: SeasonState, *decisions: SeasonDecision) -> SeasonState:
        """The season after ``decisions``; the engine's refusal as a text key."""
        for decision in decisions:
            try:
                season, _ = apply_season(season, decision)
            except RulesError as error:
                raise _refusal(error) from None
        return season

    async def _commit(
        self,
        league: League,
        after: SeasonState,
        decisions: Sequence[tuple[SeasonDecision, str]],
        *,
        joined: Member | None = None,
        left_user: int | None = None,
    ) -> None:
        """The season change, with a person joining or leaving, in one transaction."""
        change = SeasonChange(
            league.id, league.season.version, after, list(decisions), joined, left_user
        )
        try:
            await self.store.commit_season(change)
        except StaleWrite:
            raise Refused("league_stale") from None
        for decision, by in decisions:
            log.info(
                "league decision league=%s guild=%s by=%s do=%s",
                league.id,
                league.record.guild_id,
                by.split(":")[0],
                decision.do,
            )


def _deciding(season: SeasonState) -> str | None:
    """The driver who picks or is offered the swap now, if the draft is on."""
    waiting = season_pending(season)
    return waiting.drivers[0] if waiting.step in ("draft", "swap") and waiting.drivers else None


def _padded(values: tuple[int | None, ...], races: int) -> tuple[int | None, ...]:
    """One value per race of the season, None for those not run yet."""
    return values + (None,) * (races - len(values))


def _user(league: League, driver_id: str) -> int | None:
    driver = league.season.driver(driver_id)
    if driver.kind != "human":
        return None
    member = next((m for m in reversed(league.members) if m.driver_id == driver_id), None)
    return None if member is None else member.user_id


def _refusal(error: RulesError) -> Refused:
    """The engine's refusal of a season decision, as a text key."""
    if isinstance(error, IllegalDecision):
        return Refused("league_between_races")
    return Refused("not_your_turn")
