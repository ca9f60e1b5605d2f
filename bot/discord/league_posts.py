"""What a league shows: the standings (image, chart and text), a driver's breakdown, the
market, the champion and its role.

The standings picture, the chart of points race by race and the text are drawn from
the same rows, so they cannot disagree. Where the league drops each driver's worst
race, the title says so and the text strikes that race through (``~~...~~``, as Discord
shows it on a phone too). A league race's last outbox row (``league_recorded``) posts
them after the podium, scoring the race first if start-up has not yet.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any

import discord

from bot.discord.market import market_png
from bot.discord.texts import counted, ordinal, shown_name, t
from bot.service import cpu
from bot.service.league_values import Breakdown, League, Standing
from bot.service.leagues import LeagueService
from bot.service.refusals import Refused
from bot.storage import LeagueRace, OutboxRow, RaceRecord
from data import words
from data.words import event_title, track_name
from render import ChartLine, StandingsChart, png_bytes, standings_chart_image
from render.standings import StandingRow, Standings, race_score, standings_image

log = logging.getLogger("heat.league")

MESSAGE_LIMIT = 2000  # Discord's most characters in one message
PODIUM = 3

Send = Callable[..., Awaitable[None]]  # posts one message in the race's channel


def standings_png(
    title: str, tracks: Sequence[str], rows: Sequence[Standing], locale: str = "en"
) -> bytes:
    """The standings picture: one row per driver, a column per race under its track's name,
    in the locale's language."""
    table = Standings(
        title,
        [
            StandingRow(
                row.name,
                row.points,
                row.places,
                row.color,
                row.eliminated,
                row.race_points,
                row.bonuses,
                row.left,
                row.dropped,
            )
            for row in rows
        ],
        tracks,
    )
    return png_bytes(standings_image(table, locale))


def chart_png(title: str, rows: Sequence[Standing]) -> bytes:
    """The standings chart: each driver's total after each race, from the race it joined (its
    words, the title and the names, said by the caller in the reader's language)."""
    lines = [ChartLine(row.name, row.color, row.totals, row.joined - 1) for row in rows]
    return png_bytes(standings_chart_image(StandingsChart(title, lines)))


def named(rows: Sequence[Standing], locale: str) -> list[Standing]:
    """The rows with their AI drivers and Legends named in the reader's language."""
    return [replace(row, name=shown_name(row.name, row.color, locale)) for row in rows]


def standings_title(league: League, locale: str) -> str:
    """The table's title, saying so where each driver's worst race is dropped."""
    key = "league_standings_dropping" if league.season.drop_worst else "league_standings_title"
    return t(key, locale, name=league.record.name)


def track_names(league: League, locale: str) -> list[str]:
    """The season's tracks by name in the locale's language, in race order: the standings'
    columns."""
    return [track_name(race.track, locale) for race in league.season.races]


def standings_text(league: League, rows: Sequence[Standing], locale: str) -> str:
    """One line per driver: rank, points, then each race run: its track, the place and the
    points with the event's bonus apart ("USA 1st · 9+2"), the dropped one struck through;
    corrections named."""
    tracks = track_names(league, locale)
    lines = [f"**{standings_title(league, locale)}**"]
    for row in rows:
        rank = 1 + sum(1 for other in rows if other.points > row.points)
        races = []
        for n, points in enumerate(row.race_points):
            if points is not None:
                cell = race_cell(tracks[n], row, n, locale)
                dropped = n == row.dropped
                races.append(t("league_dropped_cell", locale, cell=cell) if dropped else cell)
        races += [
            t("league_correction_line", locale, points=c.delta, reason=c.reason)
            for c in row.corrections
        ]
        lines.append(
            t(
                "league_standing",
                locale,
                rank=rank,
                driver=row.name + (t("league_left_mark", locale) if row.left else ""),
                points=counted("count_points", row.points, locale),
                races="; ".join(races) or "-",
            )
        )
    return "\n".join(lines)


