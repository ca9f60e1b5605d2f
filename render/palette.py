"""Every colour a board uses, and the 256-colour palette its PNG is written with.

Images are drawn in RGB (antialiased shapes and text), then mapped onto one
fixed palette: the named inks, the cars' colours, and a few blends between
colours that touch, so antialiased edges keep their softness. A palette PNG is
a third the size of an RGB one and several times faster to encode.

Pillow matches colours to a palette through a cache at 5-6-5 bits per channel,
which can hand a colour to a close neighbour; every colour here is therefore
snapped to that grid (:func:`on_grid`), and then each ink comes out exactly,
which the tests rely on.
"""

from __future__ import annotations

import re
import zlib
from functools import cache

from PIL import Image

RGB = tuple[int, int, int]


def on_grid(colour: RGB) -> RGB:
    """``colour`` rounded down to the 5-6-5 grid Pillow's palette matching works on."""
    red, green, blue = colour
    return (red & ~7, green & ~3, blue & ~7)


GRASS: RGB = on_grid((54, 104, 64))
ASPHALT: RGB = on_grid((78, 82, 90))
SEPARATOR: RGB = on_grid((58, 61, 68))
EDGE: RGB = on_grid((226, 228, 232))
RACE_LINE: RGB = on_grid((226, 192, 90))
WHITE: RGB = on_grid((250, 250, 250))
INK: RGB = on_grid((22, 22, 26))
SIGN_RED: RGB = on_grid((204, 32, 36))
PANEL: RGB = on_grid((28, 30, 36))
PANEL_ROW: RGB = on_grid((40, 43, 51))
TEXT: RGB = on_grid((236, 238, 242))
TEXT_DIM: RGB = on_grid((150, 156, 168))
SPIN: RGB = on_grid((255, 140, 0))
SLIPSTREAM: RGB = on_grid((110, 210, 255))
GOLD: RGB = on_grid((222, 180, 60))
SILVER: RGB = on_grid((180, 186, 196))
BRONZE: RGB = on_grid((184, 115, 62))

INKS: tuple[RGB, ...] = (
    GRASS,
    ASPHALT,
    SEPARATOR,
    EDGE,
    RACE_LINE,
    WHITE,
    INK,
    SIGN_RED,
    PANEL,
    PANEL_ROW,
    TEXT,
    TEXT_DIM,
    SPIN,
    SLIPSTREAM,
    GOLD,
    SILVER,
    BRONZE,
)

# The game's car colours (base game and the Legends' extra ones), bright enough to
# tell apart on the asphalt.
_CAR_COLOURS: dict[str, RGB] = {
    "black": (34, 34, 38),
    "blue": (36, 110, 230),
    "green": (38, 170, 78),
    "red": (222, 38, 38),
    "gray": (152, 152, 158),
    "grey": (152, 152, 158),
    "yellow": (246, 206, 30),
    "orange": (246, 128, 20),
    "purple": (142, 72, 204),
    "white": (246, 246, 246),
    "pink": (240, 110, 180),
    "brown": (140, 90, 50),
    "cyan": (40, 200, 220),
}
CAR_COLOURS = {name: on_grid(colour) for name, colour in _CAR_COLOURS.items()}
# Stand-ins for colour names we do not know, picked by a stable hash of the name.
_SPARE_COLOURS: tuple[RGB, ...] = (
    (0, 150, 136),
    (205, 220, 57),
    (121, 85, 72),
    (63, 81, 181),
    (233, 30, 99),
    (255, 193, 7),
)
_HEX = re.compile(r"#([0-9a-fA-F]{6})")

# Pairs of colours that meet on a board (background first): their blends go in
# the palette so antialiased edges between them stay smooth.
_UI_PAIRS: tuple[tuple[RGB, RGB], ...] = (
    (GRASS, ASPHALT),
    (GRASS, EDGE),
    (ASPHALT, EDGE),
    (ASPHALT, SEPARATOR),
    (ASPHALT, RACE_LINE),
    (ASPHALT, WHITE),
    (ASPHALT, INK),
    (ASPHALT, SPIN),
    (ASPHALT, SLIPSTREAM),
    (GRASS, WHITE),
    (GRASS, INK),
    (GRASS, SIGN_RED),
    (WHITE, SIGN_RED),
    (WHITE, INK),
    (GRASS, TEXT),
    (PANEL, TEXT),
    (PANEL, TEXT_DIM),
    (PANEL_ROW, TEXT),
    (PANEL_ROW, TEXT_DIM),
    (PANEL, GOLD),
    (PANEL, SILVER),
    (PANEL, BRONZE),
    (PANEL_ROW, SPIN),
    (PANEL_ROW, SLIPSTREAM),
    (INK, TEXT),
    (GOLD, INK),
    (SILVER, INK),
    (BRONZE, INK),
)
_BLEND_STEPS = (0.25, 0.5, 0.75)


def car_rgb(colour: str) -> RGB:
    """The RGB of a car colour: a known name, ``#rrggbb``, or a stable stand-in."""
    known = CAR_COLOURS.get(colour.lower())
    if known is not None:
        return known
    match = _HEX.fullmatch(colour)
    if match is not None:
        value = int(match.group(1), 16)
        return on_grid((value >> 16, (value >> 8) & 0xFF, value & 0xFF))
    return on_grid(_SPARE_COLOURS[zlib.crc32(colour.encode()) % len(_SPARE_COLOURS)])


def contrast(colour: RGB) -> RGB:
    """Ink or white, whichever reads better on ``colour`` (for outlines and labels)."""
    red, green, blue = colour
    luminance = 0.299 * red + 0.587 * green + 0.114 * blue
    return INK if luminance > 140 else WHITE


def blend(background: RGB, colour: RGB, amount: float) -> RGB:
    """``colour`` laid over ``background`` with opacity ``amount`` (0..1)."""
    r = tuple(round(b + (c - b) * amount) for b, c in zip(background, colour, strict=True))
    return (r[0], r[1], r[2])


@cache
def board_palette(car_colours: tuple[RGB, ...]) -> Image.Image:
    """The palette image for boards with these cars: inks first, then the blends.

    ``car_colours`` must come from :func:`car_rgb`, so that they are on the grid.
    """
    colours: dict[RGB, None] = dict.fromkeys(INKS + car_colours)
    pairs = list(_UI_PAIRS)
    for car in car_colours:
        pairs += [(ASPHALT, car), (car, contrast(car)), (PANEL_ROW, car), (PANEL, car)]
    for background, colour in pairs:
        for amount in _BLEND_STEPS:
            colours.setdefault(on_grid(blend(background, colour, amount)))
    chosen = list(colours)[:256]
    flat = [channel for colour in chosen for channel in colour]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (256 - len(chosen)))
    return palette


def to_palette(image: Image.Image, car_colours: tuple[RGB, ...]) -> Image.Image:
    """``image`` mapped to the board palette, each pixel to its nearest colour, no dither."""
    return image.quantize(palette=board_palette(car_colours), dither=Image.Dither.NONE)
