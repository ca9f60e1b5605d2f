"""The board's key says what each mark means in the rulebook's words, short enough to translate."""

from __future__ import annotations

import pytest

import data
from render import key, palette
from render.direction import CHEVRON
from render.layout import board_layout
from render.text import text_width

# A translation may run this much longer than the English (Italian does, about).
LONGER = 1.3


@pytest.mark.parametrize("track_id", data.track_ids())
def test_every_key_line_leaves_room_for_a_translation_a_third_longer(track_id: str) -> None:
    """The base lines and the track's own: each fits its column even 30% wider."""
    lines = key.board_key(track_id)
    layout = board_layout(track_id, key_count=len(lines))
    for _, words in lines:
        width = text_width(words, size=layout.text)
        assert width * LONGER <= layout.key_words_width, words


def test_the_gold_edge_is_called_the_race_line_as_the_rulebook_calls_it() -> None:
    """The line under the gold swatch names the Race Line (capitalised as the rules have it)."""
    words = dict(key.BASE_KEY)[palette.RACE_LINE]
    assert "gold edge" in words and "Race Line" in words
    assert "side" not in words


def test_the_key_tells_the_way_to_drive_apart_from_a_slipstream() -> None:
    """The grey direction arrows have a line of their own, in their own colour; the blue
    chevrons are the Slipstream's."""
    lines = dict(key.BASE_KEY)
    assert "way to drive" in lines[CHEVRON]
    assert "Slipstream" in lines[palette.SLIPSTREAM] and "blue" in lines[palette.SLIPSTREAM]