def race_cell(track: str, row: Standing, n: int, locale: str) -> str:
    """One race of a driver in words: "USA 1st · 9+2", or "USA out · 0" (event 10)."""
    place = row.places[n]
    shown = t("league_out", locale) if place is None else ordinal(place, locale)
    score = race_score(row.race_points[n], row.bonuses[n] if n < len(row.bonuses) else None)
    return t("league_race_cell", locale, track=track, place=shown, points=score)


def history_texts(
    league: League, rows: Sequence[Standing], races: Sequence[LeagueRace], locale: str
) -> list[str]:
    """``/league history``: each scored race's track, event, podium and everyone's points,
    in messages that each fit Discord's 2,000 characters."""
    tracks = track_names(league, locale)
    rows = named(rows, locale)
    blocks = [t("league_history_title", locale, name=league.record.name)]
    for race in races:
        n = race.race_no - 1
        event = league.season.races[n].event
        ran = sorted(
            (row for row in rows if n < len(row.race_points) and row.race_points[n] is not None),
            key=lambda row: (row.places[n] is None, row.places[n] or 0, -(row.race_points[n] or 0)),
        )
        podium = [row for row in ran if (row.places[n] or PODIUM + 1) <= PODIUM]
        head = t(
            "league_history_race",
            locale,
            race=race.race_no,
            track=tracks[n],
            event=event,
            title=event_title(event, locale),
            id=race.race_id or "-",
        )
        places = " · ".join(
            t(
                "league_history_place",
                locale,
                place=ordinal(row.places[n] or 0, locale),
                driver=row.name,
            )
            for row in podium
        )
        scored = " · ".join(
            t(
                "league_history_scored",
                locale,
                driver=row.name,
                points=race_score(
                    row.race_points[n], row.bonuses[n] if n < len(row.bonuses) else None
                ),
            )
            for row in ran
        )
        blocks.append(
            "\n".join(
                [
                    head,
                    t("league_history_podium", locale, podium=places or "-"),
                    t("league_history_points", locale, points=scored or "-"),
                ]
            )
        )
    if not races:
        blocks.append(t("league_history_none", locale))
    return packed(blocks)


