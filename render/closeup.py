"""A driver's stretch of road: from their car to the corner after next, and where each planned
speed would land.

The spaces are laid straight, in rows of ten read like lines of text, each with
its two spots (lane 1 above: it runs on the left of the direction of travel),
the race line's edge in gold, every car on them (the driver's own ringed in
gold), the corner lines with their limits as the engine reads them (ringed in
gold where a road token changed the limit), and under each space the planned
speed that ends there: a solid disc when some plan lands there for sure, an
outline when only Stress may take it there. Drawn from the driver's own view;
the landings come from :func:`engine.forecast.landings`. :func:`closeup_description`
says the same in words. Its words are in the driver's language (``closeup_*``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

import data
from data import words
from data.models import Track
from engine.forecast import Landing, corners_ahead
from engine.view import CarView, RaceView
from render import palette
from render.field import car_labels
from render.geometry import spot_lane
from render.layout import smallest_text
from render.palette import car_rgb, to_palette
from render.text import draw_text, fitted, text_width

ROAD_WIDTH = 800
PER_ROW = 10
# Spaces shown behind the driver's car, and at most this many spaces in all.
BEHIND = 2
MOST = 40
# Heights in units of the smallest text: the heading, and a row's signs, lanes and landings.
HEADING = 1.9
SIGNS = 2.1
LANE = 1.6
LANDINGS = 1.7
ROW_GAP = 0.5
KEY = 1.8
CORNERS_LOOKED_AT = 2


@dataclass(frozen=True, slots=True)
class Stretch:
    """The spaces shown (``first`` to ``last``, race spaces) and the corner lines among them
    (the space before each line, and its limit with its road token)."""

    first: int
    last: int
    corners: tuple[tuple[int, int], ...]


def stretch(view: RaceView, car: CarView, landings: Sequence[Landing]) -> Stretch:
    """From two spaces behind the car to the corner after next (or the finish line), on to the
    farthest landing, at most ``MOST`` spaces."""
    finish = view.laps * data.track(view.track).spaces_per_lap
    looked_at = corners_ahead(view, car, CORNERS_LOOKED_AT)
    end = looked_at[-1][0] if len(looked_at) == CORNERS_LOOKED_AT else finish
    farthest = max((landing.space for landing in landings), default=end)
    first = car.space - BEHIND
    last = min(max(end, farthest), first + MOST - 1)
    shown = tuple(c for c in corners_ahead(view, car, MOST) if first <= c[0] <= last)
    return Stretch(first, last, shown)


def own_car(view: RaceView, car_id: str) -> CarView:
    """The driver's car in their own view; ValueError for anyone else's view."""
    if view.viewer != car_id:
        seen_by = "a spectator" if view.viewer is None else view.viewer
        raise ValueError(f"the road of {car_id} is drawn from {car_id}'s view, not {seen_by}'s")
    return view.car(car_id)


TEXT = smallest_text(ROAD_WIDTH)
PAD = round(TEXT * 0.8)
CELL = (ROAD_WIDTH - 2 * PAD) / PER_ROW
LANE_HEIGHT = LANE * TEXT
ROW_HEIGHT = round((SIGNS + 2 * LANE + LANDINGS + ROW_GAP) * TEXT)
TOP = round(HEADING * TEXT)


@dataclass(frozen=True, slots=True)
class Cell:
    """Where a space lies in the picture: its left edge, the top of its row and of its spots."""

    left: float
    row_top: float
    lanes_top: float

    @property
    def landing(self) -> tuple[float, float]:
        """The middle of the disc under the space that says which planned speed ends there."""
        return (self.left + CELL / 2, self.lanes_top + 2 * LANE_HEIGHT + LANDINGS * TEXT / 2)

    def spot(self, lane: int) -> tuple[float, float]:
        """The middle of the space's spot in ``lane`` (1 above, 2 below)."""
        return (self.left + CELL / 2, self.lanes_top + (lane - 0.5) * LANE_HEIGHT)


