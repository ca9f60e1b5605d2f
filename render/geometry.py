"""Where every space, spot and line of a track lies in the image, from its authored shape.

The shape's waypoints are joined by a closed centripetal Catmull-Rom spline (it
passes through every waypoint and never loops on itself between them), scaled to
fit the box, and the lap's spaces are spread evenly along it between pinned lines.

Lane convention: lane 1 runs on the left of the direction of travel, lane 2 on
the right. Spot 0 of a space is its race-line lane (``Track.race_lane_at``), spot
1 the other lane. Headings are radians in image coordinates (y grows downwards),
0 pointing right.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import data
from data.models import Lane, Track
from render.shapes import TrackShape, track_shape

Point = tuple[float, float]

SAMPLES_PER_WAYPOINT = 48
SAMPLES_PER_SPACE = 12
# Half-width of the smoothing window, in space lengths.
SMOOTHING = 0.8
# Sizes as fractions of the mean space length along the centreline.
LANE_SPACING = 0.52
CAR_LENGTH = 0.80
CAR_WIDTH = 0.46
TRACK_WIDTH = 1.10
# Room kept round the track for its corner signs, in space lengths.
MARGIN = 1.7


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle of the image, in pixels."""

    left: int
    top: int
    width: int
    height: int


@dataclass(frozen=True, slots=True)
class Pose:
    """A point on the track and the direction of travel there."""

    x: float
    y: float
    heading: float

    def moved(self, forward: float, left: float = 0.0) -> Point:
        """The point ``forward`` ahead and ``left`` to the left (negative: right) of this one."""
        cos, sin = math.cos(self.heading), math.sin(self.heading)
        return (self.x + forward * cos + left * sin, self.y + forward * sin - left * cos)


