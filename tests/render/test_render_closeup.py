"""A driver's stretch of road (issue 22 point 3): from their car to the corner after next, the
cars on it, the corner limits after road tokens, and where each planned speed lands.

Positions are built in the race notation; the expected places come from the
picture's own cell layout and the engine's forecast, never from a stored image.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

import data
from engine.forecast import Landing, corners_ahead, landings
from engine.state import Weather
from engine.view import RaceView
from render import closeup_description, closeup_image, palette
from render.closeup import TEXT, cell, stretch
from render.geometry import spot_lane
from render.palette import car_rgb
from tests.support.boards import CarAt, colours_near, pixel, race_view

HAND = ("1", "3", "4", "S", "H", "2", "1")


def view_of(
    cars: list[CarAt], viewer: str | None = "A", weather: Weather | None = None
) -> RaceView:
    """USA, two laps: (id, colour, space, spot) per car, as ``viewer`` sees it."""
    return race_view("usa", cars, viewer=viewer, laps=2, hand=HAND, weather=weather)


def rgb(image: Image.Image) -> Image.Image:
    return image.convert("RGB")


def test_the_road_runs_from_behind_the_car_to_the_corner_after_next() -> None:
    """Two spaces behind the car, on to the second corner line ahead (its limit as the engine
    reads it), with the corners between."""
    view = view_of([("A", "red", 10, 0)])
    car = view.car("A")
    road = stretch(view, car, [])
    ahead = corners_ahead(view, car, 2)
    assert road.first == 8
    assert road.last == ahead[1][0]
    assert road.corners == tuple(ahead)


def test_each_car_on_the_road_stands_in_its_spot_in_its_colour() -> None:
    """Cars behind, beside and ahead of the driver in their lanes; a car far away is not there."""
    cars = [("A", "red", 10, 0), ("B", "blue", 10, 1), ("C", "green", 12, 0)]
    cars.append(("D", "yellow", 60, 0))
    view = view_of(cars)
    image = rgb(closeup_image(view, "A", []))
    road = stretch(view, view.car("A"), [])
    track = data.track("usa")
    for car_id, colour, space, spot in cars[:3]:
        middle = cell(road, space).spot(spot_lane(track, space, spot))
        assert car_rgb(colour) in colours_near(image, middle, 12), car_id
    drawn = {colour for _, colour in image.getcolors(image.width * image.height) or []}
    assert car_rgb("yellow") not in drawn, "D is far ahead, off this stretch"


def test_sure_and_stress_landings_are_drawn_under_their_spaces() -> None:
    """A plan of 3 lands 3 on for sure (a solid disc); a Stress plan only maybe (an outline);
    a space no plan reaches has no disc."""
    view = view_of([("A", "red", 10, 0)])
    car = view.car("A")
    reach = landings(view, car, [("3",), ("S",)])
    assert reach == [
        Landing(11, 1, False),
        Landing(12, 2, False),
        Landing(13, 3, True),
        Landing(14, 4, False),
    ]
    image = rgb(closeup_image(view, "A", reach))
    road = stretch(view, car, reach)
    # Inside the disc, clear of the number in its middle.
    radius_in = 0.6 * TEXT * 0.8
    for landing in reach:
        x, y = cell(road, landing.space).landing
        inside = pixel(image, (x - radius_in, y))
        assert inside == (palette.WHITE if landing.sure else palette.GRASS), landing
        assert palette.INK in colours_near(image, (x, y), 8) or not landing.sure
    x, y = cell(road, 16).landing
    assert colours_near(image, (x, y), 12) == {palette.GRASS}


def test_the_road_changes_with_the_car_s_position_and_says_so() -> None:
    """The same car two spaces on draws a different road, and its words name the new spaces."""
    here = view_of([("A", "red", 10, 0), ("B", "blue", 14, 1)])
    later = view_of([("A", "red", 12, 0), ("B", "blue", 14, 1)])
    first = rgb(closeup_image(here, "A", []))
    second = rgb(closeup_image(later, "A", []))
    assert first.size != second.size or ImageChops.difference(first, second).getbbox()
    assert "A (you) on space 10" in closeup_description(here, "A", [])
    assert "A (you) on space 12" in closeup_description(later, "A", [])


def test_a_limit_changed_by_a_road_token_is_in_the_sign_and_the_words() -> None:
    """With the weather module, each corner's limit is the engine's (printed ± token)."""
    tokens = ("speed_limit_minus_1", "speed_limit_plus_1", "overheat", "heat_control")
    view = view_of([("A", "red", 10, 0)], weather=Weather("fog", tokens))
    words = closeup_description(view, "A", [])
    for space, limit in stretch(view, view.car("A"), []).corners:
        assert f"Corner after space {space}: limit {limit}" in words
    assert "changed by a road token" in words


def test_the_road_is_drawn_only_from_the_driver_s_own_view() -> None:
    """Its landings come from the driver's hand: a spectator's or a rival's view is refused."""
    with pytest.raises(ValueError, match="view"):
        closeup_image(view_of([("A", "red", 10, 0), ("B", "blue", 8, 0)], None), "A", [])
    with pytest.raises(ValueError, match="view"):
        closeup_description(view_of([("A", "red", 10, 0), ("B", "blue", 8, 0)], "B"), "A", [])
