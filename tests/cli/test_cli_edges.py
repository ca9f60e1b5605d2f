"""Small edges of the ``heat`` command (issue 37, point 6): empty paths, track names in any
case or in Italian, one rule for replacing files, and a simulation that says who won."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import data
import engine
from bot.cli import inputs
from bot.service.round_ends import ai_drivers, round_ends
from tests.support.heatcli import heat, refused
from tests.support.paths import SAMPLE_RACE, SEASON_SCENARIO_FOLDER

SEASON = SEASON_SCENARIO_FOLDER / "s01-points-by-place.json"


@pytest.mark.parametrize(
    ("argv", "command", "argument"),
    [
        (["scenario", ""], "scenario", "file"),
        (["season", ""], "season", "file"),
        (["season", str(SEASON), "--standings", ""], "season", "--standings"),
        (["render", "", "-o", "b.png"], "render", "file"),
        (["render", str(SAMPLE_RACE), "-o", ""], "render", "-o/--output"),
        (["simulate", "--out", ""], "simulate", "--out"),
        (["league", "check", ""], "league check", "file"),
        (["db", "copy", "--to", "postgresql://x/y", "--from", ""], "db copy", "--from"),
    ],
    ids=lambda value: value if isinstance(value, str) else " ".join(value[:1]),
)
def test_an_empty_path_is_refused_by_name(
    argv: list[str], command: str, argument: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--out ""`` wrote into the current folder, ``heat scenario ""`` said ``: Is a directory``:
    every path argument refuses an empty one, naming the argument."""
    monkeypatch.chdir(tmp_path)
    code, out, err = heat(*argv)
    line = refused(command, code, err)
    assert f"argument {argument}: an empty path names no file or folder" in line
    assert out == "" and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("name", "track"),
    [
        ("usa", "usa"),
        ("USA", "usa"),
        ("Usa", "usa"),
        ("Stati Uniti", "usa"),
        ("Italy", "italy"),
        ("Italia", "italy"),
        ("FRANCE", "france"),
        ("Francia", "france"),
        ("great_britain", "great_britain"),
        ("Great Britain", "great_britain"),
        ("gran bretagna", "great_britain"),
        ("Giappone", "japan"),
        ("Messico", "mexico"),
        ("Olanda", "nederland"),
        ("Paesi Bassi", "nederland"),
        ("Netherlands", "nederland"),
        ("España", "espana"),
        ("Spagna", "espana"),
        ("Spain", "espana"),
        ("Germania", "deutschland"),
        ("Germany", "deutschland"),
        ("Sudafrica", "south_africa"),
        ("South Africa", "south_africa"),
        ("  south   africa ", "south_africa"),
    ],
)
def test_a_track_is_found_by_any_of_its_names_in_any_case(name: str, track: str) -> None:
    assert inputs.track_named(name) == track


def test_every_track_is_found_by_its_id_and_its_pictures_name() -> None:
    for track in data.track_ids():
        assert inputs.track_named(track) == track
        assert inputs.track_named(data.track(track).name.upper()) == track


def test_an_unknown_track_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"no track 'Mars'.*usa") as refusal:
        inputs.track_named("Mars")
    assert "\n" not in str(refusal.value)


def test_simulate_takes_the_track_as_the_pictures_title_it(tmp_path: Path) -> None:
    """``--track USA`` was refused though every board of that track is titled "USA"."""
    demo = tmp_path / "demo"
    argv = ("simulate", "--track", "USA", "--cars", "1", "--laps", "1", "--out", str(demo))
    code, _, err = heat(*argv)
    assert code == 0, err
    code, _, err = heat("simulate", "--track", "Mars", "--out", str(tmp_path / "x"))
    assert "argument --track: no track 'Mars'" in refused("simulate", code, err)


# --- One rule for replacing a file: never, unless --force ----------------------------------


def test_render_refuses_to_replace_an_image_unless_forced(tmp_path: Path) -> None:
    """``heat render -o`` replaced a file silently while ``heat simulate`` refused to."""
    image = tmp_path / "board.png"
    image.write_bytes(b"mine")
    code, _, err = heat("render", str(SAMPLE_RACE), "-o", str(image))
    assert "already exists (--force replaces it)" in refused("render", code, err)
    assert image.read_bytes() == b"mine"
    code, _, err = heat("render", str(SAMPLE_RACE), "-o", str(image), "--force")
    assert code == 0, err
    assert image.read_bytes().startswith(b"\x89PNG")


def test_season_refuses_to_replace_a_standings_picture_unless_forced(tmp_path: Path) -> None:
    season = json.loads(SEASON.read_text())["season"]
    path = tmp_path / "season.json"
    path.write_text(json.dumps(season))
    image = tmp_path / "standings.png"
    image.write_bytes(b"mine")
    code, out, err = heat("season", str(path), "--standings", str(image))
    assert "already exists (--force replaces it)" in refused("season", code, err)
    assert image.read_bytes() == b"mine" and out == ""
    code, _, err = heat("season", str(path), "--standings", str(image), "--force")
    assert code == 0, err
    assert image.read_bytes().startswith(b"\x89PNG")


def test_simulate_force_replaces_the_race_in_a_folder_and_nothing_else(tmp_path: Path) -> None:
    demo = tmp_path / "demo"
    demo.mkdir()
    (demo / "round-999.png").write_bytes(b"an older race")
    (demo / "notes.txt").write_text("mine")
    argv = ("simulate", "--cars", "1", "--laps", "1", "--out", str(demo))
    code, _, err = heat(*argv)
    assert "already holds a race (round-999.png)" in refused("simulate", code, err)
    assert "--force" in err
    code, _, err = heat(*argv, "--force")
    assert code == 0, err
    assert not (demo / "round-999.png").exists(), "the older race's rounds went with it"
    assert (demo / "notes.txt").read_text() == "mine"
    assert (demo / "round-001.png").exists() and (demo / "race.gif").exists()


@pytest.mark.parametrize("argv", [["render"], ["simulate"], ["season"]])
def test_the_help_says_the_rule(argv: list[str]) -> None:
    code, out, _ = heat(*argv, "--help")
    assert code == 0
    assert "--force" in out and "replace" in " ".join(out.split())


# --- heat simulate says who won ---------------------------------------------------------------


def test_simulate_prints_the_finishing_order_then_the_files(tmp_path: Path) -> None:
    """It printed only the file names: the result, what a player asks first, was in a picture."""
    demo = tmp_path / "demo"
    argv = ("simulate", "--track", "italy", "--cars", "3", "--laps", "1", "--seed", "4")
    code, out, err = heat(*argv, "--out", str(demo))
    assert code == 0, err
    colours = {"A": "red", "B": "blue", "C": "green"}
    names = {"A": "Ada", "B": "Bruno", "C": "Chiara"}
    entrants = [engine.Entrant(car, colour, "ai") for car, colour in colours.items()]
    start, events = engine.new_race("italy", entrants, 4, laps=1)
    end = [start, *(state for state, _ in round_ends(start, events, ai_drivers("pro")))][-1]
    order = sorted(end.cars, key=lambda car: car.finished or 99)
    lines = out.splitlines()
    assert lines[:3] == [
        f"{place} {names[car.id]} ({colours[car.id]}, car {car.id})"
        for place, car in zip(("1st", "2nd", "3rd"), order, strict=True)
    ]
    assert re.fullmatch(rf"\d+ rounds: {re.escape(str(demo))}/round-001\.png .*race\.gif", lines[3])
    assert len(lines) == 4
