"""The board's key says what each mark means in the rulebook's words, short enough to translate,
in every language with a catalog."""

from __future__ import annotations

import pytest

import data
from data import words
from engine.state import Weather
from render import key, palette
from render.direction import CHEVRON
from render.layout import board_layout
from render.text import text_width

# A translation may run this much longer than the English (Italian does, about).
LONGER = 1.3
EVERY_TOKEN = tuple(token.id for token in data.weather().road_conditions)


def every_key(track_id: str, locale: str) -> list[tuple[palette.RGB, str]]:
    """The track's key under each weather card with every kind of token."""
    found = list(key.board_key(track_id, locale=locale))
    for card in data.weather().weather_cards:
        found += key.board_key(track_id, Weather(card.id, EVERY_TOKEN), locale)
    return found


@pytest.mark.parametrize("track_id", data.track_ids())
def test_every_key_line_leaves_room_for_a_translation_a_third_longer(track_id: str) -> None:
    """The English base lines and the track's own: each fits its column even 30% wider."""
    lines = key.board_key(track_id)
    layout = board_layout(track_id, key_count=len(lines))
    for _, said in lines:
        width = text_width(said, size=layout.text)
        assert width * LONGER <= layout.key_words_width, said


@pytest.mark.parametrize("track_id", data.track_ids())
@pytest.mark.parametrize("locale", words.languages())
def test_every_key_line_fits_its_column_in_every_language(track_id: str, locale: str) -> None:
    """The base lines, the track's own and every weather card's and token's: each fits."""
    lines = key.board_key(track_id, Weather("storm", EVERY_TOKEN), locale)
    layout = board_layout(track_id, key_count=len(lines))
    for _, said in every_key(track_id, locale):
        assert text_width(said, size=layout.text) <= layout.key_words_width, said


def test_the_key_speaks_the_readers_language() -> None:
    """The Italian key says the Race Line as the Italian rulebook does; no line is English."""
    english = dict(key.board_key("japan"))
    italian = dict(key.board_key("japan", locale="it-IT"))
    assert italian[palette.RACE_LINE] == "bordo oro: la Linea di Gara"
    assert italian.keys() == english.keys()
    assert not set(italian.values()) & set(english.values())


def test_the_gold_edge_is_called_the_race_line_as_the_rulebook_calls_it() -> None:
    """The line under the gold swatch names the Race Line (capitalised as the rules have it)."""
    said = dict(key.board_key("usa"))[palette.RACE_LINE]
    assert "gold edge" in said and "Race Line" in said
    assert "side" not in said


def test_the_key_tells_the_way_to_drive_apart_from_a_slipstream() -> None:
    """The grey direction arrows have a line of their own, in their own colour; the blue
    chevrons are the Slipstream's."""
    lines = dict(key.board_key("usa"))
    assert "way to drive" in lines[CHEVRON]
    assert "Slipstream" in lines[palette.SLIPSTREAM] and "blue" in lines[palette.SLIPSTREAM]
