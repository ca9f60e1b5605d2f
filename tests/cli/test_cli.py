"""The ``heat`` command refuses bad input in one line, ``heat <command>: ...``, exit status 2."""

from __future__ import annotations

import http.server
import json
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image

import data
import engine
from bot.cli.command import READER_GONE
from bot.hosting.settings import Settings
from engine import limits
from engine.errors import NotationError
from engine.notation import dump_state, load_scenario, load_state
from tests.support.heatcli import heat, refused
from tests.support.paths import ROOT, SCENARIO_FOLDER, SEASON_SCENARIO_FOLDER
from tests.support.playout import entrants
from tests.support.scenarios import SPEC_EXAMPLE


def race_file(tmp_path: Path, change: Callable[[dict[str, Any]], None] | None = None) -> Path:
    """The spec's example (a human and a Legend on the grid), changed, as a file."""
    document = json.loads(json.dumps(SPEC_EXAMPLE))
    if change is not None:
        change(document)
    path = tmp_path / "race.json"
    path.write_text(json.dumps(document))
    return path


def set_option(name: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda document: document["options"].update({name: value})


def set_car(index: int, field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda document: document["cars"][index].update({field: value})


def set_field(field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda document: document.update({field: value})


# --- Every number has a range ------------------------------------------------------------------


@pytest.mark.parametrize("command", ["scenario", "render"])
def test_a_legend_slower_than_its_card_is_refused_not_raced_forever(
    tmp_path: Path, command: str
) -> None:
    """ "you can increase their speed over straights by a modifier": never below 0.

    A bonus of -20 left Legends standing still and the race running forever.
    """
    path = race_file(tmp_path, set_option("legend_speed_bonus", -20))
    argv = [command, str(path)] + (["-o", str(tmp_path / "b.png")] if command == "render" else [])
    code, out, err = heat(*argv)
    assert "options.legend_speed_bonus" in refused(command, code, err)
    assert out == ""
    assert not (tmp_path / "b.png").exists()


def test_the_engine_refuses_options_and_laps_out_of_range_from_any_caller() -> None:
    """Defence in depth: the bot builds races without the notation, and gets the same ranges."""
    with pytest.raises(ValueError, match="legend_speed_bonus must be 0 to 5, not -20"):
        engine.Options(legend_speed_bonus=-20)
    with pytest.raises(ValueError, match="adrenaline_cars must be 0 to 6, not 7"):
        engine.Options(adrenaline_cars=7)
    racer = [engine.Entrant("A", "red")]
    for laps in (0, -1, limits.MAX_LAPS + 1):
        with pytest.raises(ValueError, match=f"laps must be 1 to 5, not {laps}"):
            engine.new_race("usa", racer, seed=1, laps=laps)


def test_a_car_below_the_grid_or_a_lap_past_the_finish_is_refused() -> None:
    """The grid's last space (-3) and one lap past the finish line bound every space."""
    track = data.track("usa")
    top = 2 * track.spaces_per_lap
    for space, fine in ((-100, False), (-4, False), (-3, True), (top, True), (top + 1, False)):
        text = json.dumps(_changed(set_car(0, "space", space)))
        if fine:
            assert load_state(text).car("A").space == space
        else:
            with pytest.raises(NotationError, match=rf"cars\.0\.space: {space} is off the course"):
                load_state(text)


def _changed(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(json.dumps(SPEC_EXAMPLE))
    change(document)
    return document


@pytest.mark.parametrize(
    ("change", "edge", "where"),
    [
        (lambda v: set_field("laps", v), limits.MAX_LAPS, "laps"),
        (lambda v: set_field("round", v), limits.MAX_ROUND, "round"),
        (lambda v: set_field("seed", v), limits.MAX_SEED, "seed"),
        (lambda v: set_field("version", v), limits.MAX_COUNT, "version"),
        (lambda v: set_field("rng", v), limits.MAX_COUNT, "rng"),
        (lambda v: set_car(0, "engine", v), limits.MAX_PILE, "cars.0.engine"),
        (lambda v: set_car(0, "gear", v), 4, "cars.0.gear"),
        (lambda v: set_car(0, "finished", v), limits.MAX_CARS, "cars.0.finished"),
        (lambda v: set_car(0, "deck", ["1"] * v), limits.MAX_PILE, "cars.0.deck"),
        (lambda v: set_option("legend_speed_bonus", v), 5, "options.legend_speed_bonus"),
        (lambda v: set_option("adrenaline_cars", v), limits.MAX_CARS, "options.adrenaline_cars"),
        (lambda v: set_field("legend_card", v), 10, "legend_card"),
    ],
)
def test_every_number_is_refused_one_past_its_documented_top(
    change: Callable[[int], Callable[[dict[str, Any]], None]], edge: int, where: str
) -> None:
    """A range's top (engine/limits.py, listed in engine/notation.py) loads; one more does not."""
    load_state(json.dumps(_changed(change(edge))))
    with pytest.raises(NotationError, match=rf"^{re.escape(where)}: "):
        load_state(json.dumps(_changed(change(edge + 1))))


def test_a_file_that_is_not_one_object_is_not_a_race() -> None:
    with pytest.raises(NotationError, match=r"^not a race: the file must hold one JSON object$"):
        load_state("[1, 2]")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (set_field("seed", -1), "seed: Input should be greater than or equal to 0"),
        (set_field("legend_deck", [3, 3]), "legend_deck: a card is listed twice"),
        (set_car(1, "color", "pink"), "the Legends deck has no colour 'pink'"),
        (set_car(0, "id", "A\nB"), "cars.0.id: String should match pattern"),
        (set_field("turn_order", ["A", "A"]), "turn_order must list each car still racing once"),
        (
            lambda d: d.update(
                turn_order=["A", "L"], turn={"car": "L", "step": "react", "start_space": -1}
            ),
            "turn: a Legend makes no decisions",
        ),
        (
            set_field("decisions", [{"car": "A", "do": "plan", "gear": 5, "cards": []}]),
            "decisions.0: plan.gear: 5 is not a gear (1-4)",
        ),
    ],
)
def test_values_the_rules_cannot_race_with_are_refused(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    """A repeated card or turn, a Legend colour with no card values, a Legend taking a turn."""
    with pytest.raises(NotationError) as refusal:
        load_scenario(json.dumps(_changed(change)))
    assert message in str(refusal.value)
    assert "\n" not in str(refusal.value)


def test_ai_cars_that_can_never_move_stop_at_the_last_round(tmp_path: Path) -> None:
    """An AI car holding only 0 cards, with no Heat and no Adrenaline, stops at round 999."""
    hopeless = {"kind": "ai", "hand": ["0"] * 7, "deck": [], "engine": 0}

    def alone_and_hopeless(document: dict[str, Any]) -> None:
        document.update(options={"adrenaline_cars": 0}, legend_deck=[])
        document["cars"] = [document["cars"][0] | hopeless]

    code, out, err = heat("scenario", str(race_file(tmp_path, alone_and_hopeless)))
    assert code == 0, err
    result = json.loads(out)
    assert result["state"]["round"] == limits.MAX_ROUND
    assert result["pending"] == {"car": "A", "decision": "plan"}


def test_an_ai_car_with_too_few_cards_for_any_plan_is_one_line(tmp_path: Path) -> None:
    """In 4th gear with an empty Engine, 2 cards cannot make the 3 that 3rd gear needs."""
    tight = {"kind": "ai", "gear": 4, "engine": 0, "hand": ["1", "2"], "deck": []}
    path = race_file(tmp_path, lambda d: d["cars"][0].update(tight))
    code, _, err = heat("scenario", str(path))
    assert "car A, step plan: no legal decision" in refused("scenario", code, err)


# --- No tracebacks ----------------------------------------------------------------------------


def test_a_file_that_is_not_utf8_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes('{"track": "España"}'.encode("latin-1"))
    code, _, err = heat("scenario", str(path))
    assert "latin.json: not UTF-8 text (byte 15)" in refused("scenario", code, err)
    code, _, err = heat("render", str(path), "-o", str(tmp_path / "b.png"))
    assert "not UTF-8" in refused("render", code, err)


def test_render_refuses_a_missing_folder_or_a_folder_as_the_image(tmp_path: Path) -> None:
    path = race_file(tmp_path)
    code, _, err = heat("render", str(path), "-o", str(tmp_path / "nowhere" / "b.png"))
    assert "does not exist" in refused("render", code, err)
    assert not (tmp_path / "nowhere").exists()
    code, _, err = heat("render", str(path), "-o", str(tmp_path))
    assert "is a folder" in refused("render", code, err)


def test_render_writes_the_format_the_extension_names(tmp_path: Path) -> None:
    """``board.jpg`` holds a JPEG, ``board.png`` a PNG; an extension we cannot write is refused."""
    path = race_file(tmp_path)
    for name, image_format in (("board.jpg", "JPEG"), ("BOARD.JPEG", "JPEG"), ("b.png", "PNG")):
        assert heat("render", str(path), "-o", str(tmp_path / name))[0] == 0
        with Image.open(tmp_path / name) as image:
            assert image.format == image_format
    code, _, err = heat("render", str(path), "-o", str(tmp_path / "board.bmp"))
    assert ".png, .jpg, .jpeg" in refused("render", code, err)
    assert not (tmp_path / "board.bmp").exists()


def test_render_refuses_a_name_for_a_car_not_in_the_race(tmp_path: Path) -> None:
    path = race_file(tmp_path)
    out = tmp_path / "b.png"
    code, _, err = heat("render", str(path), "-o", str(out), "--name", "Z=Zed")
    assert "no car 'Z' in the race (cars: A, L)" in refused("render", code, err)
    assert not out.exists()


def test_simulate_never_replaces_a_file_and_says_when_it_cannot_write(tmp_path: Path) -> None:
    existing = tmp_path / "notes.txt"
    existing.write_text("mine")
    code, _, err = heat("simulate", "--cars", "1", "--out", str(existing))
    assert "is a file, not a folder" in refused("simulate", code, err)
    assert existing.read_text() == "mine"
    code, _, err = heat("simulate", "--cars", "1", "--out", str(existing / "demo"))
    assert "cannot create the folder" in refused("simulate", code, err)


def test_simulate_refuses_a_folder_that_holds_a_race_and_leaves_it_as_it_was(
    tmp_path: Path,
) -> None:
    """A second run overwrote round-001.png and race.gif and left the older race's later rounds."""
    demo = tmp_path / "demo"
    code, _, err = heat("simulate", "--cars", "2", "--laps", "1", "--seed", "1", "--out", str(demo))
    assert code == 0, err
    before = {path.name: path.read_bytes() for path in demo.iterdir()}
    assert {"round-001.png", "finish.png", "race.gif"} <= set(before)
    argv = ("simulate", "--cars", "1", "--laps", "1", "--seed", "2", "--out", str(demo))
    code, out, err = heat(*argv)
    line = refused("simulate", code, err)
    assert f"{demo}: already holds a race (finish.png); name a new folder" in line
    assert out == ""
    assert {path.name: path.read_bytes() for path in demo.iterdir()} == before
    for held in ("race.gif", "round-007.png"):
        alone = tmp_path / f"with-{held}"
        alone.mkdir()
        (alone / held).write_bytes(b"kept")
        code, _, err = heat("simulate", "--cars", "1", "--laps", "1", "--out", str(alone))
        assert f"already holds a race ({held})" in refused("simulate", code, err)
        assert [path.name for path in alone.iterdir()] == [held]
        assert (alone / held).read_bytes() == b"kept"
    notes = tmp_path / "with-notes"
    notes.mkdir()
    (notes / "notes.txt").write_text("mine")
    code, _, err = heat("simulate", "--cars", "1", "--laps", "1", "--out", str(notes))
    assert code == 0, err
    assert (notes / "notes.txt").read_text() == "mine", "a folder without a race is written into"


@pytest.mark.parametrize(
    ("option", "value"),
    [("--laps", "0"), ("--laps", "-1"), ("--laps", "6"), ("--cars", "0"), ("--seed", "-1")],
)
def test_simulate_refuses_numbers_out_of_range(tmp_path: Path, option: str, value: str) -> None:
    """``--laps 0`` once meant the track's default, and ``--laps -1`` drew a race of -1 laps."""
    code, _, err = heat("simulate", option, value, "--out", str(tmp_path / "demo"))
    assert f"argument {option}: must be" in refused("simulate", code, err)
    assert not (tmp_path / "demo").exists()


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("DISCORD_TOKEN", "", "DISCORD_TOKEN is not set"),
        ("HEAT_DEV_GUILD", "abc", "HEAT_DEV_GUILD must be a guild id (a number), not 'abc'"),
        ("HEAT_LOG_LEVEL", "LOUD", "HEAT_LOG_LEVEL must be one of debug, info, warning"),
        ("HEAT_DATABASE", ".", "HEAT_DATABASE must name a file, not the folder '.'"),
        ("HEAT_DATABASE", "no/such/heat.db", "HEAT_DATABASE: the folder 'no/such' does not exist"),
    ],
)
def test_run_refuses_bad_settings_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
    variable: str,
    value: str,
    message: str,
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv(variable, value)
    code, _, err = heat("run")
    assert message in refused("run", code, err)
    assert "not-a-real-token" not in err


class Unauthorized(http.server.BaseHTTPRequestHandler):
    """Discord's answer to a wrong token, for every request."""

    def do_GET(self) -> None:
        body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the test reads the command's stderr."""


@pytest.fixture
def discord_at(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[[str], None]:
    """Point the bot's REST calls at a local address, with a token and a database to use."""
    monkeypatch.setenv("DISCORD_TOKEN", "wrong-token")
    monkeypatch.setenv("HEAT_DATABASE", str(tmp_path / "heat.sqlite3"))
    return lambda base: monkeypatch.setattr(discord.http.Route, "BASE", f"{base}/api/v10")


def test_run_says_in_one_line_that_discord_refused_the_token(
    discord_at: Callable[[str], None],
) -> None:
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), Unauthorized) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        discord_at(f"http://127.0.0.1:{server.server_address[1]}")
        code, _, err = heat("run")
        server.shutdown()
    assert "Discord refused DISCORD_TOKEN" in refused("run", code, err)
    assert "wrong-token" not in err


