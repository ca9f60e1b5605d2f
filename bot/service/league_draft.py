"""A league's Garage draft before each race: people's decisions, the AI's, and the turn timers.

Each decision is checked (who acts, on which season version), applied with the
AI drivers' picks that follow it, and stored in one transaction with what the
channel must be shown (outbox rows: the decisions made, the next person asked)
and the turn timer of the person asked (a timer row, as a race's): when it runs
out the AI decides for them. Once the draft is done the league's race starts
(:mod:`bot.service.league_races`). Nothing here imports discord: bad input is a
:class:`Refused` with a text key.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from bot.service.league_attendance import stand_in_for
from bot.service.league_races import LeagueRaces
from bot.service.league_seasons import LeagueSeasons, season_after
from bot.service.league_values import DraftTurn, League, LeagueChange
from bot.service.refusals import Refused
from bot.storage import Member, OutboxRow, Store, Timer
from data import words
from engine.season import (
    DraftKeep,
    DraftPick,
    DraftSwap,
    DriverDecision,
    OpenDraft,
    SeasonDecision,
    SeasonState,
    StandIn,
    StartRace,
    season_ai_decision,
    season_legal_decisions,
    season_pending,
)

log = logging.getLogger("heat.league")


class Drafts:
    """Runs the leagues' drafts; each change under the league's lock, shared with the service."""

    def __init__(
        self,
        store: Store,
        seasons: LeagueSeasons,
        league_races: LeagueRaces,
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.seasons = seasons
        self.league_races = league_races
        self.clock = clock

    async def decide(
        self, league_id: int, user_id: int, version: int, decision: SeasonDecision
    ) -> LeagueChange:
        """A person's draft decision, made on season ``version``; ownership and staleness here."""
        async with self.seasons.lock(league_id):
            league = await self.seasons.load(league_id)
            member = league.member(user_id)
            if member is None:
                raise Refused("league_not_member")
            if getattr(decision, "driver", None) != member.driver_id:
                raise Refused("not_your_turn")
            if version != league.season.version:
                raise Refused("league_stale")
            if decision not in season_legal_decisions(league.season, member.driver_id):
                raise Refused("not_your_turn")
            return await self.play(league, [(decision, f"user:{user_id}")])

    async def _stand_in(
        self, league: League, driver_id: str
    ) -> tuple[StandIn, Member | None, OutboxRow] | None:
        """With the league's no-show setting ``reserve``: the decision that puts the first free
        reserve in ``driver_id``'s place, and what :meth:`play` stores with it (the reserve
        joining as a member, the line that tells the channel). None: the AI decides."""
        if league.record.settings.no_show != "reserve":
            return None
        reserves = await self.store.reserves(league.id)
        race_no = league.season.race_no
        answers = await self.store.rsvps(league.id)
        absent = {a.user_id for a in answers if a.race_no == race_no and not a.coming}
        log = await self.store.season_decisions(league.id)
        opened = max((i for i, d in enumerate(log) if d == OpenDraft(race_no)), default=0)
        # Whoever was stood in for in this draft is not called back (two silent reserves
        # would hand the draft to each other for ever): the AI picks instead.
        replaced = {d.absent for d in log[opened:] if isinstance(d, StandIn)}
        found = stand_in_for(
            league.season, league.members, reserves, absent | _users(league, replaced), driver_id
        )
        if found is None:
            return None
        decision, reserve = found
        joined = None
        if league.driving(decision.reserve) is None:
            joined = Member(
                reserve.user_id, decision.reserve, reserve.name, reserve.locale, race_no
            )
        values: dict[str, str | int] = {
            "absent": league.name_of(driver_id),
            "reserve": reserve.name,
            "race_no": race_no,
        }
        note = OutboxRow(None, "say", text="league_stand_in", values=values, league_id=league.id)
        return decision, joined, note

    async def play(
        self,
        league: League,
        decisions: list[tuple[SeasonDecision, str]],
        *,
        timed_out: str = "",
        joined: Member | None = None,
        notes: Sequence[OutboxRow] = (),
    ) -> LeagueChange:
        """Apply ``decisions``, let the AI drivers draft, and start the race once it is ready.

        Stored with the season: what the channel is told and the turn timer of the
        person asked next. With no decision (``/league start-race`` during a draft)
        the person is asked again, with a whole turn timer (our choice). ``timed_out``:
        the driver whose turn timer ran out (the AI decided for them).
        """
        season = league.season
        log_rows = list(decisions)
        season = season_after(season, *(decision for decision, _ in decisions))
        members = league.members if joined is None else [*league.members, joined]
        people = League(league.record, members, season)
        while (ai := _ai_turn(people, season)) is not None:
            log_rows.append((ai, "ai"))
            season = season_after(season, ai)
        starts = season.phase == "ready"
        if starts:
            log_rows.append((StartRace(season.race_no), "league"))
            season = season_after(season, StartRace(season.race_no))
        after = League(league.record, members, season)
        made = [decision for decision, _ in log_rows if isinstance(decision, DraftPick | DraftSwap)]
        turn = turn_of(after)
        posts = [*notes, *_posts(after, made, timed_out, turn, starts)]
        await self.seasons.commit(
            league,
            season,
            log_rows,
            joined=joined,
            timers=self._timers(after, turn),
            outbox=posts,
        )
        race = await self.league_races.open(after) if starts else None
        return LeagueChange(after, turn, race)

    def _timers(self, league: League, turn: DraftTurn | None) -> list[Timer]:
        """The turn timer of the person asked, if any (it replaces the league's timers)."""
        if turn is None:
            return []
        due = self.clock() + league.record.settings.timer_seconds
        wait = str(turn.version)
        return [Timer(None, "draft", turn.driver_id, due, wait, league_id=league.id)]

    async def expire(self, timer: Timer) -> LeagueChange | None:
        """A draft's turn timer ran out: the AI decides for the absent person (None if the
        wait is over: the timer is dropped)."""
        assert timer.league_id is not None
        async with self.seasons.lock(timer.league_id):
            try:
                league = await self.seasons.load(timer.league_id)
            except Refused:
                league = None  # the league ended
            driver_id = None if league is None else _deciding(league.season)
            if (
                league is None
                or driver_id != timer.car_id
                or timer.wait != str(league.season.version)
            ):
                await self.store.drop_timer(timer)
                return None
            standing_in = await self._stand_in(league, driver_id)
            try:
                if standing_in is not None:
                    reserve, joined, note = standing_in
                    change = await self.play(
                        league, [(reserve, "timer")], joined=joined, notes=[note]
                    )
                else:
                    ai = season_ai_decision(league.season, driver_id)
                    change = await self.play(league, [(ai, "timer")], timed_out=driver_id)
            except Refused as refused:
                # Another change came first, or the pick is made and its race waits for
                # /league start-race (the channel is busy): this timer is spent either way.
                log.warning("draft timer league=%s refused=%s", league.id, refused.key)
                await self.store.drop_timer(timer)
                return None
            log.info(
                "draft timer ran out league=%s guild=%s driver=%s",
                league.id,
                league.record.guild_id,
                driver_id,
            )
            return change


