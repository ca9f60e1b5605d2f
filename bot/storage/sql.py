"""One connection as the store's tables see it, whatever the database: SQL written once.

The race and league methods (:mod:`bot.storage.races`, :mod:`bot.storage.leagues`)
are the same for SQLite and PostgreSQL; only the driver differs. Each store
lends them a :class:`Db` that takes PostgreSQL's ``$1`` placeholders, says how
to lock a row it reads (``FOR UPDATE``; SQLite locks the whole file for a write
already) and turns the driver's unique-key error into :class:`UniqueViolation`,
through the two methods of :class:`Tables`.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from functools import lru_cache
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class UniqueViolation(Exception):
    """A write broke a unique key (the caller says what that means)."""


class Db(Protocol):
    """A connection inside a transaction, or reading committed data."""

    for_update: str
    """Appended to a SELECT that locks the rows it reads until the transaction ends."""

    async def execute(self, query: str, *args: Any) -> int:
        """Run a statement; the number of rows it changed."""

    async def executemany(self, query: str, args: Iterable[Sequence[Any]]) -> None:
        """Run a statement once for each set of arguments."""

    async def fetch(self, query: str, *args: Any) -> list[Any]:
        """Every row (read by column name or position)."""

    async def fetchrow(self, query: str, *args: Any) -> Any:
        """The first row, or None."""


class Tables(ABC):
    """Methods written once over :class:`Db`; a store supplies the connections (below)."""

    @abstractmethod
    def _transaction_db(self) -> AbstractAsyncContextManager[Db]:
        """One write transaction: committed whole, or rolled back whole."""

    @abstractmethod
    async def _read_db(self, fetch: Callable[[Db], Awaitable[T]]) -> T:
        """A read of committed data."""

    async def _one(self, query: str, *args: Any) -> Any:
        """The first row a read finds, or None."""
        return await self._read_db(lambda db: db.fetchrow(query, *args))

    async def _all(self, query: str, *args: Any) -> list[Any]:
        """Every row a read finds."""
        return await self._read_db(lambda db: db.fetch(query, *args))


@lru_cache(maxsize=256)
def numbered(query: str) -> str:
    """A ``$1`` query in SQLite's spelling (``?1``), which binds the same arguments by number."""
    return re.sub(r"\$(\d+)", r"?\1", query)
