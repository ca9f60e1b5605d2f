"""``heat db copy --to postgresql://...``: move a server's races from SQLite into PostgreSQL."""

from __future__ import annotations

import argparse
import asyncio
import os
from pathlib import Path

from bot.cli.inputs import Parser, path_argument, refuse
from bot.storage import StorageError
from bot.storage.choice import is_postgres, without_password
from bot.storage.copy import copy_to_postgres
from engine.errors import quoted

DEFAULT_FILE = "heat.sqlite3"


def register(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Add the ``db`` command (``db copy``) to the ``heat`` command line."""
    db = subparsers.add_parser("db", help="work with the bot's database")
    actions = db.add_subparsers(dest="action", required=True)
    copy = actions.add_parser(
        "copy", help="copy a SQLite database into an empty PostgreSQL one, then check it"
    )
    copy.add_argument("--to", required=True, metavar="URL", help="postgresql://user@host/db")
    copy.add_argument(
        "--from",
        dest="source",
        metavar="FILE",
        default=None,
        type=path_argument,
        help="the SQLite file (default: HEAT_DATABASE if it names a file, else heat.sqlite3)",
    )
    copy.set_defaults(func=copy_command)


def copy_command(args: argparse.Namespace) -> int:
    """Copy and check; one line on success (rows per table), one line on bad input."""
    if not is_postgres(args.to):
        return refuse("db copy", f"--to must be a postgresql:// URL, not {quoted(args.to)}")
    source = Path(args.source or _configured_file())
    try:
        copied = asyncio.run(copy_to_postgres(source, args.to))
    except StorageError as error:
        return refuse("db copy", str(error))
    tables = " ".join(f"{table}={count}" for table, count in copied.rows.items())
    print(
        f"copied {source} to {without_password(args.to)}: {tables};"
        f" {copied.races_checked} race exports identical,"
        f" {copied.leagues_checked} league exports identical"
    )
    return 0


def _configured_file() -> str:
    configured = os.environ.get("HEAT_DATABASE", DEFAULT_FILE)
    return DEFAULT_FILE if is_postgres(configured) else configured
