"""The Hall of Fame: the race's final places, with a podium for the first three."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from data import words
from engine.view import CarView, RaceView
from render import palette
from render.badge import draw_badge
from render.field import car_labels, driver_name, running_order
from render.palette import RGB, car_rgb, to_palette
from render.standings import OUT
from render.text import draw_text, fitted, text_width

WIDTH = 800
SMALL = WIDTH // 40
"""The smallest type size: 10 px when Discord shows the picture 400 px wide."""
PAD = 24
PODIUM_TOP = 130
PODIUM_HEIGHT = 330
ROW_HEIGHT = 52
NAME_SIZE = 24
PLACE_SIZE = 28
PLACE_WIDTH = 60
"""The place column of the rows under the podium, unless the language's "out" is wider."""
STEP_WIDTH = (WIDTH - 2 * PAD) // 3
LEGEND_MARK = "★"
# Podium steps, left to right: 2nd, 1st, 3rd, with their height share and colour.
PODIUM = ((2, 0.72, palette.SILVER), (1, 1.0, palette.GOLD), (3, 0.5, palette.BRONZE))


def legend_key(locale: str = "en") -> str:
    """The line under the list that says what the star means: "★ Legend"."""
    return words.text("finish_legend", locale, mark=LEGEND_MARK)


def finish_image(
    view: RaceView, *, names: Mapping[str, str] | None = None, locale: str = "en"
) -> Image.Image:
    """The Hall of Fame of a race, in the locale's language; cars still racing are listed
    after the places, and cars eliminated from the race (Championship event 10) last,
    marked "out", without a place.

    Each name is cut to its step or row, so no name runs over another; Legends carry a
    star, explained under the list.
    """
    order = running_order(view)
    podium = {car.finished: car for car in order if car.finished is not None and car.finished <= 3}
    rest = [car for car in order if car not in podium.values()]
    legends = any(car.kind == "legend" for car in view.cars)
    key = ROW_HEIGHT if legends else 0
    height = PODIUM_TOP + PODIUM_HEIGHT + 30 + ROW_HEIGHT * len(rest) + key + PAD
    image = Image.new("RGB", (WIDTH, height), palette.PANEL)
    track = words.track_name(view.track, locale)
    laps = words.counted("league_event_laps", view.laps, locale)
    title = fitted(words.text("finish_title", locale), WIDTH - 2 * PAD, size=44, bold=True)
    draw_text(image, (PAD, PAD), title, size=44, fill=palette.TEXT, bold=True)
    rounds = words.counted("count_rounds", view.round, locale)
    subtitle = f"{track}  ·  {laps}  ·  {rounds}"
    draw_text(image, (PAD + 2, PAD + 62), subtitle, size=SMALL + 2, fill=palette.TEXT_DIM)
    labels = car_labels(view)
    colours = {car.id: car_rgb(car.color) for car in view.cars}
    for column, (place, share, colour) in enumerate(PODIUM):
        car = podium.get(place)
        if car is None:
            continue
        left = PAD + column * STEP_WIDTH
        name = _shown_name(car, names)
        _draw_step(image, left, place, share, colour, car, labels[car.id], name)
    top = PODIUM_TOP + PODIUM_HEIGHT + 30
    for i, car in enumerate(rest):
        row_top = top + i * ROW_HEIGHT
        _draw_row(image, row_top, car, labels[car.id], _shown_name(car, names), locale)
    if legends:
        at = (PAD, top + len(rest) * ROW_HEIGHT + ROW_HEIGHT / 2)
        star = legend_key(locale)
        draw_text(image, at, star, size=SMALL, fill=palette.TEXT_DIM, anchor="lm")
    return to_palette(image, tuple(dict.fromkeys(colours.values())))


def _shown_name(car: CarView, names: Mapping[str, str] | None) -> str:
    """The driver's name, after a star for a Legend."""
    name = driver_name(car, names)
    return f"{LEGEND_MARK} {name}" if car.kind == "legend" else name


def _draw_step(
    image: Image.Image,
    left: int,
    place: int,
    share: float,
    colour: RGB,
    car: CarView,
    label: str,
    name: str,
) -> None:
    """One podium step with the place on it and the car's badge and driver above, the name
    cut to the step's width."""
    draw = ImageDraw.Draw(image)
    bottom = PODIUM_TOP + PODIUM_HEIGHT
    step_height = round((PODIUM_HEIGHT - 120) * share)
    step_top = bottom - step_height
    draw.rectangle((left + 8, step_top, left + STEP_WIDTH - 8, bottom), fill=colour)
    centre = left + STEP_WIDTH / 2
    number = (centre, step_top + step_height / 2)
    draw_text(image, number, str(place), size=64, fill=palette.INK, bold=True, anchor="mm")
    badge_height = 46
    badge_left = centre - badge_height * 0.8
    draw_badge(image, badge_left, step_top - 110, badge_height, car_rgb(car.color), label)
    shown = fitted(name, STEP_WIDTH - 16, size=NAME_SIZE, bold=True)
    name_at = (centre, step_top - 36)
    draw_text(image, name_at, shown, size=NAME_SIZE, fill=palette.TEXT, bold=True, anchor="mm")


def _draw_row(
    image: Image.Image, top: int, car: CarView, label: str, name: str, locale: str
) -> None:
    """A place below the podium: number, badge and driver (cut to the picture); no number
    while still racing, "out" for a car eliminated from the race."""
    middle = top + ROW_HEIGHT / 2
    shown = str(car.finished) if car.finished is not None else "–"
    ink = palette.TEXT
    if car.eliminated and car.finished is None:
        shown, ink = words.text(OUT, locale), palette.SIGN_RED
    # The place column is as wide as the language's "out" (every row alike, so they align).
    column = max(PLACE_WIDTH, text_width(words.text(OUT, locale), size=PLACE_SIZE, bold=True))
    at = (PAD + column, middle)
    draw_text(image, at, shown, size=PLACE_SIZE, fill=ink, bold=True, anchor="rm")
    right = draw_badge(image, PAD + column + 20, middle - 18, 36, car_rgb(car.color), label)
    room = WIDTH - PAD - (right + 20)
    name = fitted(name, room, size=NAME_SIZE)
    draw_text(image, (right + 20, middle), name, size=NAME_SIZE, fill=palette.TEXT, anchor="lm")
