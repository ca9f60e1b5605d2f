"""Boards a player reads at a glance (issue 13): parked finishers, crowds, slipstream, zoom.

Each expectation is computed from the track geometry, the layout and the
parking bays, never from a stored image.
"""

from __future__ import annotations

import math
from itertools import combinations

import pytest

import data
from engine.events import CarMoved, Finished, SpunOut, TurnEnded
from render import board_image, key, palette
from render.board import view_layout
from render.cars import PLACE_COLOURS
from render.crowd import overlap, token_scales
from render.geometry import Pose, TrackGeometry, track_geometry
from render.layout import BOARD_WIDTH, board_layout
from render.palette import car_rgb
from render.panel import round_name
from render.parking import bays
from render.round_summary import summarize_round
from render.track_marks import key_rows
from tests.support.boards import car_shows, colours_near, pixel, race_view, rgb_board

DISCORD_WIDTH = 400


def geometry_for(track: str) -> TrackGeometry:
    return track_geometry(track, board_layout(track).track_box)


def test_finished_cars_park_past_the_line_in_finishing_order_with_their_place() -> None:
    """Each finished car stands in its bay, the winner in front, its place disc beside it."""
    lap = data.track("usa").spaces_per_lap
    cars = [("A", "red", 2 * lap + 3, 0), ("B", "blue", 2 * lap + 1, 1), ("C", "green", 30, 0)]
    view = race_view("usa", cars, {"A": 1, "B": 2})
    image = rgb_board(view)
    here = geometry_for("usa")
    radius = board_layout("usa").sign_radius
    signs = [here.beside(corner.position, radius) for corner in here.track.corners]
    parked = bays(here, len(view.cars), signs, radius)
    assert here.arc_at(1.0) < here.arc_at(2.0)
    for car, place in (("A", 1), ("B", 2)):
        bay = parked[place - 1]
        assert car_shows(image, here, bay.pose, car_rgb(view.car(car).color))
        assert PLACE_COLOURS[place] in colours_near(image, bay.disc, here.car_width * 0.3)
        assert here.clearance((bay.pose.x, bay.pose.y)) > 0, "parked off the asphalt"
    first, second = (bays_position(here, bay.pose) for bay in parked[:2])
    assert first > second, "the winner parks farthest along"
    assert not car_shows(image, here, here.spot_pose(3, 0), car_rgb("red"))


def bays_position(here: TrackGeometry, pose: Pose) -> float:
    """The lap position of the centreline point nearest to ``pose``."""
    samples = [i / 20 for i in range(20 * 8)]
    return min(samples, key=lambda p: math.dist(here.pose_at(p).moved(0.0), (pose.x, pose.y)))


def test_a_finished_cars_trail_stops_at_the_line() -> None:
    """The last move ends on the finish line, with no hook into the spaces past it."""
    lap = data.track("italy").spaces_per_lap
    laps = data.track("italy").laps
    finish = laps * lap
    view = race_view("italy", [("A", "red", finish + 3, 0), ("B", "blue", 20, 0)], {"A": 1})
    events = [CarMoved("A", "cards", finish - 6, 0, finish + 3, 0, False), Finished("A", 1)]
    image = rgb_board(view, events)
    here = geometry_for("italy")
    lane = here.lane_offset(here.lane_of(finish - 6, 0))
    red = car_rgb("red")
    assert pixel(image, here.pose_at(lap - 2.0).moved(0.0, lane)) == red
    past = here.pose_at(2.5).moved(0.0, lane)
    assert red not in colours_near(image, past, here.lane_spacing / 2)


CROWD = (
    ("A", "red", 20, 0),
    ("B", "blue", 20, 1),
    ("C", "green", 21, 0),
    ("D", "yellow", 21, 1),
    ("E", "black", 22, 0),
    ("F", "purple", 22, 1),
)


@pytest.mark.parametrize("track_id", data.track_ids())
def test_a_crowd_keeps_every_car_whole_and_apart(track_id: str) -> None:
    """Six cars nose to tail in both lanes: no token covers another, each shows its colour."""
    view = race_view(track_id, CROWD)
    image = rgb_board(view)
    here = geometry_for(track_id)
    poses = {car.id: here.spot_pose(car.space, car.spot) for car in view.cars}
    scales = token_scales(here, poses)
    for a, b in combinations(poses, 2):
        assert not overlap(here.footprint(poses[a], scales[a]), here.footprint(poses[b], scales[b]))
    for car in view.cars:
        pose = poses[car.id]
        assert car_shows(image, here, pose, car_rgb(car.color), scales[car.id])


def test_a_start_outline_is_not_drawn_around_another_car() -> None:
    """B started where A stands now: no blue outline shows around A."""
    view = race_view("usa", [("A", "red", 14, 0), ("B", "blue", 19, 0)])
    events = [
        CarMoved("A", "cards", 8, 0, 14, 0, False),
        CarMoved("B", "cards", 14, 0, 19, 0, False),
    ]
    image = rgb_board(view, events)
    here = geometry_for("usa")
    a = here.spot_pose(14, 0)
    assert car_rgb("blue") not in colours_near(image, a.moved(-here.car_length / 2), 3)


def test_a_spun_out_car_s_trail_stops_at_the_car() -> None:
    """The trail ends where the car was put back, not at the corner line past another car."""
    view = race_view("usa", [("A", "red", 16, 0), ("B", "blue", 17, 0)])
    events = [
        CarMoved("A", "cards", 8, 0, 19, 0, False),
        SpunOut("A", 16, 1, 16, 0),
    ]
    image = rgb_board(view, events)
    here = geometry_for("usa")
    red = car_rgb("red")
    lane = here.lane_offset(here.lane_of(8, 0))
    assert pixel(image, here.pose_at(12.0).moved(0.0, lane)) == red
    ahead = here.spot_pose(17, 0)
    assert red not in colours_near(image, (ahead.x, ahead.y), here.car_width * 0.4)
    beyond = here.pose_at(17.9)
    assert red not in colours_near(image, (beyond.x, beyond.y), here.track_width / 2)


