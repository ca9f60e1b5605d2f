"""Issue 36: the standings a league shows are the ones its draft and grid follow, corrections
in; met as a user meets them, through the league service on a real SQLite file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.service.league_values import LeagueChange, Standing
from bot.service.leagues import LeagueService
from bot.service.races import Driver, RaceService
from bot.service.refusals import Refused
from bot.storage import LeagueSettings, RaceStatus, SQLiteStore, Store
from engine.movement import position_key
from engine.season import CorrectPoints, DraftPick, OpenDraft, SeasonConfig, SeasonRace

ALICE = Driver(1, "Alice", "en-US")
ADMIN = 99
# Three one-lap races (España has 1 lap), with events that change no points.
SEASON = SeasonConfig.custom(
    (SeasonRace("espana", 7), SeasonRace("espana", 2), SeasonRace("espana", 4))
)
SETTINGS = LeagueSettings(timer_seconds=600, fill="ai", seats=4)


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = await SQLiteStore.open(tmp_path / "heat.sqlite3")
    yield store
    await store.close()


async def drafted(leagues: LeagueService, change: LeagueChange) -> LeagueChange:
    """Alice makes each draft decision she is asked for (the AI drivers make theirs)."""
    while change.race is None:
        turn = change.turn
        assert turn is not None and turn.user_id == ALICE.user_id
        decision = next(d for d in turn.decisions if isinstance(d, DraftPick) or turn.swap)
        change = await leagues.decide(turn.league_id, ALICE.user_id, turn.version, decision)
    return change


async def raced(races: RaceService, change: LeagueChange) -> None:
    """The race to the flag (the host hands Alice's car to the AI); the league scores it."""
    assert change.race is not None
    race_id = change.race.race.id
    finished = await races.kick(race_id, ALICE.user_id, ALICE.user_id)
    assert finished.race.status == RaceStatus.FINISHED


def order(rows: list[Standing]) -> list[str]:
    return [row.driver_id for row in rows]


async def test_a_correction_between_races_orders_the_next_draft_and_grid(store: Store) -> None:
    """A 3-race league; between races 2 and 3 an admin corrects Alice's points so that she
    passes the driver just ahead of her in ``/league standings`` (or, leading, falls behind
    the second). Race 3's draft then goes from the back of that table (the last picks
    first) and its grid is that table."""
    races = RaceService(store)
    leagues = LeagueService(store, races)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    for _ in range(2):
        await raced(races, await drafted(leagues, await leagues.start_race(league.id, 1)))

    _, shown = await leagues.standings(league.id)
    at = order(shown).index("A")
    other = shown[at - 1 if at > 0 else 1].driver_id
    gap = shown[order(shown).index(other)].points - shown[at].points
    delta = gap + 1 if at > 0 else gap - 1  # just past the driver ahead, or just behind
    await leagues.correct(league.id, ADMIN, True, ALICE.user_id, delta, "fastest lap")
    _, table = await leagues.standings(league.id)
    before = order(shown).index(other) < at
    assert (order(table).index(other) < order(table).index("A")) != before, "A and it swap"
    alice = table[order(table).index("A")]
    assert alice.points == shown[at].points + delta
    assert [(c.delta, c.reason, c.admin_id) for c in alice.corrections] == [
        (delta, "fastest lap", ADMIN)
    ]

    change = await drafted(leagues, await leagues.start_race(league.id, ALICE.user_id))
    log = await store.season_decisions(league.id)
    picks = log[log.index(OpenDraft(3)) :]
    assert [d.driver for d in picks if isinstance(d, DraftPick)] == order(table)[::-1]
    assert change.race is not None
    race = await store.race(change.race.race.id)
    assert race is not None and race.state is not None
    grid = [car.id for car in sorted(race.state.cars, key=position_key)]
    assert grid == order(table) == list(change.league.season.grid)


async def test_a_correction_during_a_draft_asks_its_picker_again(store: Store) -> None:
    """The season moves on a version: Alice's old prompt is stale, she is asked again on
    the new one (a prompt in the outbox, her turn timer on it), and her pick goes through."""
    races = RaceService(store)
    leagues = LeagueService(store, races)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    change = await leagues.start_race(league.id, ALICE.user_id)
    asked = change.turn
    assert asked is not None and change.race is None
    for row in await store.outbox(league_id=league.id):
        await store.delete_posted(row)
    await leagues.correct(league.id, ADMIN, True, ALICE.user_id, -2, "jumped the start")
    turn = await leagues.turn(league.id)
    assert turn is not None and turn.version == asked.version + 1
    prompts = [row for row in await store.outbox(league_id=league.id) if row.kind == "draft"]
    assert [row.values["version"] for row in prompts] == [turn.version]
    timers = [t for t in await store.due_timers(1e13) if t.league_id == league.id]
    assert [t.wait for t in timers] == [str(turn.version)]
    with pytest.raises(Refused) as refused:
        await leagues.decide(league.id, ALICE.user_id, asked.version, asked.decisions[0])
    assert refused.value.key == "league_stale"
    change = await leagues.decide(league.id, ALICE.user_id, turn.version, turn.decisions[0])
    season = change.league.season
    assert season.driver("A").correction == -2
    assert CorrectPoints("A", -2) in await store.season_decisions(league.id)
