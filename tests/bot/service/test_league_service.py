"""The league service on a real SQLite file: points once, through a crash and two writers; a
cancelled race never scores and runs again."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio

from bot.service.league_values import League
from bot.service.leagues import LeagueService
from bot.service.races import Driver, RaceService
from bot.service.refusals import Refused
from bot.storage import (
    MAX_EXPORT_BYTES,
    LeagueSettings,
    RaceStatus,
    SeasonChange,
    SQLiteStore,
    Store,
    Timer,
    checked_export,
)
from engine.season import (
    DraftPick,
    JoinSeason,
    SeasonConfig,
    SeasonRace,
    apply_season,
    race_seed,
    season_from_dict,
)

ALICE = Driver(1, "Alice", "en-US")
BOB = Driver(2, "Bob", "it")
# One-lap races: España has 1 lap.
SEASON = SeasonConfig.custom(
    (SeasonRace("espana", 6), SeasonRace("espana", 2), SeasonRace("espana", 7))
)


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = await SQLiteStore.open(tmp_path / "heat.sqlite3")
    yield store
    await store.close()


async def league_racing(leagues: LeagueService) -> tuple[League, int]:
    """Alice's league with two AI drivers, its first draft made; returns it and its race id."""
    settings = LeagueSettings(timer_seconds=600, fill="ai", seats=3)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, settings)
    change = await leagues.start_race(league.id, ALICE.user_id)
    while change.race is None:
        turn = change.turn
        assert turn is not None and turn.user_id == ALICE.user_id
        decision = next(d for d in turn.decisions if isinstance(d, DraftPick) or turn.swap)
        change = await leagues.decide(league.id, ALICE.user_id, turn.version, decision)
    return change.league, change.race.race.id


async def drive_to_the_flag(races: RaceService, race_id: int) -> None:
    """The host hands Alice's car to the AI, which races it to the finish."""
    change = await races.kick(race_id, ALICE.user_id, ALICE.user_id)
    assert change.race.status == RaceStatus.FINISHED


async def test_a_finished_race_left_unscored_by_a_crash_is_scored_once_at_start_up(
    store: Store,
) -> None:
    """The bot stopped between the race's end and its scoring: start-up scores it, once."""
    races = RaceService(store)
    leagues = LeagueService(store, races)
    league, race_id = await league_racing(leagues)
    races.on_finished.clear()  # the crash: the race ends, nobody scores it
    await drive_to_the_flag(races, race_id)
    assert (await store.league_points(league.id)).races == {}

    restarted = LeagueService(store, RaceService(store))
    assert await restarted.resume() == 1
    assert await restarted.resume() == 0, "scored once"
    points = await store.league_points(league.id)
    assert list(points.races) == [1]
    _, rows = await restarted.standings(league.id)
    assert sorted(row.points for row in rows) == sorted(p.points for p in points.races[1])
    assert (await restarted.load(league.id)).season.phase == "lineup"


async def test_two_writers_scoring_one_race_score_it_once(store: Store) -> None:
    """Two processes scoring the same finished race at once: one writes, the other nothing."""
    races = RaceService(store)
    leagues = LeagueService(store, races)
    league, race_id = await league_racing(leagues)
    races.on_finished.clear()
    await drive_to_the_flag(races, race_id)
    others = [LeagueService(store, RaceService(store)) for _ in range(2)]
    scored = await asyncio.gather(*(other.record_race(race_id) for other in others))
    assert sorted(scored) == [False, True]
    assert len((await store.league_points(league.id)).races) == 1


