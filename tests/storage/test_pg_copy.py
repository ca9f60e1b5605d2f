"""``heat db copy``: a SQLite database moved into PostgreSQL reads back race for race."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg
import pytest

from bot.cli import main
from bot.service.races import RaceService
from bot.storage import (
    Correction,
    GuildSettings,
    LeagueRace,
    RacePoints,
    RaceStatus,
    SQLiteStore,
)
from bot.storage.copy import export
from bot.storage.postgres import PostgresStore
from tests.support.leagues import league_with_season, moved
from tests.support.pgraces import ALICE, BOB, plan, two_driver_race


async def heat(*argv: str) -> int:
    """The ``heat`` command line, on a thread: it runs an event loop of its own."""
    return await asyncio.to_thread(main, list(argv))


async def a_server_s_database(path: Path) -> list[int]:
    """A finished race, a race in round 2 with its outbox, a lobby, server settings and a
    league that ran the finished race (a driver eliminated in it, without a place)."""
    store = await SQLiteStore.open(path)
    try:
        races = RaceService(store)
        finished = await two_driver_race(races, 20)
        await races.kick(finished, ALICE.user_id, BOB.user_id)
        await races.kick(finished, ALICE.user_id, ALICE.user_id)  # the AI races on alone
        running = await two_driver_race(races, 21)
        await plan(races, running, ALICE, 0)
        await plan(races, running, BOB, 1)
        lobby = await races.new_race(10, 22, ALICE, (await races.load(running))[0].config)
        await store.save_guild_settings(10, GuildSettings(1800, (21, 22)))
        league_id, initial = await league_with_season(store, channel_id=24)
        await store.add_league_race(league_id, 1, finished)
        # Event 10: Alice was eliminated, a row without a place (listed last on both databases).
        eliminated = [RacePoints("B", 2, 1, 9), RacePoints("C", None, 2, 6)]
        eliminated.append(RacePoints("A", 1, None, 0, 1))
        assert await store.record_points(league_id, 1, eliminated, moved(league_id, initial))
        await store.correct_points(Correction(league_id, "C", 1, "a recount", 99))
        return [finished, running, lobby.id]
    finally:
        await store.close()


async def test_every_race_reads_back_the_same_and_the_bot_carries_on(
    pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "heat.sqlite3"
    finished, running, lobby = await a_server_s_database(source)
    assert await heat("db", "copy", "--from", str(source), "--to", pg_url) == 0
    said = capsys.readouterr().out
    assert "races=3" in said and "3 race exports identical" in said
    assert "leagues=1" in said and "league_points=3" in said
    assert "1 league exports identical" in said

    sqlite, postgres = await SQLiteStore.open(source), await PostgresStore.open(pg_url)
    try:
        for race_id in (finished, running, lobby):
            assert await export(postgres, race_id) == await export(sqlite, race_id) is not None
        done = await postgres.race(finished)
        assert done is not None and done.status == RaceStatus.FINISHED
        assert [row.kind for row in await postgres.outbox(running)] == [
            row.kind for row in await sqlite.outbox(running)
        ]
        assert await postgres.guild_settings(10) == GuildSettings(1800, (21, 22))
        races = RaceService(postgres)
        record = await postgres.race(running)
        assert record is not None
        await plan(races, running, ALICE, record.version)
        assert len(await postgres.decisions(running)) == len(await sqlite.decisions(running)) + 1
        newer = await races.new_race(10, 23, ALICE, record.config)
        assert newer.id == lobby + 1, "new races continue after the copied ids"
        [league] = await postgres.leagues(10)
        assert await postgres.league_race_of(finished) == LeagueRace(league.id, 1, finished, True)
        assert await postgres.export_league(league.id) == await sqlite.export_league(league.id)
        season = await postgres.first_season(league.id)
        assert season is not None
        second = await postgres.create_league(10, 25, "Next", league.settings, 1, season)
        assert second == league.id + 1, "new leagues continue after the copied ids"
    finally:
        await sqlite.close()
        await postgres.close()


async def test_a_target_with_races_is_refused_and_left_alone(
    pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "heat.sqlite3"
    await a_server_s_database(source)
    assert await heat("db", "copy", "--from", str(source), "--to", pg_url) == 0
    capsys.readouterr()
    assert await heat("db", "copy", "--from", str(source), "--to", pg_url) == 2
    error = capsys.readouterr().err
    assert error == (
        "heat db copy: the target database is not empty (races, seats, decisions and 10 more"
        " already hold rows): copy into an empty one\n"
    )
    db = await asyncpg.connect(pg_url)
    try:
        assert await db.fetchval("SELECT count(*) FROM races") == 3
    finally:
        await db.close()


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--from", "missing.sqlite3", "--to", "{url}"], "missing.sqlite3: no such SQLite file"),
        (["--from", "{file}", "--to", "heat.sqlite3"], "--to must be a postgresql:// URL"),
        (
            ["--from", "{file}", "--to", "postgresql://postgres@127.0.0.1:5432/heat_no_such_db"],
            "cannot open the database",
        ),
    ],
    ids=["no-source", "not-postgres", "no-such-database"],
)
async def test_bad_input_gets_one_line(
    pg_url: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    error: str,
) -> None:
    source = tmp_path / "heat.sqlite3"
    await a_server_s_database(source)
    filled = [arg.format(url=pg_url, file=source) for arg in argv]
    assert await heat("db", "copy", *filled) == 2
    said = capsys.readouterr().err
    assert said.startswith("heat db copy: ") and error in said and said.count("\n") == 1
