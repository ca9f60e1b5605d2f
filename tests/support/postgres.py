"""A PostgreSQL schema of its own for each test, on the server named by HEAT_TEST_POSTGRES.

The schema is named in the URL (``search_path``), so a store opened in another
process lands in the same place; tests and xdist workers never collide. Where
no server answers, the tests that need one are skipped with the reason.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
import pytest

SERVER = os.environ.get("HEAT_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


async def server_or_skip() -> asyncpg.Connection:
    """An admin connection to the test server, or skip the test saying why."""
    try:
        # A server that is not there refuses at once; the ceiling is for a busy one.
        return await asyncpg.connect(SERVER, timeout=60)
    except (OSError, asyncpg.PostgresError) as error:
        pytest.skip(f"no PostgreSQL server at {SERVER} ({error}); set HEAT_TEST_POSTGRES")


@asynccontextmanager
async def fresh_schema() -> AsyncIterator[str]:
    """A URL whose connections use a new empty schema, dropped afterwards."""
    admin = await server_or_skip()
    schema = f"heat_test_{secrets.token_hex(6)}"
    await admin.execute(f"CREATE SCHEMA {schema}")
    try:
        separator = "&" if "?" in SERVER else "?"
        yield f"{SERVER}{separator}search_path={schema}"
    finally:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()
