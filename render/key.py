"""The key to a board's marks, one line per kind of mark: what the foot of the board explains.

Each line names the mark by what a player sees (its colour and shape) and says
what it means in the rulebook's own words: the gold edge is the Race Line (the
spot beside it is taken first and counts as ahead), a red line is a corner with
its Speed Limit on the sign. The words come from the catalogs (``key_*``) in the
reader's language; a line is set in half the board's width, and every language's
line fits it (English with room for a translation a third longer).

The track's own marks (flooded, tunnel and gravel spots, chicanes) and, with the
weather module, every kind of road-condition token the race has add lines; the
layout makes room for as many lines as the key has.
"""

from __future__ import annotations

import data
from data import words
from data.words import N_
from engine.state import Weather
from render import palette
from render.direction import CHEVRON
from render.palette import RGB
from render.road import token_key
from render.track_marks import key_rows

KeyLine = tuple[RGB, str]

# The marks every board has: their swatches and their message keys.
BASE_COLOURS = (
    palette.RACE_LINE,
    palette.SIGN_RED,
    CHEVRON,
    palette.TEXT_DIM,
    palette.SLIPSTREAM,
    palette.SPIN,
)
BASE_WORDS = N_(
    "key_race_line", "key_corner", "key_arrows", "key_move", "key_slipstream", "key_spin"
)
BASE_KEY: tuple[KeyLine, ...] = tuple(zip(BASE_COLOURS, BASE_WORDS, strict=True))


def board_key(
    track_id: str, weather: Weather | None = None, locale: str = "en"
) -> tuple[KeyLine, ...]:
    """The key of ``track_id``'s boards in the locale's language: the base marks, the
    track's own, then the kinds of road-condition token of ``weather``."""
    base = tuple((colour, words.text(key, locale)) for colour, key in BASE_KEY)
    return base + key_rows(data.track(track_id), locale) + token_key(weather, locale)
