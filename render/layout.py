"""How a board image is divided: the track on the left, the drivers' panel on the right."""

from __future__ import annotations

from dataclasses import dataclass

from render.geometry import Box

BOARD_SIZE = (1600, 1000)
PANEL_SHARE = 0.3
# The panel's lines need about this share of the board's height in width.
PANEL_MIN_ASPECT = 0.46


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """The regions of a board image and the scale its text and marks are drawn at."""

    width: int
    height: int
    track_box: Box
    panel_box: Box

    @property
    def unit(self) -> float:
        """One pixel of a 1000-pixel-high board, in this board's pixels."""
        return self.height / 1000

    def px(self, size: float) -> int:
        """A length given for a 1000-pixel-high board, at this board's scale."""
        return max(1, round(size * self.unit))


def board_layout(size: tuple[int, int] = BOARD_SIZE) -> BoardLayout:
    """The layout of a board of ``size`` (width, height) pixels."""
    width, height = size
    panel_width = max(round(width * PANEL_SHARE), round(height * PANEL_MIN_ASPECT))
    if width - panel_width < height // 2:
        raise ValueError(f"a board of {width}x{height} leaves no room for the track")
    pad = round(height * 0.01)
    track_box = Box(pad, pad, width - panel_width - 2 * pad, height - 2 * pad)
    return BoardLayout(width, height, track_box, Box(width - panel_width, 0, panel_width, height))
