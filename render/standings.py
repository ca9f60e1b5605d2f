"""A league's standings: each driver's points, and each race's place and points, by track.

Discord shows a picture about 400 px wide on a phone, so the table is laid
out for a narrow canvas whose smallest text is a 40th of its width: each
driver takes two lines, the name (as wide as the picture allows, cut with an
ellipsis, never over a figure) with the total on the right, then a cell per
race under its track's name: the place and the points, with the event's bonus
("1st 9+2"). Seasons of more than :data:`RACES_PER_LINE` races wrap their cells.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from data import words
from render import palette
from render.palette import RGB, car_rgb, to_palette
from render.text import draw_text, fitted, text_width

WIDTH = 800
SMALL = WIDTH // 40
"""The smallest type size: 10 px when Discord shows the picture 400 px wide."""
NAME_SIZE = 24
TITLE_SIZE = 32
PAD = 20
RANK_WIDTH = 44
NAME_LEFT = PAD + RANK_WIDTH + 34
POINTS_WIDTH = 96
NAME_LINE = 40
RACE_LINE = 36
HEADER_LINE = 26
RACES_PER_LINE = 5
DOT = 11
PILL_PAD = 14
"""How much wider a pill is than its word."""
MEDALS: dict[int, RGB] = {1: palette.GOLD, 2: palette.SILVER, 3: palette.BRONZE}
OUT = "league_out"
"""The message of a race cell of a driver eliminated from that race (Championship event
10): no place. The standings in words say the same."""
LEFT = "standings_left"
"""The message tagging a driver who left the league: their points stay in the table."""


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One driver in a league: points so far and, per race, the place (None: did not race,
    or, where ``eliminated`` says so, was put out of it by event 10), the points scored and
    the event's bonus among them; ``left`` for a driver who left the league; ``dropped``
    the race (its index) the league's drop-worst leaves out of ``points``, struck through."""

    name: str
    points: int
    places: Sequence[int | None] = ()
    color: str | None = None
    eliminated: Sequence[bool] = ()
    race_points: Sequence[int | None] = ()
    bonuses: Sequence[int | None] = ()
    left: bool = False
    dropped: int | None = None


@dataclass(frozen=True, slots=True)
class Standings:
    """A league table: its title, the races' tracks (columns) and the drivers (rows, in order)."""

    title: str
    rows: Sequence[StandingRow]
    races: Sequence[str] = field(default_factory=tuple)


