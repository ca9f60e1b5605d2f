"""The running bot's gateway heartbeat, in a file ``heat health`` reads (Docker's HEALTHCHECK).

The bot writes the time while its gateway connection answers (discord.py's
heartbeat has a measured latency) and removes the file when it stops, so a
stopped bot is told apart from one that is stuck or gone (its file grows old).
The write is a rename: a reader never sees half a file.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

BEAT_EVERY_S = 10.0  # how often the bot writes; HEAT_HEALTH_MAX_AGE allows several misses


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
