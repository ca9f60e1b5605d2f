"""A league's season as a chart: each driver's points after each race, a line in its car's colour.

Drawn beside the standings table and read like it, about 400 px wide on a phone: the
same 800 px canvas, its smallest text a 40th of that (10 px seen at 400). Across, the
start and each race recorded (numbered); up, the points. Each line ends in its driver's
label in a column on the right: the car's dot, ringed so a black car shows, and the
name, cut with an ellipsis to the column. Drivers on equal or close points would put
their labels on top of each other, so labels are pushed apart (standings order kept,
leader above) and a thin leader joins each to its line's end. A car too dark for the
panel (black) has its line cased in a light ink; the leader's line is drawn last, on top.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import palette
from render.palette import RGB, car_rgb, to_palette
from render.text import draw_text, fitted

WIDTH = 800
SMALL = WIDTH // 40
"""The smallest type size: 10 px when Discord shows the picture 400 px wide."""
TITLE_SIZE = 32
PAD = 20
AXIS_WIDTH = 64
"""Room left of the plot for the points' figures."""
LABEL_COLUMN = 236
"""Room right of the plot for the drivers' labels."""
PLOT_LEFT = PAD + AXIS_WIDTH
PLOT_RIGHT = WIDTH - PAD - LABEL_COLUMN
PLOT_TOP = PAD + TITLE_SIZE + PAD + SMALL
PLOT_HEIGHT = 400
LABEL_LINE = 30
"""A label's height: the distance kept between two labels' middles."""
DOT = 8
LINE = 5
CASING = 2
"""How far a dark car's light casing shows on each side of its line."""
DARK = 80
"""A car colour this dark or darker is cased, or it would not show on the panel."""
TICK_ROOM = 34
"""The least room between two race numbers across the bottom."""


@dataclass(frozen=True, slots=True)
class ChartLine:
    """One driver: its name, car colour and total at each figure (before race 1, after each
    race); the line starts at figure ``first`` (a driver who joined later)."""

    name: str
    color: str | None
    totals: Sequence[int]
    first: int = 0


@dataclass(frozen=True, slots=True)
class StandingsChart:
    """The chart's title and its lines, in standings order (leader first)."""

    title: str
    lines: Sequence[ChartLine]


@dataclass(frozen=True, slots=True)
class ChartLayout:
    """Where everything goes: each line's points and its label's middle, the scale and size."""

    height: int
    bottom: float
    races: int
    low: int
    high: int
    step: int
    points: tuple[tuple[tuple[float, float], ...], ...]
    labels: tuple[float, ...]


def chart_layout(chart: StandingsChart) -> ChartLayout:
    """Scale, line points and label places: a pure function the picture is drawn from."""
    lines = chart.lines
    races = max((len(line.totals) for line in lines), default=1) - 1
    figures = [total for line in lines for total in line.totals[line.first :]] or [0]
    low, high, step = _scale(min(0, *figures), max(1, *figures))
    plot = max(PLOT_HEIGHT, LABEL_LINE * len(lines))
    bottom = PLOT_TOP + plot
    height = round(bottom + PAD + 2 * SMALL)

    def y(points: int) -> float:
        return bottom - (points - low) * plot / (high - low)

    def x(figure: int) -> float:
        return PLOT_LEFT + figure * (PLOT_RIGHT - PLOT_LEFT) / max(1, races)

    points = tuple(
        tuple((x(n), y(line.totals[n])) for n in range(line.first, len(line.totals)))
        for line in lines
    )
    ends = [line_points[-1][1] if line_points else bottom for line_points in points]
    labels = spread(ends, LABEL_LINE, PLOT_TOP - SMALL / 2, bottom)
    return ChartLayout(height, bottom, races, low, high, step, points, tuple(labels))


def spread(wanted: Sequence[float], gap: float, top: float, bottom: float) -> list[float]:
    """Each label's middle: as near its line's end as it can be, at least ``gap`` from the
    next, between ``top`` and ``bottom``; equal ends keep the given order, top down."""
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i], i))
    placed = [min(max(wanted[i], top), bottom) for i in order]
    for n in range(1, len(placed)):
        placed[n] = max(placed[n], placed[n - 1] + gap)
    if placed and placed[-1] > bottom:
        placed[-1] = bottom
        for n in range(len(placed) - 2, -1, -1):
            placed[n] = min(placed[n], placed[n + 1] - gap)
    where = [0.0] * len(wanted)
    for n, i in enumerate(order):
        where[i] = placed[n]
    return where


