"""``heat render`` draws a notation file and ``heat simulate`` a whole race, as valid images."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

import engine
from bot import cli
from bot.cli.inputs import BAD_INPUT
from engine.ai import decide
from engine.events import RoundStarted
from engine.notation import decision_json, dump_state
from render.geometry import track_geometry
from render.layout import BOARD_WIDTH, board_layout
from render.palette import car_rgb
from tests.support.boards import car_shows
from tests.support.paths import SAMPLE_RACE

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def heat(*argv: str) -> int:
    """Run one of the offline commands as the ``heat`` command line does; return its status."""
    try:
        return cli.main(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)


def one_round_scenario(path: Path) -> engine.RaceState:
    """Write a 3-car race start plus the AI's decisions for its first round; return the result."""
    entrants = [
        engine.Entrant(car, colour)
        for car, colour in zip("ABC", ("red", "blue", "yellow"), strict=True)
    ]
    start, _ = engine.new_race("france", entrants, seed=11)
    state, decisions = start, []
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        decision = decide(engine.view_for(state, car), car)
        decisions.append(decision_json(decision))
        state, events = engine.apply(state, decision)
        if any(isinstance(event, RoundStarted) for event in events):
            break
    document = json.loads(dump_state(start)) | {"decisions": decisions}
    path.write_text(json.dumps(document))
    return state


def test_render_draws_the_position_after_the_files_decisions(tmp_path: Path) -> None:
    """Every car is drawn, in its colour, on the spot where the decisions left it."""
    scenario = tmp_path / "race.json"
    final = one_round_scenario(scenario)
    out = tmp_path / "board.png"
    assert heat("render", str(scenario), "-o", str(out), "--name", "A=Ada") == 0
    assert out.read_bytes().startswith(PNG_SIGNATURE)
    here = track_geometry("france", board_layout("france").track_box)
    with Image.open(out) as image:
        rgb = image.convert("RGB")
    for car in final.cars:
        assert car_shows(rgb, here, here.spot_pose(car.space, car.spot), car_rgb(car.color))


def test_render_refuses_a_bad_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that is not a race, or missing, gives exit status 2 and names the file."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"notation": "heat-race/1", "track": "mars"}')
    assert heat("render", str(bad), "-o", str(tmp_path / "x.png")) == BAD_INPUT
    assert "bad.json" in capsys.readouterr().err
    missing = tmp_path / "missing.json"
    assert heat("render", str(missing), "-o", str(tmp_path / "x.png")) == BAD_INPUT
    assert "missing.json" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_render_refuses_a_malformed_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--name wants CAR=NAME."""
    scenario = tmp_path / "race.json"
    one_round_scenario(scenario)
    assert heat("render", str(scenario), "-o", str(tmp_path / "b.png"), "--name", "Ada") == 2
    assert "CAR=NAME" in capsys.readouterr().err


def test_simulate_writes_every_round_the_hall_of_fame_and_an_animation(tmp_path: Path) -> None:
    """One PNG per round, finish.png, and a GIF with the grid plus every round."""
    out = tmp_path / "demo"
    assert (
        heat("simulate", "--track", "italy", "--cars", "3", "--laps", "1", "--out", str(out)) == 0
    )
    rounds = sorted(out.glob("round-*.png"))
    assert rounds and rounds[0].name == "round-001.png"
    for png in [*rounds, out / "finish.png"]:
        with Image.open(png) as image:
            image.verify()
    with Image.open(out / "race.gif") as animation:
        assert getattr(animation, "n_frames", 1) == len(rounds) + 1


def test_simulate_refuses_too_many_cars(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """More cars than colours is bad input."""
    assert heat("simulate", "--cars", "9", "--out", str(tmp_path)) == BAD_INPUT
    assert "--cars" in capsys.readouterr().err


def test_the_readme_sample_renders(tmp_path: Path) -> None:
    """docs/sample-race.json is a scenario ``heat render`` draws, as docs/sample-board.png shows."""
    sample = SAMPLE_RACE
    out = tmp_path / "board.png"
    assert heat("render", str(sample), "-o", str(out)) == 0
    with Image.open(out) as image:
        assert image.width == BOARD_WIDTH
