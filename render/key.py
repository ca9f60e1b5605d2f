"""The key to a board's marks, one line per kind of mark: what the panel's foot explains.

The layout sizes the key from the number of lines, so a track with marks of its
own adds lines here and the panel makes room for them.
"""

from __future__ import annotations

import data
from render import palette
from render.palette import RGB
from render.track_marks import key_rows

KeyLine = tuple[RGB, str]

# The marks every board has.
BASE_KEY: tuple[KeyLine, ...] = (
    (palette.RACE_LINE, "gold edge: race line side"),
    (palette.SIGN_RED, "red line: corner, limit in the sign"),
    (palette.TEXT_DIM, "outline, line: this round's move"),
    (palette.SLIPSTREAM, "chevrons, wake: slipstream"),
    (palette.SPIN, "orange burst: spun out"),
)


def board_key(track_id: str) -> tuple[KeyLine, ...]:
    """The key of ``track_id``'s boards: the base marks, then any of the track's own
    (flooded, tunnel and gravel spots, chicanes)."""
    return BASE_KEY + key_rows(data.track(track_id))
