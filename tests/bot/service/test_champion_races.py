"""Champions in the bot's races: they search in the process pool at the bot's budget, seeded
by the race, and a race of six of them finishes (issue 34 points 3 and 5)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from pydantic import ValidationError

import engine
from bot.service import cpu
from bot.service.autoplay import OnTheEventLoop, ai_decision, ai_suggestion, search_seed
from bot.service.races import Driver, RaceService
from bot.storage import LeagueSettings, RaceConfig, RaceStatus, SQLiteStore, Store
from engine.ai import CHAMPION, LEVELS, decide, search
from tests.support.clock import Clock

ALICE = Driver(1, "Alice", "en-US")
BUDGET = 2  # playouts a plan: the tests check where and how the champion plays, not how well


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = await SQLiteStore.open(tmp_path / "heat.sqlite3")
    yield store
    await store.close()


async def champions_race(service: RaceService, seats: int) -> int:
    """Alice and ``seats - 1`` champions on Mexico, 1 lap; started, waiting for Alice's plan."""
    config = RaceConfig(
        track="mexico", laps=1, seats=seats, fill="ai", ai_level=CHAMPION, timer_seconds=600
    )
    race_id = (await service.new_race(10, 20, ALICE, config)).id
    started = await service.start(race_id, ALICE.user_id)
    assert [seat.user_id for seat in started.waiting] == [ALICE.user_id]
    return race_id


async def test_a_race_of_six_champions_finishes_through_the_service(store: Store) -> None:
    """Five champions plan side by side (a worker each) from the same start; Alice's timer
    runs out (a champion plans for her), then the host hands her car to the AI: six champions
    drive the race to the flag, every decision legal and stored."""
    clock = Clock()
    service = RaceService(store, clock, champion_playouts=BUDGET)
    race_id = await champions_race(service, 6)
    before = await store.race(race_id)
    initial = await store.first_state(race_id)
    assert before is not None and before.state is not None and initial is not None
    # The five champions planned side by side, each from the race as it started.
    first_plans = await store.decisions(race_id)
    assert [plan.car for plan in first_plans] == ["B", "C", "D", "E", "F"]
    for plan in first_plans:
        view = engine.view_for(initial, plan.car)
        assert plan == search(view, plan.car, search_seed(initial, plan.car), BUDGET).decision
    clock.now += 10_000
    (due,) = [t for t in await store.due_timers(clock.now) if t.kind == "deadline"]
    expired = await service.expire(due)
    assert expired is not None
    log = await store.decisions(race_id)
    timer_plan = next(d for d in log if d.car == "A")
    # What the timer played is the champion's search at the bot's budget, seeded by the race.
    view = engine.view_for(before.state, "A")
    seed = search_seed(before.state, "A")
    assert timer_plan == search(view, "A", seed, BUDGET).decision
    await service.kick(race_id, ALICE.user_id, ALICE.user_id)
    record = await store.race(race_id)
    assert record is not None and record.state is not None
    assert record.status == RaceStatus.FINISHED
    assert all(car.finished is not None for car in record.state.cars)
    state = initial
    for decision in await store.decisions(race_id):
        assert decision in engine.legal_decisions(state, decision.car)
        state, _ = engine.apply(state, decision)
    assert state == record.state, "the stored decisions replay the race"


async def test_a_champion_searches_in_the_pool_never_on_the_event_loop(store: Store) -> None:
    """Asked on the event loop, a champion refuses to search; through the process pool it
    plays the plan the race's timer would, the same every time."""
    service = RaceService(store, champion_playouts=BUDGET)
    race_id = await champions_race(service, 2)
    _, _, state = await service.load(race_id)
    with pytest.raises(OnTheEventLoop):
        ai_decision(state, "A", CHAMPION, BUDGET)
    with pytest.raises(OnTheEventLoop):
        ai_suggestion(state, "A", CHAMPION, BUDGET)
    pooled = await cpu.run(ai_decision, state, "A", CHAMPION, BUDGET)
    assert pooled == await cpu.run(ai_decision, state, "A", CHAMPION, BUDGET)
    assert pooled in engine.legal_decisions(state, "A")
    plan, reason = await cpu.run(ai_suggestion, state, "A", CHAMPION, BUDGET)
    assert plan == pooled and reason.playouts >= 1 and reason.plans >= 2
    # The other levels decide in milliseconds and are not refused.
    view = engine.view_for(state, "A")
    assert ai_decision(state, "A", "expert") == decide(view, "A", "expert")


def test_the_search_seed_is_the_races_own() -> None:
    """Two races at the same moment draw different playouts; one race at one moment the same."""
    cars = [engine.Entrant("A", "red", "ai"), engine.Entrant("B", "blue", "ai")]
    first, _ = engine.new_race("usa", cars, 1, laps=1)
    second, _ = engine.new_race("usa", cars, 2, laps=1)
    assert search_seed(first, "A") == search_seed(first.copy(), "A")
    assert search_seed(first, "A") != search_seed(second, "A")
    assert search_seed(first, "A") != search_seed(first, "B")


def test_a_race_or_a_league_may_be_set_up_with_any_level_of_the_engine() -> None:
    """``engine.ai.LEVELS`` is the one list: each is a race's and a league's level (a league
    export's too), and any other is refused."""
    for level in LEVELS:
        assert LeagueSettings(timer_seconds=3600, ai_level=level).ai_level == level
        assert RaceConfig(track="usa", laps=1, seats=2, ai_level=level, timer_seconds=60)
    with pytest.raises(ValidationError, match="known: rookie, pro, expert, champion"):
        LeagueSettings(timer_seconds=3600, ai_level="legend")
