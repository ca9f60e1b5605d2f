"""The key to a board's marks, one line per kind of mark: what the foot of the board explains.

Each line names the mark by what a player sees (its colour and shape) and says
what it means in the rulebook's own words: the gold edge is the Race Line (the
spot beside it is taken first and counts as ahead), a red line is a corner with
its Speed Limit on the sign. A line is set in half the board's width, and a
translation may be a third longer than the English: the words stay that short.

The track's own marks (flooded, tunnel and gravel spots, chicanes) and, with the
weather module, every kind of road-condition token the race has add lines; the
layout makes room for as many lines as the key has.
"""

from __future__ import annotations

import data
from engine.state import Weather
from render import palette
from render.direction import CHEVRON
from render.palette import RGB
from render.road import token_key
from render.track_marks import key_rows

KeyLine = tuple[RGB, str]

# The marks every board has.
BASE_KEY: tuple[KeyLine, ...] = (
    (palette.RACE_LINE, "gold edge: the Race Line"),
    (palette.SIGN_RED, "red line, sign: corner limit"),
    (CHEVRON, "grey arrows: way to drive"),
    (palette.TEXT_DIM, "outline, line: round's move"),
    (palette.SLIPSTREAM, "blue chevrons: Slipstream"),
    (palette.SPIN, "orange burst: spun out"),
)


def board_key(track_id: str, weather: Weather | None = None) -> tuple[KeyLine, ...]:
    """The key of ``track_id``'s boards: the base marks, the track's own, then the kinds
    of road-condition token of ``weather``."""
    return BASE_KEY + key_rows(data.track(track_id)) + token_key(weather)
