"""Text pasted from cached glyph masks: a board repeats the same words every round.

Rendering a string with FreeType costs about ten times more than pasting its
mask, and names, places, labels and most notes do not change between rounds.
A string is split into runs of characters drawn by the same font (DejaVu, or a
fallback for the characters it lacks), set one after the other on one baseline.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from itertools import groupby
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from render.fonts import file_for, font, main_file, typeface
from render.palette import RGB

Run = tuple[str, Path]
# Emoji presentation selectors and joiners: no font here draws sequences, so they go.
INVISIBLE = frozenset("\ufe0e\ufe0f\u200d")
# How far a halo reaches past the glyphs, in pixels.
HALO = 2
_SIZES_DRAWN: ContextVar[list[tuple[int, str]] | None] = ContextVar("sizes_drawn", default=None)
# Left, top, right and bottom of what a text covers, in pixels (right and bottom excluded).
Extent = tuple[int, int, int, int]
_BOXES_DRAWN: ContextVar[list[tuple[str, Extent]] | None] = ContextVar("boxes_drawn", default=None)


@contextmanager
def sizes_drawn() -> Iterator[list[tuple[int, str]]]:
    """Every (type size, text) drawn inside the block, in order.

    Discord shows a picture about 400 px wide on a phone, so a picture reads only if
    its smallest text is big enough for its width: this is how that is measured.
    """
    drawn: list[tuple[int, str]] = []
    token = _SIZES_DRAWN.set(drawn)
    try:
        yield drawn
    finally:
        _SIZES_DRAWN.reset(token)


@contextmanager
def boxes_drawn() -> Iterator[list[tuple[str, Extent]]]:
    """Every (text, what it covers) drawn inside the block, halo included, in order.

    Where letters crowd (cars in a pack) this is how a test sees whether two overlap.
    """
    drawn: list[tuple[str, Extent]] = []
    token = _BOXES_DRAWN.set(drawn)
    try:
        yield drawn
    finally:
        _BOXES_DRAWN.reset(token)


def text_extent(
    xy: tuple[float, float],
    text: str,
    *,
    size: int,
    bold: bool = False,
    anchor: str = "la",
    halo: bool = False,
) -> Extent:
    """What :func:`draw_text` with these arguments covers (its halo too, if it has one)."""
    mask, left, top = _mask(text, size, bold, anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    grow = HALO if halo and mask.width and mask.height else 0
    return (x - grow, y - grow, x + mask.width + grow, y + mask.height + grow)


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    *,
    size: int,
    fill: RGB,
    bold: bool = False,
    anchor: str = "la",
    halo: RGB | None = None,
) -> None:
    """``text`` at ``xy`` placed as Pillow's ``anchor`` says (e.g. "mm", "lm", "rm").

    A ``halo`` colour rings every glyph, so text wider than what it stands on
    (a car's letter on a small car) still reads where it overhangs.
    """
    drawn = _SIZES_DRAWN.get()
    if drawn is not None and text.strip():
        drawn.append((size, text))
    mask, left, top = _mask(text, size, bold, anchor)
    if not (mask.width and mask.height):
        return
    boxes = _BOXES_DRAWN.get()
    if boxes is not None:
        extent = text_extent(xy, text, size=size, bold=bold, anchor=anchor, halo=halo is not None)
        boxes.append((text, extent))
    x, y = round(xy[0]) + left, round(xy[1]) + top
    if halo is not None:
        ring = _halo(text, size, bold, anchor)
        image.paste(halo, (x - HALO, y - HALO), ring)
    image.paste(fill, (x, y), mask)


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


def runs(text: str, bold: bool) -> list[Run]:
    """``text`` cut where the font that can draw it changes."""
    return [
        ("".join(chars), path)
        for path, chars in groupby(
            (c for c in text if c not in INVISIBLE), key=lambda c: file_for(c, bold)
        )
    ]


@lru_cache(maxsize=4096)
def _mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """The text's coverage mask and where its top left lies from the anchor point."""
    pieces = runs(text, bold)
    if len(pieces) == 1 and pieces[0][1] == main_file(bold):
        text = pieces[0][0]
        typeface_ = font(size, bold=bold)
        box = typeface_.getbbox(text, anchor=anchor)
        left, top = math.floor(box[0]), math.floor(box[1])
        right, bottom = math.ceil(box[2]), math.ceil(box[3])
        mask = Image.new("L", (max(0, right - left), max(0, bottom - top)), 0)
        ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=typeface_, anchor=anchor)
        return mask, left, top
    return _mixed_mask(pieces, size, bold, anchor)


def _mixed_mask(
    pieces: list[Run], size: int, bold: bool, anchor: str
) -> tuple[Image.Image, int, int]:
    """Runs in several fonts on the main font's baseline, placed as ``anchor`` says."""
    if not pieces:
        return Image.new("L", (0, 0)), 0, 0
    boxes = []
    x = 0.0
    for text, path in pieces:
        left, top, right, bottom = typeface(path, size).getbbox(text, anchor="ls")
        boxes.append((x + left, top, x + right, bottom))
        x += typeface(path, size).getlength(text)
    left = math.floor(min(box[0] for box in boxes))
    top = math.floor(min(box[1] for box in boxes))
    right = math.ceil(max(box[2] for box in boxes))
    bottom = math.ceil(max(box[3] for box in boxes))
    mask = Image.new("L", (max(0, right - left), max(0, bottom - top)), 0)
    draw = ImageDraw.Draw(mask)
    x = 0.0
    for text, path in pieces:
        draw.text((x - left, -top), text, fill=255, font=typeface(path, size), anchor="ls")
        x += typeface(path, size).getlength(text)
    ascent, descent = font(size, bold=bold).getmetrics()
    shift_x = {"l": 0.0, "m": -x / 2, "r": -x}[anchor[0]]
    shift_y = {"a": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}[anchor[1]]
    return mask, round(left + shift_x), round(top + shift_y)


@lru_cache(maxsize=512)
def _halo(text: str, size: int, bold: bool, anchor: str) -> Image.Image:
    """The text's mask grown by ``HALO`` pixels all round."""
    mask = _mask(text, size, bold, anchor)[0]
    grown = Image.new("L", (mask.width + 2 * HALO, mask.height + 2 * HALO), 0)
    grown.paste(mask, (HALO, HALO))
    return grown.filter(ImageFilter.MaxFilter(2 * HALO + 1))


@lru_cache(maxsize=4096)
def _width(text: str, size: int, bold: bool) -> float:
    return sum(typeface(path, size).getlength(piece) for piece, path in runs(text, bold))
