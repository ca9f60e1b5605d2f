"""The fonts boards are written in, loaded only from the project's data/fonts folder.

DejaVu Sans ships with the project (licence in data/fonts/LICENSE.txt), so text
is the same on a fresh machine with no system fonts at all.
"""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

from data.loader import DATA_DIR

FONTS_DIR = DATA_DIR / "fonts"
REGULAR = FONTS_DIR / "DejaVuSans.ttf"
BOLD = FONTS_DIR / "DejaVuSans-Bold.ttf"


@cache
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` pixels."""
    return ImageFont.truetype(BOLD if bold else REGULAR, size)