async def test_a_cancelled_race_never_scores_and_runs_again(store: Store) -> None:
    """/heat cancel on a league race: no points; start-race runs the same race number anew."""
    races = RaceService(store)
    leagues = LeagueService(store, races)
    league, race_id = await league_racing(leagues)
    await races.cancel(race_id, ALICE.user_id, can_manage=False)
    assert await leagues.record_race(race_id) is False
    assert (await store.league_points(league.id)).races == {}
    again = await leagues.start_race(league.id, ALICE.user_id)
    assert again.race is not None and again.race.race.id != race_id
    with pytest.raises(Refused) as refused:
        await leagues.start_race(league.id, ALICE.user_id)
    assert refused.value.key == "league_race_open"
    await drive_to_the_flag(races, again.race.race.id)
    points = await store.league_points(league.id)
    assert list(points.races) == [1], "the race run again scored, the cancelled one never"


async def test_joining_between_races_starts_on_zero_points(store: Store) -> None:
    """Bob joins after race 1: he is in race 2's lineup with 0 points; a full league makes room."""
    races = RaceService(store)
    leagues = LeagueService(store, races)
    league, race_id = await league_racing(leagues)
    with pytest.raises(Refused) as refused:
        await leagues.join(league.id, BOB)
    assert refused.value.key == "league_between_races"
    await drive_to_the_flag(races, race_id)
    joined = await leagues.join(league.id, BOB)
    bob = joined.member(BOB.user_id)
    assert bob is not None and bob.joined_at == 2
    assert len(joined.season.active()) == 3, "an AI driver left to make room"
    _, rows = await leagues.standings(league.id)
    assert next(row for row in rows if row.user_id == BOB.user_id).points == 0
    left = await leagues.leave(league.id, BOB.user_id)
    assert left.member(BOB.user_id) is None


async def test_a_race_finishing_after_its_league_ended_scores_nothing(store: Store) -> None:
    """The admin ended the league mid-race: the race still finishes; the export stays true."""
    races = RaceService(store)
    leagues = LeagueService(store, races)
    league, race_id = await league_racing(leagues)
    export = await leagues.end(league.id, ALICE.user_id, can_manage=True, guild_id=10)
    await drive_to_the_flag(races, race_id)
    assert await leagues.record_race(race_id) is False
    assert await store.kept_export(league.id) == export
    with pytest.raises(Refused) as refused:
        await leagues.start_race(league.id, ALICE.user_id)
    assert refused.value.key == "league_none"


async def test_a_persons_driver_left_without_its_person_drafts_and_races_by_the_ai(
    store: Store,
) -> None:
    """A join cut short by a crash (the season has driver B, no member drives it): the AI
    picks for B and drives it, so the league never waits for nobody."""
    races = RaceService(store)
    leagues = LeagueService(store, races)
    settings = LeagueSettings(timer_seconds=600, fill="none", seats=2)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, settings)
    orphan = JoinSeason("B", "blue", "human")
    after, _ = apply_season(league.season, orphan)
    await store.commit_season(
        SeasonChange(league.id, league.season.version, after, [(orphan, "x")])
    )
    change = await leagues.start_race(league.id, ALICE.user_id)
    while change.race is None:
        assert change.turn is not None and change.turn.driver_id == "A", "only Alice is asked"
        decision = change.turn.decisions[0]
        change = await leagues.decide(league.id, ALICE.user_id, change.turn.version, decision)
    seats = {seat.car_id: seat for seat in change.race.seats}
    assert seats["B"].autopilot and seats["B"].user_id is None and not seats["A"].autopilot
    assert [seat.car_id for seat in change.race.waiting] == ["A"]


