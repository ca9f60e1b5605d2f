"""Each track's schematic is a closed loop of evenly spread spaces whose spots never overlap."""

from __future__ import annotations

import json
import math
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import data
from render.crowd import SMALLEST, token_scales
from render.geometry import Box, Point, Pose, TrackGeometry, track_geometry
from render.shapes import TrackShape, track_shape

TRACKS = data.track_ids()
BOX = Box(10, 10, 1100, 980)


def geometry(track_id: str) -> TrackGeometry:
    return track_geometry(track_id, BOX)


def overlap(a: list[Point], b: list[Point]) -> bool:
    """Separating-axis test for two convex quadrilaterals."""
    for polygon in (a, b):
        for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
            normal = (y2 - y1, x1 - x2)
            ours = [normal[0] * x + normal[1] * y for x, y in a]
            theirs = [normal[0] * x + normal[1] * y for x, y in b]
            if max(ours) < min(theirs) or max(theirs) < min(ours):
                return False
    return True


def left_of(pose: Pose, point: Point) -> float:
    """How far ``point`` lies left of the direction of travel at ``pose``."""
    return (point[0] - pose.x) * math.sin(pose.heading) - (point[1] - pose.y) * math.cos(
        pose.heading
    )


@pytest.mark.parametrize("track_id", TRACKS)
def test_every_corner_line_is_pinned_to_a_waypoint(track_id: str) -> None:
    """The shape pins the start line and every corner line of the track data."""
    shape = track_shape(track_id)
    assert shape.lines[0] == 0
    assert set(data.track(track_id).corner_positions) <= set(shape.lines)


@pytest.mark.parametrize("track_id", TRACKS)
def test_the_path_is_a_closed_loop(track_id: str) -> None:
    """The centreline comes back to where it started, with no jump at the seam."""
    here = geometry(track_id)
    steps = [math.dist(a, b) for a, b in zip(here.path, here.path[1:] + here.path[:1], strict=True)]
    assert max(steps) < 2 * min(steps)
    start, lap_end = here.pose_at(0.0), here.pose_at(float(here.spaces))
    assert math.dist((start.x, start.y), (lap_end.x, lap_end.y)) < 1e-6


@pytest.mark.parametrize("track_id", TRACKS)
def test_spaces_follow_each_other_evenly(track_id: str) -> None:
    """Space k+1 is about one space length after space k, all the way round the lap."""
    here = geometry(track_id)
    centres = [here.pose_at(k - 0.5) for k in range(1, here.spaces + 1)]
    arcs = [here.arc_at(k - 0.5) for k in range(1, here.spaces + 1)]
    assert arcs == sorted(arcs)
    for a, b in zip(centres, centres[1:] + centres[:1], strict=True):
        gap = math.dist((a.x, a.y), (b.x, b.y))
        assert 0.8 * here.space_length < gap < 1.2 * here.space_length