def standings_chart_image(chart: StandingsChart) -> Image.Image:
    """The chart as an image (see the module)."""
    layout = chart_layout(chart)
    image = Image.new("RGB", (WIDTH, layout.height), palette.PANEL)
    title = fitted(chart.title, WIDTH - 2 * PAD, size=TITLE_SIZE, bold=True)
    draw_text(image, (PAD, PAD), title, size=TITLE_SIZE, fill=palette.TEXT, bold=True)
    _draw_axes(image, layout)
    for n in reversed(range(len(chart.lines))):
        _draw_line(image, chart.lines[n], layout.points[n])
    for n, line in enumerate(chart.lines):
        end = layout.points[n][-1] if layout.points[n] else (PLOT_RIGHT, layout.bottom)
        _draw_label(image, line, end, layout.labels[n])
    colours = tuple(dict.fromkeys(car_rgb(line.color) for line in chart.lines if line.color))
    return to_palette(image, colours)


def _scale(low: int, high: int) -> tuple[int, int, int]:
    """The points' axis: ``low`` to ``high`` widened to whole steps of 1, 2 or 5 times a
    power of ten, the smallest step that makes at most 6 of them (before widening)."""
    step = 1
    while (high - low) / step > 6:
        step = _next_step(step)
    return step * math.floor(low / step), step * math.ceil(high / step), step


def _next_step(step: int) -> int:
    """1, 2, 5, 10, 20, 50, ...: the next round step."""
    digits: int = 10 ** (len(str(step)) - 1)
    lead = step // digits
    return {1: 2, 2: 5, 5: 10}[lead] * digits


def _draw_axes(image: Image.Image, layout: ChartLayout) -> None:
    """A rule at each step of points, figured on the left; the race numbers underneath."""
    draw = ImageDraw.Draw(image)
    plot = layout.bottom - PLOT_TOP
    for points in range(layout.low, layout.high + 1, layout.step):
        y = layout.bottom - (points - layout.low) * plot / (layout.high - layout.low)
        ink = palette.TEXT_DIM if points == 0 else palette.SEPARATOR
        draw.line((PLOT_LEFT, y, PLOT_RIGHT, y), fill=ink, width=2 if points == 0 else 1)
        at = (PLOT_LEFT - 10, y)
        draw_text(image, at, str(points), size=SMALL, fill=palette.TEXT_DIM, anchor="rm")
    races = layout.races
    room = (PLOT_RIGHT - PLOT_LEFT) / max(1, races)
    every = max(1, math.ceil(TICK_ROOM / room))
    for race in range(1, races + 1):
        if race % every and race != races:
            continue
        if race != races and races - race < every:
            continue  # the last race is always numbered; one too near it gives way
        x = PLOT_LEFT + race * room
        draw.line((x, layout.bottom, x, layout.bottom + 6), fill=palette.TEXT_DIM, width=2)
        below = (x, layout.bottom + 10)
        draw_text(image, below, str(race), size=SMALL, fill=palette.TEXT_DIM, anchor="ma")


def _dark(colour: RGB) -> bool:
    red, green, blue = colour
    return 0.299 * red + 0.587 * green + 0.114 * blue <= DARK


def _draw_line(image: Image.Image, line: ChartLine, points: Sequence[tuple[float, float]]) -> None:
    """The driver's line and a dot at each figure; cased in a light ink if the car is dark."""
    if not points:
        return
    colour = car_rgb(line.color) if line.color else palette.TEXT
    draw = ImageDraw.Draw(image)
    if _dark(colour):
        if len(points) > 1:
            draw.line(list(points), fill=palette.TEXT, width=LINE + 2 * CASING, joint="curve")
        for x, y in points:
            r = LINE / 2 + CASING + 1
            draw.ellipse((x - r, y - r, x + r, y + r), fill=palette.TEXT)
    if len(points) > 1:
        draw.line(list(points), fill=colour, width=LINE, joint="curve")
    for x, y in points:
        r = LINE / 2 + 1
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _draw_label(
    image: Image.Image, line: ChartLine, end: tuple[float, float], middle: float
) -> None:
    """A leader from the line's end to the label, the car's dot, then the name, cut to fit."""
    draw = ImageDraw.Draw(image)
    centre = PLOT_RIGHT + 18 + DOT
    draw.line((end[0] + 4, end[1], centre - DOT, middle), fill=palette.TEXT_DIM, width=1)
    colour = car_rgb(line.color) if line.color else palette.TEXT_DIM
    draw.ellipse(
        (centre - DOT, middle - DOT, centre + DOT, middle + DOT),
        fill=colour,
        outline=palette.TEXT,
        width=2,
    )
    left = centre + DOT + 8
    name = fitted(line.name, WIDTH - PAD / 2 - left, size=SMALL)
    draw_text(image, (left, middle), name, size=SMALL, fill=palette.TEXT, anchor="lm")
