"""The fonts boards are written in, loaded only from the project's data/fonts folder.

DejaVu Sans ships with the project (licence in data/fonts/LICENSE.txt), so text
is the same on a fresh machine with no system fonts at all. Characters DejaVu
lacks (Chinese, Japanese, Korean, emoji) come from two compact fallbacks: Droid
Sans Fallback cut to the CJK and Hangul blocks, and Symbola cut to its emoji
and pictographs (licences beside them).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

from data.loader import DATA_DIR
from render.cmap import covered

FONTS_DIR = DATA_DIR / "fonts"
REGULAR = FONTS_DIR / "DejaVuSans.ttf"
BOLD = FONTS_DIR / "DejaVuSans-Bold.ttf"
# Tried in order for a character the main font lacks; neither has a bold face.
FALLBACKS = (FONTS_DIR / "DroidSansFallback-CJK.ttf", FONTS_DIR / "Symbola-Emoji.ttf")


@cache
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` pixels."""
    return typeface(main_file(bold), size)


def main_file(bold: bool) -> Path:
    return BOLD if bold else REGULAR


@cache
def typeface(path: Path, size: int) -> ImageFont.FreeTypeFont:
    """The font file at ``path`` at ``size`` pixels."""
    return ImageFont.truetype(path, size)


@cache
def file_for(character: str, bold: bool) -> Path:
    """The first font that has ``character``: the main one, else a fallback, else the main one.

    A character no font has is left to the main font, which draws its box: the
    reader sees that something is there.
    """
    point = ord(character)
    for path in (main_file(bold), *FALLBACKS):
        if point in _coverage(path):
            return path
    return main_file(bold)


@cache
def _coverage(path: Path) -> frozenset[int]:
    return covered(path)