def packed(blocks: Sequence[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Blocks of text joined by lines into as few messages of at most ``limit`` characters
    as they fit in (a block longer than that is cut, see :func:`within`)."""
    messages: list[str] = []
    for block in blocks:
        block = within(block, limit)
        if messages and len(messages[-1]) + 1 + len(block) <= limit:
            messages[-1] += "\n" + block
        else:
            messages.append(block)
    return messages


def within(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` if it fits one message of ``limit`` characters; else its first lines that
    fit and a line "…" (a first line longer than a message is cut after a word, with "…")."""
    if len(text) <= limit:
        return text
    kept: list[str] = []
    used = 0
    for line in text.split("\n"):
        if used + len(line) + 2 > limit:  # the line, the break after it, room for "…"
            break
        kept.append(line)
        used += len(line) + 1
    if kept:
        return "\n".join(kept) + "\n…"
    cut = text[: limit - 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut) + "…"


async def standings_message(
    league: League, rows: Sequence[Standing], locale: str, head: str = ""
) -> dict[str, Any]:
    """The standings as one message (after ``head``, a line saying why): the table's
    picture, the same figures in words and, once a race is scored, the chart of points
    after each race beside the table. A long season's words longer than a message are cut
    after the lines that fit (the picture has every figure)."""
    title = standings_title(league, locale)
    rows = named(rows, locale)
    png = await cpu.run(standings_png, title, track_names(league, locale), rows, locale)
    files = [discord.File(io.BytesIO(png), f"league-{league.id}-standings.png")]
    if league.season.results:
        chart_title = t("league_chart_title", locale, name=league.record.name)
        chart = await cpu.run(chart_png, chart_title, rows)
        files.append(discord.File(io.BytesIO(chart), f"league-{league.id}-chart.png"))
    text = standings_text(league, rows, locale)
    return {"content": within(f"{head}\n{text}" if head else text), "files": files}


def breakdown_text(breakdown: Breakdown, locale: str) -> str:
    """A driver's races one per line (place, points with the event's bonus apart, the dropped
    one struck through), then the corrections and the total."""
    lines = [t("league_breakdown_title", locale, driver=breakdown.name, name=breakdown.league)]
    for race in breakdown.races:
        if race.points is None:
            place = t("league_breakdown_missed", locale)
        elif race.place is None:
            place = t("league_out", locale)
        else:
            place = ordinal(race.place, locale)
        line = t(
            "league_breakdown_race",
            locale,
            race=race.race_no,
            track=track_name(race.track, locale),
            place=place,
            points=counted("count_points", race.points or 0, locale),
        )
        if race.bonus:
            line += t("league_breakdown_bonus", locale, bonus=race.bonus)
        lines.append(t("league_dropped_cell", locale, cell=line) if race.dropped else line)
    if not breakdown.races:
        lines.append(t("league_breakdown_none", locale))
    if breakdown.correction:
        lines.append(t("league_breakdown_correction", locale, points=breakdown.correction))
    points = counted("count_points", breakdown.points, locale)
    lines.append(t("league_breakdown_total", locale, points=points))
    return "\n".join(lines)


async def market_file(
    market: tuple[str, ...], title: Sequence[str], name: str, locale: str
) -> discord.File:
    png = await cpu.run(market_png, market, title, locale)
    return discord.File(io.BytesIO(png), name)


class LeaguePoster:
    """Posts a scored league race's standings and, at the season's end, the champion."""

    def __init__(self, client: discord.Client, leagues: LeagueService) -> None:
        self.client = client
        self.leagues = leagues

    async def recorded(self, record: RaceRecord, row: OutboxRow, locale: str, send: Send) -> None:
        """The ``league_recorded`` row: score the race if not yet, then the standings."""
        await self.leagues.record_race(record.id)
        league_id = int(row.values["league"])
        try:
            league, rows = await self.leagues.standings(league_id)
        except Refused:
            return  # the league ended meanwhile
        name = league.record.name
        head = t("league_recorded", locale, race=row.values["race"], name=name)
        message = await standings_message(league, rows, locale, head)
        await send(content=message["content"], files=message["files"])
        if league.season.phase == "over" and rows:
            await self._champion(league, rows[0], locale, send)

    async def _champion(self, league: League, first: Standing, locale: str, send: Send) -> None:
        name = league.record.name
        if first.user_id is None:
            driver = shown_name(first.name, first.color, locale)
            text = t("league_champion_named", locale, driver=driver, name=name, points=first.points)
        else:
            text = t("league_champion", locale, user=first.user_id, name=name, points=first.points)
            text += "\n" + await self._crown(league, first.user_id, locale)
        log.info(
            "league champion league=%s guild=%s driver=%s",
            league.id,
            league.record.guild_id,
            first.driver_id,
        )
        await send(content=text)

    async def _crown(self, league: League, user_id: int, locale: str) -> str:
        """Give the champion role where the bot may manage roles; say so in one line where not."""
        guild = self.client.get_guild(league.record.guild_id)
        me = None if guild is None else guild.me
        if guild is None or me is None or not me.guild_permissions.manage_roles:
            return t("league_no_role", locale)
        try:
            role = champion_role(guild, locale)
            if role is None:
                named = t("league_champion_role", locale)
                role = await guild.create_role(name=named, reason=named)
            member = await guild.fetch_member(user_id)
            reason = t("league_champion_of", locale, name=league.record.name)
            await member.add_roles(role, reason=reason)
        except discord.HTTPException:
            log.warning("champion role refused league=%s guild=%s", league.id, guild.id)
            return t("league_no_role", locale)
        return t("league_role_given", locale, user=user_id, role=role.name)


def champion_role(guild: discord.Guild, locale: str) -> discord.Role | None:
    """The server's champion role: named in its language ("Heat Champion", "Campione Heat"),
    or as another language named it before (a server that changed language keeps its role)."""
    names = [t("league_champion_role", locale)]
    names += [t("league_champion_role", other) for other in words.languages()]
    for name in names:
        role = discord.utils.get(guild.roles, name=name)
        if role is not None:
            return role
    return None
