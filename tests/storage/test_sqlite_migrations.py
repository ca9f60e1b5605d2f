"""The SQLite file of every earlier schema opens, keeps its races, gains the outbox and leagues."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

import engine
from bot.storage import LeagueRace, RaceConfig, RaceStatus, SQLiteStore
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


async def old_file(path: Path, schema: int, *, announced: int) -> None:
    """A file left by a bot at ``schema``, with a lobby and a running race of version 3."""
    from bot.storage.sqlite import MIGRATIONS

    state, _ = engine.new_race("usa", [engine.Entrant("A", "red")], 5, laps=1)
    state.version = 3
    text = compact_state(state)
    async with aiosqlite.connect(path) as db:
        await db.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, at REAL)")
        for version, script in enumerate(MIGRATIONS[:schema], start=1):
            for statement in script.split(";"):
                if statement.strip():
                    await db.execute(statement)
            await db.execute("INSERT INTO schema_migrations VALUES (?, 0)", (version,))
        insert = (
            "INSERT INTO races (guild_id, channel_id, host_id, status, config, initial, state,"
            " version, created_at, updated_at) VALUES (1, ?, 3, ?, ?, ?, ?, ?, 0, 0)"
        )
        config = CONFIG.model_dump_json()
        await db.execute(insert, (2, "lobby", config, None, None, 0))
        await db.execute(insert, (4, "running", config, text, text, 3))
        if schema >= 2:
            await db.execute("UPDATE races SET announced_version = ?", (announced,))
        await db.commit()


@pytest.mark.parametrize(
    ("schema", "announced", "reposted"),
    [(1, 0, 1), (2, 0, 1), (2, 3, 0), (3, 0, 0)],
    ids=["schema-1", "schema-2-unannounced", "schema-2-announced", "schema-3"],
)
async def test_an_older_file_upgrades_and_keeps_its_races(
    tmp_path: Path, schema: int, announced: int, reposted: int
) -> None:
    """A running race the channel never saw whole gets its board posted from the outbox."""
    from bot.storage.sqlite import MIGRATIONS

    path = tmp_path / "old.sqlite3"
    await old_file(path, schema, announced=announced)
    store = await SQLiteStore.open(path)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        lobby, running = await store.race(1), await store.race(2)
        assert lobby is not None and lobby.status == RaceStatus.LOBBY and lobby.config == CONFIG
        assert running is not None and running.state is not None
        assert running.state.version == 3
        posts = await store.outbox()
        assert len(posts) == reposted
        assert all(post.kind == "round" and post.state == running.state for post in posts)
    finally:
        await store.close()


async def test_reopening_a_current_file_applies_nothing(tmp_path: Path) -> None:
    store = await SQLiteStore.open(tmp_path / "heat.sqlite3")
    version = await store.schema_version()
    await store.close()
    store = await SQLiteStore.open(tmp_path / "heat.sqlite3")
    try:
        assert await store.schema_version() == version == 11
    finally:
        await store.close()


@pytest.mark.parametrize("schema", [1, 2, 3])
async def test_an_older_file_gains_leagues_that_run_its_races(tmp_path: Path, schema: int) -> None:
    """Schema 4: a league made after the upgrade runs a race the old file holds, and keeps it."""
    path = tmp_path / "old.sqlite3"
    await old_file(path, schema, announced=0)
    store = await SQLiteStore.open(path)
    try:
        league_id, _ = await league_with_season(store)
        await store.set_status(2, RaceStatus.FINISHED)
        await store.add_league_race(league_id, 1, 2)
        assert await store.unrecorded_races() == [LeagueRace(league_id, 1, 2)]
        assert await store.record_points(league_id, 1, podium())
    finally:
        await store.close()
    store = await SQLiteStore.open(path)
    try:
        running = await store.race(2)
        assert running is not None and running.state is not None and running.state.version == 3
        assert await store.league_race_of(2) == LeagueRace(league_id, 1, 2, recorded=True)
        assert (await store.league_points(league_id)).races == {1: tuple(podium())}
    finally:
        await store.close()


async def test_a_schema_4_file_keeps_its_points_and_takes_a_driver_without_a_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Schema 5: a schema-4 file's points rows stay; a driver eliminated by event 10 (no place)
    gets a row after the placed ones, and still counts as a race in the stats."""
    from bot.storage import sqlite

    path = tmp_path / "heat.sqlite3"
    points, stats = await points_across_migration_5(
        lambda: SQLiteStore.open(path), sqlite, monkeypatch
    )
    assert points.races == {1: tuple(podium()), 2: ELIMINATED}
    assert (stats.races, stats.wins, stats.podiums, stats.spin_outs) == (2, 1, 1, 1)
    assert stats.average_place == 1.0


async def test_a_schema_9_file_s_corrections_join_their_season(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Schema 10: corrections an older bot kept only in the audit log become decisions of
    their league's season as the file opens, so its standings, grid and draft count them."""
    from bot.storage import sqlite

    path = tmp_path / "heat.sqlite3"
    league_id, drafting, store = await corrections_across_migration_10(
        lambda: SQLiteStore.open(path), sqlite, monkeypatch
    )
    try:
        assert await store.schema_version() == 11
        await check_corrections_folded(store, league_id, drafting)
    finally:
        await store.close()


async def test_a_schema_4_file_keeps_its_timers_and_unposted_rows_and_takes_a_league_s(
    tmp_path: Path,
) -> None:
    """Schema 6 rebuilds the timers and the outbox: a race's are kept, a league's fit."""
    path = tmp_path / "old.sqlite3"
    await old_file(path, 4, announced=0)
    async with aiosqlite.connect(path) as db:
        await db.execute(OLD_TIMER.format(race=2))
        await db.execute(OLD_POST.format(race=2))
        await db.commit()
    store = await SQLiteStore.open(path)
    try:
        await check_upgraded(store, 2)
    finally:
        await store.close()
