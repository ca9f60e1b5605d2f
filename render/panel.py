"""The board's words that change each round: a heading, and one line per car to tell whose car
is whose.

All of it is set at least at the board's smallest size (1/40 of its width), so it
reads when Discord shows the board about 400 pixels wide. The rest of what a
driver's row used to say (gear, Engine, cards, the round's notes, upgrades) is
in the message beside the picture.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

from PIL import Image

from data import words
from engine.view import CarView, RaceView
from render import palette
from render.badge import draw_badge
from render.field import car_labels, driver_name, lap_shown, running_order
from render.geometry import Box
from render.layout import BoardLayout
from render.palette import car_rgb
from render.round_summary import RoundSummary
from render.text import draw_text, fitted, text_width

# The letter that tells apart two printings of the same upgrade ("body-2b"): not worth a glance.
PRINTING = re.compile(r"(?<=\d)[a-z]$")


def draw_panel(
    image: Image.Image,
    layout: BoardLayout,
    view: RaceView,
    summary: RoundSummary,
    names: Mapping[str, str] | None,
    locale: str = "en",
) -> None:
    """The heading, then the roster in running order (the key is in the track layer), in
    the locale's language."""
    _draw_heading(image, layout, view, summary, locale)
    labels = car_labels(view)
    order = running_order(view)
    for place, (car, box) in enumerate(zip(order, layout.roster(len(order)), strict=True), 1):
        name = driver_name(car, names)
        _draw_entry(image, layout, box, view, car, place, labels[car.id], name, locale)


def round_name(view: RaceView, summary: RoundSummary, locale: str = "en") -> str:
    """ "Round N" for a round that was played; "Starting grid" before anyone has moved."""
    if summary.round is not None:
        return words.text("board_round", locale, round=summary.round)
    if all(car.space <= 0 for car in view.cars):
        return words.text("board_starting_grid", locale)
    return words.text("board_round", locale, round=view.round)


def heading(view: RaceView, summary: RoundSummary, locale: str = "en") -> str:
    """The track, the round and the race's length: "USA · Round 3 · 2 laps"."""
    laps = words.counted("league_event_laps", view.laps, locale)
    track = words.track_name(view.track, locale)
    return f"{track}  ·  {round_name(view, summary, locale)}  ·  {laps}"


def _draw_heading(
    image: Image.Image, layout: BoardLayout, view: RaceView, summary: RoundSummary, locale: str
) -> None:
    box = layout.heading_box
    size = layout.px(1.2)
    said = heading(view, summary, locale)
    text = fitted(said, box.width - layout.px(1.2), size=size, bold=True)
    at = (box.left + layout.px(0.6), box.top + box.height / 2)
    draw_text(image, at, text, size=size, fill=palette.TEXT, bold=True, anchor="lm")


def _draw_entry(
    image: Image.Image,
    layout: BoardLayout,
    box: Box,
    view: RaceView,
    car: CarView,
    place: int,
    label: str,
    name: str,
    locale: str,
) -> None:
    """Place, badge, name (cut to fit) and where the car stands: its lap, place or "out"."""
    size = layout.text
    middle = box.top + box.height / 2
    left = box.left + layout.px(0.3)
    right = box.left + box.width - layout.px(0.6)
    shown_place = "–" if car.eliminated and car.finished is None else str(place)
    draw_text(
        image, (left, middle), shown_place, size=size, fill=palette.TEXT, bold=True, anchor="lm"
    )
    # The badge's letter is 0.62 of its height: no smaller than the smallest text.
    badge_height = math.ceil(size / 0.62)
    badge_left = left + layout.px(1.2)
    badge_right = draw_badge(
        image, badge_left, middle - badge_height / 2, badge_height, car_rgb(car.color), label
    )
    if car.finished is not None:
        standing, ink = words.text("board_place", locale, place=car.finished), palette.GOLD
    elif car.eliminated:
        standing, ink = words.text("league_out", locale), palette.SIGN_RED
    else:
        standing = words.text("board_lap", locale, lap=lap_shown(view, car))
        ink = palette.TEXT_DIM
    draw_text(image, (right, middle), standing, size=size, fill=ink, anchor="rm")
    name_left = badge_right + layout.px(0.4)
    room = right - text_width(standing, size=size) - layout.px(0.5) - name_left
    shown = fitted(name, room, size=size, bold=True)
    draw_text(
        image, (name_left, middle), shown, size=size, fill=palette.TEXT, bold=True, anchor="lm"
    )


def upgrade_names(car: CarView) -> str:
    """The car's Garage upgrades by their short names ("turbo-8  body-2"), or nothing."""
    return "  ".join(PRINTING.sub("", card) for card in car.upgrades)
