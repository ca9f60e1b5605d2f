"""Who drives a league race, from who said they would come: reserves in, absent drivers out.

When a league's no-show setting is ``reserve``, each driver who said they cannot come
to race k sits it out and the first listed reserve free that night drives in their
place, in their colour, scoring for themselves (a reserve new to the season joins it
on 0 points). Reserves nobody needs sit the race out. With the ``ai`` setting nobody
is moved: the AI drives for whoever does not answer within the league's timer, as
for any driver. Settled as the race's lineup closes (its draft opens), by hand or at
its date. A driver who does not answer their draft turn within the league's timer is
replaced the same way (``stand-in``: the reserve takes their place in the draft and the
race). Nothing here imports discord.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.league_seasons import LeagueSeasons, season_after
from bot.service.league_seats import next_driver
from bot.service.league_values import League
from bot.storage import Member, Reserve, Store
from engine.season import (
    JoinSeason,
    RestDriver,
    SeasonDecision,
    SeasonState,
    StandIn,
    SubDriver,
)

log = logging.getLogger("heat.league")

BY = "attendance"
"""Who the season's log names for these decisions."""


@dataclass(frozen=True, slots=True)
class Step:
    """Season decisions stored together; ``joining`` the reserve who enters the season in
    the colour of ``absent``, the driver whose place they take."""

    decisions: tuple[SeasonDecision, ...]
    joining: Reserve | None = None
    absent: str = ""


def attendance_steps(
    season: SeasonState,
    members: Sequence[Member],
    reserves: Sequence[Reserve],
    absent: set[int],
    no_show: str,
) -> list[Step]:
    """The steps that put race k's field together: idle reserves rest first, then each
    absent driver's place goes to the next free reserve (none: the driver stays, the AI
    drives when they do not answer)."""
    listed = {r.user_id for r in reserves}
    driver_of = {m.user_id: m.driver_id for m in members if m.left_at is None}
    user_of = {driver: user for user, driver in driver_of.items()}
    racing = {d.id for d in season.racing()}
    called: list[Reserve] = []
    subs: list[Step] = []
    if no_show == "reserve":
        free = [r for r in reserves if r.user_id not in absent]
        for driver in season.racing():
            user = user_of.get(driver.id)
            if user is None or user in listed or user not in absent or not free:
                continue
            reserve = free.pop(0)
            called.append(reserve)
            own = driver_of.get(reserve.user_id)
            if own is None:
                subs.append(Step((RestDriver(driver.id),), reserve, driver.id))
            elif own in racing:
                subs.append(Step((SubDriver(driver.id, own),)))
    taken = {r.user_id for r in called}
    idle = [
        Step((RestDriver(driver_of[r.user_id]),))
        for r in reserves
        if r.user_id not in taken and driver_of.get(r.user_id) in racing
    ]
    return [*idle, *subs]


def stand_in_for(
    season: SeasonState,
    members: Sequence[Member],
    reserves: Sequence[Reserve],
    absent: set[int],
    driver_id: str,
) -> tuple[StandIn, Reserve] | None:
    """The first listed reserve free to take ``driver_id``'s place in the draft (a person
    whose draft turn ran out), with the decision; None when nobody is free or the driver
    is nobody's (an AI driver, a Legend)."""
    user_of = {m.driver_id: m.user_id for m in members if m.left_at is None}
    driver_of = {user: driver for driver, user in user_of.items()}
    if driver_id not in user_of:
        return None
    for reserve in reserves:
        if reserve.user_id in absent or reserve.user_id == user_of[driver_id]:
            continue
        own = driver_of.get(reserve.user_id)
        if own is None:
            return StandIn(driver_id, next_driver(season).driver), reserve
        if own not in season.grid and season.driver(own).active:
            return StandIn(driver_id, own), reserve
    return None


class Attendance:
    """Applies :func:`attendance_steps` to a league in its lineup, one transaction a step."""

    def __init__(self, store: Store, seasons: LeagueSeasons) -> None:
        self.store = store
        self.seasons = seasons

    async def settle(self, league: League) -> League:
        """The league with race k's field settled (the caller holds the league's lock)."""
        season = league.season
        if season.phase != "lineup":
            return league
        answers = [a for a in await self.store.rsvps(league.id) if a.race_no == season.race_no]
        absent = {a.user_id for a in answers if not a.coming}
        reserves = await self.store.reserves(league.id)
        if not reserves:
            return league
        steps = attendance_steps(
            season, league.members, reserves, absent, league.record.settings.no_show
        )
        for step in steps:
            league = await self._apply(league, step)
        return league

    async def _apply(self, league: League, step: Step) -> League:
        decisions = list(step.decisions)
        after = season_after(league.season, *decisions)
        joined = None
        if step.joining is not None:
            entry = next_driver(after)
            join = JoinSeason(entry.driver, league.season.driver(step.absent).color, "human")
            after = season_after(after, join)
            decisions.append(join)
            reserve = step.joining
            joined = Member(
                reserve.user_id, entry.driver, reserve.name, reserve.locale, after.race_no
            )
        await self.seasons.commit(league, after, [(d, BY) for d in decisions], joined=joined)
        log.info(
            "league attendance league=%s guild=%s race_no=%s decisions=%s",
            league.id,
            league.record.guild_id,
            league.season.race_no,
            "; ".join(str(d) for d in decisions),
        )
        return await self.seasons.load(league.id)
