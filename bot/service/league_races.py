"""A league's race on the bot: race k opened in the league's channel and started from the season.

Both the draft (when its last pick is made) and ``/league start-race`` (after a
crash or a cancel) put the season's next race on the bot the same way: a lobby
linked to the league, then the race the engine builds from the season, run by
the :class:`RaceService`. Nothing here imports discord.
"""

from __future__ import annotations

import logging

from bot.service.league_seats import race_config, race_seats
from bot.service.league_values import League
from bot.service.races import Change, RaceService
from bot.service.refusals import Refused
from bot.storage import ChannelBusy, Store
from engine.season import season_race

log = logging.getLogger("heat.league")


class LeagueRaces:
    """Opens and starts the leagues' races, each as the engine builds it from the season."""

    def __init__(self, store: Store, races: RaceService) -> None:
        self.store = store
        self.races = races

    async def open(self, league: League) -> Change:
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
        return await self.start(league, race_id)

    async def start(self, league: League, race_id: int) -> Change:
        """The lobby becomes race k, as the engine builds it from the season, in the thread
        its draft ran in (so the race's start opens no second one)."""
        season = league.season
        state, events = season_race(season)
        seats = race_seats(season, league.members, state)
        links = await self.store.league_races(league.id)
        thread_id = next((r.thread_id for r in links if r.race_no == season.race_no), None)
        if thread_id is not None:
            await self.store.set_thread(race_id, thread_id)
        log.info(
            "league race started league=%s guild=%s race_no=%s race=%s",
            league.id,
            league.record.guild_id,
            season.race_no,
            race_id,
        )
        return await self.races.start_prepared(race_id, seats, state, list(events))
