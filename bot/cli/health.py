"""``heat health``: is the bot running here well? One line, exit 0 (yes) or 1 (no).

Docker's HEALTHCHECK runs it inside the bot's container with the bot's
settings: the database must answer a query, and the running bot's gateway
heartbeat (the file the bot writes, HEAT_HEARTBEAT_FILE) must be at most
HEAT_HEALTH_MAX_AGE seconds old. Only a bot of this database counts: the
default heartbeat file is named by the database and the shards, so another
bot on the machine (another database) is never mistaken for this one.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
from pathlib import Path

import asyncpg
from pydantic import ValidationError

from bot.cli.inputs import Parser
from bot.hosting import heartbeat
from bot.hosting.settings import Settings, settings_error
from bot.storage.choice import is_postgres

ANSWER_WITHIN_S = 5.0  # a database slower than this to answer one query is not healthy


def register(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Add ``health`` to the ``heat`` command line."""
    health = subparsers.add_parser(
        "health",
        help="exit 0 if the bot running here is healthy, 1 if not (one line)",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
    )
    health.set_defaults(func=health_command)


def health_command(args: argparse.Namespace) -> int:
    try:
        settings = Settings()
    except ValidationError as exc:
        return unhealthy(settings_error(exc))
    problem = database_problem(settings.database)
    if problem is not None:
        return unhealthy(problem)
    seconds = heartbeat.age(settings.heartbeat_path)
    if seconds is None:
        return unhealthy(f"no gateway heartbeat in {settings.heartbeat_path}: is the bot running?")
    if seconds > settings.health_max_age:
        return unhealthy(
            f"the gateway heartbeat is {seconds:.0f} s old (at most {settings.health_max_age:g})"
        )
    print(f"healthy: the database answers, gateway heartbeat {seconds:.0f} s ago")
    return 0


def unhealthy(reason: str) -> int:
    print(f"unhealthy: {reason}")
    return 1


def database_problem(database: str) -> str | None:
    """None if the database answers a query; else what is wrong, in words."""
    try:
        if is_postgres(database):
            asyncio.run(_ask_postgres(database))
        else:
            _ask_sqlite(Path(database))
    except (OSError, sqlite3.Error, asyncpg.PostgresError, TimeoutError) as error:
        return f"the database does not answer: {error}"
    return None


def _ask_sqlite(path: Path) -> None:
    if not path.is_file():
        raise sqlite3.OperationalError(f"no database file {path}")
    # Read-only: a health check never creates, migrates or locks the bot's file.
    with sqlite3.connect(
        f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=ANSWER_WITHIN_S
    ) as db:
        db.execute("SELECT MAX(version) FROM schema_migrations").fetchone()


async def _ask_postgres(url: str) -> None:
    db = await asyncpg.connect(url, timeout=ANSWER_WITHIN_S)
    try:
        await db.fetchval("SELECT 1", timeout=ANSWER_WITHIN_S)
    finally:
        await db.close()
