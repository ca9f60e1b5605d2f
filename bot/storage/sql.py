"""One connection as the league tables see it, whatever the database: SQL written once.

The league methods (:mod:`bot.storage.leagues`) are the same for SQLite and
PostgreSQL; only the driver differs. Each store lends them a :class:`Db` that
takes PostgreSQL's ``$1`` placeholders, says how to lock a row it reads
(``FOR UPDATE``; SQLite locks the whole file for a write already) and turns
the driver's unique-key error into :class:`UniqueViolation`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, Protocol


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


@lru_cache(maxsize=256)
def numbered(query: str) -> str:
    """A ``$1`` query in SQLite's spelling (``?1``), which binds the same arguments by number."""
    return re.sub(r"\$(\d+)", r"?\1", query)
