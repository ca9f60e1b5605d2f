"""Cars on the track: the car itself, where it started the round, and the path it took.

A car is a rounded body in its colour, turned along the track, with a pale or
dark nose and an upright label (a number or initial), so a player who cannot
tell red from green still finds their car by its label.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render import palette
from render.geometry import Point, Pose, TrackGeometry
from render.palette import RGB
from render.round_summary import CarRound
from render.text import draw_text

SPRITE_SCALE = 4
ANGLE_STEP = 3


def draw_car(
    image: Image.Image,
    geometry: TrackGeometry,
    pose: Pose,
    colour: RGB,
    label: str,
) -> None:
    """The car at ``pose``: its body turned along the track, its label upright on top."""
    length, width = round(geometry.car_length), round(geometry.car_width)
    angle = round(math.degrees(pose.heading) / ANGLE_STEP) * ANGLE_STEP % 360
    sprite = _car_sprite(colour, length, width, angle)
    image.paste(
        sprite,
        (round(pose.x - sprite.width / 2), round(pose.y - sprite.height / 2)),
        sprite,
    )
    size = max(8, round(width * (0.78 if len(label) == 1 else 0.62)))
    draw_text(
        image,
        (pose.x, pose.y),
        label,
        size=size,
        fill=palette.contrast(colour),
        bold=True,
        anchor="mm",
    )


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


def _spot_anchor(geometry: TrackGeometry, space: int, spot: int) -> tuple[float, float]:
    """A spot as (race position, offset left of the centreline)."""
    return space - 0.5, geometry.lane_offset(geometry.lane_of(space, spot))


def _trail_points(
    geometry: TrackGeometry,
    start: tuple[float, float],
    end: tuple[float, float],
    offset: float,
) -> list[Point]:
    """A path from ``start`` to ``end`` (race position, offset), in pixels.

    In between, the path runs ``offset`` left of the centreline, so trails of cars
    that drove the same stretch lie side by side instead of on top of each other.
    """
    (first, from_offset), (last, to_offset) = start, end
    steps = max(2, round((last - first) * 3))
    points: list[Point] = []
    for i in range(steps + 1):
        position = first + (last - first) * i / steps
        lead_in = min(1.0, (position - first) / 0.6)
        lead_out = min(1.0, (last - position) / 0.6)
        side = from_offset + (offset - from_offset) * lead_in
        side = to_offset + (side - to_offset) * lead_out
        points.append(geometry.pose_at(position).moved(0.0, side))
    return points


def draw_trail(
    draw: ImageDraw.ImageDraw,
    geometry: TrackGeometry,
    car: CarRound,
    colour: RGB,
    offset: float,
) -> None:
    """The path a car drove this round, chevrons where it slipstreamed.

    A car that spun out is drawn to the corner line it could not take.
    """
    start, reach = car.start, car.reach
    if start is None or reach is None:
        return
    if car.spun_out is not None:
        end = (float(car.spun_out.position), offset)
    else:
        end = _spot_anchor(geometry, *reach)
    points = _trail_points(geometry, _spot_anchor(geometry, *start), end, offset)
    width = max(2, round(geometry.car_width * 0.22))
    if _faint_on_asphalt(colour):
        casing = palette.contrast(colour)
        draw.line(points, fill=casing, width=width + 2)
    draw.line(points, fill=colour, width=width)
    for move in car.moves:
        if move.cause == "slipstream" and move.to_space > move.from_space:
            for space in range(move.from_space + 1, move.to_space + 1):
                _draw_chevron(draw, geometry, geometry.pose_at(space - 1.0), offset)


def _faint_on_asphalt(colour: RGB) -> bool:
    """Dark or grey cars' trails need a pale casing to show on the asphalt."""
    return sum(abs(a - b) for a, b in zip(colour, palette.ASPHALT, strict=True)) < 200


def _draw_chevron(
    draw: ImageDraw.ImageDraw, geometry: TrackGeometry, pose: Pose, offset: float
) -> None:
    """A ">" pointing the way, ``offset`` left of the centreline at ``pose``."""
    size = geometry.car_width * 0.45
    tip = pose.moved(size * 0.6, offset)
    wings = [pose.moved(-size * 0.6, offset + size), tip, pose.moved(-size * 0.6, offset - size)]
    draw.line(wings, fill=palette.SLIPSTREAM, width=max(2, round(size * 0.35)), joint="curve")


def draw_spin_mark(draw: ImageDraw.ImageDraw, geometry: TrackGeometry, pose: Pose) -> None:
    """An orange burst behind a car that spun out this round."""
    outer = geometry.car_length * 0.62
    inner = outer * 0.55
    spikes = 10
    points = []
    for i in range(spikes * 2):
        reach = outer if i % 2 == 0 else inner
        angle = pose.heading + math.pi * i / spikes
        points.append((pose.x + reach * math.cos(angle), pose.y + reach * math.sin(angle)))
    draw.polygon(points, fill=palette.SPIN)
