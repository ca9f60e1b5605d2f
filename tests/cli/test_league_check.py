"""``heat league check FILE``: the checks of ``/league import``, offline, one line either way."""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.storage import SQLiteStore
from tests.support.heatcli import heat, refused
from tests.support.league_forgeries import FORGED, MALFORMED
from tests.support.leagues import league_with_history


async def ended_export(database: Path) -> dict[str, Any]:
    store = await SQLiteStore.open(database)
    try:
        return await store.end_league(await league_with_history(store))
    finally:
        await store.close()


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The export ``/league end`` posts for a league two races in."""
    return asyncio.run(ended_export(tmp_path_factory.mktemp("league") / "heat.sqlite3"))


def test_a_good_export_is_one_line_on_stdout(tmp_path: Path, good: dict[str, Any]) -> None:
    """The file as ``/league end`` posts it (indented JSON) would import: what it holds."""
    path = tmp_path / "heat-league-1.json"
    path.write_text(json.dumps(good, indent=1))
    code, out, err = heat("league", "check", str(path))
    assert (code, err) == (0, "")
    assert out == (
        f"{path}: imports as 'Sunday Cup': 2 of 3 races scored, 3 members,"
        " 17 season decisions replayed\n"
    )


SPOILED = {**MALFORMED, **FORGED}
del SPOILED["deep nesting"]  # json.dumps cannot write it: see the byte-level case below
del SPOILED["not JSON"]


@pytest.mark.parametrize("spoil", SPOILED.values(), ids=SPOILED.keys())
def test_a_spoiled_export_is_one_line_and_exit_2(
    tmp_path: Path, good: dict[str, Any], spoil: Callable[[dict[str, Any]], Any]
) -> None:
    """Every document the import refuses, the offline check refuses the same way."""
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(spoil(copy.deepcopy(good))))
    code, out, err = heat("league", "check", str(path))
    assert f"heat league check: {path}: " in refused("league check", code, err)
    assert out == ""


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "bad league export: nested deeper than 12"),
        (b"", "bad league export: not JSON (Expecting value: line 1 column 1 (char 0))"),
        (b"\x00\x01", "bad league export: not JSON"),
    ],
    ids=["deep", "empty", "binary"],
)
def test_a_file_that_is_no_export_is_one_line(tmp_path: Path, content: bytes, problem: str) -> None:
    path = tmp_path / "heat-league.json"
    path.write_bytes(content)
    code, _, err = heat("league", "check", str(path))
    assert problem in refused("league check", code, err)


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    code, _, err = heat("league", "check", str(tmp_path / "nothing.json"))
    assert "nothing.json: No such file or directory" in refused("league check", code, err)
