"""Cars on the track: the car itself, where it started the round, and a spin-out's burst.

A car is a rounded body in its colour, turned along the track, with a pale or
dark nose and an upright label (a number or initial), so a player who cannot
tell red from green still finds their car by its label. Where cars bunch the
label moves to a tag beside the road (:mod:`render.labels`), in the car's
colour like the roster's badge, tied to the car by a leader line.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render import palette
from render.geometry import Point, Pose, TrackGeometry
from render.palette import RGB
from render.text import Extent, draw_text

SPRITE_SCALE = 4
ANGLE_STEP = 3
PLACE_COLOURS = {1: palette.GOLD, 2: palette.SILVER, 3: palette.BRONZE}


def letter_size(geometry: TrackGeometry, label: str, scale: float = 1.0, least: int = 8) -> int:
    """The type size of a car's label: as the car allows, at least ``least`` pixels."""
    width = round(geometry.car_width * scale)
    return max(least, round(width * (0.78 if len(label) == 1 else 0.62)))


def draw_car(
    image: Image.Image,
    geometry: TrackGeometry,
    pose: Pose,
    colour: RGB,
    label: str | None,
    scale: float = 1.0,
    *,
    least: int = 8,
) -> None:
    """The car at ``pose``, ``scale`` times the track's car size, its label upright on top,
    at least ``least`` pixels high (ringed in the car's colour where it overhangs the car);
    no label when it is None (it is on a tag beside the road)."""
    length = round(geometry.car_length * scale)
    width = round(geometry.car_width * scale)
    angle = round(math.degrees(pose.heading) / ANGLE_STEP) * ANGLE_STEP % 360
    sprite = _car_sprite(colour, length, width, angle)
    image.paste(
        sprite,
        (round(pose.x - sprite.width / 2), round(pose.y - sprite.height / 2)),
        sprite,
    )
    if label is None:
        return
    draw_text(
        image,
        (pose.x, pose.y),
        label,
        size=letter_size(geometry, label, scale, least),
        fill=palette.contrast(colour),
        bold=True,
        anchor="mm",
        halo=colour,
    )


def draw_tag(image: Image.Image, tag: Extent, colour: RGB, label: str, size: int) -> None:
    """A car's label on a rounded tag in its colour, edged like the roster's badge."""
    left, top, right, bottom = tag
    edge = palette.contrast(colour)
    ImageDraw.Draw(image).rounded_rectangle(
        (left, top, right - 1, bottom - 1),
        radius=(bottom - top) // 3,
        fill=colour,
        outline=edge,
        width=max(1, round((bottom - top) * 0.08)),
    )
    centre = ((left + right) / 2, (top + bottom) / 2)
    draw_text(image, centre, label, size=size, fill=edge, bold=True, anchor="mm")


def draw_leader(draw: ImageDraw.ImageDraw, car: Point, tag: Point, colour: RGB, width: int) -> None:
    """The line from a car to its tag, in its colour, cased so it shows on road and grass."""
    draw.line([car, tag], fill=palette.contrast(colour), width=width + 2)
    draw.line([car, tag], fill=colour, width=width)


@lru_cache(maxsize=512)
def _car_sprite(colour: RGB, length: int, width: int, angle: int) -> Image.Image:
    """A car body as an RGBA tile, drawn large and shrunk for smooth edges, then turned."""
    big_length, big_width = length * SPRITE_SCALE, width * SPRITE_SCALE
    tile = Image.new("RGBA", (big_length, big_width), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    edge = palette.contrast(colour)
    border = max(SPRITE_SCALE, round(big_width * 0.08))
    draw.rounded_rectangle(
        (0, 0, big_length - 1, big_width - 1),
        radius=big_width // 3,
        fill=(*edge, 255),
    )
    draw.rounded_rectangle(
        (border, border, big_length - 1 - border, big_width - 1 - border),
        radius=big_width // 3 - border,
        fill=(*colour, 255),
    )
    nose = big_length - border - round(big_length * 0.12)
    draw.polygon(
        [(nose, border), (big_length - border, big_width / 2), (nose, big_width - border)],
        fill=(*edge, 255),
    )
    # Box averaging and bilinear turning never overshoot, so the body keeps its exact colour.
    small = tile.reduce(SPRITE_SCALE)
    return small.rotate(-angle, resample=Image.Resampling.BILINEAR, expand=True)


def draw_ghost(draw: ImageDraw.ImageDraw, geometry: TrackGeometry, pose: Pose, colour: RGB) -> None:
    """The outline of a car where it stood when the round began."""
    corners = geometry.footprint(pose)
    draw.polygon(corners, outline=colour, width=max(2, round(geometry.car_width * 0.1)))


def draw_spin_mark(
    draw: ImageDraw.ImageDraw, geometry: TrackGeometry, pose: Pose, scale: float = 1.0
) -> None:
    """An orange burst behind a car that spun out this round."""
    outer = geometry.car_length * 0.62 * scale
    inner = outer * 0.55
    spikes = 10
    points = []
    for i in range(spikes * 2):
        reach = outer if i % 2 == 0 else inner
        angle = pose.heading + math.pi * i / spikes
        points.append((pose.x + reach * math.cos(angle), pose.y + reach * math.sin(angle)))
    draw.polygon(points, fill=palette.SPIN)


def place_disc_radius(geometry: TrackGeometry, least: int = 8) -> float:
    """The radius of a finished car's place disc: room for its number at ``least`` pixels."""
    return max(geometry.car_width * 0.62, least * 0.8)


def draw_place_disc(
    image: Image.Image,
    geometry: TrackGeometry,
    centre: tuple[float, float],
    place: int,
    least: int = 8,
) -> None:
    """A round disc with a finished car's place (at least ``least`` pixels high): gold,
    silver and bronze for the podium."""
    radius = place_disc_radius(geometry, least)
    fill = PLACE_COLOURS.get(place, palette.WHITE)
    x, y = centre
    ImageDraw.Draw(image).ellipse(
        (x - radius, y - radius, x + radius, y + radius),
        fill=fill,
        outline=palette.INK,
        width=max(1, round(radius * 0.12)),
    )
    size = max(least, round(radius * 1.25))
    draw_text(image, centre, str(place), size=size, fill=palette.INK, bold=True, anchor="mm")
