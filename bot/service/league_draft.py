"""A league's Garage draft before each race: people's decisions, the AI's, and the turn timers.

Each decision is checked (who acts, on which season version), applied with the
AI drivers' picks that follow it, and stored in one transaction; once the draft
is done the league's race starts (:mod:`bot.service.league_races`). The decision
a person owes has a turn timer, kept in memory: when it runs out the AI decides
for them. Nothing here imports discord: bad input is a :class:`Refused` with a
text key.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.service.league_races import LeagueRaces
from bot.service.league_seasons import LeagueSeasons, season_after
from bot.service.league_values import DraftTurn, League, LeagueChange
from bot.service.refusals import Refused
from bot.storage import LeagueRecord, LeagueStatus, Store
from engine.season import (
    DraftKeep,
    DraftPick,
    DraftSwap,
    DriverDecision,
    SeasonDecision,
    SeasonState,
    StartRace,
    season_ai_decision,
    season_legal_decisions,
    season_pending,
)

log = logging.getLogger("heat.league")


@dataclass(frozen=True, slots=True)
class DraftWait:
    """A person's draft decision being waited for: on which season version, until when."""

    version: int
    due: float


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
        # The draft decisions people owe, by league: kept in memory, so a restart asks
        # the person again, with a whole turn timer (re-armed by ``watch``).
        self._waits: dict[int, DraftWait] = {}

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

    async def play(
        self, league: League, decisions: list[tuple[SeasonDecision, str]]
    ) -> LeagueChange:
        """Apply ``decisions``, let the AI drivers draft, and start the race once it is ready."""
        season = league.season
        log_rows = list(decisions)
        season = season_after(season, *(decision for decision, _ in decisions))
        while (ai := _ai_turn(league, season)) is not None:
            log_rows.append((ai, "ai"))
            season = season_after(season, ai)
        starts = season.phase == "ready"
        if starts:
            log_rows.append((StartRace(season.race_no), "league"))
            season = season_after(season, StartRace(season.race_no))
        if log_rows:
            await self.seasons.commit(league, season, log_rows)
        after = League(league.record, league.members, season)
        made = [
            (after.name_of(decision.driver), decision)
            for decision, _ in log_rows
            if isinstance(decision, DraftPick | DraftSwap | DraftKeep)
        ]
        race = await self.league_races.open(after) if starts else None
        turn = _turn(after)
        self._wait_for(after, turn)
        return LeagueChange(after, made, turn, race)

    def _wait_for(self, league: League, turn: DraftTurn | None) -> None:
        """Arm the league's draft timer for ``turn`` (once per season version), or drop it."""
        if turn is None:
            self._waits.pop(league.id, None)
            return
        wait = self._waits.get(league.id)
        if wait is None or wait.version != turn.version:
            due = self.clock() + league.record.settings.timer_seconds
            self._waits[league.id] = DraftWait(turn.version, due)

    def next_due(self) -> float | None:
        """When the soonest draft timer runs out, if a person owes a draft decision."""
        return min((wait.due for wait in self._waits.values()), default=None)

    async def expire(self, now: float) -> list[LeagueChange]:
        """Turn timers that ran out in a draft: the AI decides for the absent person."""
        changes = []
        for league_id, wait in list(self._waits.items()):
            if wait.due > now:
                continue
            async with self.seasons.lock(league_id):
                if self._waits.get(league_id) != wait:
                    continue  # decided meanwhile
                del self._waits[league_id]
                try:
                    league = await self.seasons.load(league_id)
                except Refused:
                    continue
                driver_id = _deciding(league.season)
                if league.season.version != wait.version or driver_id is None:
                    continue
                decision = season_ai_decision(league.season, driver_id)
                try:
                    change = await self.play(league, [(decision, "timer")])
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
                league = await self.seasons.load(record.id)
                turn = _turn(league)
                if turn is not None:
                    self._wait_for(league, turn)
                    waiting.append((record, turn))
        return waiting


def _ai_turn(league: League, season: SeasonState) -> DriverDecision | None:
    """The AI's draft decision, if an AI driver (or a person's driver with nobody left
    driving it) picks or swaps now."""
    driver_id = _deciding(season)
    if driver_id is None or league.driving(driver_id) is not None:
        return None
    return season_ai_decision(season, driver_id)


def _turn(league: League) -> DraftTurn | None:
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


def _deciding(season: SeasonState) -> str | None:
    """The driver who picks or is offered the swap now, if the draft is on."""
    waiting = season_pending(season)
    return waiting.drivers[0] if waiting.step in ("draft", "swap") and waiting.drivers else None