class TrackGeometry:
    """One track laid out in one box: spaces, spots, lines and car footprints in pixels."""

    def __init__(self, track: Track, shape: TrackShape, box: Box) -> None:
        self.track = track
        self.box = box
        self.spaces = track.spaces_per_lap
        path, pinned = _fitted_path(shape, box, self.spaces)
        self.path = path
        self._lengths = _cumulative_lengths(path)
        self.length = self._lengths[-1]
        self._anchors = [(self._lengths[index], float(line)) for index, line in pinned]
        self._anchors.append((self.length, float(self.spaces)))
        self._anchor_lines = [line for _, line in self._anchors]
        self.space_length = self.length / self.spaces
        self.lane_spacing = LANE_SPACING * self.space_length
        self.track_width = TRACK_WIDTH * self.space_length
        self.car_length = CAR_LENGTH * self.space_length
        self.car_width = CAR_WIDTH * self.space_length
        self._poses: dict[float, Pose] = {}

    def lap_space(self, space: int) -> int:
        """The space within its lap, 1..N; grid spaces 0, -1... are N, N-1..."""
        return (space - 1) % self.spaces + 1

    def arc_at(self, position: float) -> float:
        """Distance along the centreline from the start line to lap ``position`` (0..N)."""
        position %= self.spaces
        i = max(0, bisect_right(self._anchor_lines, position) - 1)
        (arc_a, line_a), (arc_b, line_b) = self._anchors[i], self._anchors[i + 1]
        return arc_a + (arc_b - arc_a) * (position - line_a) / (line_b - line_a)

    def point_at_arc(self, arc: float) -> Point:
        arc %= self.length
        i = min(bisect_right(self._lengths, arc) - 1, len(self.path) - 1)
        a, b = self.path[i], self.path[(i + 1) % len(self.path)]
        span = self._lengths[i + 1] - self._lengths[i]
        t = (arc - self._lengths[i]) / span if span else 0.0
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)

    def pose_at(self, position: float) -> Pose:
        """The centreline at lap ``position``: 0 is the start line, k.5 the middle of space k+1.

        Remembered per position: boards ask again and again for the same few
        (space middles, lines, and trail points a third of a space apart).
        """
        key = round(position % self.spaces, 6)
        pose = self._poses.get(key)
        if pose is None:
            arc = self.arc_at(key)
            x, y = self.point_at_arc(arc)
            reach = 0.3 * self.space_length
            (x0, y0), (x1, y1) = self.point_at_arc(arc - reach), self.point_at_arc(arc + reach)
            pose = self._poses[key] = Pose(x, y, math.atan2(y1 - y0, x1 - x0))
        return pose

    def lane_offset(self, lane: Lane) -> float:
        """How far left of the centreline a lane runs (negative: right)."""
        return self.lane_spacing / 2 if lane == 1 else -self.lane_spacing / 2

    def lane_of(self, space: int, spot: int) -> Lane:
        """The physical lane of a spot: spot 0 is the race line of that space."""
        return spot_lane(self.track, space, spot)

    def spot_pose(self, space: int, spot: int) -> Pose:
        """Where a car on race ``space`` and ``spot`` stands, facing the direction of travel."""
        centre = self.pose_at(self.lap_space(space) - 0.5)
        x, y = centre.moved(0.0, self.lane_offset(self.lane_of(space, spot)))
        return Pose(x, y, centre.heading)

    def footprint(self, pose: Pose, scale: float = 1.0) -> list[Point]:
        """The corners of a car standing at ``pose`` (``scale`` times its size), nose first."""
        half_length = self.car_length * scale / 2
        half_width = self.car_width * scale / 2
        return [
            pose.moved(half_length, half_width),
            pose.moved(half_length, -half_width),
            pose.moved(-half_length, -half_width),
            pose.moved(-half_length, half_width),
        ]

    def line_across(self, position: float) -> tuple[Point, Point]:
        """The ends of a line across the track at lap ``position``, left edge first."""
        pose = self.pose_at(position)
        half = self.track_width / 2
        return pose.moved(0.0, half), pose.moved(0.0, -half)

    def clearance(self, point: Point) -> float:
        """How far ``point`` lies from the nearest edge of the track (negative: on it)."""
        nearest = min(math.dist(point, p) for p in self.path)
        return nearest - self.track_width / 2

    def beside(self, position: float, radius: float) -> Point:
        """A spot for a mark of ``radius`` next to the track at lap ``position``.

        Tried on both sides at growing distances; of those inside the box, the one
        farthest from every part of the track wins, so a sign on a hairpin does not
        land on the next straight.
        """
        pose = self.pose_at(position)
        half = self.track_width / 2
        candidates = [
            pose.moved(0.0, side * (half + radius * reach))
            for reach in (1.4, 1.9)
            for side in (1.0, -1.0)
        ]
        inside = [point for point in candidates if self._holds(point, radius)]
        return max(inside or candidates, key=self.clearance)

    def _holds(self, point: Point, radius: float) -> bool:
        box = self.box
        x, y = point
        return (
            box.left + radius <= x <= box.left + box.width - radius
            and box.top + radius <= y <= box.top + box.height - radius
        )


def spot_lane(track: Track, space: int, spot: int) -> Lane:
    """The physical lane of a race space's spot: spot 0 is the race line of that space."""
    race_lane = track.race_lane_at((space - 1) % track.spaces_per_lap + 1)
    if spot == 0:
        return race_lane
    return 2 if race_lane == 1 else 1


def _shape_path(shape: TrackShape, spaces: int) -> tuple[list[Point], list[tuple[int, int]], float]:
    """The centreline in the shape's units (evenly sampled, smoothed), the index of each
    pinned line, and the room to keep round it (both sides together)."""
    raw = _closed_spline([(w.x, w.y) for w in shape.waypoints], SAMPLES_PER_WAYPOINT)
    raw_lengths = _cumulative_lengths(raw)
    step = raw_lengths[-1] / (spaces * SAMPLES_PER_SPACE)
    path = _smoothed(_resampled(raw, raw_lengths, step), round(SMOOTHING * SAMPLES_PER_SPACE))
    pinned = [
        (round(raw_lengths[i * SAMPLES_PER_WAYPOINT] / step), w.line)
        for i, w in enumerate(shape.waypoints)
        if w.line is not None
    ]
    return path, pinned, 2 * MARGIN * raw_lengths[-1] / spaces


