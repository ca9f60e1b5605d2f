"""HEAT_LOG_FORMAT=json: one JSON object per line, the race and the server as number fields."""

from __future__ import annotations

import json
import logging

import pytest

from bot.hosting.log_format import JsonFormatter
from bot.hosting.settings import Settings


def record(message: str, *args: object, exc: BaseException | None = None) -> logging.LogRecord:
    info = (type(exc), exc, exc.__traceback__) if exc is not None else None
    return logging.LogRecord("heat.race", logging.INFO, __file__, 1, message, args, info)


def test_a_line_names_its_race_and_server_as_fields() -> None:
    line = JsonFormatter().format(record("race created race=%s guild=%s track=%s", 12, 34, "usa"))
    document = json.loads(line)
    assert document["race"] == 12 and document["guild"] == 34
    assert document["message"] == "race created race=12 guild=34 track=usa"
    assert (document["level"], document["logger"]) == ("INFO", "heat.race")


def test_an_exception_stays_on_its_one_line() -> None:
    try:
        raise ValueError("boom\nsecond line")
    except ValueError as error:
        line = JsonFormatter().format(record("timer run failed guild=%s", 5, exc=error))
    assert "\n" not in line
    document = json.loads(line)
    assert "ValueError: boom" in document["exception"] and document["guild"] == 5
    assert "race" not in document


def test_the_format_is_text_or_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEAT_LOG_FORMAT", "JSON")
    assert Settings().log_format == "json"
    monkeypatch.setenv("HEAT_LOG_FORMAT", "yaml")
    with pytest.raises(ValueError, match="HEAT_LOG_FORMAT must be text or json"):
        Settings()
