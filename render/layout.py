"""How a board image is divided: a heading, the track as wide as the picture, who is who, the key.

Discord shows an attached picture about 400 pixels wide on a phone, whatever
its size, so what reads is the text's size against the picture's width: the
smallest text is 1/40 of the width (10 px at 400 px). Everything a driver's row
used to say beside the track (gear, Engine, cards, the round's notes, upgrades)
is said in the message, where every client sets text at its own size; the
picture keeps the track across its whole width, a line per car to match its
letter to its driver, and the key to the marks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from render.geometry import Box, shape_aspect

BOARD_WIDTH = 1000
# The smallest text on a picture, as a share of its width: 10 px when shown 400 px wide.
TEXT_SHARE = 1 / 40
# Heights in units of the smallest text: the heading, a roster line, a key line.
HEADING = 1.9
ROSTER_LINE = 1.95
KEY_LINE = 1.45
ROSTER_COLUMNS = 2
KEY_COLUMNS = 2
# A corner sign's radius, in units of the smallest text.
SIGN = 0.95
# A key line, in units of the smallest text: a margin, the swatch, a gap, then the words.
KEY_MARGIN = 0.3
KEY_SWATCH = 0.7
KEY_GAP = 0.4


def smallest_text(width: int) -> int:
    """The smallest type size a picture ``width`` pixels wide may use."""
    return math.ceil(width * TEXT_SHARE)


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """The regions of a board image and the type size its text is set from."""

    width: int
    height: int
    heading_box: Box
    track_box: Box
    roster_box: Box
    key_box: Box
    key_count: int

    @property
    def text(self) -> int:
        """The smallest type size on this board."""
        return smallest_text(self.width)

    @property
    def sign_radius(self) -> int:
        """A corner sign's radius: its limit, set at least at the smallest size, fits inside."""
        return self.px(SIGN)

    def px(self, share: float) -> int:
        """A length given in units of the smallest text, in pixels."""
        return max(1, round(share * self.text))

    @property
    def key_words_width(self) -> int:
        """How wide a key line's words may be: its column less the margin, swatch and gap."""
        column = self.key_box.width // KEY_COLUMNS
        return column - self.px(KEY_MARGIN) - self.px(KEY_SWATCH) - self.px(KEY_GAP)

    def roster(self, count: int) -> list[Box]:
        """One box per car in reading order: down the first column, then the next."""
        box = self.roster_box
        lines = max(1, math.ceil(count / ROSTER_COLUMNS))
        height = self.px(ROSTER_LINE)
        width = box.width // ROSTER_COLUMNS
        return [
            Box(box.left + (i // lines) * width, box.top + (i % lines) * height, width, height)
            for i in range(count)
        ]

    def key_lines(self) -> list[Box]:
        """One box per key line, down the first column, then the next."""
        box = self.key_box
        lines = max(1, math.ceil(self.key_count / KEY_COLUMNS))
        height = self.px(KEY_LINE)
        width = box.width // KEY_COLUMNS
        return [
            Box(box.left + (i // lines) * width, box.top + (i % lines) * height, width, height)
            for i in range(self.key_count)
        ]


def board_layout(
    track_id: str, *, width: int = BOARD_WIDTH, cars: int = 6, key_count: int = 5
) -> BoardLayout:
    """The layout of a board ``width`` pixels wide for ``track_id``, ``cars`` cars and a key
    of ``key_count`` lines; the height follows from the track's shape."""
    text = smallest_text(width)
    pad = round(width * 0.01)
    heading = Box(0, 0, width, round(HEADING * text))
    inner = width - 2 * pad
    track = Box(pad, heading.height, inner, round(inner / shape_aspect(track_id)))
    roster_lines = max(1, math.ceil(cars / ROSTER_COLUMNS))
    roster_top = track.top + track.height + pad
    roster = Box(pad, roster_top, inner, round(roster_lines * ROSTER_LINE * text))
    key_lines = max(1, math.ceil(key_count / KEY_COLUMNS))
    key_top = roster.top + roster.height + round(0.5 * text)
    key = Box(pad, key_top, inner, round(key_lines * KEY_LINE * text))
    height = key.top + key.height + pad
    return BoardLayout(width, height, heading, track, roster, key, key_count)
