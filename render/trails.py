"""The path each car drove this round: a thin line in its colour, in the lane it drove in.

A trail starts at the nose of the car where it stood and stops at the tail of
the car where it stands, so it never runs under a token. It keeps to its lane
(easing across when the car changed lanes) and never spreads into lanes the
track does not have; trails sharing a lane and a stretch sit side by side
inside it. A car that spun out stops where it was put back, a finished car at
the finish line. Cars leaving the starting grid draw none: six trails from the
grid would lie over its marks and the chequered line, and the grid already says
where every car came from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from render import palette
from render.geometry import CAR_LENGTH, Point, TrackGeometry
from render.palette import RGB
from render.round_summary import CarRound

# Side-by-side places inside a lane, as shares of the lane spacing.
SHARES = (0.0, 0.16, -0.16)
# How far (in spaces) a trail takes to ease from one lane to the other.
EASE = 0.8


@dataclass(frozen=True, slots=True)
class Trail:
    """A stretch of race positions (in spaces) driven from one lane to another."""

    car: str
    first: float
    last: float
    from_lane_offset: float
    to_lane_offset: float

    def meets(self, other: Trail) -> bool:
        """True when the two stretches share some of the track in the same starting lane."""
        same_lane = self.from_lane_offset == other.from_lane_offset
        return same_lane and self.first < other.last and other.first < self.last


def trail_of(
    geometry: TrackGeometry, car_id: str, car: CarRound, finish_line: int | None
) -> Trail | None:
    """The stretch a car drove, from its nose at the start to its tail at the end (or None)."""
    start = car.start
    if start is None or not car.moved or start[0] <= 0:
        return None
    if car.spun_out is not None:
        end = (car.spun_out.to_space, car.spun_out.to_spot)
    else:
        end = car.reach or start
    half = CAR_LENGTH / 2
    first = start[0] - 0.5 + half
    if car.finished is not None and finish_line is not None:
        last = float(finish_line)
    else:
        last = end[0] - 0.5 - half
    if last <= first:
        return None
    from_offset = geometry.lane_offset(geometry.lane_of(*start))
    to_offset = geometry.lane_offset(geometry.lane_of(*end))
    return Trail(car_id, first, last, from_offset, to_offset)


def side_by_side(trails: Sequence[Trail]) -> dict[str, float]:
    """A place inside the lane for each trail, so trails that meet do not lie on each other."""
    shares: dict[str, float] = {}
    for i, trail in enumerate(trails):
        taken = {shares[other.car] for other in trails[:i] if other.meets(trail)}
        free = [share for share in SHARES if share not in taken]
        shares[trail.car] = free[0] if free else SHARES[i % len(SHARES)]
    return shares


def trail_points(geometry: TrackGeometry, trail: Trail, share: float) -> list[Point]:
    """The trail in pixels: in its first lane, easing into the last one near the end."""
    inside = share * geometry.lane_spacing
    length = trail.last - trail.first
    steps = max(2, round(length * 4))
    points: list[Point] = []
    for i in range(steps + 1):
        position = trail.first + length * i / steps
        towards_end = min(1.0, max(0.0, 1 - (trail.last - position) / EASE))
        lane = (
            trail.from_lane_offset + (trail.to_lane_offset - trail.from_lane_offset) * towards_end
        )
        points.append(geometry.pose_at(position).moved(0.0, lane + inside))
    return points


def draw_trail(
    draw: ImageDraw.ImageDraw, geometry: TrackGeometry, points: list[Point], colour: RGB
) -> None:
    """A line in the car's colour; a pale casing under dark or grey colours, for the asphalt."""
    width = max(2, round(geometry.car_width * 0.13))
    if _faint_on_asphalt(colour):
        draw.line(points, fill=palette.contrast(colour), width=width + 2, joint="curve")
    draw.line(points, fill=colour, width=width, joint="curve")


def _faint_on_asphalt(colour: RGB) -> bool:
    return sum(abs(a - b) for a, b in zip(colour, palette.ASPHALT, strict=True)) < 200