def _users(league: League, drivers: set[str]) -> set[int]:
    """The people driving ``drivers`` (AI drivers have none)."""
    return {m.user_id for m in league.members if m.driver_id in drivers}


def _posts(
    league: League,
    made: Sequence[SeasonDecision],
    timed_out: str,
    turn: DraftTurn | None,
    starts: bool,
) -> list[OutboxRow]:
    """What the race's thread is told: the decisions made, the race starting, or who decides
    next. Each row names its race (``race_no``): the thread it goes to is that race's."""
    posts = []
    season = league.season
    told = [str(decision) for decision in made]
    if told or timed_out:
        values: dict[str, str | int] = {
            "made": "\n".join(told),
            "timed_out": timed_out,
            "race_no": season.race_no,
        }
        posts.append(OutboxRow(None, "drafted", values=values, league_id=league.id))
    if starts:
        starting = {"race_no": season.race_no, **race_heading(league, season.race_no)}
        posts.append(
            OutboxRow(
                None, "say", text="league_race_starting", values=starting, league_id=league.id
            )
        )
    if turn is not None:
        asked = {"version": turn.version, "race_no": season.race_no}
        posts.append(OutboxRow(None, "draft", values=asked, league_id=league.id))
    return posts


def race_heading(league: League, race_no: int, locale: str = "en") -> dict[str, str | int]:
    """What race ``race_no`` of the league is, as its lines say it: number, league, track
    (named in the locale's language; ``track_id`` lets a stored line name it in the
    language it is posted in) and championship event."""
    race = league.season.races[race_no - 1]
    return {
        "race": race_no,
        "name": league.record.name,
        "track": words.track_name(race.track, locale),
        "track_id": race.track,
        "event": race.event,
        "title": words.event_title(race.event, locale),
    }


def _ai_turn(league: League, season: SeasonState) -> DriverDecision | None:
    """The AI's draft decision, if an AI driver (or a person's driver with nobody left
    driving it) picks or swaps now."""
    driver_id = _deciding(season)
    if driver_id is None or league.driving(driver_id) is not None:
        return None
    return season_ai_decision(season, driver_id)


def turn_of(league: League) -> DraftTurn | None:
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
        season.draft.market,
        tuple(
            d
            for d in season_legal_decisions(season, driver_id)
            if isinstance(d, DraftPick | DraftSwap | DraftKeep)
        ),
    )


def _deciding(season: SeasonState) -> str | None:
    """The driver who picks or is offered the swap now, if the draft is on."""
    waiting = season_pending(season)
    return waiting.drivers[0] if waiting.step in ("draft", "swap") and waiting.drivers else None