def _fitted_path(
    shape: TrackShape, box: Box, spaces: int
) -> tuple[list[Point], list[tuple[int, int]]]:
    """The centreline scaled to fill the box, centred, and the index of each pinned line."""
    path, pinned, margin = _shape_path(shape, spaces)
    xs, ys = [p[0] for p in path], [p[1] for p in path]
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    scale = min(box.width / (width + margin), box.height / (height + margin))
    left = box.left + (box.width - width * scale) / 2 - min(xs) * scale
    top = box.top + (box.height - height * scale) / 2 - min(ys) * scale
    return [(left + x * scale, top + y * scale) for x, y in path], pinned


def _resampled(path: Sequence[Point], lengths: Sequence[float], step: float) -> list[Point]:
    """The closed path sampled every ``step`` along its length."""
    out: list[Point] = []
    i = 0
    for k in range(round(lengths[-1] / step)):
        arc = k * step
        while lengths[i + 1] < arc:
            i += 1
        a, b = path[i], path[(i + 1) % len(path)]
        span = lengths[i + 1] - lengths[i]
        out.append(_lerp(a, b, (arc - lengths[i]) / span if span else 0.0))
    return out


def _smoothed(path: Sequence[Point], half_window: int) -> list[Point]:
    """Three passes of a moving average round the loop: rounds off bends too tight for a car."""
    points = list(path)
    n = len(points)
    width = 2 * half_window + 1
    for _ in range(3):
        xs = [points[(i - half_window) % n][0] for i in range(n)]
        ys = [points[(i - half_window) % n][1] for i in range(n)]
        sum_x = sum(points[j % n][0] for j in range(-half_window, half_window + 1))
        sum_y = sum(points[j % n][1] for j in range(-half_window, half_window + 1))
        smoothed = []
        for i in range(n):
            smoothed.append((sum_x / width, sum_y / width))
            entering = points[(i + half_window + 1) % n]
            sum_x += entering[0] - xs[i]
            sum_y += entering[1] - ys[i]
        points = smoothed
    return points


def _closed_spline(points: Sequence[Point], samples: int) -> list[Point]:
    """A closed centripetal Catmull-Rom spline; waypoint i is sample ``i * samples``."""
    out: list[Point] = []
    n = len(points)
    for i in range(n):
        p0, p1, p2, p3 = points[i - 1], points[i], points[(i + 1) % n], points[(i + 2) % n]
        t1 = math.dist(p0, p1) ** 0.5
        t2 = t1 + math.dist(p1, p2) ** 0.5
        t3 = t2 + math.dist(p2, p3) ** 0.5
        for k in range(samples):
            t = t1 + (t2 - t1) * k / samples
            a1 = _lerp(p0, p1, t / t1)
            a2 = _lerp(p1, p2, (t - t1) / (t2 - t1))
            a3 = _lerp(p2, p3, (t - t2) / (t3 - t2))
            b1 = _lerp(a1, a2, t / t2)
            b2 = _lerp(a2, a3, (t - t1) / (t3 - t1))
            out.append(_lerp(b1, b2, (t - t1) / (t2 - t1)))
    return out


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _cumulative_lengths(path: Sequence[Point]) -> list[float]:
    """Distance from the first point to each point, ending with the closed loop's length."""
    lengths = [0.0]
    for i in range(len(path)):
        lengths.append(lengths[-1] + math.dist(path[i], path[(i + 1) % len(path)]))
    return lengths


@cache
def shape_aspect(track_id: str) -> float:
    """Width over height of the track as drawn, with the room kept round it for its signs."""
    path, _, margin = _shape_path(track_shape(track_id), data.track(track_id).spaces_per_lap)
    xs, ys = [p[0] for p in path], [p[1] for p in path]
    return (max(xs) - min(xs) + margin) / (max(ys) - min(ys) + margin)


@cache
def track_geometry(track_id: str, box: Box) -> TrackGeometry:
    """The track laid out in ``box`` (cached: a board redraws the same track every round)."""
    return TrackGeometry(data.track(track_id), track_shape(track_id), box)
