"""The way to drive shows along the whole circuit: chevrons in every sector, in the kept layer.

The sectors and the chevrons' places come from the track data (its corner
lines), never from counts written here; the pixels are read off the cached
track layer and a drawn board.
"""

from __future__ import annotations

import pytest

import data
from render.direction import CHEVRON, EVERY, chevron_positions, sectors
from render.geometry import TrackGeometry, track_geometry
from render.layout import board_layout
from render.palette import car_rgb
from render.track_layer import track_layer
from tests.support.boards import car_shows, colours_near, race_view, rgb_board


def geometry(track_id: str) -> TrackGeometry:
    return track_geometry(track_id, board_layout(track_id).track_box)


@pytest.mark.parametrize("track_id", data.track_ids())
def test_every_sector_has_a_chevron_and_none_is_far_from_the_next(track_id: str) -> None:
    """Between each corner line and the next lies at least one chevron, and going round the
    lap no two chevrons are more than one and a half times ``EVERY`` spaces apart."""
    track = data.track(track_id)
    lap = track.spaces_per_lap
    positions = sorted(chevron_positions(track))
    assert len(positions) >= max(1, len(track.corners))
    for line, spaces in sectors(track):
        inside = [p for p in positions if 0 < (p - line) % lap < spaces]
        assert inside, f"no chevron after the line at {line}"
    gaps = [(positions[(i + 1) % len(positions)] - p) % lap for i, p in enumerate(positions)]
    assert max(gaps) <= 1.5 * EVERY


@pytest.mark.parametrize("track_id", data.track_ids())
def test_the_chevrons_are_drawn_in_the_kept_layer_in_the_middle_of_their_spaces(
    track_id: str,
) -> None:
    """Each chevron's colour is on the lane divider at its place; none is on the lines across
    the road, so every space keeps its edges."""
    here = geometry(track_id)
    layer = track_layer(track_id, board_layout(track_id)).convert("RGB")
    near = here.space_length * 0.1
    for position in chevron_positions(here.track):
        pose = here.pose_at(position)
        assert CHEVRON in colours_near(layer, (pose.x, pose.y), near), position
        for line in (position - 0.5, position + 0.5):
            across = here.pose_at(line)
            assert CHEVRON not in colours_near(layer, (across.x, across.y), 2), line


def test_cars_on_a_chevron_s_space_are_drawn_over_it() -> None:
    """Cars are drawn over the chevrons: a car on a chevron's space shows its body there."""
    position = chevron_positions(data.track("usa"))[0]
    space = int(position + 0.5)
    view = race_view("usa", [("A", "red", space, 0), ("B", "blue", space, 1)])
    image = rgb_board(view)
    here = geometry("usa")
    for car in view.cars:
        pose = here.spot_pose(car.space, car.spot)
        assert car_shows(image, here, pose, car_rgb(car.color)), car.id


def test_the_chevron_ink_comes_out_exactly_in_the_palette_png() -> None:
    """The chevron colour is one the board palette holds, so a drawn board shows it exactly."""
    here = geometry("italy")
    image = rgb_board(race_view("italy", [("A", "red", 30, 0)]))
    pose = here.pose_at(chevron_positions(here.track)[0])
    assert CHEVRON in colours_near(image, (pose.x, pose.y), here.space_length * 0.1)