def test_run_says_in_one_line_that_discord_cannot_be_reached(
    discord_at: Callable[[str], None],
) -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        discord_at(f"http://127.0.0.1:{closed.getsockname()[1]}")
        code, _, err = heat("run")
    assert "cannot reach Discord" in refused("run", code, err)


@pytest.mark.parametrize("spelling", ["debug", "Debug", "DEBUG"])
def test_the_log_level_is_accepted_in_any_case(
    monkeypatch: pytest.MonkeyPatch, spelling: str
) -> None:
    monkeypatch.setenv("HEAT_LOG_LEVEL", spelling)
    assert Settings().log_level == "DEBUG"


def test_a_decision_for_an_unknown_car_says_there_is_no_such_car(tmp_path: Path) -> None:
    """Not "the race is over", which the AI's moves made true before the decision was read."""
    plan = {"car": "Z", "do": "plan", "gear": 1, "cards": ["1"]}
    path = race_file(tmp_path, set_field("decisions", [plan]))
    code, _, err = heat("scenario", str(path))
    assert "decisions.0.car: there is no car 'Z'" in refused("scenario", code, err)
    assert "over" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["scenario"],
        ["render", "race.json"],
        ["simulate", "--track", "mars", "--out", "demo"],
        ["simulate", "--cars", "x", "--out", "demo"],
        ["run", "--verbose"],
    ],
)
def test_mistyped_command_lines_are_one_line_too(argv: list[str]) -> None:
    """The parser's own complaints share the prefix and point to the command's help."""
    code, _, err = heat(*argv)
    assert f"(see heat {argv[0]} --help)" in refused(argv[0], code, err)