def test_slipstream_marks_lie_on_the_slipstreaming_car_s_gain_and_behind_its_lead() -> None:
    """A drafted B: wake behind B, chevrons on A's two spaces, nothing round C."""
    view = race_view("italy", [("A", "green", 9, 0), ("B", "red", 8, 0), ("C", "blue", 30, 0)])
    events = [
        CarMoved("B", "cards", 3, 0, 8, 0, False),
        TurnEnded("B", 5),
        CarMoved("A", "cards", 2, 0, 7, 0, False),
        CarMoved("A", "slipstream", 7, 0, 9, 0, False),
        TurnEnded("A", 5),
    ]
    image = rgb_board(view, events)
    here = geometry_for("italy")
    lane = here.lane_offset(here.lane_of(7, 0))
    cyan = palette.SLIPSTREAM
    gained = [here.pose_at(7.0 + i / 10).moved(0.0, lane) for i in range(11)]
    assert any(cyan in colours_near(image, point, here.lane_spacing / 2) for point in gained)
    b = here.spot_pose(8, 0)
    wake = b.moved(-here.car_length / 2 - here.space_length * 0.18)
    assert cyan in colours_near(image, wake, here.car_width * 0.3)
    before = here.pose_at(4.5).moved(0.0, lane)
    assert cyan not in colours_near(image, before, here.lane_spacing / 2)
    c = here.spot_pose(30, 0)
    assert cyan not in colours_near(image, (c.x, c.y), here.car_length)


def test_every_track_spans_the_board_s_width_with_the_words_under_it() -> None:
    """The track fills the picture's width (or its height, for a round one); the heading is
    above it, the roster and the key below it, all inside the picture."""
    for track_id in data.track_ids():
        layout = board_layout(track_id)
        here = geometry_for(track_id)
        xs = [p[0] for p in here.path]
        ys = [p[1] for p in here.path]
        filled = max(
            (max(xs) - min(xs)) / layout.track_box.width,
            (max(ys) - min(ys)) / layout.track_box.height,
        )
        assert filled > 0.75, track_id
        assert layout.track_box.width > 0.95 * BOARD_WIDTH
        assert layout.heading_box.top + layout.heading_box.height <= layout.track_box.top
        assert layout.roster_box.top >= layout.track_box.top + layout.track_box.height
        assert layout.key_box.top >= layout.roster_box.top + layout.roster_box.height
        view = race_view(track_id, CROWD[:2])
        image = board_image(view)
        assert image.size == (BOARD_WIDTH, view_layout(view).height)


# The tracks of the pictures; denser tracks (España has 109 spaces) get less room.
PICTURED = ("usa", "france", "great_britain", "italy")


@pytest.mark.parametrize("track_id", data.track_ids())
def test_tokens_stay_big_enough_when_discord_shrinks_the_board(track_id: str) -> None:
    """At 550 pixels across a token is at least 12 pixels long on the pictured tracks, 10 on all."""
    layout = board_layout(track_id)
    here = geometry_for(track_id)
    shrink = DISCORD_WIDTH / layout.width
    least = 12 if track_id in PICTURED else 10
    assert here.car_length * shrink >= least
    assert here.car_width * shrink >= least * 0.55


def test_the_grid_frame_is_called_the_grid() -> None:
    """Before anyone has moved the heading says "Starting grid"; after round 1, "Round 1"."""
    on_grid = race_view("usa", [("A", "red", 0, 0), ("B", "blue", 0, 1)])
    assert round_name(on_grid, summarize_round([])) == "Starting grid"
    moved = [CarMoved("A", "cards", 0, 0, 6, 0, False), TurnEnded("A", 6)]
    later = race_view("usa", [("A", "red", 6, 0), ("B", "blue", 0, 1)])
    assert round_name(later, summarize_round(moved)) != "Starting grid"


@pytest.mark.parametrize("track_id", data.track_ids())
def test_parking_bays_keep_off_the_asphalt_and_the_corner_signs(track_id: str) -> None:
    """Six bays past the line, each clear of the track and of every corner sign."""
    here = geometry_for(track_id)
    radius = board_layout(track_id).sign_radius
    signs = [here.beside(corner.position, radius) for corner in here.track.corners]
    for bay in bays(here, 6, signs, radius):
        corners = here.footprint(bay.pose)
        assert min(here.clearance(point) for point in corners) > 0, track_id
        for sign in signs:
            assert min(math.dist(point, sign) for point in corners) > radius, track_id


@pytest.mark.parametrize("track_id", data.track_ids())
def test_a_track_with_marks_of_its_own_gets_a_longer_key_and_the_board_makes_room(
    track_id: str,
) -> None:
    """Flooded, tunnel and gravel spots and chicanes add key lines; every line of the key
    and every car's roster line lie inside the picture, apart."""
    own = key_rows(data.track(track_id))
    lines = key.board_key(track_id)
    assert len(lines) == len(key.BASE_KEY) + len(own)
    layout = board_layout(track_id, cars=6, key_count=len(lines))
    assert len(layout.key_lines()) == len(lines)
    assert layout.height >= board_layout(track_id, cars=6).height
    boxes = layout.roster(6) + layout.key_lines()
    for one, other in combinations(boxes, 2):
        apart_x = one.left + one.width <= other.left or other.left + other.width <= one.left
        apart_y = one.top + one.height <= other.top or other.top + other.height <= one.top
        assert apart_x or apart_y
    assert max(box.top + box.height for box in boxes) <= layout.height
