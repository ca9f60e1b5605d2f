"""A round's board shows every car in its colour on its spot, where it came from, and what it did.

Positions are built in the race notation and the round's events are written by
hand, so each test knows exactly what the board must show and where: the
expected pixels come from the track geometry, never from a stored image.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

import data
from engine.events import CarMoved, HeatPaid, RoundStarted, SpunOut, TurnEnded
from engine.view import RaceView
from render import board_image, palette, png_bytes
from render.geometry import TrackGeometry, track_geometry
from render.layout import BOARD_WIDTH, board_layout
from render.palette import car_rgb
from render.text import fitted, text_width
from render.track_layer import track_layer
from tests.support.boards import car_shows, colours_near, pixel, race_view, rgb_board

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_PNG_BYTES = 300 * 1024


def geometry_of(view: RaceView) -> TrackGeometry:
    return track_geometry(view.track, board_layout(view.track).track_box)


SPREAD = (
    ("A", "red", 0, 0),
    ("B", "blue", -3, 1),
    ("C", "green", 9, 1),
    ("D", "yellow", 23, 0),
    ("E", "black", 41, 1),
    ("F", "gray", 50, 0),
)


@pytest.mark.parametrize("track_id", data.track_ids())
def test_each_car_is_on_its_spot_in_its_colour(track_id: str) -> None:
    """The body colour is found where the geometry puts each car, on the grid and beyond."""
    view = race_view(track_id, SPREAD)
    image = rgb_board(view)
    here = geometry_of(view)
    for car in view.cars:
        pose = here.spot_pose(car.space, car.spot)
        assert car_shows(image, here, pose, car_rgb(car.color)), car.id


def test_cars_lie_along_the_track() -> None:
    """A car's colour runs along the direction of travel, not across it."""
    view = race_view("great_britain", [("A", "red", 33, 0), ("B", "blue", 47, 1)])
    image = rgb_board(view)
    here = geometry_of(view)
    for car in view.cars:
        pose = here.spot_pose(car.space, car.spot)
        colour = car_rgb(car.color)
        reach = 0.36 * here.car_length
        assert pixel(image, pose.moved(-reach)) == colour
        assert pixel(image, pose.moved(0.0, reach)) != colour
        assert pixel(image, pose.moved(0.0, -reach)) != colour


def test_a_car_on_a_later_lap_stands_on_the_same_board_spot() -> None:
    """Race space N + k is lap space k."""
    lap = data.track("italy").spaces_per_lap
    view = race_view("italy", [("A", "purple", lap + 12, 1)])
    here = geometry_of(view)
    assert car_shows(rgb_board(view), here, here.spot_pose(12, 1), car_rgb("purple"))


def test_a_car_that_moved_shows_where_it_came_from_and_its_path() -> None:
    """An outline on the spot it left, and a trail in its colour along the spaces it drove."""
    view = race_view("usa", [("A", "red", 9, 1)])
    moved = [CarMoved("A", "cards", 2, 0, 9, 1, False), TurnEnded("A", 7)]
    image = rgb_board(view, moved)
    here = geometry_of(view)
    red = car_rgb("red")
    lane = here.lane_offset(here.lane_of(2, 0))
    assert pixel(image, here.pose_at(5.25).moved(0.0, lane)) == red
    start = here.spot_pose(2, 0)
    assert pixel(image, start.moved(-0.3 * here.car_length)) != red
    assert red in colours_near(image, start.moved(-here.car_length / 2), 3)


def test_a_car_that_did_not_move_has_no_trail() -> None:
    """Without events there is nothing of the car's colour between spots."""
    view = race_view("usa", [("A", "red", 9, 1)])
    image = rgb_board(view)
    here = geometry_of(view)
    assert pixel(image, here.pose_at(5.25).moved(0.0)) != car_rgb("red")


def test_a_spin_out_is_marked_on_that_car_only() -> None:
    """The orange burst surrounds the car that spun, not the one beside it."""
    view = race_view("usa", [("A", "red", 12, 0), ("B", "blue", 30, 0)])
    events = [
        CarMoved("A", "cards", 5, 0, 15, 0, False),
        HeatPaid("A", 0, "corner"),
        SpunOut("A", 12, 2, 12, 0),
    ]
    image = rgb_board(view, events)
    here = geometry_of(view)
    for car, spun in (("A", True), ("B", False)):
        pose = here.spot_pose(view.car(car).space, view.car(car).spot)
        near = colours_near(image, (pose.x, pose.y), here.car_length * 0.7)
        assert (palette.SPIN in near) is spun


