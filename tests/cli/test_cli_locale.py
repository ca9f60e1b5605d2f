"""``heat render``, ``heat simulate`` and ``heat season --standings`` draw in ``--locale``'s
language; a language without a catalog is refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from data import words
from render.text import boxes_drawn
from render.track_layer import track_layer
from tests.cli.test_season_command import season_document, season_file
from tests.support.heatcli import heat, refused
from tests.support.paths import SAMPLE_RACE


def said_by(*argv: str) -> list[str]:
    """What the command drew (it must succeed)."""
    track_layer.cache_clear()
    with boxes_drawn() as drawn:
        code, _, err = heat(*argv)
    assert code == 0, err
    return [text for text, _ in drawn]


def test_render_draws_the_board_in_the_locale_given(tmp_path: Path) -> None:
    out = str(tmp_path / "board.png")
    italian = said_by("render", str(SAMPLE_RACE), "-o", out, "--locale", "it-IT")
    assert words.text("key_race_line", "it") in italian
    assert any(text.startswith("giro ") for text in italian)
    english = said_by("render", str(SAMPLE_RACE), "-o", out, "--force")
    assert words.text("key_race_line", "en") in english


def test_simulate_draws_every_picture_in_the_locale_given(tmp_path: Path) -> None:
    argv = ["simulate", "--cars", "1", "--laps", "1", "--driver", "random", "--seed", "3"]
    italian = said_by(*argv, "--out", str(tmp_path / "race"), "--locale", "it")
    assert "Albo d'oro" in italian and words.text("key_arrows", "it") in italian
    assert "Hall of Fame" not in italian


def test_season_draws_its_standings_in_the_locale_given(tmp_path: Path) -> None:
    path = season_file(tmp_path, season_document())
    image = str(tmp_path / "standings.png")
    italian = said_by("season", str(path), "--standings", image, "--locale", "it")
    assert "Stagione 1961" in italian
    english = said_by("season", str(path), "--standings", image, "--force")
    assert "Season 1961" in english


@pytest.mark.parametrize("command", ["render", "season"])
def test_a_language_without_a_catalog_is_refused(tmp_path: Path, command: str) -> None:
    argv = [command, str(SAMPLE_RACE), "--locale", "xx"]
    if command == "render":
        argv += ["-o", str(tmp_path / "board.png")]
    code, _, err = heat(*argv)
    line = refused(command, code, err)
    assert "no catalog for 'xx'" in line and "en, it" in line
