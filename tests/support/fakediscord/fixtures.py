"""Pytest fixtures. Import them explicitly in a test module, e.g.
``from tests.support.fakediscord.fixtures import fake_discord  # noqa: F401``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from .fake import FakeDiscord


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord with discord.py pointed at it; bots are stopped at teardown."""
    async with FakeDiscord() as fake:
        yield fake
