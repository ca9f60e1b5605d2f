"""The weather module on the board: the weather card, and each road-condition token in place.

A corner token (limit +1, limit −1, Overheat) changes its corner line, so its
tag hangs off that corner's limit sign; a sector token changes the sector after
the line, so its tag stands beside the track where the sector starts. A chicane
has one token: "a corner token applies to both of its lines; a sector token
applies to the sector after the chicane's second line", so the tag goes by the
first line's sign or after the second line, once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

import data
from data.models import RoadCondition, SectorEffect
from engine.state import Weather
from render import palette
from render.geometry import Box, Point, TrackGeometry
from render.layout import BoardLayout
from render.palette import RGB
from render.text import draw_text, text_width
from render.track_layer import SIGN_RADIUS

# Tag text and the weather card's lines, in units of a 1600-pixel-wide board:
# at least the panel's smallest size, readable when Discord shows 550 px.
TAG_TEXT = 26
TAG_HEIGHT = 36
TAG_PAD = 10
GAP = 4
CARD_TITLE = 28
CARD_TEXT = 26
CARD_PAD = 14
# How far past its corner line (in spaces) a sector token may stand, nearest first.
SECTOR_AHEAD = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0)
# Where along an edge of the track's part the weather card may slide, when no corner is free.
CARD_SLIDES = (0.25, 0.5, 0.75)

CORNER_INK: RGB = palette.SIGN_RED
SECTOR_INK: RGB = palette.SLIPSTREAM

# What a sector effect does, in a few words (the weather card's line).
EFFECT_WORDS: dict[SectorEffect, str] = {
    "no_cooldown": "no Cooldown",
    "no_slipstream": "no slipstream start",
    "slipstream_plus_1": "slipstream +1",
    "slipstream_plus_2": "slipstream +2",
    "cooldown_plus_1": "Cooldown +1",
    "free_boost": "free Boost",
}
# The same, short enough for a tag beside the track.
EFFECT_TAGS: dict[SectorEffect, str] = {
    "no_cooldown": "no cool",
    "no_slipstream": "no slip",
    "slipstream_plus_1": "slip +1",
    "slipstream_plus_2": "slip +2",
    "cooldown_plus_1": "cool +1",
    "free_boost": "free boost",
}


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


def token_label(token: RoadCondition, weather: Weather) -> str:
    """What a token's tag says: the limit change, "+1 Heat", or the sector's effect."""
    if token.speed_limit:
        return f"{token.speed_limit:+d}".replace("-", "−")
    if token.overheat:
        return f"+{token.overheat} Heat"
    effect = token.sector_effect
    if effect == "weather":
        return data.weather().card(weather.card).name
    return token.name if effect is None else EFFECT_TAGS[effect]


@lru_cache(maxsize=64)
def token_marks(
    geometry: TrackGeometry, layout: BoardLayout, weather: Weather
) -> tuple[TokenMark, ...]:
    """Where each token's tag goes, one per corner (one per chicane); kept for the race."""
    module = data.weather()
    sign_radius = layout.px(SIGN_RADIUS)
    height = layout.px(TAG_HEIGHT)
    marks = []
    for corner, token_id in zip(geometry.track.corners, weather.tokens, strict=True):
        token = module.token(token_id)
        label = token_label(token, weather)
        width = round(text_width(label, size=layout.px(TAG_TEXT), bold=True)) + 2 * layout.px(
            TAG_PAD
        )
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


def weather_lines(weather: Weather) -> tuple[str, str]:
    """The weather card's name, and what it does in its sectors."""
    card = data.weather().card(weather.card)
    return f"Weather: {card.name}", f"{card.name} sectors: {EFFECT_WORDS[card.sector_effect]}"


@lru_cache(maxsize=64)
def weather_card_box(geometry: TrackGeometry, layout: BoardLayout, weather: Weather) -> Box:
    """The weather card's box along the edge of the track's part, a corner if one is free:
    the first place clear of the track and of every token's tag, else the least covered."""
    title, effect = weather_lines(weather)
    width = round(
        max(
            text_width(title, size=layout.px(CARD_TITLE), bold=True),
            text_width(effect, size=layout.px(CARD_TEXT)),
        )
    ) + 2 * layout.px(CARD_PAD)
    height = layout.px(CARD_TITLE + CARD_TEXT + 20) + 2 * layout.px(CARD_PAD)
    area = geometry.box
    room_x, room_y = area.width - width, area.height - height
    places = [(x, y) for x in (0.0, 1.0) for y in (0.0, 1.0)]
    places += [(x, y) for x in CARD_SLIDES for y in (0.0, 1.0)]
    places += [(x, y) for x in (0.0, 1.0) for y in CARD_SLIDES]
    boxes = [
        Box(area.left + round(x * room_x), area.top + round(y * room_y), width, height)
        for x, y in places
    ]
    tags = [mark.box for mark in token_marks(geometry, layout, weather)]
    margin = geometry.track_width / 2 + layout.px(GAP)
    scored = []
    for box in boxes:
        free_of_tags = not any(_overlap(box, tag) for tag in tags)
        clearance = _clearance(geometry, box)
        if free_of_tags and clearance > margin:
            return box
        scored.append((free_of_tags, clearance, box.left, box.top, box))
    return max(scored)[-1]


def _overlap(one: Box, other: Box) -> bool:
    return (
        one.left < other.left + other.width
        and other.left < one.left + one.width
        and one.top < other.top + other.height
        and other.top < one.top + one.height
    )


def _clearance(geometry: TrackGeometry, box: Box) -> float:
    """How far the nearest point of the track's centre line lies from ``box``."""
    right, bottom = box.left + box.width, box.top + box.height
    return min(
        math.hypot(max(box.left - x, 0.0, x - right), max(box.top - y, 0.0, y - bottom))
        for x, y in geometry.path
    )


def draw_weather(
    image: Image.Image, geometry: TrackGeometry, layout: BoardLayout, weather: Weather
) -> None:
    """The weather card, then every road-condition token's tag."""
    draw = ImageDraw.Draw(image)
    card = weather_card_box(geometry, layout, weather)
    _panel(draw, card, palette.PANEL, palette.SLIPSTREAM, layout.px(3))
    title, effect = weather_lines(weather)
    left = card.left + layout.px(CARD_PAD)
    top = card.top + layout.px(CARD_PAD)
    draw_text(image, (left, top), title, size=layout.px(CARD_TITLE), fill=palette.TEXT, bold=True)
    below = top + layout.px(CARD_TITLE + 14)
    draw_text(image, (left, below), effect, size=layout.px(CARD_TEXT), fill=palette.TEXT_DIM)
    for mark in token_marks(geometry, layout, weather):
        ink = CORNER_INK if mark.applies_to == "corner" else SECTOR_INK
        _panel(draw, mark.box, palette.WHITE, ink, layout.px(4))
        draw_text(
            image,
            mark.centre,
            mark.label,
            size=layout.px(TAG_TEXT),
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
