"""The running bot's gateway heartbeat, in a file ``heat health`` reads (Docker's HEALTHCHECK).

The bot writes the time while its gateway connection answers (discord.py's
heartbeat has a measured latency) and removes the file when it stops, so a
stopped bot is told apart from one that is stuck or gone (its file grows old).
The write is a rename: a reader never sees half a file.

Unless ``HEAT_HEARTBEAT_FILE`` names one, the file is :func:`default_path`: in the
temporary folder, named by the bot's database and its shards, so ``heat health``
only ever reads the heartbeat of a bot of its own database (another bot on the
same machine, on another database, writes another file). The database is in the
name as a short hash of ``HEAT_DATABASE`` (a SQLite file by its absolute path, a
URL without its password): no secret lands in a file name.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

BEAT_EVERY_S = 10.0  # how often the bot writes; HEAT_HEALTH_MAX_AGE allows several misses


def default_path(database: str, process: str) -> Path:
    """The heartbeat file of the bot process ``process`` (its shards) on ``database``."""
    key = hashlib.sha256(_identity(database).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"heat-{key}-{process}.heartbeat"


def _identity(database: str) -> str:
    """The database as one string whichever way it is written, and without a password."""
    if not database.startswith(("postgresql://", "postgres://")):
        return str(Path(database).resolve())
    parts = urlsplit(database)
    if parts.password is None:
        return database
    user, _, host = parts.netloc.rpartition("@")
    return urlunsplit(parts._replace(netloc=f"{user.partition(':')[0]}@{host}"))


def beat(path: Path, now: float | None = None) -> None:
    """Write ``now`` (the time) to ``path``, whole."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(f"{time.time() if now is None else now}\n")
    os.replace(partial, path)


def stop(path: Path) -> None:
    """The bot stops: no heartbeat any more."""
    path.unlink(missing_ok=True)


def age(path: Path, now: float | None = None) -> float | None:
    """Seconds since the last heartbeat, or None when there is none (no bot, or a stopped one)."""
    try:
        written = float(path.read_text().strip())
    except (OSError, ValueError):
        return None
    return max(0.0, (time.time() if now is None else now) - written)