def test_drawing_a_board_leaves_the_cached_track_layer_untouched() -> None:
    """Cars go on a copy: the cached layer shows an empty track after a render."""
    layer = track_layer("france", board_layout("france"))
    before = layer.tobytes()
    rgb_board(race_view("france", SPREAD))
    assert track_layer("france", board_layout("france")).tobytes() == before


def test_a_board_is_a_valid_png_within_the_size_bound() -> None:
    """The PNG reads back at the board's size and stays under 300 KB."""
    view = race_view("usa", SPREAD)
    events = [
        CarMoved("C", "cards", 1, 0, 9, 1, False),
        TurnEnded("C", 8),
        RoundStarted(None, 5, ()),
    ]
    png = png_bytes(board_image(view, events, names={"A": "Ada", "C": "Chiara"}))
    assert png.startswith(PNG_SIGNATURE)
    assert len(png) < MAX_PNG_BYTES
    with Image.open(io.BytesIO(png)) as image:
        image.verify()
    with Image.open(io.BytesIO(png)) as image:
        assert image.width == BOARD_WIDTH


def test_a_smaller_board_keeps_cars_on_their_spots() -> None:
    """The layout scales: a 600-pixel-wide board puts cars where its own geometry says."""
    view = race_view("france", SPREAD)
    image = board_image(view, width=600).convert("RGB")
    layout = board_layout("france", width=600, cars=len(view.cars))
    assert image.size == (600, layout.height)
    here = track_geometry("france", layout.track_box)
    for car in view.cars:
        pose = here.spot_pose(car.space, car.spot)
        assert car_shows(image, here, pose, car_rgb(car.color)), car.id


def test_every_ink_survives_the_palette_exactly() -> None:
    """Mapping to the board palette keeps inks and car colours as they are."""
    cars = tuple(car_rgb(name) for name in ("red", "#123456", "no-such-colour"))
    swatch = Image.new("RGB", (len(palette.INKS) + len(cars), 1))
    for i, colour in enumerate(palette.INKS + cars):
        swatch.putpixel((i, 0), colour)
    mapped = palette.to_palette(swatch, cars).convert("RGB")
    assert [mapped.getpixel((i, 0)) for i in range(mapped.width)] == list(palette.INKS + cars)


def test_car_colours_by_name_hex_or_stand_in() -> None:
    """Known names, #rrggbb, and a stable stand-in for an unknown name."""
    assert car_rgb("Red") == palette.CAR_COLOURS["red"]
    assert car_rgb("#3a7b5c") == palette.on_grid((0x3A, 0x7B, 0x5C))
    assert car_rgb("teal-ish") == car_rgb("teal-ish")
    assert palette.contrast(car_rgb("yellow")) == palette.INK
    assert palette.contrast(car_rgb("black")) == palette.WHITE


def test_trails_of_cars_that_drove_together_lie_side_by_side() -> None:
    """Two cars over the same spaces: both trails show at the same space."""
    view = race_view("usa", [("A", "red", 10, 0), ("B", "blue", 10, 1)])
    events = [
        CarMoved("A", "cards", 2, 0, 10, 0, False),
        CarMoved("B", "cards", 2, 1, 10, 1, False),
    ]
    image = rgb_board(view, events)
    here = geometry_of(view)
    middle = here.pose_at(6.25)
    near = colours_near(image, (middle.x, middle.y), here.track_width / 2 - 2)
    assert {car_rgb("red"), car_rgb("blue")} <= near


def test_labels_are_drawn_in_the_contrasting_ink() -> None:
    """A yellow car's label is dark, a blue car's is white, at the centre of the car."""
    view = race_view("usa", [("A", "yellow", 20, 0), ("B", "blue", 22, 1)])
    image = rgb_board(view)
    here = geometry_of(view)
    for car, ink in (("A", palette.INK), ("B", palette.WHITE)):
        pose = here.spot_pose(view.car(car).space, view.car(car).spot)
        radius = here.car_width * 0.35
        assert ink in colours_near(image, (pose.x, pose.y), radius)


def test_a_long_driver_name_is_cut_to_fit_its_row() -> None:
    """Names wider than the room left end in an ellipsis; short ones stay whole."""
    long_name = "Wolfgang Amadeus von Sprintenstein-Überholer"
    cut = fitted(long_name, 200, size=20, bold=True)
    assert cut.endswith("…") and long_name.startswith(cut[:-1])
    assert text_width(cut, size=20, bold=True) <= 200
    assert fitted("Ada", 200, size=20, bold=True) == "Ada"
    png_bytes(board_image(race_view("usa", SPREAD), names={"A": long_name}))
