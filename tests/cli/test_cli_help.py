"""What ``heat`` says about itself: every command's help, the samples it points to, its quiet start.

Issue 37, point 5: the help was written by hand and fell behind the code (4 of the
settings, no PostgreSQL, Sphinx markup, a command without a description).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli.command import build_parser
from bot.hosting.settings import Settings, env_variable
from tests.support.heatcli import heat, refused
from tests.support.paths import ROOT, SAMPLE_RACE, SCENARIO_FOLDER, SEASON_SCENARIO_FOLDER
from tests.support.sample_league import SAMPLE, sample_text


def _commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every command line of the parser tree: ``()``, ``("run",)``, ``("db", "copy")``, ..."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _commands(sub, (*path, name))


COMMANDS = dict(_commands(build_parser()))
SUBCOMMANDS = [path for path in COMMANDS if path]


def help_text(*argv: str) -> str:
    code, out, err = heat(*argv, "--help")
    assert code == 0, err
    return out


def test_the_walk_finds_every_command() -> None:
    names = {" ".join(path) for path in SUBCOMMANDS}
    assert {"run", "health", "db copy", "league check", "simulate", "render"} <= names


@pytest.mark.parametrize("argv", list(COMMANDS), ids=lambda path: " ".join(path) or "heat")
def test_no_help_shows_markup(argv: tuple[str, ...]) -> None:
    """``heat health --help`` showed the docstring's ``:mod:`bot.heartbeat```."""
    text = help_text(*argv)
    assert not re.search(r"``|:[a-z]+:`", text), text


@pytest.mark.parametrize("argv", SUBCOMMANDS, ids=" ".join)
def test_every_command_describes_itself(argv: tuple[str, ...]) -> None:
    """``heat db copy --help`` had a usage line and options, and not a word of what it does."""
    description = COMMANDS[argv].description
    assert description and len(description.split()) >= 4, argv
    usage = help_text(*argv).split("\n\n")
    assert description.split()[0] in usage[1], usage


@pytest.mark.parametrize("name", list(Settings.model_fields))
def test_run_help_lists_every_setting_with_what_it_does(name: str) -> None:
    """It listed 4 of the 16 variables; each is now read off the Settings model."""
    text = help_text("run")
    variable = env_variable(name)
    lines = [line for line in text.splitlines() if line.split()[:1] == [variable]]
    assert lines, f"{variable} is not in heat run --help"
    said = " ".join(lines[0].split()[1:])
    assert len(said.split()) >= 3, lines[0]


def test_run_help_says_the_database_may_be_postgresql() -> None:
    text = " ".join(help_text("run").split())
    assert "postgresql://" in text and "the SQLite file, in an existing folder" not in text


def test_the_readme_opens_with_its_two_commands_and_no_hand_counted_figures() -> None:
    """The README said "1,951 tests" while 2,119 ran: a figure no command keeps true goes."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.startswith(
        "```sh\n"
        "make run    # install, then start the bot (needs DISCORD_TOKEN; without it, says how"
        " to get one)\n"
        "make test   # install, then run every check: ruff, mypy, the whole test suite\n"
        "```\n"
    )
    opening = readme.split("# Heat on Discord")[0].split("```\n", 1)[1]
    assert not re.search(r"\d", opening), opening
    assert not re.search(r"\d[\d,]* tests\b", readme)


def test_the_sample_league_imports_and_is_what_its_generator_writes() -> None:
    """docs/league-export.md's example holds "...": docs/sample-league.json is a whole one."""
    code, out, err = heat("league", "check", str(SAMPLE))
    assert (code, err) == (0, "")
    assert "imports as 'Sample Cup': 3 of 3 races scored" in out
    assert SAMPLE.read_text(encoding="utf-8") == sample_text(), (
        "docs/sample-league.json is stale: .venv/bin/python -m tests.support.sample_league"
    )
    doc = (ROOT / "docs" / "league-export.md").read_text(encoding="utf-8")
    assert "sample-league.json" in doc and "heat league check docs/sample-league.json" in doc


@pytest.mark.parametrize(
    ("path", "said"),
    [
        (SAMPLE_RACE, "is a race (heat-race/1), not a league export; try heat scenario"),
        (
            sorted(SCENARIO_FOLDER.glob("*.json"))[0],
            "is a race test scenario, not a league export; try heat scenario",
        ),
        (
            sorted(SEASON_SCENARIO_FOLDER.glob("*.json"))[0],
            "is a season test scenario, not a league export; try heat season",
        ),
    ],
    ids=["race", "race-scenario", "season-scenario"],
)
def test_league_check_says_what_another_notation_file_is(path: Path, said: str) -> None:
    """``heat league check docs/sample-race.json`` said ``format is None``."""
    code, out, err = heat("league", "check", str(path))
    assert f"{path}: {said}" in refused("league check", code, err)
    assert out == ""


def test_league_check_says_a_season_file_is_a_season(tmp_path: Path) -> None:
    season = json.loads(sorted(SEASON_SCENARIO_FOLDER.glob("*.json"))[0].read_text())["season"]
    path = tmp_path / "season.json"
    path.write_text(json.dumps(season))
    code, _, err = heat("league", "check", str(path))
    line = refused("league check", code, err)
    assert "is a season (heat-season/1), not a league export; try heat season" in line


@pytest.mark.parametrize(
    "path", sorted(SEASON_SCENARIO_FOLDER.glob("*.json")), ids=lambda path: path.stem
)
def test_season_runs_the_season_a_test_scenario_wraps(path: Path) -> None:
    """``heat season`` said ``notation: Field required`` for its own test files; it runs them
    as ``heat scenario`` runs a race test scenario (a refusal the scenario expects is one line)."""
    document = json.loads(path.read_text())
    code, out, err = heat("season", str(path))
    if "error" in document["expect"] and code != 0:
        assert "Field required" not in refused("season", code, err)
        return
    assert code == 0, err
    report = json.loads(out)
    assert report["season"]["notation"] == "heat-season/1"
    if "phase" in document["expect"]:
        assert report["season"].get("phase", "lineup") == document["expect"]["phase"]


def test_season_says_a_race_test_scenario_is_not_a_season() -> None:
    race = sorted(SCENARIO_FOLDER.glob("*.json"))[0]
    code, out, err = heat("season", str(race))
    line = refused("season", code, err)
    assert 'a race test scenario (it wraps a race in "scenario"), not a season' in line
    assert out == ""


VOICE = (
    "import socket, sys, discord\n"
    "closed = socket.socket(); closed.bind(('127.0.0.1', 0))\n"
    "discord.http.Route.BASE = f'http://127.0.0.1:{closed.getsockname()[1]}/api/v10'\n"
    "from bot.cli.command import main\n"
    "sys.exit(main(['run']))\n"
)


def test_run_does_not_warn_about_voice_it_never_uses(tmp_path: Path) -> None:
    """Every start printed "PyNaCl is not installed" and "davey is not installed"."""
    env = {
        **os.environ,
        "DISCORD_TOKEN": "not-a-real-token",
        "HEAT_DATABASE": f"{tmp_path}/heat.sqlite3",
        "HEAT_LOG_LEVEL": "debug",
    }
    run = subprocess.run(
        [sys.executable, "-c", VOICE],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2, run.stderr
    assert "heat run: cannot reach Discord" in run.stderr
    assert "discord.client" in run.stderr, "the other discord.client lines still show"
    assert "PyNaCl" not in run.stderr and "davey" not in run.stderr, run.stderr
