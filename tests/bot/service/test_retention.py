"""A finished race past HEAT_RETENTION_DAYS keeps its export, result and seats alone.

On both stores, through the timer row the finish arms and the scheduler fires:
before the day nothing changes; after it the state, first state, decision log
and orders are gone, and the export reads back byte for byte as before. A
league's race keeps everything.
"""

from __future__ import annotations

import json
from pathlib import Path

import aiosqlite

import engine
from bot.service.race_seats import with_fill
from bot.service.races import Driver, RaceService
from bot.service.retention import DAY, race_file, result_of, retention_timer
from bot.service.retention import finished_race as kept_finished_race
from bot.service.timers import Scheduler
from bot.storage import RaceConfig, RaceStatus, Seat, SQLiteStore, Store
from engine import Adrenaline, Discard, Plan, RaceState, ReactDone
from engine.events import Event
from engine.notation import load_scenario
from tests.support.clock import Clock
from tests.support.leagues import league_with_season
from tests.support.scenarios import ALONE

GUILD = 10
ALICE = Driver(1, "Alice")
CONFIG = RaceConfig(track="usa", laps=1, seats=3, fill="ai", timer_seconds=600)
DAYS = 7.0


async def finished_race(races: RaceService, channel_id: int = 20) -> int:
    """Alice gives up at once and the AI drivers race to the flag."""
    record = await races.new_race(GUILD, channel_id, ALICE, CONFIG)
    started = await races.start(record.id, ALICE.user_id)
    car = next(seat.car_id for seat in started.seats if seat.user_id == ALICE.user_id)
    over = await races.decide(record.id, ALICE.user_id, started.state.version, engine.GiveUp(car))
    assert over.race.status == RaceStatus.FINISHED
    return record.id


async def nothing_after() -> None:
    return None


async def test_a_finished_race_is_pruned_by_its_timer_after_the_retention(store: Store) -> None:
    clock = Clock(1_000_000.0)
    races = RaceService(store, clock, retention_days=DAYS)
    scheduler = Scheduler(store, races, lambda _: nothing_after(), clock)
    race_id = await finished_race(races)
    finished_at = clock.now
    (timer,) = await store.timers(race_id)
    assert (timer.kind, timer.due_at) == ("prune", finished_at + DAYS * DAY)
    before = await store.race(race_id)
    initial = await store.first_state(race_id)
    decisions = await store.decisions(race_id)
    assert before is not None and before.state is not None and initial is not None and decisions
    export = race_file(initial, decisions)
    seats = await store.seats(race_id)

    assert await scheduler.run_due(finished_at + DAYS * DAY - 1) == 0
    assert await store.decisions(race_id) == decisions, "kept until its day"

    assert await scheduler.run_due(finished_at + DAYS * DAY) == 1
    after = await store.race(race_id)
    assert after is not None and after.status == RaceStatus.FINISHED and after.state is None
    assert await store.first_state(race_id) is None
    assert await store.decisions(race_id) == [] and await store.orders(race_id) == {}
    assert await store.timers(race_id) == [], "the timer is spent"
    assert await store.kept_race_export(race_id) == export, "the same file /heat export posts"
    places = {car.id: car.finished for car in before.state.cars}
    assert await store.race_result(race_id) == places
    assert await store.seats(race_id) == seats
    assert await store.last_finished_in(20) == after, "still the channel's last finished race"


async def test_a_leagues_race_keeps_everything(store: Store) -> None:
    """No timer is armed for it, and a prune asked anyway leaves it whole."""
    clock = Clock(1_000_000.0)
    races = RaceService(store, clock, retention_days=DAYS)
    league_id, _ = await league_with_season(store, channel_id=40)
    record = await races.new_race(GUILD, 20, ALICE, CONFIG)
    await store.add_league_race(league_id, 1, record.id)
    started = await races.start_prepared(record.id, *await _ready(races, record.id))
    car = next(seat.car_id for seat in started.seats if seat.user_id == ALICE.user_id)
    await races.decide(record.id, ALICE.user_id, started.state.version, engine.GiveUp(car))
    assert await store.timers(record.id) == []
    decisions = await store.decisions(record.id)
    assert not await races.prune(retention_timer(record.id, clock.now, 0))
    assert await store.decisions(record.id) == decisions and decisions


