"""The weather module on the board: each corner's limit after its road token, and the tags.

A corner token that changes the limit (+1, −1) changes the number in the
corner's sign, ringed in gold; an Overheat token hangs a red tag off that
corner's sign; a sector token changes the sector after the line, so its blue
tag stands beside the track where the sector starts. A chicane has one token:
"a corner token applies to both of its lines; a sector token applies to the
sector after the chicane's second line", so a tag goes by the first line's sign
or after the second line, once. The weather card's words and what each kind of
token means are lines of the key.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

import data
from data import words
from data.models import RoadCondition
from data.words import N_
from engine.conditions import corner_limit
from engine.course import course
from engine.state import Weather
from engine.view import RaceView
from render import palette
from render.geometry import Box, Point, TrackGeometry
from render.layout import BoardLayout
from render.palette import RGB
from render.text import draw_text, text_width

# Tag sizes, in units of the board's smallest text.
TAG_HEIGHT = 1.45
TAG_PAD = 0.4
GAP = 0.16
# How far past its corner line (in spaces) a sector token may stand, nearest first.
SECTOR_AHEAD = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0)

CORNER_INK: RGB = palette.SIGN_RED
SECTOR_INK: RGB = palette.SLIPSTREAM
CHANGED_RING: RGB = palette.GOLD

# What a sector effect does, in a few words (the key's line for the weather card): the
# message ``effect_<effect>``.
EFFECT_WORDS: tuple[str, ...] = N_(
    "effect_no_cooldown",
    "effect_no_slipstream",
    "effect_slipstream_plus_1",
    "effect_slipstream_plus_2",
    "effect_cooldown_plus_1",
    "effect_free_boost",
)
# The same, short enough for a tag beside the track: the message ``tag_<effect>``.
EFFECT_TAGS: tuple[str, ...] = N_(
    "tag_no_cooldown",
    "tag_no_slipstream",
    "tag_slipstream_plus_1",
    "tag_slipstream_plus_2",
    "tag_cooldown_plus_1",
    "tag_free_boost",
)


def corner_limits(view: RaceView) -> dict[int, int]:
    """Each corner's speed limit (by its position on the lap) as the engine reads it, road
    token included."""
    here = course(view.track, view.laps)
    first_lap = here.lines[: len(here.track.corners)]
    return {line.corner.position: corner_limit(view.weather, here, line) for line in first_lap}


def token_key(weather: Weather | None, locale: str = "en") -> tuple[tuple[RGB, str], ...]:
    """The key's lines for the kinds of token this race has, and for its weather card, in
    the locale's language."""
    if weather is None:
        return ()
    module = data.weather()
    tokens = [module.token(token_id) for token_id in weather.tokens]
    rows: list[tuple[RGB, str]] = []
    if any(token.speed_limit for token in tokens):
        rows.append((CHANGED_RING, words.text("key_token_limit", locale)))
    if any(token.overheat for token in tokens):
        rows.append((CORNER_INK, words.text("key_token_overheat", locale)))
    if any(token.applies_to == "sector" for token in tokens):
        rows.append((SECTOR_INK, words.text("key_token_sector", locale)))
    rows.append((SECTOR_INK, weather_line(weather, locale)))
    return tuple(rows)


def weather_line(weather: Weather, locale: str = "en") -> str:
    """What the weather card does in its sectors ("Storm sectors: slipstream +2")."""
    card = data.weather().card(weather.card)
    effect = words.text(f"effect_{card.sector_effect}", locale)
    name = words.weather_card_name(card.id, locale)
    return words.text("key_weather", locale, card=name, effect=effect)


@dataclass(frozen=True, slots=True)
class TokenMark:
    """One road-condition token as drawn: the corner line it belongs to, its tag and words."""

    position: int
    token: str
    applies_to: Literal["corner", "sector"]
    label: str
    box: Box

    @property
    def centre(self) -> Point:
        return (self.box.left + self.box.width / 2, self.box.top + self.box.height / 2)


def token_label(token: RoadCondition, weather: Weather, locale: str = "en") -> str:
    """What a token's tag says in the locale's language: "+1 Heat", or the sector's effect
    (the weather card's name in a weather sector); a token that changes the limit has none
    (its sign shows it)."""
    if token.overheat:
        return words.text("tag_overheat", locale, heat=token.overheat)
    effect = token.sector_effect
    if effect == "weather":
        return words.weather_card_name(weather.card, locale)
    return token.name if effect is None else words.text(f"tag_{effect}", locale)


