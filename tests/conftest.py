"""Fixtures shared by several test files."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.storage import SQLiteStore, Store
from bot.storage.postgres import PostgresStore
from tests.support.postgres import fresh_schema


@pytest.fixture(autouse=True)
def no_rate_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests click far faster than people: the rate limit is tested where a test asks for it
    (HEAT_RATE_BURST set again), and left out of the way of every other test's bots."""
    monkeypatch.setenv("HEAT_RATE_BURST", "1000000000")


@pytest_asyncio.fixture
async def pg_url() -> AsyncIterator[str]:
    """A PostgreSQL URL with an empty schema of its own (the test skips without a server)."""
    async with fresh_schema() as url:
        yield url


@pytest_asyncio.fixture(params=["sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """Each Store implementation, fresh and empty (PostgreSQL in a schema of its own)."""
    if request.param == "sqlite":
        opened: Store = await SQLiteStore.open(tmp_path / "heat.sqlite3")
        yield opened
        await opened.close()
        return
    async with fresh_schema() as url:
        opened = await PostgresStore.open(url)
        yield opened
        await opened.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first: started last, one would run on alone after every other test."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
