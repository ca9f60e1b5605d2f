"""``heat db copy`` never damages its source: a file that is not the bot's database is refused."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.storage import GuildSettings, SQLiteStore
from tests.support.heatcli import refused

CEILING_S = 120.0
"""Far above a refusal's second: a run that hangs (as a text file once made it) fails here."""


def heat_db_copy(source: Path, target: str) -> tuple[int, str]:
    """``heat db copy`` in a process of its own (a hang must not hang the suite): status, stderr."""
    command = [sys.executable, "-m", "bot.cli", "db", "copy", "--from", str(source), "--to", target]
    done = subprocess.run(command, capture_output=True, text=True, timeout=CEILING_S, check=False)
    return done.returncode, done.stderr


async def tables_in(url: str) -> int:
    db = await asyncpg.connect(url)
    try:
        count: int = await db.fetchval(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()"
        )
        return count
    finally:
        await db.close()


@pytest.mark.parametrize(
    ("content", "error"),
    [
        (b"", "the file is empty, not a SQLite database"),
        (b"races,drivers\n1,Ada\n", "not a SQLite database (it does not start as one)"),
        (b"SQLite format 3\x00" + b"\x07" * 200, "not a readable SQLite database"),
    ],
    ids=["empty", "text", "a-torn-header"],
)
async def test_a_file_that_is_not_a_database_is_one_line_and_left_as_it_was(
    pg_url: str, tmp_path: Path, content: bytes, error: str
) -> None:
    """An empty file was rewritten into a 151 KB database; a text file hung after a traceback."""
    source = tmp_path / "heat.sqlite3"
    source.write_bytes(content)
    code, err = await asyncio.to_thread(heat_db_copy, source, pg_url)
    assert f"{source}: {error}" in refused("db copy", code, err)
    assert source.read_bytes() == content
    assert sorted(path.name for path in tmp_path.iterdir()) == ["heat.sqlite3"]
    assert await tables_in(pg_url) == 0, "the target is not touched either"


async def test_a_sqlite_file_of_another_program_is_refused(pg_url: str, tmp_path: Path) -> None:
    """A SQLite database without the bot's tables is not migrated into one."""
    source = tmp_path / "notes.sqlite3"
    with contextlib.closing(sqlite3.connect(source)) as db:
        db.execute("CREATE TABLE notes (body TEXT)")
        db.commit()
    before = source.read_bytes()
    code, err = await asyncio.to_thread(heat_db_copy, source, pg_url)
    assert "a SQLite database, but not the bot's (it has no races)" in refused("db copy", code, err)
    assert source.read_bytes() == before
    assert await tables_in(pg_url) == 0


async def test_a_copy_leaves_its_source_byte_for_byte(pg_url: str, tmp_path: Path) -> None:
    """The bot's database is read through a snapshot: no byte and no file beside it changes."""
    source = tmp_path / "heat.sqlite3"
    store = await SQLiteStore.open(source)
    await store.save_guild_settings(10, GuildSettings(1800, (21,)))
    await store.close()
    before = source.read_bytes()
    code, err = await asyncio.to_thread(heat_db_copy, source, pg_url)
    assert code == 0, err
    assert source.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["heat.sqlite3"]


async def settings_only(path: Path, guild_id: int) -> None:
    """The bot's database holding one server's settings and nothing else."""
    store = await SQLiteStore.open(path)
    try:
        await store.save_guild_settings(guild_id, GuildSettings(1800, (21,)))
    finally:
        await store.close()


async def rows_of(url: str, table: str) -> list[tuple[object, ...]]:
    db = await asyncpg.connect(url)
    try:
        return [tuple(row) for row in await db.fetch(f"SELECT * FROM {table} ORDER BY 1")]
    finally:
        await db.close()


@pytest.mark.parametrize("second_guild", [10, 11], ids=["the-same-file", "another-server"])
async def test_a_target_holding_any_row_is_refused_and_left_alone(
    pg_url: str, tmp_path: Path, second_guild: int
) -> None:
    """Issue 37: a file of settings only, copied twice, crashed on guild_settings' key (exit 1,
    a traceback); another server's settings were copied in beside the first's (exit 0)."""
    first, second = tmp_path / "first.sqlite3", tmp_path / "second.sqlite3"
    await settings_only(first, 10)
    await settings_only(second, second_guild)
    code, err = await asyncio.to_thread(heat_db_copy, first, pg_url)
    assert code == 0, err
    before = await rows_of(pg_url, "guild_settings")
    code, err = await asyncio.to_thread(heat_db_copy, second, pg_url)
    line = refused("db copy", code, err)
    assert "the target database is not empty (guild_settings already hold rows)" in line
    assert await rows_of(pg_url, "guild_settings") == before, "nothing is written"
