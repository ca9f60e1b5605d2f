"""How a board image is divided: the track zoomed to fill its part, and the drivers' panel.

A track about as wide as it is high gets the panel on its right. A wide one
(Italy's oval) would leave most of a landscape box empty, so it takes the whole
width and the panel goes under it, its drivers in columns; the board is then
as tall as that needs. Text is sized for the board's width, so that it stays
readable when Discord shrinks the image to about 550 pixels across.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from render.geometry import Box, shape_aspect
from render.key import board_key

BOARD_SIZE = (1600, 1000)
PANEL_SHARE = 0.32
# The panel's lines need about this share of the board's height in width.
PANEL_MIN_ASPECT = 0.46
# Tracks wider than this (with room for their signs) go above the panel, not beside it.
WIDE_TRACK = 1.4
# The panel under a wide track: its height (in units) and its columns of drivers.
UNDER_PANEL_HEIGHT = 410
UNDER_COLUMNS = 3
# Heights, in units, of the panel's heading and of its key.
HEADING = 118
KEY_LINE = 31
UNDER_KEY_COLUMNS = 3
# Every board is drawn in units of a 1600-pixel-wide board.
UNIT_WIDTH = 1600


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """The regions of a board image and the scale its text and marks are drawn at."""

    width: int
    height: int
    track_box: Box
    panel_box: Box
    under: bool
    key_count: int

    @property
    def unit(self) -> float:
        """One pixel of a 1600-pixel-wide board, in this board's pixels."""
        return self.width / UNIT_WIDTH

    def px(self, size: float) -> int:
        """A length given for a 1600-pixel-wide board, at this board's scale."""
        return max(1, round(size * self.unit))

    @property
    def key_lines(self) -> int:
        """Lines the key takes: one per mark beside the track, in columns under it."""
        return math.ceil(self.key_count / UNDER_KEY_COLUMNS) if self.under else self.key_count

    def key_box(self) -> Box:
        """The foot of the panel, where the key to the marks goes."""
        box = self.panel_box
        height = self.px(KEY_LINE * self.key_lines + 20)
        return Box(box.left, box.top + box.height - height, box.width, height)

    def rows(self, count: int) -> list[Box]:
        """One box per driver between the heading and the key, in reading order."""
        box = self.panel_box
        top = box.top + self.px(HEADING if not self.under else 64)
        room = self.key_box().top - top
        columns = UNDER_COLUMNS if self.under else 1
        lines = max(1, math.ceil(count / columns))
        height = min(self.px(130), room // lines)
        width = box.width // columns
        return [
            Box(box.left + (i % columns) * width, top + (i // columns) * height, width, height)
            for i in range(count)
        ]


def board_layout(size: tuple[int, int], track_id: str) -> BoardLayout:
    """The layout of a board ``size`` (width, height) pixels for ``track_id``.

    A wide track keeps the width and sets the height itself.
    """
    width, height = size
    key_count = len(board_key(track_id))
    if shape_aspect(track_id) > WIDE_TRACK:
        return _under(width, shape_aspect(track_id), key_count)
    panel_width = max(round(width * PANEL_SHARE), round(height * PANEL_MIN_ASPECT))
    if width - panel_width < height // 2:
        raise ValueError(f"a board of {width}x{height} leaves no room for the track")
    pad = round(width * 0.006)
    track_box = Box(pad, pad, width - panel_width - 2 * pad, height - 2 * pad)
    panel = Box(width - panel_width, 0, panel_width, height)
    return BoardLayout(width, height, track_box, panel, False, key_count)


def _under(width: int, aspect: float, key_count: int) -> BoardLayout:
    """The track across the whole width, the panel in a band under it."""
    pad = round(width * 0.006)
    track_height = round((width - 2 * pad) / aspect)
    panel_height = round(UNDER_PANEL_HEIGHT * width / UNIT_WIDTH)
    track_box = Box(pad, pad, width - 2 * pad, track_height)
    top = track_height + 2 * pad
    panel = Box(0, top, width, panel_height)
    return BoardLayout(width, top + panel_height, track_box, panel, True, key_count)
