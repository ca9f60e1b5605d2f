"""Fixtures shared by several test files."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from tests.postgres import fresh_schema


@pytest_asyncio.fixture
async def pg_url() -> AsyncIterator[str]:
    """A PostgreSQL URL with an empty schema of its own (the test skips without a server)."""
    async with fresh_schema() as url:
        yield url
