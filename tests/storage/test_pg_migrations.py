"""A PostgreSQL database gets the SQLite store's migrations, version for version."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

import engine
from bot.storage import LeagueRace, RaceConfig, RaceStatus
from bot.storage.postgres import MIGRATIONS, PostgresStore
from bot.storage.sqlite import MIGRATIONS as SQLITE_MIGRATIONS
from engine import RaceState
from engine.notation import compact_state
from tests.support.leagues import (
    ELIMINATED,
    check_corrections_folded,
    corrections_across_migration_10,
    league_with_season,
    podium,
    points_across_migration_5,
)
from tests.support.upgrades import OLD_POST, OLD_TIMER, check_upgraded

CONFIG = RaceConfig(track="usa", laps=1, seats=2, fill="none", timer_seconds=600)


async def test_a_new_database_gets_every_migration_once_even_opened_twice_at_once(
    pg_url: str,
) -> None:
    """Two processes starting together: one migrates, the other waits and applies nothing."""
    first, second = await asyncio.gather(PostgresStore.open(pg_url), PostgresStore.open(pg_url))
    try:
        assert await first.schema_version() == len(SQLITE_MIGRATIONS) == len(MIGRATIONS)
        assert await second.schema_version() == len(MIGRATIONS)
    finally:
        await first.close()
        await second.close()
    again = await PostgresStore.open(pg_url)
    try:
        assert await again.schema_version() == len(MIGRATIONS)
    finally:
        await again.close()


async def test_a_schema_2_database_upgrades_and_reposts_the_unannounced_race(pg_url: str) -> None:
    """As in SQLite: a running race the channel never saw whole gets its board posted."""
    state, _ = engine.new_race("usa", [engine.Entrant("A", "red")], 5, laps=1)
    state.version = 3
    text = compact_state(state)
    db = await asyncpg.connect(pg_url)
    try:
        await db.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, at FLOAT)")
        for version, script in enumerate(MIGRATIONS[:2], start=1):
            await db.execute(script)
            await db.execute("INSERT INTO schema_migrations VALUES ($1, 0)", version)
        insert = (
            "INSERT INTO races (guild_id, channel_id, host_id, status, config, initial, state,"
            " version, announced_version, created_at, updated_at)"
            " VALUES (1, $1, 3, $2, $3, $4, $4, $5, $6, 0, 0)"
        )
        config = CONFIG.model_dump_json()
        await db.execute(insert, 2, "lobby", config, None, 0, 0)
        await db.execute(insert, 4, "running", config, text, 3, 0)
        await db.execute(insert, 6, "running", config, text, 3, 3)
    finally:
        await db.close()
    store = await PostgresStore.open(pg_url)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        lobby, unannounced = await store.race(1), await store.race(2)
        assert lobby is not None and lobby.status == RaceStatus.LOBBY and lobby.config == CONFIG
        assert unannounced is not None and unannounced.state == state
        [post] = await store.outbox()
        assert (post.race_id, post.kind, post.state) == (2, "round", state)
    finally:
        await store.close()


async def older_database(url: str, schema: int, status: str) -> RaceState:
    """A database left by a bot at ``schema``, with one race (id 1) of ``status``."""
    state, _ = engine.new_race("usa", [engine.Entrant("A", "red")], 5, laps=1)
    db = await asyncpg.connect(url)
    try:
        await db.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, at FLOAT)")
        for version, script in enumerate(MIGRATIONS[:schema], start=1):
            await db.execute(script)
            await db.execute("INSERT INTO schema_migrations VALUES ($1, 0)", version)
        await db.execute(
            "INSERT INTO races (guild_id, channel_id, host_id, status, config, initial, state,"
            " version, created_at, updated_at) VALUES (1, 4, 3, $3, $1, $2, $2, 0, 0, 0)",
            CONFIG.model_dump_json(),
            compact_state(state),
            status,
        )
    finally:
        await db.close()
    return state


@pytest.mark.parametrize("schema", [1, 2, 3])
async def test_an_older_database_gains_leagues_that_run_its_races(pg_url: str, schema: int) -> None:
    """Schema 4, as in SQLite: a league made after the upgrade runs a race the database holds."""
    state = await older_database(pg_url, schema, "finished")
    store = await PostgresStore.open(pg_url)
    try:
        assert await store.schema_version() == len(MIGRATIONS) == 11
        finished = await store.race(1)
        assert finished is not None and finished.state == state
        league_id, _ = await league_with_season(store)
        await store.add_league_race(league_id, 1, 1)
        assert await store.unrecorded_races() == [LeagueRace(league_id, 1, 1)]
        assert await store.record_points(league_id, 1, podium())
        assert await store.league_race_of(1) == LeagueRace(league_id, 1, 1, recorded=True)
    finally:
        await store.close()


async def test_a_schema_4_database_keeps_its_points_and_takes_a_driver_without_a_place(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Schema 5, as in SQLite: the points rows stay; an eliminated driver's row has no place."""
    from bot.storage import postgres

    points, stats = await points_across_migration_5(
        lambda: PostgresStore.open(pg_url), postgres, monkeypatch
    )
    assert points.races == {1: tuple(podium()), 2: ELIMINATED}
    assert (stats.races, stats.wins, stats.spin_outs, stats.average_place) == (2, 1, 1, 1.0)


async def test_a_schema_9_database_s_corrections_join_their_season(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Schema 10, as in SQLite: the audit log's corrections become season decisions."""
    from bot.storage import postgres

    league_id, drafting, store = await corrections_across_migration_10(
        lambda: PostgresStore.open(pg_url), postgres, monkeypatch
    )
    try:
        assert await store.schema_version() == 11
        await check_corrections_folded(store, league_id, drafting)
    finally:
        await store.close()


async def test_a_schema_4_database_keeps_its_timers_and_unposted_rows_and_takes_a_league_s(
    pg_url: str,
) -> None:
    """As in SQLite: a race's timers and unposted rows are kept, a league's fit."""
    await older_database(pg_url, 4, "running")
    db = await asyncpg.connect(pg_url)
    try:
        await db.execute(OLD_TIMER.format(race=1))
        await db.execute(OLD_POST.format(race=1))
    finally:
        await db.close()
    store = await PostgresStore.open(pg_url)
    try:
        await check_upgraded(store, 1)
    finally:
        await store.close()