@lru_cache(maxsize=64)
def token_marks(
    geometry: TrackGeometry, layout: BoardLayout, weather: Weather, locale: str = "en"
) -> tuple[TokenMark, ...]:
    """Where each tagged token goes, one per corner (one per chicane), its tag in the
    locale's language; kept for the race."""
    module = data.weather()
    sign_radius = layout.sign_radius
    height = layout.px(TAG_HEIGHT)
    marks = []
    for corner, token_id in zip(geometry.track.corners, weather.tokens, strict=True):
        token = module.token(token_id)
        if token.applies_to == "corner" and not token.overheat:
            continue
        label = token_label(token, weather, locale)
        width = round(text_width(label, size=layout.text, bold=True)) + 2 * layout.px(TAG_PAD)
        if token.applies_to == "corner":
            if corner.chicane_role == "second":
                continue
            centre = _off_sign(geometry, corner.position, sign_radius, width, height, layout)
        else:
            if corner.chicane_role == "first":
                continue
            sign = geometry.beside(corner.position, sign_radius)
            centre = _sector_start(geometry, corner.position, sign, sign_radius, width, height)
        box = _box_within(geometry.box, centre, width, height)
        marks.append(TokenMark(corner.position, token_id, token.applies_to, label, box))
    return tuple(marks)


def _off_sign(
    geometry: TrackGeometry,
    position: int,
    sign_radius: int,
    width: int,
    height: int,
    layout: BoardLayout,
) -> Point:
    """Just outside the corner's limit sign, on the side away from the track."""
    sign_x, sign_y = geometry.beside(position, sign_radius)
    middle = geometry.pose_at(position)
    dx, dy = sign_x - middle.x, sign_y - middle.y
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    reach = sign_radius + layout.px(GAP) + abs(ux) * width / 2 + abs(uy) * height / 2
    return sign_x + ux * reach, sign_y + uy * reach


def _sector_start(
    geometry: TrackGeometry, position: int, sign: Point, sign_radius: int, width: int, height: int
) -> Point:
    """Beside the sector's first spaces, off the track and clear of the limit sign.

    Tried a little further along on each side; the first spot that touches
    neither wins, else the one farthest from the track.
    """
    half = geometry.track_width / 2
    gap = geometry.space_length * 0.15
    candidates: list[tuple[bool, float, Point]] = []
    for ahead in SECTOR_AHEAD:
        pose = geometry.pose_at(position + ahead)
        for side in (1.0, -1.0):
            nx, ny = pose.moved(0.0, side)
            nx, ny = nx - pose.x, ny - pose.y
            reach = half + gap + abs(nx) * width / 2 + abs(ny) * height / 2
            centre = pose.moved(0.0, side * reach)
            box = _box_around(centre, width, height)
            clearance = min(geometry.clearance(corner) for corner in _corners(box))
            clear_of_sign = math.dist(centre, sign) > sign_radius + max(width, height) / 2
            if clearance > 0 and clear_of_sign:
                return centre
            candidates.append((clear_of_sign, clearance, centre))
    return max(candidates)[2]


def _box_around(centre: Point, width: int, height: int) -> Box:
    return Box(round(centre[0] - width / 2), round(centre[1] - height / 2), width, height)


def _corners(box: Box) -> list[Point]:
    right, bottom = box.left + box.width, box.top + box.height
    return [(box.left, box.top), (right, box.top), (right, bottom), (box.left, bottom)]


def _box_within(box: Box, centre: Point, width: int, height: int) -> Box:
    """A ``width`` x ``height`` box around ``centre``, moved inside ``box`` if it sticks out."""
    left = min(max(box.left, round(centre[0] - width / 2)), box.left + box.width - width)
    top = min(max(box.top, round(centre[1] - height / 2)), box.top + box.height - height)
    return Box(left, top, width, height)


def draw_weather(
    image: Image.Image,
    geometry: TrackGeometry,
    layout: BoardLayout,
    weather: Weather,
    locale: str = "en",
) -> None:
    """Every tagged road-condition token's tag, in the locale's language."""
    draw = ImageDraw.Draw(image)
    for mark in token_marks(geometry, layout, weather, locale):
        ink = CORNER_INK if mark.applies_to == "corner" else SECTOR_INK
        _panel(draw, mark.box, palette.WHITE, ink, layout.px(0.16))
        draw_text(
            image,
            mark.centre,
            mark.label,
            size=layout.text,
            fill=palette.INK,
            bold=True,
            anchor="mm",
        )


def _panel(draw: ImageDraw.ImageDraw, box: Box, fill: RGB, outline: RGB, width: int) -> None:
    right, bottom = box.left + box.width - 1, box.top + box.height - 1
    radius = box.height // 4
    draw.rounded_rectangle(
        (box.left, box.top, right, bottom), radius, fill=fill, outline=outline, width=width
    )
