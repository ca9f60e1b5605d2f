"""The expansion maps' marks are drawn where the track data puts them, and the key names them."""

from __future__ import annotations

import math

import data
from render import palette
from render.geometry import TrackGeometry, track_geometry
from render.layout import board_layout
from render.palette import RGB
from render.track_layer import track_layer
from render.track_marks import FLOODED, GRAVEL, TUNNEL, key_rows


def geometry(track_id: str) -> TrackGeometry:
    return track_geometry(track_id, board_layout(track_id).track_box)


def colour_of_lane(track_id: str, space: int, lane: int) -> RGB:
    """The colour in the middle of a lane of a space on the empty board."""
    here = geometry(track_id)
    centre = here.pose_at(space - 0.5)
    x, y = centre.moved(0.0, here.lane_offset(1 if lane == 1 else 2))
    pixel = track_layer(track_id, board_layout(track_id)).getpixel((round(x), round(y)))
    assert isinstance(pixel, tuple)
    return (pixel[0], pixel[1], pixel[2])


def test_flooded_spots_are_tinted_and_dry_ones_are_not() -> None:
    """Japan floods both lanes of spaces 6-11; space 5 is dry."""
    assert colour_of_lane("japan", 6, 1) == FLOODED
    assert colour_of_lane("japan", 11, 2) == FLOODED
    assert colour_of_lane("japan", 5, 1) == palette.ASPHALT


def test_tunnel_spots_are_dark() -> None:
    assert colour_of_lane("espana", 20, 1) == TUNNEL
    assert colour_of_lane("espana", 26, 2) == palette.ASPHALT


def test_gravel_follows_its_lane() -> None:
    """South Africa has gravel on lane 2 of space 8, not on lane 1."""
    assert colour_of_lane("south_africa", 8, 2) == GRAVEL
    assert colour_of_lane("south_africa", 8, 1) == palette.ASPHALT


def test_a_chicane_has_blue_curbs_between_its_lines() -> None:
    """Blue stripes run along the edge between Mexico's lines at 14 and 19, not elsewhere."""
    here = geometry("mexico")
    layer = track_layer("mexico", board_layout("mexico"))

    def blue_near(position: float) -> bool:
        x, y = here.pose_at(position).moved(0.0, here.track_width / 2)
        reach = math.ceil(here.space_length / 3)
        return any(
            layer.getpixel((round(x) + dx, round(y) + dy))[:3] == palette.SLIPSTREAM
            for dx in range(-reach, reach + 1)
            for dy in range(-reach, reach + 1)
        )

    assert blue_near(16.5)
    assert not blue_near(30.5)


def test_the_key_names_only_the_marks_a_track_has() -> None:
    labels = [label for _, label in key_rows(data.track("japan"))]
    assert any("flooded" in label for label in labels)
    assert any("chicane" in label for label in labels)
    assert not any("tunnel" in label for label in labels)
    assert key_rows(data.track("usa")) == ()
    assert any("gravel, no effect" in label for _, label in key_rows(data.track("south_africa")))
