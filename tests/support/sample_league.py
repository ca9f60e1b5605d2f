"""docs/sample-league.json: a small league played by AI drivers, exported by the real code.

A three-race season (1961) of two members and an AI driver; every driver drafts and
races as the AI would, each race is run by the engine to the flag and recorded as the
league service records it, and ``Store.end_league`` writes the export ``/league end``
posts. The store's clock is a fixed one, so the same code writes the same file.

Write the file again (after a change to the export or the rules) with::

    .venv/bin/python -m tests.support.sample_league
"""

from __future__ import annotations

import asyncio
import itertools
import json
import tempfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest import mock

import engine
from bot.service.round_ends import ai_drivers, round_ends
from bot.storage import (
    LeagueSettings,
    Member,
    RaceConfig,
    RaceStatus,
    SeasonChange,
    Seat,
    SQLiteStore,
    Store,
    recorded_points,
)
from engine.championship import race_result
from engine.season import (
    RaceRecorded,
    SeasonConfig,
    SeasonDecision,
    SeasonState,
    apply_season,
    new_season,
    season_ai_decision,
    season_legal_decisions,
    season_pending,
    season_race,
)

SAMPLE = Path(__file__).resolve().parents[2] / "docs" / "sample-league.json"
GUILD, CHANNEL = 10, 20
START = 1_796_050_000.0  # the clock's first reading, seconds since 1970
MEMBERS = (
    Member(user_id=1, driver_id="A", name="Ada", locale="en-US"),
    Member(user_id=2, driver_id="B", name="Bruno", locale="it"),
)
SETTINGS = LeagueSettings(timer_seconds=3600, fill="ai", ai_level="rookie", seats=3)
LEVEL = "rookie"


def first_season() -> SeasonState:
    """The 1961 season of Ada (A), Bruno (B) and an AI driver (C)."""
    drivers = [
        engine.Entrant("A", "red"),
        engine.Entrant("B", "blue"),
        engine.Entrant("C", "green", "ai"),
    ]
    return new_season(SeasonConfig.preset(1961), drivers, 7)


def _by(driver: str | None) -> str:
    """Who a season decision is logged as: the member, the AI, or the league itself."""
    users = {member.driver_id: member.user_id for member in MEMBERS}
    if driver in users:
        return f"user:{users[driver]}"
    return "ai" if driver is not None else "league"


def _to_the_race(league_id: int, season: SeasonState) -> SeasonChange:
    """Every decision up to the next race running, each driver drafting as the AI would."""
    decisions: list[tuple[SeasonDecision, str]] = []
    after = season
    while after.phase != "racing":
        waiting = season_pending(after).drivers
        driver = waiting[0] if waiting else None
        decision = (
            season_legal_decisions(after, None)[0]
            if driver is None
            else season_ai_decision(after, driver)
        )
        decisions.append((decision, _by(driver)))
        after, _ = apply_season(after, decision)
    return SeasonChange(league_id, season.version, after, decisions)


def _raced(racing: SeasonState) -> engine.RaceState:
    """The season's running race, driven by the AI to the flag."""
    start, events = season_race(racing)
    rounds = [start, *(end for end, _ in round_ends(start, events, ai_drivers(LEVEL)))]
    return rounds[-1]


async def _bot_race(store: Store, racing: SeasonState) -> int:
    """The bot race a league race ran as (the export names it, its rows are not in it)."""
    track = racing.races[racing.race_no - 1].track
    config = RaceConfig(track=track, laps=1, seats=3, fill="ai", timer_seconds=3600)
    host = Seat(car_id="A", user_id=1, kind="human", name="Ada", color="red")
    race_id = await store.create_race(GUILD, 30 + racing.race_no, 1, config, host)
    await store.set_status(race_id, RaceStatus.FINISHED)
    return race_id


async def _played(store: Store) -> dict[str, Any]:
    season = first_season()
    league_id = await store.create_league(GUILD, CHANNEL, "Sample Cup", SETTINGS, 1, season)
    for member in MEMBERS:
        await store.add_member(league_id, member)
    users = {member.driver_id: member.user_id for member in MEMBERS}
    while season.phase != "over":
        to_race = _to_the_race(league_id, season)
        await store.commit_season(to_race)
        racing = to_race.season
        await store.add_league_race(league_id, racing.race_no, await _bot_race(store, racing))
        result = race_result(_raced(racing))
        recorded = RaceRecorded(racing.race_no, result)
        after, _ = apply_season(racing, recorded)
        change = SeasonChange(league_id, racing.version, after, [(recorded, "race")])
        assert await store.record_points(
            league_id, racing.race_no, recorded_points(result, users), change
        )
        season = after
    return await store.end_league(league_id)


def sample_league() -> dict[str, Any]:
    """The export of the sample league, the same on every run."""
    clock = itertools.count(START, 60.0)
    fixed = SimpleNamespace(time=lambda: next(clock))
    with tempfile.TemporaryDirectory() as folder, mock.patch("bot.storage.leagues.time", fixed):

        async def play() -> dict[str, Any]:
            store = await SQLiteStore.open(Path(folder) / "heat.sqlite3")
            try:
                return await _played(store)
            finally:
                await store.close()

        return asyncio.run(play())


def sample_text() -> str:
    """The file's text, indented as ``/league end`` posts it."""
    return json.dumps(sample_league(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    SAMPLE.write_text(sample_text(), encoding="utf-8")
    print(f"wrote {SAMPLE}")
