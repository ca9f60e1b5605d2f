"""Which store a process uses: ``HEAT_DATABASE`` is a SQLite file, or a ``postgresql://`` URL."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from bot.storage.store import Store

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(database: str) -> bool:
    return database.startswith(POSTGRES_SCHEMES)


async def open_store(database: str, owner: str = "solo") -> Store:
    """Open the store ``database`` names; ``owner`` names this process in PostgreSQL claims."""
    if is_postgres(database):
        from bot.storage.postgres import PostgresStore

        return await PostgresStore.open(database, owner)
    from bot.storage.sqlite import SQLiteStore

    return await SQLiteStore.open(database)


def without_password(database: str) -> str:
    """The database as it may be logged: a URL's password is left out."""
    if not is_postgres(database):
        return database
    parts = urlsplit(database)
    if parts.password is None:
        return database
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))
