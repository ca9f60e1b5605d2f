"""``--locale pseudo`` draws the pictures in the pseudo-language (English 40% longer and
accented), so anyone can see whether a layout has room for a translation."""

from __future__ import annotations

from pathlib import Path

from data import words
from render.text import boxes_drawn
from render.track_layer import track_layer
from tests.support.heatcli import heat
from tests.support.paths import SAMPLE_RACE


def test_render_draws_the_board_in_the_pseudo_language(tmp_path: Path) -> None:
    track_layer.cache_clear()
    out = str(tmp_path / "board.png")
    with boxes_drawn() as drawn:
        code, _, err = heat("render", str(SAMPLE_RACE), "-o", out, "--locale", "pseudo")
    assert code == 0, err
    said = [text for text, _ in drawn]
    assert any(text.startswith("[ļåþ ") for text in said), said
    assert any(words.text("board_round", "pseudo", round=10) in text for text in said)
    code, _, err = heat("render", str(SAMPLE_RACE), "-o", out, "--force", "--locale", "qps-ploc")
    assert code == 0, err


def test_the_help_names_the_pseudo_language() -> None:
    code, out, _ = heat("render", "--help")
    assert code == 0 and "pseudo (English 40% longer" in " ".join(out.split())