def cell(road: Stretch, space: int) -> Cell:
    """Where ``space`` of ``road`` is drawn: rows of ten, read like lines of text."""
    index = space - road.first
    row_top = TOP + (index // PER_ROW) * ROW_HEIGHT
    return Cell(PAD + (index % PER_ROW) * CELL, row_top, row_top + SIGNS * TEXT)


def closeup_image(
    view: RaceView, car_id: str, landings: Sequence[Landing], locale: str = "en"
) -> Image.Image:
    """``car_id``'s stretch of road from its driver's ``view``, as a palette image, its words
    in the locale's language.

    ValueError when ``view`` is not ``car_id``'s own: the landings come from its hand.
    """
    car = own_car(view, car_id)
    road = stretch(view, car, landings)
    rows = -(-(road.last - road.first + 1) // PER_ROW)
    key_top = TOP + rows * ROW_HEIGHT
    key = key_lines(locale)
    height = key_top + round(KEY * TEXT) * len(key)
    image = Image.new("RGB", (ROAD_WIDTH, height), palette.GRASS)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, ROAD_WIDTH, TOP - 1), fill=palette.PANEL)
    labels = car_labels(view)
    heading = words.text("closeup_heading", locale, car=labels[car_id])
    room = ROAD_WIDTH - 2 * PAD
    size = round(1.2 * TEXT)
    while size > TEXT and text_width(heading, size=size, bold=True) > room:
        size -= 1
    heading = fitted(heading, room, size=size, bold=True)
    draw_text(image, (PAD, TOP / 2), heading, size=size, fill=palette.TEXT, bold=True, anchor="lm")
    track = data.track(view.track)
    printed = {corner.position: corner.speed_limit for corner in track.corners}
    limits = dict(road.corners)
    lands = {landing.space: landing for landing in landings}
    finish = view.laps * track.spaces_per_lap
    cars = {(c.space, c.spot): c for c in view.cars if c.racing}
    for space in range(road.first, road.last + 1):
        at = cell(road, space)
        _draw_space(draw, track, space, at.left, CELL, at.lanes_top, LANE_HEIGHT)
        for spot in (0, 1):
            here = cars.get((space, spot))
            if here is not None:
                y = at.lanes_top + (spot_lane(track, space, spot) - 1) * LANE_HEIGHT
                own = here.id == car_id
                _draw_car(image, here, labels[here.id], at.left, y, CELL, LANE_HEIGHT, TEXT, own)
        right = at.left + CELL
        if space == finish:
            _draw_finish(draw, right, at.lanes_top, LANE_HEIGHT)
        if space in limits:
            lap_position = (space - 1) % track.spaces_per_lap + 1
            changed = limits[space] != printed[lap_position]
            sign_y = at.row_top + SIGNS * TEXT / 2
            _draw_corner(
                image, right, sign_y, at.lanes_top, LANE_HEIGHT, limits[space], changed, TEXT
            )
        landing = lands.get(space)
        if landing is not None:
            _draw_landing(image, at.landing, landing, TEXT)
    _draw_key(image, key_top, key)
    return to_palette(image, tuple(dict.fromkeys(car_rgb(c.color) for c in view.cars)))


# A key entry: its disc (solid for a sure landing) and its words.
KeyEntry = tuple[bool, str]


def key_lines(locale: str) -> list[list[KeyEntry]]:
    """The key's entries in the locale's language: on one line if both fit across, else a
    line each."""
    entries = [
        (True, words.text("closeup_key_sure", locale)),
        (False, words.text("closeup_key_stress", locale)),
    ]
    across = PAD + sum(2 * TEXT + text_width(said, size=TEXT) + 1.5 * TEXT for _, said in entries)
    return [entries] if across - 1.5 * TEXT <= ROAD_WIDTH - PAD else [[entry] for entry in entries]


def _draw_key(image: Image.Image, top: float, lines: list[list[KeyEntry]]) -> None:
    """What the two kinds of disc under the spaces mean."""
    ImageDraw.Draw(image).rectangle((0, top, image.width, image.height), fill=palette.PANEL)
    for n, line in enumerate(lines):
        middle = top + round(KEY * TEXT) * n + KEY * TEXT / 2
        x = float(PAD)
        for sure, said in line:
            _draw_landing(image, (x + 0.8 * TEXT, middle), Landing(0, 0, sure), TEXT, mark=False)
            x += 2 * TEXT
            shown = fitted(said, ROAD_WIDTH - PAD - x, size=TEXT)
            draw_text(image, (x, middle), shown, size=TEXT, fill=palette.TEXT, anchor="lm")
            x += text_width(shown, size=TEXT) + 1.5 * TEXT


def _draw_space(
    draw: ImageDraw.ImageDraw,
    track: Track,
    space: int,
    left: float,
    cell: float,
    top: float,
    lane: float,
) -> None:
    """One space: asphalt for both spots, its lines, and the race line's edge in gold."""
    right, bottom = left + cell, top + 2 * lane
    draw.rectangle((left, top, right, bottom), fill=palette.ASPHALT)
    draw.line((right, top, right, bottom), fill=palette.SEPARATOR, width=2)
    draw.line((left + 4, top + lane, right - 4, top + lane), fill=palette.SEPARATOR, width=2)
    race_lane = track.race_lane_at((space - 1) % track.spaces_per_lap + 1)
    for edge_lane, y in ((1, top), (2, bottom)):
        colour = palette.RACE_LINE if edge_lane == race_lane else palette.EDGE
        draw.line((left, y, right, y), fill=colour, width=4)


