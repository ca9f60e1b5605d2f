"""The docs stand on their own in a clone; race examples load; the README says who may."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, cast

import pytest
from discord import app_commands

from bot.discord.commands import HeatCommands
from bot.discord.league_commands import LeagueCommands
from bot.discord.league_night_commands import night_commands
from engine.notation import decision_json, load_scenario, state_json


def _repository_root() -> Path:
    """The folder holding pyproject.toml, wherever this test file lies below it."""
    here = Path(__file__).resolve()
    return next(folder for folder in here.parents if (folder / "pyproject.toml").is_file())


ROOT = _repository_root()
DOCS = ROOT / "docs"
MARKDOWN = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]

_FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"\[[^\]]*\]\(\s*(?:<([^>\n]*)>|([^)\s]*))(?:\s+\"[^\"]*\")?\s*\)")
_JSON_BLOCK = re.compile(r"^```json\n(.*?)^```", re.MULTILINE | re.DOTALL)
_RACE = re.compile(r'"notation"\s*:\s*"heat-race/1"')


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _link_targets(text: str) -> list[str]:
    """The targets of the markdown links in ``text``, code blocks and code spans left out."""
    prose = _INLINE_CODE.sub("", _FENCE.sub("", text))
    return [bracketed or bare for bracketed, bare in _LINK.findall(prose)]


def _race_examples() -> list[str]:
    """Every json block of the race notation document that is a whole heat-race/1 race."""
    text = (DOCS / "race-notation.md").read_text(encoding="utf-8")
    return [block for block in _JSON_BLOCK.findall(text) if _RACE.search(block)]


@pytest.mark.parametrize("path", MARKDOWN, ids=_name)
def test_relative_links_point_to_files_in_the_repository(path: Path) -> None:
    """Every relative link of README.md and docs/ names a file that exists in the repository."""
    broken: list[str] = []
    for target in _link_targets(path.read_text(encoding="utf-8")):
        if re.match(r"(?i)(https?|mailto):", target):
            continue
        file_part = target.split("#", 1)[0]
        if not file_part:
            continue
        resolved = (path.parent / file_part).resolve()
        if not resolved.is_relative_to(ROOT) or not resolved.exists():
            broken.append(target)
    assert broken == [], f"{_name(path)}: broken links {broken}"


@pytest.mark.parametrize("path", MARKDOWN, ids=_name)
def test_no_doc_points_outside_the_repository(path: Path) -> None:
    """No README or doc names ../shared, which a clone of the repository does not have."""
    lines = [
        number
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "../shared" in line
    ]
    assert lines == [], f"{_name(path)} mentions ../shared on lines {lines}"


def test_race_notation_has_a_complete_example() -> None:
    """docs/race-notation.md shows at least one whole race in a json block."""
    assert _race_examples(), "docs/race-notation.md has no json block with a heat-race/1 race"


@pytest.mark.parametrize("block", _race_examples())
def test_race_example_loads_and_is_written_back_unchanged(block: str) -> None:
    """A race example loads through the engine's notation and is written back the same."""
    document: dict[str, Any] = json.loads(block)
    state, decisions = load_scenario(block)
    written = state_json(state)
    if "decisions" in document:
        written["decisions"] = [decision_json(decision) for decision in decisions]
    assert written == document


NAMED_COMMAND = re.compile(r"`(/(?:heat|league)(?: (?:date|reserve))? [a-z-]+)")


def _who_may_rows() -> dict[str, str]:
    """Each command the README's command tables name, with its "who may" cell."""
    rows: dict[str, str] = {}
    columns: list[str] = []
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            columns = []
            continue
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if not columns:
            columns = cells
        elif "who may" in columns:
            for command in re.findall(
                r"`(/(?:heat|league)(?: (?:date|reserve))? [a-z-]+)", cells[0]
            ):
                rows[command] = cells[columns.index("who may")]
    return rows


def test_the_readme_says_who_may_run_every_command() -> None:
    """Every /heat and /league command of the bot has a README row saying who may run it."""
    league = LeagueCommands(cast(Any, None))
    for command in night_commands(cast(Any, None)):
        league.add_command(command)
    groups = (HeatCommands(cast(Any, None)), league)
    commands = {
        f"/{command.qualified_name}"
        for group in groups
        for command in group.walk_commands()
        if not isinstance(command, app_commands.Group)
    }
    rows = _who_may_rows()
    assert commands | {"/heat stats"} <= set(rows), sorted(commands - set(rows))
    assert all(rows[command] for command in commands), "each says who may"


def test_the_readme_s_table_of_ai_levels_is_the_kept_bench_run() -> None:
    """Every figure of the README's AI table is one ``bench/drivers.py`` printed: the block is
    what ``python -m bench.readme_table`` writes from the run kept in docs/bench/drivers.txt
    (a figure edited by hand, or a new run not written into the README, fails here)."""
    from bench import readme_table

    run = readme_table.RUN.read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme_table.block(readme) == readme_table.table(run)
    assert "champion_ahead_of_expert" in readme_table.figures(run), "the run races head to head"
    assert "expert_own_laps_mean_of_settings" in readme_table.figures(run), "and own laps"
    assert readme_table.notes(run), "the run says how it was made"


def test_the_ai_table_shows_the_own_lap_races_by_their_own_figures() -> None:
    """The own-lap rows read the ``LEVEL_own_laps_*`` figures, never the 1-lap ones, and name
    each track's lap count (a mix-up of the two would show 1-lap figures as the bot's races)."""
    from bench import readme_table

    run = "\n".join(
        [
            "# a run",
            "races_per_track: 50",
            "champion_races: 20",
            "races_per_track_own_laps: 40",
            "own_laps_italy: 3",
            "expert_win_rate_vs_legends: 0.800 [0.7, 0.9]",
            "expert_win_rate_vs_legends_modules: 0.790 [0.7, 0.9]",
            "expert_decision_p50_ms: 0.6",
            "expert_decision_p99_ms: 26.0",
            "expert_plan_p99_ms: 49.9",
            "expert_win_rate_vs_legends_italy: 0.520 [0.4, 0.6]",
            "expert_win_rate_vs_legends_italy_weather: 0.440 [0.3, 0.5]",
            "expert_mean_of_settings: 0.480",
            "expert_lowest_setting: 0.440",
            "expert_own_laps_italy: 0.200 [0.1, 0.3]",
            "expert_own_laps_italy_weather: 0.325 [0.2, 0.4]",
            "expert_own_laps_all_tracks: 0.263 [0.2, 0.4]",
            "expert_own_laps_mean_of_settings: 0.263",
            "expert_own_laps_lowest_setting: 0.200",
        ]
    )
    table = readme_table.table(run)
    assert "| Italy | 0.520 / 0.440 |" in table
    assert "| Italy (3) | 0.200 / 0.325 |" in table
    assert "| `expert` | 0.263 | 0.200 | 0.263 [0.2, 0.4] |" in table
    assert "(40 races a setting, 20 for `champion`)" in table
