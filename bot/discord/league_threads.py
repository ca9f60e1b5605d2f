"""A league race's thread: started when its draft opens, from one line in the league's channel.

The draft (market, prompts, the picks made, the AI's for an absent person) runs in
it, and so does the race that follows (:class:`bot.service.league_races.LeagueRaces`
gives the race its draft's thread), so the channel keeps one line per race, its
result and the standings. The thread is stored with the league's race before
anything is posted in it, so a row posted again after a stop finds it. Where
threads are off or refused, the draft runs in the channel as before, and (if
refused) the first post tells the league's creator why; a 0 stored in its place
says so, and nothing is tried again for that race.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord

from bot.discord.channels import channel_of
from bot.discord.texts import t
from bot.discord.threads import NoThread, add_people, missing_permissions, post_line, start_thread
from bot.service.league_draft import race_heading
from bot.service.league_values import League
from bot.storage import Store
from data.words import track_name

log = logging.getLogger("heat.league")


@dataclass(frozen=True, slots=True)
class DraftHome:
    """Where a league race's draft posts: its thread, or the league's channel.

    ``why_not``: the line telling the league's creator why a thread was refused (the
    first post carries it); ``line``: the channel's line a thread was just started from,
    to be linked (with the drivers added) once the first post is out.
    """

    channel: discord.abc.Messageable
    why_not: str = ""
    line: discord.Message | None = None


def draft_thread_name(league: League, race_no: int, locale: str = "en") -> str:
    """'Heat · USA · Club Cup 2/3': the race's thread before the race exists (it takes the
    race's own name, 'Heat · USA · #12', when the race starts), the track named in the
    server's language."""
    track = track_name(league.season.races[race_no - 1].track, locale)
    return f"Heat · {track} · {league.record.name} {race_no}/{len(league.season.races)}"


class LeagueThreads:
    """Finds, or starts, the thread a league race's draft posts in."""

    def __init__(self, client: discord.Client, store: Store) -> None:
        self.client = client
        self.store = store

    async def home(self, league: League, race_no: int, locale: str) -> DraftHome | None:
        """Where race ``race_no``'s draft posts, its thread started at the first post; None
        if the league's channel (or the thread) is gone."""
        links = await self.store.league_races(league.id)
        thread_id = next((r.thread_id for r in links if r.race_no == race_no), None)
        if thread_id is None:
            return await self._open(league, race_no, locale)
        channel = await channel_of(self.client, thread_id or league.record.channel_id)
        return None if channel is None else DraftHome(channel)

    async def welcome(self, home: DraftHome, league: League, race_no: int, locale: str) -> None:
        """Once the first post is out: the league's drivers join the thread, and the channel's
        line links it."""
        if home.line is None or not isinstance(home.channel, discord.Thread):
            return
        record = league.record
        people = [member.user_id for member in league.members if member.left_at is None]
        await add_people(home.channel, people, f"league={record.id} guild={record.guild_id}")
        linked = t(
            "league_thread_line",
            locale,
            **race_heading(league, race_no, locale),
            thread=f"<#{home.channel.id}>",
        )
        try:
            await home.line.edit(content=linked)
        except discord.HTTPException:
            log.warning("cannot link league=%s guild=%s", record.id, record.guild_id)

    async def _open(self, league: League, race_no: int, locale: str) -> DraftHome | None:
        """The thread, started from a line in the league's channel saying which race starts;
        the channel itself where threads are off or refused (stored as 0)."""
        record = league.record
        parent = await channel_of(self.client, record.channel_id)
        if parent is None:
            return None
        if not (await self.store.guild_settings(record.guild_id)).threads:
            await self.store.set_league_thread(league.id, race_no, 0)
            return DraftHome(parent)
        try:
            missing = missing_permissions(parent)
            if missing:
                raise NoThread(*missing)
            line = await post_line(
                parent, t("league_race_starting", locale, **race_heading(league, race_no, locale))
            )
            thread = await start_thread(
                self.client, line, draft_thread_name(league, race_no, locale)
            )
        except NoThread as refused:
            log.info("no thread league=%s guild=%s missing=%s", league.id, record.guild_id, refused)
            await self.store.set_league_thread(league.id, race_no, 0)
            why = t(
                "thread_refused", locale, host=record.created_by, permissions=refused.said(locale)
            )
            return DraftHome(parent, why)
        await self.store.set_league_thread(league.id, race_no, thread.id)
        log.info(
            "thread started league=%s guild=%s race_no=%s thread=%s",
            league.id,
            record.guild_id,
            race_no,
            thread.id,
        )
        return DraftHome(thread, line=line)