def _draw_car(
    image: Image.Image,
    car: CarView,
    label: str,
    left: float,
    top: float,
    cell: float,
    lane: float,
    text: int,
    own: bool,
) -> None:
    """A car in its spot with its letter; the driver's own car ringed in gold."""
    colour = car_rgb(car.color)
    margin = lane * 0.12
    box = (left + cell * 0.12, top + margin, left + cell * 0.88, top + lane - margin)
    outline = palette.GOLD if own else palette.contrast(colour)
    ImageDraw.Draw(image).rounded_rectangle(
        box, radius=round(lane * 0.3), fill=colour, outline=outline, width=4 if own else 2
    )
    middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    ink = palette.contrast(colour)
    draw_text(image, middle, label, size=text, fill=ink, bold=True, anchor="mm")


def _draw_finish(draw: ImageDraw.ImageDraw, x: float, top: float, lane: float) -> None:
    """The chequered finish line after the last space of the race."""
    squares = 6
    side = 2 * lane / squares
    for row in range(squares):
        for column in range(2):
            colour = palette.WHITE if (row + column) % 2 == 0 else palette.INK
            x0 = x - side + column * side
            y0 = top + row * side
            draw.rectangle((x0, y0, x0 + side - 1, y0 + side - 1), fill=colour)


def _draw_corner(
    image: Image.Image,
    x: float,
    sign_y: float,
    top: float,
    lane: float,
    limit: int,
    changed: bool,
    text: int,
) -> None:
    """The corner line across both spots, and its limit in a sign above it."""
    draw = ImageDraw.Draw(image)
    draw.line((x, top - text * 0.3, x, top + 2 * lane), fill=palette.SIGN_RED, width=5)
    radius = round(text * 0.95)
    x = min(max(x, radius + 2), image.width - radius - 2)
    ring = palette.GOLD if changed else palette.SIGN_RED
    draw.ellipse(
        (x - radius, sign_y - radius, x + radius, sign_y + radius),
        fill=palette.WHITE,
        outline=ring,
        width=max(2, round(radius * 0.22)),
    )
    size = max(text, round(radius * 1.15))
    draw_text(image, (x, sign_y), str(limit), size=size, fill=palette.INK, bold=True, anchor="mm")


def _draw_landing(
    image: Image.Image,
    middle: tuple[float, float],
    landing: Landing,
    text: int,
    *,
    mark: bool = True,
) -> None:
    """The planned speed that ends on this space: solid if sure, an outline if only Stress may."""
    radius = text * 0.8
    x, y = middle
    box = (x - radius, y - radius, x + radius, y + radius)
    draw = ImageDraw.Draw(image)
    if landing.sure:
        draw.ellipse(box, fill=palette.WHITE, outline=palette.INK, width=2)
        ink = palette.INK
    else:
        draw.ellipse(box, fill=palette.GRASS, outline=palette.WHITE, width=2)
        ink = palette.WHITE
    if mark:
        draw_text(image, middle, str(landing.speed), size=text, fill=ink, bold=True, anchor="mm")


def closeup_description(
    view: RaceView, car_id: str, landings: Sequence[Landing], locale: str = "en"
) -> str:
    """The stretch of road in words, as the picture shows it: alt text for screen readers, in
    the locale's language."""
    car = own_car(view, car_id)
    road = stretch(view, car, landings)
    labels = car_labels(view)
    track = data.track(view.track)
    printed = {corner.position: corner.speed_limit for corner in track.corners}
    said = [
        words.text("closeup_alt_road", locale, car=labels[car_id], first=road.first, last=road.last)
    ]
    around = sorted(
        (c for c in view.cars if c.racing and road.first <= c.space <= road.last),
        key=lambda c: (-c.space, c.spot),
    )
    cars = [
        words.text(
            "closeup_alt_own_car" if c.id == car_id else "closeup_alt_car",
            locale,
            car=labels[c.id],
            space=c.space,
            lane=spot_lane(track, c.space, c.spot),
        )
        for c in around
    ]
    said.append(words.text("closeup_alt_cars", locale, cars="; ".join(cars)))
    for space, limit in road.corners:
        was = printed[(space - 1) % track.spaces_per_lap + 1]
        if limit != was:
            said.append(
                words.text(
                    "closeup_alt_corner_token", locale, space=space, limit=limit, printed=was
                )
            )
        else:
            said.append(words.text("closeup_alt_corner", locale, space=space, limit=limit))
    finish = view.laps * track.spaces_per_lap
    if road.first <= finish <= road.last:
        said.append(words.text("closeup_alt_finish", locale, space=finish))

    def landed(sure: bool) -> str:
        return ", ".join(
            words.text("closeup_alt_landing", locale, speed=x.speed, space=x.space)
            for x in landings
            if x.sure == sure and x.space <= road.last
        )

    if landed(True):
        said.append(words.text("closeup_alt_sure", locale, landings=landed(True)))
    if landed(False):
        said.append(words.text("closeup_alt_stress", locale, landings=landed(False)))
    if not landings:
        said.append(words.text("closeup_alt_none", locale))
    return " ".join(said)
