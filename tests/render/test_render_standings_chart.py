"""The standings chart reads on a phone: a line per driver in its car's colour, every label
apart and cut to fit, the smallest text a 40th of the width (10 px shown 400 px wide)."""

from __future__ import annotations

import pytest

from render import ChartLine, StandingsChart, palette, standings_chart_image
from render.fonts import font
from render.palette import car_rgb
from render.standings_chart import LABEL_LINE, chart_layout, spread
from render.text import sizes_drawn
from tests.render.test_render_league import LEAST_SHOWN, SHOWN_WIDTH, smallest_shown

COLOURS = ("red", "blue", "green", "yellow", "black", "white")
PER_RACE = (9, 6, 4, 3, 2, 1)
LONG_NAMES = tuple(f"{letter * 31}{n}" for n, letter in enumerate("WMQHZO"))


def season(races: int, names: tuple[str, ...] = LONG_NAMES) -> StandingsChart:
    """Six drivers who each score the same every race (9, 6, 4, 3, 2, 1): straight lines
    apart from the start on, in standings order."""
    lines = [
        ChartLine(name, colour, tuple(points * n for n in range(races + 1)))
        for name, colour, points in zip(names, COLOURS, PER_RACE, strict=True)
    ]
    return StandingsChart("A league with a long name: points after each race", lines)


def middle(a: tuple[float, float], b: tuple[float, float]) -> tuple[int, int]:
    return round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2)


@pytest.mark.parametrize("races", [1, 12])
def test_each_line_is_drawn_in_its_car_colour(races: int) -> None:
    """Sampled halfway along each line's last stretch: the car's own colour, as the board
    draws it (render/palette.py). The black car's line is cased in a light ink above and
    below, so it shows on the dark panel."""
    chart = season(races)
    image = standings_chart_image(chart).convert("RGB")
    layout = chart_layout(chart)
    assert layout.races == races
    for line, points in zip(chart.lines, layout.points, strict=True):
        assert len(points) == races + 1
        x, y = middle(points[-2], points[-1])
        assert image.getpixel((x, y)) == car_rgb(str(line.color)), line.color
    black = layout.points[COLOURS.index("black")]
    x, y = middle(black[-2], black[-1])
    column = [image.getpixel((x, y + dy)) for dy in range(-7, 8)]
    assert palette.TEXT in column[:5] and palette.TEXT in column[-5:], "cased above and below"


@pytest.mark.parametrize("races", [1, 12])
def test_six_32_character_names_read_at_400_px_and_are_cut(races: int) -> None:
    """Discord's longest names (32 characters), six drivers: every label is cut with an
    ellipsis to its column, and nothing is under 10 px when the chart is shown 400 px wide
    (a capital then stands 7.5 px tall)."""
    shown, drawn, image = smallest_shown(lambda: standings_chart_image(season(races)))
    assert shown >= LEAST_SHOWN, f"{shown:.1f} px"
    _, top, _, bottom = font(min(size for size, _ in drawn)).getbbox("H")
    assert (bottom - top) * SHOWN_WIDTH / image.width >= 7
    assert image.width == 800
    texts = [text for _, text in drawn]
    for name in LONG_NAMES:
        cut = [text for text in texts if text.endswith("…") and name.startswith(text[:-1])]
        assert len(cut) == 1, name


def test_the_races_are_numbered_and_the_points_figured() -> None:
    """Twelve races: each numbered across the bottom; the points' figures in whole steps."""
    with sizes_drawn() as drawn:
        standings_chart_image(season(12))
    texts = {text for _, text in drawn}
    assert {str(race) for race in range(1, 13)} <= texts
    assert {"0", "20", "100", "120"} <= texts and "108" not in texts


def test_drivers_on_equal_points_have_labels_apart_leader_above() -> None:
    """Two lines ending on the same points: their labels are placed a label's height apart,
    the one first in the standings above; both names are drawn whole."""
    lines = [
        ChartLine("Ada", "red", (0, 9, 13)),
        ChartLine("Bruno", "black", (0, 4, 13)),
        ChartLine("Carla", "blue", (0, 6, 12)),
    ]
    chart = StandingsChart("Cup", lines)
    layout = chart_layout(chart)
    ada, bruno, carla = layout.labels
    assert layout.points[0][-1] == layout.points[1][-1], "the lines end on the same spot"
    assert bruno - ada >= LABEL_LINE and carla - bruno >= LABEL_LINE
    with sizes_drawn() as drawn:
        standings_chart_image(chart)
    assert {"Ada", "Bruno", "Carla"} <= {text for _, text in drawn}


def test_labels_are_pushed_apart_and_kept_inside() -> None:
    """Crowded at the bottom, labels climb from it; a lone label stays at its line's end."""
    assert spread([100.0], 30, 0, 400) == [100.0]
    assert spread([400.0, 400.0, 400.0], 30, 0, 400) == [340.0, 370.0, 400.0]
    assert spread([10.0, 10.0], 30, 20, 400) == [20.0, 50.0]
    placed = spread([200.0, 190.0, 205.0], 30, 0, 400)
    assert placed == [220.0, 190.0, 250.0]


def test_a_driver_who_joined_later_starts_at_its_first_race() -> None:
    """E joined before race 3: its line starts at the figure after race 2, on 0 points."""
    lines = [ChartLine("Ada", "red", (0, 9, 18, 27)), ChartLine("Erin", "gray", (0, 0, 0, 6), 2)]
    layout = chart_layout(StandingsChart("Cup", lines))
    assert len(layout.points[1]) == 2
    assert layout.points[1][0] == (layout.points[0][2][0], layout.bottom)


def test_negative_totals_and_a_season_not_yet_raced_draw() -> None:
    """A correction can take a total under 0: the axis goes below it. Before race 1 each
    driver is a dot at the start."""
    layout = chart_layout(StandingsChart("Cup", [ChartLine("Ada", "red", (-3, 4))]))
    assert (layout.low, layout.high, layout.step) == (-4, 4, 2)
    start = StandingsChart("Cup", [ChartLine("Ada", "red", (0,))])
    assert chart_layout(start).races == 0
    image = standings_chart_image(start).convert("RGB")
    x, y = chart_layout(start).points[0][0]
    assert image.getpixel((round(x), round(y))) == car_rgb("red")
