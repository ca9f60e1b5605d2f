"""``heat season``: a season file's decisions applied, the outcome printed, bad input one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from engine.season import SeasonConfig, new_season, season_to_dict
from engine.setup import Entrant
from tests.support.heatcli import heat, refused

DRIVERS = [Entrant("A", "red"), Entrant("B", "blue", "ai"), Entrant("L", "green", "legend")]


def season_document(**change: Any) -> dict[str, Any]:
    """The 1961 season of a human, an AI and a Legend, before race 1's draft, changed."""
    return season_to_dict(new_season(SeasonConfig.preset(1961), DRIVERS, 5)) | change


def season_file(tmp_path: Path, document: Any) -> Path:
    path = tmp_path / "season.json"
    path.write_text(document if isinstance(document, str) else json.dumps(document))
    return path


def test_heat_season_prints_the_season_what_it_waits_for_and_the_standings(
    tmp_path: Path,
) -> None:
    """The file's decisions apply in order; the AI drafts for itself; race 1's result scores."""
    first = heat("season", str(season_file(tmp_path, season_document(decisions=["draft 1"]))))
    code, out, err = first
    assert code == 0, err
    report = json.loads(out)
    assert list(report) == ["season", "pending", "standings", "events"]
    waiting = report["pending"]
    assert waiting["step"] in ("draft", "swap") and waiting["race_no"] == 1
    assert waiting["drivers"] == ["A"], "the AI picked for itself; the human is asked"
    assert report["events"][0]["type"] == "draft_opened"
    season = report["season"]
    grid, market = season["grid"], season["draft"]["market"]
    picks = [f"A pick {market[0]}"] if waiting["step"] == "draft" else ["A keep"]
    places = {car: place for place, car in enumerate(grid, start=1)}
    result = {"event": 1, "places": places, "sponsor_deck": season["sponsor_deck"]}
    decisions = [*picks, "start 1", {"record": 1, "result": result}]
    image = tmp_path / "standings.png"
    path = season_file(tmp_path, season | {"decisions": decisions})
    code, out, err = heat("season", str(path), "--standings", str(image))
    assert code == 0, err
    report = json.loads(out)
    assert report["pending"] == {"step": "lineup", "race_no": 2, "drivers": []}
    standings = report["standings"]
    assert [line["driver"] for line in standings] == grid
    assert [line["race_points"] for line in standings] == [[9], [6], [4]]
    with Image.open(image) as picture:
        assert picture.format == "PNG" and picture.width > picture.height > 100


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[" * 100_000, "nested too deeply"),
        ("[]", "not a season: the file must hold one JSON object"),
        (season_document(races=[{"track": "espana", "event": 3}] * 3), "España (1 lap)"),
        (
            season_document(results=[{"event": 99, "places": {"A": 1, "B": 2, "L": 3}}]),
            "results.0.event: race 1 races event 1",
        ),
        (season_document(garage_deck=["q" * 10_000_000]), "garage_deck.0: unknown card 'qqq"),
        (season_document(decisions=["record 1 " + "[" * 100_000]), "decisions.0: decision"),
        (season_document(decisions=["start 1"]), "'start' needs the ready phase"),
        (season_document(decisions=[{"record": "one", "result": {}}]), "a race number"),
        (season_document(decisions="draft 1"), "decisions: a list"),
    ],
    ids=[
        "not-json",
        "deep-json",
        "not-an-object",
        "espana-strike",
        "event-99",
        "huge-card",
        "deep-record",
        "not-now",
        "bad-record",
        "not-a-list",
    ],
)
def test_heat_season_refuses_bad_input_in_one_short_line(
    tmp_path: Path, document: Any, message: str
) -> None:
    """Exit 2 with one line under 300 characters that says what is wrong; nothing printed."""
    code, out, err = heat("season", str(season_file(tmp_path, document)))
    line = refused("season", code, err)
    assert message in line and len(line) < 300 and out == ""


def test_heat_season_refuses_a_standings_picture_it_cannot_write(tmp_path: Path) -> None:
    """The picture's folder must exist and its extension name a format, checked first."""
    path = season_file(tmp_path, season_document())
    for target, message in (
        (tmp_path / "no" / "s.png", "does not exist"),
        (tmp_path / "s.gif", "name the image"),
    ):
        code, out, err = heat("season", str(path), "--standings", str(target))
        assert message in refused("season", code, err) and out == ""
