"""Choosing the store and the shards from the environment, as a cluster's processes do."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
from pydantic import ValidationError

from bot.discord.app import HeatBot, ShardedHeatBot, bot_for
from bot.hosting.settings import Settings
from bot.storage import SQLiteStore
from bot.storage.choice import open_store, without_password
from bot.storage.postgres import PostgresStore


def test_a_process_runs_the_shards_it_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEAT_DATABASE", "postgresql://heat:secret@db:5432/heat")
    monkeypatch.setenv("HEAT_SHARD_COUNT", "4")
    monkeypatch.setenv("HEAT_SHARD_IDS", "[3, 2]")
    settings = Settings()
    assert settings.database == "postgresql://heat:secret@db:5432/heat"
    assert settings.process_name == "shards-2-3-of-4"
    bot = bot_for(settings)
    assert isinstance(bot, ShardedHeatBot) and isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_count, bot.shard_ids) == (4, [3, 2])


def test_without_shards_the_bot_is_one_connection_named_solo(tmp_path: Path) -> None:
    settings = Settings(database=tmp_path / "heat.sqlite3")
    assert settings.database == str(tmp_path / "heat.sqlite3") and settings.process_name == "solo"
    bot = bot_for(settings)
    assert type(bot) is HeatBot and not isinstance(bot, discord.AutoShardedClient)


def test_all_shards_in_one_process_when_only_the_count_is_set() -> None:
    assert Settings(shard_count=2).process_name == "shards-0-1-of-2"


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"shard_ids": [0]}, "HEAT_SHARD_IDS needs HEAT_SHARD_COUNT"),
        ({"shard_ids": [0, 4], "shard_count": 4}, "shards from 0 to 3, got [0, 4]"),
        ({"shard_ids": [], "shard_count": 4}, "shards from 0 to 3, got []"),
        ({"shard_count": 0}, "greater than or equal to 1"),
    ],
)
def test_shards_out_of_range_are_refused_saying_which(
    settings: dict[str, object], message: str
) -> None:
    with pytest.raises(ValidationError) as refused:
        Settings.model_validate(settings)
    assert message in str(refused.value)


def test_a_password_never_reaches_the_log() -> None:
    assert without_password("postgresql://heat:s3cret@db:5432/heat") == (
        "postgresql://heat:***@db:5432/heat"
    )
    assert without_password("postgresql://heat@db/heat") == "postgresql://heat@db/heat"
    assert without_password("heat.sqlite3") == "heat.sqlite3"


async def test_the_database_setting_chooses_the_store(pg_url: str, tmp_path: Path) -> None:
    postgres = await open_store(pg_url, "shards-0-of-2")
    sqlite = await open_store(str(tmp_path / "heat.sqlite3"))
    try:
        assert isinstance(postgres, PostgresStore) and postgres.owner == "shards-0-of-2"
        assert isinstance(sqlite, SQLiteStore)
        assert await postgres.schema_version() == await sqlite.schema_version()
    finally:
        await postgres.close()
        await sqlite.close()