async def test_only_an_admin_imports_and_a_file_too_big_is_never_read(store: Store) -> None:
    """The service decides who may import, and the size, before it reads a byte of the file."""
    leagues = LeagueService(store, RaceService(store))
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, LeagueSettings(timer_seconds=600))
    export = json.dumps(await leagues.end(league.id, 99, can_manage=True, guild_id=10)).encode()
    reads: list[str] = []

    async def read() -> bytes:
        reads.append("read")
        return export

    with pytest.raises(Refused) as refused:
        await leagues.import_league(11, 21, ALICE.user_id, False, len(export), read)
    assert refused.value.key == "needs_manage_server"
    with pytest.raises(Refused) as refused:
        await leagues.import_league(11, 21, 99, True, MAX_EXPORT_BYTES + 1, read)
    assert refused.value.key == "league_bad_import"
    assert "more than the 4,194,304 allowed" in refused.value.details["detail"]
    assert reads == [] and await store.leagues(11) == []
    imported = await leagues.import_league(11, 21, 99, True, len(export), read)
    assert (imported.record.guild_id, imported.record.channel_id) == (11, 21)
    assert imported.member(ALICE.user_id) is not None and reads == ["read"]


def always(seed: int) -> Callable[[], int]:
    """A seed source that gives ``seed`` each time."""
    return lambda: seed


async def test_an_imported_league_deals_from_a_seed_its_public_file_does_not_hold(
    store: Store,
) -> None:
    """The file ``/league end`` posts holds the season's seed and its Garage deck in order, so
    an import goes on from a seed of its own (a ``reseed`` the league logs): the race running
    when the league ended, the markets and the races after it are dealt anew, and each
    import of the same file deals differently."""
    ended = LeagueService(store, RaceService(store))
    league, _ = await league_racing(ended)
    export = json.dumps(await ended.end(league.id, 99, can_manage=True, guild_id=10)).encode()
    public = season_from_dict(json.loads(export)["season"]["current"])

    async def read() -> bytes:
        return export

    imports = []
    for seed in (4242, 4343):
        leagues = LeagueService(store, RaceService(store, seeds=always(seed)))
        imported = await leagues.import_league(11, 21, 99, True, len(export), read)
        await leagues.end(imported.id, 99, can_manage=True, guild_id=11)
        imports.append(imported)
        again = await store.export_league(imported.id)
        logged = again["season"]["decisions"][-1]
        assert (logged["decision"], logged["by"]) == (f"reseed {seed}", "league")
        assert checked_export(again).current.seed == seed, "its own export imports again"
    first, second = (imported.season for imported in imports)
    assert first.phase == second.phase == public.phase == "racing"
    assert (first.seed, second.seed) == (4242, 4343)
    assert Counter(first.garage_deck) == Counter(public.garage_deck)
    assert len({first.garage_deck, second.garage_deck, public.garage_deck}) == 3
    assert len({race_seed(first), race_seed(second), race_seed(public)}) == 3


async def test_a_draft_change_stores_its_posts_and_turn_timer_which_has_the_ai_pick(
    store: Store,
) -> None:
    """The draft's prompt and turn timer are stored with the change, as a race's; when the
    timer is due the AI picks for the person, the channel is told, and the timer is spent."""
    races = RaceService(store)
    leagues = LeagueService(store, races, clock=lambda: 1000.0)
    settings = LeagueSettings(timer_seconds=600, fill="ai", seats=3)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, settings)
    await leagues.join(league.id, BOB)
    turn = (await leagues.start_race(league.id, ALICE.user_id)).turn
    assert turn is not None
    asked = (await store.outbox(league_id=league.id))[-1]
    assert (asked.kind, asked.values) == ("draft", {"version": turn.version, "race_no": 1})
    assert await store.due_timers(1599.0) == []
    [timer] = await store.due_timers(1600.0)
    assert timer == Timer(
        None, "draft", turn.driver_id, 1600.0, str(turn.version), league_id=league.id
    )

    change = await leagues.expire_draft(timer)

    assert change is not None and change.league.season.version > turn.version
    drafted = [row for row in await store.outbox(league_id=league.id) if row.kind == "drafted"]
    assert drafted[-1].values["timed_out"] == turn.driver_id
    assert f"{turn.driver_id} pick " in str(drafted[-1].values["made"])
    assert await leagues.expire_draft(timer) is None, "a timer whose wait is over is spent"
    assert timer not in await store.due_timers(1e12)