def ordinal(place: int, locale: str = "en") -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st in English; 1º in Italian."""
    return words.ordinal(place, locale)


def race_score(points: int | None, bonus: int | None) -> str:
    """A race's points with the event's bonus apart: "9+2", "6", "" if it did not score."""
    if points is None:
        return ""
    if bonus:
        return f"{points - bonus}+{bonus}"
    return str(points)


def standings_image(standings: Standings, locale: str = "en") -> Image.Image:
    """The table as an image, its words in the locale's language; equal points share a rank."""
    rows = standings.rows
    races = list(standings.races) or [
        words.text("standings_race", locale, race=i)
        for i in range(1, 1 + max((len(r.places) for r in rows), default=0))
    ]
    lines = max(1, -(-len(races) // RACES_PER_LINE))
    header = TITLE_SIZE + 2 * PAD + lines * 2 * HEADER_LINE
    block = NAME_LINE + lines * RACE_LINE + 8
    image = Image.new("RGB", (WIDTH, header + block * len(rows) + PAD), palette.PANEL)
    title = fitted(standings.title, WIDTH - 2 * PAD, size=TITLE_SIZE, bold=True)
    draw_text(image, (PAD, PAD), title, size=TITLE_SIZE, fill=palette.TEXT, bold=True)
    for column, race in enumerate(races):
        left, line = _cell(column)
        top = TITLE_SIZE + 2 * PAD + line * 2 * HEADER_LINE
        _draw_track(image, left, top, race)
    for i, row in enumerate(rows):
        top = header + block * i
        if i % 2 == 0:
            ImageDraw.Draw(image).rectangle(
                (8, top, WIDTH - 8, top + block - 1), fill=palette.PANEL_ROW
            )
        rank = 1 + sum(1 for other in rows if other.points > row.points)
        _draw_driver(image, top, rank, row, locale)
        for column in range(len(races)):
            left, line = _cell(column)
            middle = top + NAME_LINE + line * RACE_LINE + RACE_LINE / 2
            _draw_race(image, left, middle, row, column, locale)
    colours = tuple(dict.fromkeys(car_rgb(r.color) for r in rows if r.color is not None))
    return to_palette(image, colours)


def _cell(column: int) -> tuple[float, int]:
    """The left edge of race ``column``'s cell and the line of cells it is on."""
    per_line = (WIDTH - PAD - NAME_LEFT) / RACES_PER_LINE
    return NAME_LEFT + per_line * (column % RACES_PER_LINE), column // RACES_PER_LINE


def _column_width() -> float:
    return (WIDTH - PAD - NAME_LEFT) / RACES_PER_LINE - 8


def _draw_track(image: Image.Image, left: float, top: float, track: str) -> None:
    """A column's heading: the track's name on up to two lines, each cut to the column."""
    words = track.split()
    lines = [track] if text_width(track, size=SMALL) <= _column_width() else words
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    for n, line in enumerate(lines):
        shown = fitted(line, _column_width(), size=SMALL)
        at = (left, top + n * HEADER_LINE)
        draw_text(image, at, shown, size=SMALL, fill=palette.TEXT_DIM)


def _draw_driver(image: Image.Image, top: float, rank: int, row: StandingRow, locale: str) -> None:
    """The name line: rank, the car's dot (ringed, so a black car shows), name, total."""
    middle = top + NAME_LINE / 2 + 4
    draw_text(
        image,
        (PAD + RANK_WIDTH - 8, middle),
        str(rank),
        size=NAME_SIZE,
        fill=palette.TEXT,
        bold=True,
        anchor="rm",
    )
    if row.color is not None:
        centre = PAD + RANK_WIDTH + 12
        ImageDraw.Draw(image).ellipse(
            (centre - DOT, middle - DOT, centre + DOT, middle + DOT),
            fill=car_rgb(row.color),
            outline=palette.TEXT,
            width=2,
        )
    total = words.counted("count_points", row.points, locale)
    draw_text(
        image,
        (WIDTH - PAD, middle),
        total,
        size=NAME_SIZE,
        fill=palette.TEXT,
        bold=True,
        anchor="rm",
    )
    points_width = max(POINTS_WIDTH, text_width(total, size=NAME_SIZE, bold=True) + 16)
    room = WIDTH - PAD - points_width - NAME_LEFT - 12
    tag = 0.0
    left_tag = words.text(LEFT, locale)
    if row.left:
        tag = text_width(left_tag, size=SMALL, bold=True) + 24
    name = fitted(row.name, room - tag, size=NAME_SIZE)
    ink = palette.TEXT_DIM if row.left else palette.TEXT
    draw_text(image, (NAME_LEFT, middle), name, size=NAME_SIZE, fill=ink, anchor="lm")
    if row.left:
        right = NAME_LEFT + text_width(name, size=NAME_SIZE) + 12
        _pill(image, right, middle, left_tag, palette.SEPARATOR, palette.TEXT)


def _draw_race(
    image: Image.Image, left: float, middle: float, row: StandingRow, n: int, locale: str
) -> None:
    """A race cell: the place on a pill (a medal's colour for the podium), then the points;
    "out" for a driver eliminated from the race, a dash where the driver did not race."""
    place = row.places[n] if n < len(row.places) else None
    points = row.race_points[n] if n < len(row.race_points) else None
    bonus = row.bonuses[n] if n < len(row.bonuses) else None
    score = race_score(points, bonus)
    # A place word longer than the column leaves (a translation's) is cut, never the points.
    room = _column_width() - PILL_PAD - (6 + text_width(score, size=SMALL) if score else 0)
    if n < len(row.eliminated) and row.eliminated[n]:
        out = fitted(words.text(OUT, locale), room, size=SMALL, bold=True)
        right = _pill(image, left, middle, out, palette.SIGN_RED, palette.WHITE)
    elif place is None:
        draw_text(image, (left + 8, middle), "–", size=SMALL, fill=palette.TEXT_DIM, anchor="lm")
        right = left + 8 + text_width("–", size=SMALL)
    else:
        medal = MEDALS.get(place, palette.SEPARATOR)
        shown = fitted(ordinal(place, locale), room, size=SMALL, bold=True)
        right = _pill(image, left, middle, shown, medal, palette.contrast(medal))
    if score:
        draw_text(image, (right + 6, middle), score, size=SMALL, fill=palette.TEXT, anchor="lm")
        right += 6 + text_width(score, size=SMALL)
    if row.dropped == n:
        # The race drop-worst leaves out: struck through, so the figures add up to the total.
        ImageDraw.Draw(image).line((left, middle, right + 2, middle), fill=palette.TEXT, width=2)


def _pill(image: Image.Image, left: float, middle: float, text: str, fill: RGB, ink: RGB) -> float:
    """``text`` on a rounded pill starting at ``left``; returns the pill's right edge."""
    width = text_width(text, size=SMALL, bold=True) + PILL_PAD
    half = SMALL * 0.7
    ImageDraw.Draw(image).rounded_rectangle(
        (left, middle - half, left + width, middle + half), radius=round(half), fill=fill
    )
    draw_text(image, (left + width / 2, middle), text, size=SMALL, fill=ink, bold=True, anchor="mm")
    return left + width
