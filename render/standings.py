"""A league's standings table: drivers, points, and their place in each race so far."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from render import palette
from render.palette import RGB, car_rgb, to_palette
from render.text import draw_text

ROW_HEIGHT = 52
TOP = 130
NAME_LEFT = 150
NAME_WIDTH = 330
RACE_WIDTH = 86
POINTS_WIDTH = 130
MEDALS: dict[int, RGB] = {1: palette.GOLD, 2: palette.SILVER, 3: palette.BRONZE}
OUT = "out"
"""A race cell of a driver eliminated from that race (Championship event 10): no place."""


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One driver in a league: points so far and the place in each race (None: did not race,
    or, where ``eliminated`` says so, was put out of it by event 10)."""

    name: str
    points: int
    places: Sequence[int | None] = ()
    color: str | None = None
    eliminated: Sequence[bool] = ()


@dataclass(frozen=True, slots=True)
class Standings:
    """A league table: its title, the races' names (columns) and the drivers (rows, in order)."""

    title: str
    rows: Sequence[StandingRow]
    races: Sequence[str] = field(default_factory=tuple)


def standings_image(standings: Standings) -> Image.Image:
    """The table as an image; equal points share a rank."""
    rows = standings.rows
    races = list(standings.races) or [
        f"R{i}" for i in range(1, 1 + max((len(r.places) for r in rows), default=0))
    ]
    width = NAME_LEFT + NAME_WIDTH + RACE_WIDTH * len(races) + POINTS_WIDTH + 40
    height = TOP + ROW_HEIGHT * (len(rows) + 1) + 30
    image = Image.new("RGB", (width, height), palette.PANEL)
    draw = ImageDraw.Draw(image)
    draw_text(image, (40, 36), standings.title, size=40, fill=palette.TEXT, bold=True)
    points_centre = width - 40 - POINTS_WIDTH / 2
    header = TOP + ROW_HEIGHT / 2
    draw_text(image, (NAME_LEFT, header), "Driver", size=20, fill=palette.TEXT_DIM, anchor="lm")
    for column, race in enumerate(races):
        centre = _race_centre(column)
        draw_text(image, (centre, header), race, size=20, fill=palette.TEXT_DIM, anchor="mm")
    draw_text(image, (points_centre, header), "Points", size=20, fill=palette.TEXT_DIM, anchor="mm")
    for i, row in enumerate(rows):
        top = TOP + ROW_HEIGHT * (i + 1)
        middle = top + ROW_HEIGHT / 2
        if i % 2 == 0:
            draw.rectangle((20, top, width - 20, top + ROW_HEIGHT - 1), fill=palette.PANEL_ROW)
        rank = 1 + sum(1 for other in rows if other.points > row.points)
        draw_text(
            image, (90, middle), str(rank), size=26, fill=palette.TEXT, bold=True, anchor="rm"
        )
        name_left = NAME_LEFT
        if row.color is not None:
            draw.ellipse((112, middle - 9, 130, middle + 9), fill=car_rgb(row.color))
        draw_text(image, (name_left, middle), row.name, size=24, fill=palette.TEXT, anchor="lm")
        for column in range(len(races)):
            place = row.places[column] if column < len(row.places) else None
            out = column < len(row.eliminated) and row.eliminated[column]
            _draw_place(draw, image, _race_centre(column), middle, OUT if out else place)
        points = str(row.points)
        draw_text(
            image,
            (points_centre, middle),
            points,
            size=26,
            fill=palette.TEXT,
            bold=True,
            anchor="mm",
        )
    colours = tuple(dict.fromkeys(car_rgb(r.color) for r in rows if r.color is not None))
    return to_palette(image, colours)


def _race_centre(column: int) -> float:
    return NAME_LEFT + NAME_WIDTH + RACE_WIDTH * column + RACE_WIDTH / 2


def _draw_place(
    draw: ImageDraw.ImageDraw,
    image: Image.Image,
    centre: float,
    middle: float,
    place: int | str | None,
) -> None:
    """A race cell: a medal disc for the podium, the place otherwise, a dash if absent,
    "out" for a driver eliminated from the race."""
    if place is None or isinstance(place, str):
        shown = place or "–"
        draw_text(image, (centre, middle), shown, size=22, fill=palette.TEXT_DIM, anchor="mm")
        return
    medal = MEDALS.get(place)
    if medal is not None:
        draw.ellipse((centre - 17, middle - 17, centre + 17, middle + 17), fill=medal)
    ink = palette.INK if medal is not None else palette.TEXT
    draw_text(image, (centre, middle), str(place), size=22, fill=ink, bold=True, anchor="mm")
