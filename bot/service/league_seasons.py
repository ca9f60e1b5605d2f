"""A league's season as the store keeps it: read, moved on by the engine, written back whole.

The league service and its draft change a season the same way: under the league's
lock, on the season version they read, the new season stored with its decisions in
one transaction (a :class:`Refused` if another change came first). Nothing here
imports discord.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from bot.service.league_values import League
from bot.service.refusals import Refused
from bot.storage import LeagueStatus, Member, OutboxRow, SeasonChange, StaleWrite, Store, Timer
from engine import IllegalDecision, RulesError
from engine.season import SeasonDecision, SeasonState, apply_season

log = logging.getLogger("heat.league")


class LeagueSeasons:
    """The leagues' seasons in the store, each changed under its league's lock."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, league_id: int) -> asyncio.Lock:
        return self._locks.setdefault(league_id, asyncio.Lock())

    async def load(self, league_id: int) -> League:
        record = await self.store.league(league_id)
        season = await self.store.season(league_id)
        if record is None or record.status != LeagueStatus.ACTIVE or season is None:
            raise Refused("league_none")
        return League(record, await self.store.members(league_id), season)

    async def commit(
        self,
        league: League,
        after: SeasonState,
        decisions: Sequence[tuple[SeasonDecision, str]],
        *,
        joined: Member | None = None,
        left_user: int | None = None,
        timers: Sequence[Timer] | None = None,
        outbox: Sequence[OutboxRow] = (),
    ) -> None:
        """The season change, with a person joining or leaving, the league's timers (None
        keeps them) and what its channel must be shown, in one transaction."""
        change = SeasonChange(
            league.id,
            league.season.version,
            after,
            list(decisions),
            joined,
            left_user,
            timers,
            outbox,
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


def season_after(season: SeasonState, *decisions: SeasonDecision) -> SeasonState:
    """The season after ``decisions``; the engine's refusal as a text key."""
    for decision in decisions:
        try:
            season, _ = apply_season(season, decision)
        except RulesError as error:
            raise _refusal(error) from None
    return season


def _refusal(error: RulesError) -> Refused:
    """The engine's refusal of a season decision, as a text key."""
    if isinstance(error, IllegalDecision):
        return Refused("league_between_races")
    return Refused("not_your_turn")
