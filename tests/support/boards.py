"""Boards to look at in the render tests: a race's view, and the colours at a point."""

from __future__ import annotations

import json
from collections.abc import Sequence

from PIL import Image

import data
import engine
from engine.events import Event
from engine.notation import load_state
from engine.state import RaceState, Weather
from engine.view import RaceView
from render import board_image
from render.geometry import Point, Pose, TrackGeometry
from render.palette import RGB

CarAt = tuple[str, str, int, int]
HAND = ("1", "2", "3", "4", "H", "S", "1")


def race_view(
    track: str,
    cars: Sequence[CarAt],
    finished: dict[str, int] | None = None,
    *,
    viewer: str | None = None,
    laps: int | None = None,
    hand: Sequence[str] = HAND,
    weather: Weather | None = None,
) -> RaceView:
    """A position as ``viewer`` (None: a spectator) sees it: (id, colour, space, spot) per
    car, each in gear 2 with Engine 5 and ``hand``."""
    state = race_state(track, cars, finished, laps=laps, hand=hand)
    state.weather = weather
    return engine.view_for(state, viewer)


def race_state(
    track: str,
    cars: Sequence[CarAt],
    finished: dict[str, int] | None = None,
    *,
    laps: int | None = None,
    hand: Sequence[str] = HAND,
) -> RaceState:
    """The position itself, read from the race notation."""
    finished = finished or {}
    doc = {
        "notation": "heat-race/1",
        "track": track,
        "laps": laps or data.track(track).laps,
        "seed": 1,
        "round": 4,
        "cars": [
            {
                "id": car_id,
                "color": colour,
                "kind": "human",
                "space": space,
                "spot": spot,
                "gear": 2,
                "engine": 5,
                "hand": list(hand),
                "deck": [],
                "discard": [],
                "finished": finished.get(car_id),
            }
            for car_id, colour, space, spot in cars
        ],
    }
    return load_state(json.dumps(doc))


def rgb(value: object) -> tuple[int, int, int]:
    """A pixel of an RGB image as a plain (red, green, blue) tuple."""
    assert isinstance(value, tuple) and len(value) == 3
    red, green, blue = value
    return (red, green, blue)


def pixel(image: Image.Image, point: Point) -> tuple[int, int, int]:
    return rgb(image.getpixel((round(point[0]), round(point[1]))))


def colours_near(image: Image.Image, centre: Point, radius: float) -> set[tuple[int, int, int]]:
    """Every colour within ``radius`` of ``centre``."""
    x0, y0 = round(centre[0] - radius), round(centre[1] - radius)
    size = round(2 * radius)
    patch = image.crop((x0, y0, x0 + size, y0 + size))
    return {rgb(colour) for _, colour in patch.getcolors(size * size) or []}


def car_shows(
    image: Image.Image, geometry: TrackGeometry, pose: Pose, colour: RGB, scale: float = 1.0
) -> bool:
    """True when ``colour`` is found on the car's body around ``pose``.

    The body's middle is under the car's letter (at least the board's smallest text,
    wider than a small car), so the colour is looked for within half a car's width.
    """
    return colour in colours_near(image, (pose.x, pose.y), geometry.car_width * 0.5 * scale)


def rgb_board(view: RaceView, events: Sequence[Event] = ()) -> Image.Image:
    return board_image(view, events).convert("RGB")