@pytest.mark.parametrize("track_id", TRACKS)
def test_every_lap_full_of_cars_is_drawn_with_no_token_over_another(track_id: str) -> None:
    """A car on every spot of the lap: the tokens, shrunk where they must be, never overlap."""
    here = geometry(track_id)
    spots = [(k, spot) for k in range(1, here.spaces + 1) for spot in (0, 1)]
    poses = {f"{k}/{spot}": here.spot_pose(k, spot) for k, spot in spots}
    scales = token_scales(here, poses)
    footprints = {car: here.footprint(poses[car], scales[car]) for car in poses}
    touching = [(a, b) for a, b in combinations(poses, 2) if overlap(footprints[a], footprints[b])]
    assert touching == []
    assert min(scales.values()) >= SMALLEST
    assert sorted(scales.values())[len(scales) // 2] == 1.0, "most tokens keep their full size"


@pytest.mark.parametrize("track_id", TRACKS)
def test_spot_zero_is_on_the_race_line_side(track_id: str) -> None:
    """Lane 1 runs left of the direction of travel, and spot 0 sits in the race lane."""
    here = geometry(track_id)
    track = data.track(track_id)
    for k in range(1, here.spaces + 1):
        centre = here.pose_at(k - 0.5)
        race_spot = here.spot_pose(k, 0)
        side = left_of(centre, (race_spot.x, race_spot.y))
        expected = here.lane_spacing / 2 if track.race_lane_at(k) == 1 else -here.lane_spacing / 2
        assert side == pytest.approx(expected, abs=0.01)


@pytest.mark.parametrize("track_id", TRACKS)
def test_corner_signs_stay_off_the_track_and_inside_the_box(track_id: str) -> None:
    """A speed-limit sign of radius r is placed clear of every part of the track."""
    here = geometry(track_id)
    radius = 19.0
    for corner in here.track.corners:
        x, y = here.beside(corner.position, radius)
        assert here.clearance((x, y)) > radius
        assert BOX.left + radius <= x <= BOX.left + BOX.width - radius
        assert BOX.top + radius <= y <= BOX.top + BOX.height - radius


def test_geometry_scales_with_its_box() -> None:
    """A box twice as large gives every spot at twice the coordinates (the layer relies on it)."""
    small = track_geometry("usa", Box(5, 5, 800, 600))
    large = track_geometry("usa", Box(10, 10, 1600, 1200))
    for k in (1, 17, 40, 69):
        a, b = small.spot_pose(k, 1), large.spot_pose(k, 1)
        assert (b.x, b.y) == pytest.approx((2 * a.x, 2 * a.y), abs=1e-6)


@st.composite
def race_spots(draw: st.DrawFn) -> tuple[str, int, int]:
    """A base track, a race space from the back of the grid to the last lap, and a spot."""
    track_id = draw(st.sampled_from(TRACKS))
    track = data.track(track_id)
    space = draw(st.integers(-3, track.laps * track.spaces_per_lap))
    return track_id, space, draw(st.sampled_from((0, 1)))


@given(race_spots())
def test_a_spot_is_the_same_on_every_lap(where: tuple[str, int, int]) -> None:
    """Race space s and s + N are the same place on the board."""
    track_id, space, spot = where
    here = geometry(track_id)
    assert here.spot_pose(space, spot) == here.spot_pose(space + here.spaces, spot)


@given(race_spots())
def test_every_car_fits_in_the_box(where: tuple[str, int, int]) -> None:
    """A car on any spot of the race is drawn inside the track's box."""
    track_id, space, spot = where
    here = geometry(track_id)
    for x, y in here.footprint(here.spot_pose(space, spot)):
        assert BOX.left <= x <= BOX.left + BOX.width
        assert BOX.top <= y <= BOX.top + BOX.height


def test_a_shape_must_start_on_the_start_line() -> None:
    """The first waypoint is the start/finish line; pinned lines increase along the path."""
    waypoints = [{"x": 0, "y": 0}, {"x": 1, "y": 0}, {"x": 1, "y": 1}, {"x": 0, "y": 1}]
    with pytest.raises(ValueError, match="start/finish"):
        TrackShape.model_validate({"track": "usa", "about": "", "waypoints": waypoints})
    waypoints[0]["line"], waypoints[1]["line"], waypoints[2]["line"] = 0, 9, 4
    with pytest.raises(ValueError, match="increase"):
        TrackShape.model_validate({"track": "usa", "about": "", "waypoints": waypoints})


def test_a_shape_that_misses_a_corner_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Loading names the file and the corner lines left unpinned."""
    shape = json.loads((Path(data.__file__).parent / "geometry" / "usa.json").read_text())
    for waypoint in shape["waypoints"]:
        if waypoint.get("line") == 33:
            del waypoint["line"]
    (tmp_path / "usa.json").write_text(json.dumps(shape))
    monkeypatch.setattr("render.shapes.GEOMETRY_DIR", tmp_path)
    with pytest.raises(data.DataError, match=r"usa\.json.*\[33\]"):
        track_shape.__wrapped__("usa")
