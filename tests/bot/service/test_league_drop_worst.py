"""Issue 36 points 4 and 5 through the league service on a real SQLite file: drop-worst set at
creation or switched between races by the league's creator or an admin, the table it makes
ordering the next draft and grid, the chart's figures and a driver's breakdown."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest
import pytest_asyncio

from bot.service.league_values import LeagueChange
from bot.service.leagues import LeagueService
from bot.service.races import Driver, RaceService
from bot.service.refusals import Refused
from bot.storage import RaceStatus, SQLiteStore, Store
from engine.movement import position_key
from engine.season import DraftPick, DropWorst, OpenDraft, standings
from tests.bot.service.test_league_corrections import ADMIN, ALICE, SEASON, SETTINGS, order

BOB = Driver(2, "Bob", "en-US")


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = await SQLiteStore.open(tmp_path / "heat.sqlite3")
    yield store
    await store.close()


async def two_races(leagues: LeagueService, races: RaceService, *, drop: bool = False) -> int:
    """Alice's league (Bob in it, two AI drivers), two races run and scored."""
    config = replace(SEASON, drop_worst=drop)
    league = await leagues.create(10, 20, ALICE, "Cup", config, SETTINGS)
    await leagues.join(league.id, BOB)
    for _ in range(2):
        change = await leagues.start_race(league.id, ALICE.user_id)
        while change.race is None:
            turn = change.turn
            assert turn is not None
            decision = next(d for d in turn.decisions if isinstance(d, DraftPick) or turn.swap)
            change = await leagues.decide(turn.league_id, turn.user_id, turn.version, decision)
        await raced(races, change)
    return league.id


async def raced(races: RaceService, change: LeagueChange) -> None:
    """Both people hand their cars to the AI (the host, Alice, does it); the race runs to the
    flag and the league scores it."""
    assert change.race is not None
    race_id = change.race.race.id
    await races.kick(race_id, ALICE.user_id, BOB.user_id)
    finished = await races.kick(race_id, ALICE.user_id, ALICE.user_id)
    assert finished.race.status == RaceStatus.FINISHED


async def refused(make: object) -> str:
    with pytest.raises(Refused) as refusal:
        await make  # type: ignore[misc]
    return refusal.value.key


async def test_switched_on_the_table_drops_a_race_each_and_orders_race_3(store: Store) -> None:
    """After two races, drop-worst on: every driver has a race dropped, each total is its
    points less that race's, and race 3's draft goes from the back of that table (last picks
    first) and its grid is that table."""
    races = RaceService(store)
    leagues = LeagueService(store, races)
    league_id = await two_races(leagues, races)
    league = await leagues.drop_worst(league_id, ALICE.user_id, False, True)
    assert league.season.drop_worst
    assert DropWorst(True) == (await store.season_decisions(league_id))[-1]
    _, table = await leagues.standings(league_id)
    for row in table:
        assert row.dropped is not None
        kept = sum(p or 0 for n, p in enumerate(row.race_points) if n != row.dropped)
        assert row.points == kept and row.totals[-1] == row.points
    assert order(table) == [line.driver for line in standings(league.season)]

    change = await leagues.start_race(league_id, ALICE.user_id)
    while change.race is None:
        turn = change.turn
        assert turn is not None
        decision = next(d for d in turn.decisions if isinstance(d, DraftPick) or turn.swap)
        change = await leagues.decide(turn.league_id, turn.user_id, turn.version, decision)
    log = await store.season_decisions(league_id)
    picks = log[log.index(OpenDraft(3)) :]
    assert [d.driver for d in picks if isinstance(d, DraftPick)] == order(table)[::-1]
    assert change.race is not None
    race = await store.race(change.race.race.id)
    assert race is not None and race.state is not None
    assert [car.id for car in sorted(race.state.cars, key=position_key)] == order(table)


async def test_only_the_creator_or_an_admin_switches_it_and_only_between_races(
    store: Store,
) -> None:
    """Bob (a driver, not the creator) is refused; the same setting again is refused; during
    a draft it waits for the next lineup; an admin (Manage Server) may switch it too. A
    refusal changes nothing."""
    races = RaceService(store)
    leagues = LeagueService(store, races)
    league_id = await two_races(leagues, races, drop=True)
    assert await refused(leagues.drop_worst(league_id, BOB.user_id, False, False)) == (
        "league_not_creator_or_manager"
    )
    assert await refused(leagues.drop_worst(league_id, ALICE.user_id, False, True)) == (
        "league_drop_worst_already_on"
    )
    await leagues.start_race(league_id, ALICE.user_id)
    drafting = (await leagues.load(league_id)).season
    assert drafting.phase == "draft"
    assert await refused(leagues.drop_worst(league_id, ADMIN, True, False)) == (
        "league_between_races"
    )
    assert (await leagues.load(league_id)).season == drafting


async def test_created_with_drop_worst_and_switched_off_by_an_admin(store: Store) -> None:
    """``/league create drop-worst``: the first season drops; an admin switches it off and
    every race counts again."""
    races = RaceService(store)
    leagues = LeagueService(store, races)
    league_id = await two_races(leagues, races, drop=True)
    first = await store.first_season(league_id)
    assert first is not None and first.drop_worst
    _, dropping = await leagues.standings(league_id)
    assert all(row.dropped is not None for row in dropping)
    await leagues.drop_worst(league_id, ADMIN, True, False)
    _, counting = await leagues.standings(league_id)
    assert all(row.dropped is None for row in counting)
    assert all(row.points == sum(p or 0 for p in row.race_points) for row in counting)


async def test_a_breakdown_is_each_race_then_the_correction_and_the_total(store: Store) -> None:
    """Alice's two races: track, place, points with the event's bonus, the dropped one
    marked; her correction apart; the total the table shows. Someone not in the league is
    told so, in their own words or about another."""
    races = RaceService(store)
    leagues = LeagueService(store, races)
    league_id = await two_races(leagues, races, drop=True)
    await leagues.correct(league_id, ADMIN, True, ALICE.user_id, 3, "fastest lap")
    breakdown = await leagues.breakdown(league_id, ALICE.user_id, ALICE.user_id)
    _, table = await leagues.standings(league_id)
    alice = next(row for row in table if row.driver_id == "A")
    assert breakdown.driver_id == "A" and breakdown.name == "Alice"
    assert [line.race_no for line in breakdown.races] == [1, 2]
    assert [line.track for line in breakdown.races] == ["espana", "espana"]
    assert [line.place for line in breakdown.races] == list(alice.places[:2])
    assert [line.points for line in breakdown.races] == list(alice.race_points[:2])
    assert [line.dropped for line in breakdown.races].count(True) == 1
    kept = sum(line.points or 0 for line in breakdown.races if not line.dropped)
    assert breakdown.correction == 3 and breakdown.points == kept + 3 == alice.points
    assert breakdown.drop_worst
    stranger = 77
    assert await refused(leagues.breakdown(league_id, stranger, stranger)) == "league_not_member"
    assert await refused(leagues.breakdown(league_id, stranger, 1)) == "league_no_driver"
