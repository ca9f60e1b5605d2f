"""A SQLite file read without touching it: its bytes copied into a temporary file, then checked.

``heat db copy`` must never change what it is given: a text file once got a
traceback and a hung process, an empty file was rewritten into a database.
SQLite itself writes beside a file it opens, even read-only (``-wal`` and
``-shm`` files of a WAL database), so the source is only ever opened for
reading bytes: the file, and its write-ahead log if a stopped bot left one,
are copied into a folder of ours, and SQLite, the checks and the migrations
work on that copy.
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

from bot.storage.store import StorageError

HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""


class NotADatabase(StorageError):
    """The file is missing, empty, not SQLite, or SQLite without the bot's tables."""


@contextlib.contextmanager
def snapshot(source: Path) -> Iterator[Path]:
    """A temporary copy of the heat database ``source``, removed afterwards; NotADatabase."""
    with tempfile.TemporaryDirectory(prefix="heat-copy-") as folder:
        copy = Path(folder) / "snapshot.sqlite3"
        _copy_bytes(source, copy, database=True)
        log = source.with_name(source.name + "-wal")
        if log.is_file():
            _copy_bytes(log, copy.with_name(copy.name + "-wal"), database=False)
        _check(source, copy)
        yield copy


def _copy_bytes(source: Path, target: Path, *, database: bool) -> None:
    """Copy a file; a ``database`` must start with SQLite's header (checked before copying)."""
    try:
        with source.open("rb") as reader, target.open("wb") as writer:
            if database:
                head = reader.read(len(HEADER))
                if not head:
                    raise NotADatabase(f"{source}: the file is empty, not a SQLite database")
                if head != HEADER:
                    raise NotADatabase(
                        f"{source}: not a SQLite database (it does not start as one)"
                    )
                writer.write(head)
            shutil.copyfileobj(reader, writer)
    except FileNotFoundError:
        raise NotADatabase(f"{source}: no such SQLite file") from None
    except OSError as error:
        raise NotADatabase(f"{source}: cannot read it ({error.strerror})") from None


def _check(source: Path, copy: Path) -> None:
    """The bot's database has its races table; any other SQLite file is not one to copy."""
    try:
        with contextlib.closing(sqlite3.connect(copy)) as db:
            db.execute("PRAGMA quick_check").fetchall()
            found = db.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'races'"
            ).fetchone()
    except sqlite3.Error as error:
        raise NotADatabase(f"{source}: not a readable SQLite database ({error})") from None
    if found is None:
        raise NotADatabase(f"{source}: a SQLite database, but not the bot's (it has no races)")
