"""The Hall of Fame: the race's final places, with a podium for the first three."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

import data
from engine.view import CarView, RaceView
from render import palette
from render.badge import draw_badge
from render.field import car_labels, driver_name, running_order
from render.palette import RGB, car_rgb, to_palette
from render.standings import OUT
from render.text import draw_text

WIDTH = 1200
PODIUM_TOP = 150
PODIUM_HEIGHT = 330
ROW_HEIGHT = 60
# Podium steps, left to right: 2nd, 1st, 3rd, with their height share and colour.
PODIUM = ((2, 0.72, palette.SILVER), (1, 1.0, palette.GOLD), (3, 0.5, palette.BRONZE))


def finish_image(view: RaceView, *, names: Mapping[str, str] | None = None) -> Image.Image:
    """The Hall of Fame of a race; cars still racing are listed after the places, and cars
    eliminated from the race (Championship event 10) last, marked "out", without a place."""
    order = running_order(view)
    podium = {car.finished: car for car in order if car.finished is not None and car.finished <= 3}
    rest = [car for car in order if car not in podium.values()]
    height = PODIUM_TOP + PODIUM_HEIGHT + 40 + ROW_HEIGHT * len(rest) + 30
    image = Image.new("RGB", (WIDTH, height), palette.PANEL)
    track = data.track(view.track)
    laps = f"{view.laps} lap{'s' if view.laps != 1 else ''}"
    draw_text(image, (60, 40), "Hall of Fame", size=50, fill=palette.TEXT, bold=True)
    subtitle = f"{track.name}  ·  {laps}  ·  {view.round} rounds"
    draw_text(image, (62, 104), subtitle, size=24, fill=palette.TEXT_DIM)
    labels = car_labels(view)
    colours = {car.id: car_rgb(car.color) for car in view.cars}
    step_width = 300
    first_left = (WIDTH - 3 * step_width) // 2
    for column, (place, share, colour) in enumerate(PODIUM):
        car = podium.get(place)
        if car is None:
            continue
        left = first_left + column * step_width
        name = driver_name(car, names)
        _draw_step(image, left, step_width, place, share, colour, car, labels[car.id], name)
    top = PODIUM_TOP + PODIUM_HEIGHT + 40
    for i, car in enumerate(rest):
        row_top = top + i * ROW_HEIGHT
        _draw_row(image, row_top, car, labels[car.id], driver_name(car, names))
    return to_palette(image, tuple(dict.fromkeys(colours.values())))


def _draw_step(
    image: Image.Image,
    left: int,
    width: int,
    place: int,
    share: float,
    colour: RGB,
    car: CarView,
    label: str,
    name: str,
) -> None:
    """One podium step with the place on it and the car's badge and driver above."""
    draw = ImageDraw.Draw(image)
    bottom = PODIUM_TOP + PODIUM_HEIGHT
    step_height = round((PODIUM_HEIGHT - 120) * share)
    step_top = bottom - step_height
    draw.rectangle((left + 10, step_top, left + width - 10, bottom), fill=colour)
    centre = left + width / 2
    number = (centre, step_top + step_height / 2)
    draw_text(image, number, str(place), size=64, fill=palette.INK, bold=True, anchor="mm")
    badge_height = 46
    badge_left = centre - badge_height * 0.8
    draw_badge(image, badge_left, step_top - 110, badge_height, car_rgb(car.color), label)
    name_at = (centre, step_top - 36)
    draw_text(image, name_at, name, size=28, fill=palette.TEXT, bold=True, anchor="mm")


def _draw_row(image: Image.Image, top: int, car: CarView, label: str, name: str) -> None:
    """A place below the podium: number, badge and driver; no number while still racing,
    "out" for a car eliminated from the race."""
    middle = top + ROW_HEIGHT / 2
    shown = str(car.finished) if car.finished is not None else "–"
    ink = palette.TEXT
    if car.eliminated and car.finished is None:
        shown, ink = OUT, palette.SIGN_RED
    draw_text(image, (150, middle), shown, size=30, fill=ink, bold=True, anchor="rm")
    right = draw_badge(image, 180, middle - 18, 36, car_rgb(car.color), label)
    draw_text(image, (right + 20, middle), name, size=28, fill=palette.TEXT, anchor="lm")
