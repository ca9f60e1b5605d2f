"""Log lines for people (text) or for log collectors (``HEAT_LOG_FORMAT=json``).

Every event is logged as one line naming its race and server (``race=12
guild=34``); the JSON form keeps that line as ``message`` and lifts those
names into fields of their own, numbers, so a collector can filter on them.
"""

from __future__ import annotations

import json
import logging
import re
from datetime import UTC, datetime
from typing import Any

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"
# The names a line may carry that a collector filters on, as ``name=number``.
FIELDS = re.compile(r"\b(race|guild|league|user|shard)=(\d+)\b")


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, and the ids the message names."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": message,
        }
        line |= {name: int(value) for name, value in FIELDS.findall(message)}
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure(level: str, format_name: str) -> None:
    """Log to stderr at ``level``, as text or as JSON lines."""
    handler = logging.StreamHandler()
    handler.setFormatter(
        JsonFormatter() if format_name == "json" else logging.Formatter(TEXT_FORMAT)
    )
    logging.basicConfig(level=level, handlers=[handler])