@pytest.mark.parametrize("argv", [["league", "check"], ["league", "check", "a.json", "b.json"]])
def test_a_mistyped_action_names_the_command_and_its_action(argv: list[str]) -> None:
    """``heat league check a b`` pointed to ``heat league --help``, which lists no file."""
    code, _, err = heat(*argv)
    assert "(see heat league check --help)" in refused("league check", code, err)


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    """``heat scenario F | head``: a 5-lap AI race prints about 240 KB, more than a pipe holds."""
    start, _ = engine.new_race("great_britain", entrants(["ai"] * 6), seed=1, laps=5)
    race = tmp_path / "long.json"
    race.write_text(dump_state(start))
    command = [sys.executable, "-m", "bot.cli", "scenario", str(race)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as heat_run:
        assert heat_run.stdout is not None and heat_run.stderr is not None
        heat_run.stdout.read(100)
        heat_run.stdout.close()
        err = heat_run.stderr.read()
        assert heat_run.wait(timeout=300) == READER_GONE
    assert err == b""


# --- First contact ----------------------------------------------------------------------------


def test_version_names_the_installed_package() -> None:
    from importlib.metadata import version

    code, out, _ = heat("--version")
    assert code == 0
    assert out == f"heat {version('heat-discord')}\n"


@pytest.mark.parametrize("argv", [["--version", "extra"], ["--vers", "scenario", "x.json"]])
def test_version_with_anything_after_it_is_refused(argv: list[str]) -> None:
    """``heat --version extra`` printed the version and exited 0, ignoring ``extra``."""
    code, out, err = heat(*argv)
    assert code == 2 and out == ""
    rest = " ".join(argv[1:])
    assert err == f"heat: --version stands alone, not with: {rest} (see heat --help)\n"


def test_scenario_runs_the_race_a_test_scenario_wraps(tmp_path: Path) -> None:
    """A file of tests/engine/scenarios said "notation: Field required"; it runs its race now."""
    wrapped = SCENARIO_FOLDER / "02-shift-one-gear-is-free.json"
    race = tmp_path / "race.json"
    race.write_text(json.dumps(json.loads(wrapped.read_text())["scenario"]))
    code, out, err = heat("scenario", str(wrapped))
    assert code == 0, err
    assert json.loads(out) == json.loads(heat("scenario", str(race))[1])
    assert json.loads(out)["state"]["cars"][0]["gear"] == 3


def test_scenario_says_a_season_scenario_is_not_a_race() -> None:
    """A season scenario wraps a season in "season": one line says so, not a missing field."""
    season = sorted(SEASON_SCENARIO_FOLDER.glob("*.json"))[0]
    code, out, err = heat("scenario", str(season))
    line = refused("scenario", code, err)
    assert 'a season scenario (it wraps a season in "season"), not a race' in line
    assert out == ""


def help_text(*argv: str) -> str:
    code, out, _ = heat(*argv, "--help")
    assert code == 0
    return out


@pytest.mark.parametrize(
    "argv", [[], ["run"], ["scenario"], ["season"], ["render"], ["simulate"], ["league", "check"]]
)
def test_help_has_no_rest_markup(argv: list[str]) -> None:
    text = help_text(*argv)
    assert not re.search(r"``|:(func|mod|class):`", text), text


def test_each_command_help_lists_what_it_accepts() -> None:
    simulate = " ".join(help_text("simulate").split())
    assert all(track in simulate for track in data.track_ids())
    assert "1 to 6 cars" in simulate and "1 to 5 laps" in simulate
    run = help_text("run")
    for variable in ("DISCORD_TOKEN", "HEAT_DATABASE", "HEAT_LOG_LEVEL", "HEAT_DEV_GUILD"):
        assert variable in run
    scenario = " ".join(help_text("scenario").split())
    assert all(f'"{key}"' in scenario for key in ("state", "pending", "events"))
    assert "Exit status: 0" in scenario and "2, with one line on stderr" in scenario
    season = " ".join(help_text("season").split())
    assert all(f'"{key}"' in season for key in ("season", "pending", "standings", "events"))
    assert "--standings" in season and "Exit status: 0" in season


def test_the_readme_names_every_track_and_git_ignores_the_demo_folders() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(f"`{track}`" in readme for track in data.track_ids())
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    for folder in re.findall(r"--out (\w+)", readme):
        assert f"/{folder}/" in ignored, folder