async def _ready(races: RaceService, race_id: int) -> tuple[list[Seat], RaceState, list[Event]]:
    """The lobby's seats filled and a race set up for them, as a league's draft hands over."""
    record = await races.store.race(race_id)
    assert record is not None
    seats = with_fill(await races.store.seats(race_id), record.config)
    entrants = [engine.Entrant(seat.car_id, seat.color, seat.kind) for seat in seats]
    state, events = engine.new_race("usa", entrants, 7, laps=1)
    return seats, state, list(events)


async def test_migration_7_arms_the_retention_of_finished_races_outside_leagues(
    tmp_path: Path,
) -> None:
    """A file from before retention: each finished race outside a league gets its timer,
    due 30 days after it finished; a league's race and a running race get none."""
    path = tmp_path / "heat.sqlite3"
    store = await SQLiteStore.open(path)
    try:
        races = RaceService(store, Clock(1_000_000.0))
        loose = await finished_race(races, 20)
        league_id, _ = await league_with_season(store, channel_id=40)
        kept = await finished_race(races, 21)
        await store.add_league_race(league_id, 1, kept)
    finally:
        await store.close()
    async with aiosqlite.connect(path) as db:
        await db.execute("DELETE FROM timers")
        await db.execute("DELETE FROM guild_limits")
        await db.execute("DROP TABLE guild_limits")
        await db.execute("DROP INDEX races_by_guild")
        await db.execute("ALTER TABLE races DROP COLUMN export")
        await db.execute("ALTER TABLE races DROP COLUMN result")
        await db.execute("ALTER TABLE league_races DROP COLUMN thread_id")  # and 9 after it
        await db.execute("ALTER TABLE league_corrections DROP COLUMN seq")  # and 10
        for table in ("league_dates", "league_rsvps", "league_reserves"):  # and 11
            await db.execute(f"DROP TABLE {table}")
        await db.execute("DELETE FROM schema_migrations WHERE version IN (8, 9, 10, 11)")
        await db.execute("UPDATE races SET updated_at = 5000")
        await db.commit()
    store = await SQLiteStore.open(path)
    try:
        assert await store.schema_version() == 11
        (timer,) = await store.timers(loose)
        assert (timer.kind, timer.due_at) == ("prune", 5000 + 30 * DAY)
        assert await store.timers(kept) == []
    finally:
        await store.close()


async def test_a_kept_export_of_a_log_under_an_earlier_rule_replays(store: Store) -> None:
    """A race pruned before Adrenaline's halves were split kept a log that today's engine
    refuses as it is (one half used it all then): read back for ``/heat replay`` and
    ``/heat export``, it comes as today's rules replay it, to the same end."""
    clock = Clock(1_000_000.0)
    races = RaceService(store, clock, retention_days=DAYS)
    race_id = await finished_race(races)
    record = await store.race(race_id)
    assert record is not None and record.state is not None
    first, _ = engine.settle(load_scenario(json.dumps(ALONE))[0])
    old_log = [Plan("A", 3, ("1", "2", "3")), Adrenaline("A", True, False), Discard("A", ())]
    (timer,) = await store.timers(race_id)
    kept = race_file(first, old_log)
    assert await store.prune_race(race_id, kept, result_of(record.state), timer)
    found = await kept_finished_race(store, race_id)
    assert found is not None
    initial, decisions = found
    assert decisions == [*old_log[:2], ReactDone("A"), old_log[2]]
    assert engine.replay(engine.settle(initial)[0], decisions).round == 2
