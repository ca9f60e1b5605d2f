"""Text pasted from cached glyph masks: a board repeats the same words every round.

Rendering a string with FreeType costs about ten times more than pasting its
mask, and names, places, labels and most notes do not change between rounds.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import font
from render.palette import RGB


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    *,
    size: int,
    fill: RGB,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """``text`` at ``xy`` placed as Pillow's ``anchor`` says (e.g. "mm", "lm", "rm")."""
    mask, left, top = _mask(text, size, bold, anchor)
    if mask.width and mask.height:
        image.paste(fill, (round(xy[0]) + left, round(xy[1]) + top), mask)


def text_width(text: str, *, size: int, bold: bool = False) -> float:
    """How wide ``text`` is, in pixels."""
    return _width(text, size, bold)


def fitted(text: str, width: float, *, size: int, bold: bool = False) -> str:
    """``text``, cut short with an ellipsis if it is wider than ``width`` pixels."""
    if _width(text, size, bold) <= width:
        return text
    while text and _width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


@lru_cache(maxsize=4096)
def _mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    typeface = font(size, bold=bold)
    box = typeface.getbbox(text, anchor=anchor)
    left, top = math.floor(box[0]), math.floor(box[1])
    right, bottom = math.ceil(box[2]), math.ceil(box[3])
    mask = Image.new("L", (max(0, right - left), max(0, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=typeface, anchor=anchor)
    return mask, left, top


@lru_cache(maxsize=4096)
def _width(text: str, size: int, bold: bool) -> float:
    return font(size, bold=bold).getlength(text)
