"""The standings and the Hall of Fame read on a phone: names cut to fit, never over another
column; the smallest text a 40th of the picture's width (10 px when shown 400 px wide)."""

from __future__ import annotations

import json

import pytest
from PIL import Image, ImageChops

import engine
from engine.notation import load_state
from engine.view import RaceView
from render import StandingRow, Standings, finish_image, palette, standings_image
from render.finish import LEGEND_MARK, legend_key
from render.palette import car_rgb
from render.standings import POINTS_WIDTH
from render.text import sizes_drawn
from tests.render.test_render_images import block_of

# Discord's longest name (32 characters), a Japanese one and one with emoji.
LONG = "W" * 32
CJK = "鈴木一郎のレーシングチーム鈴木一郎のレーシングチーム鈴木一郎"
EMOJI = "🏁🏎️ Speedy Gonzales, the fastest 🏁"
NAMES = (LONG, CJK, EMOJI)
SHOWN_WIDTH = 400
LEAST_SHOWN = 10
TRACKS = ("USA", "Great Britain", "Deutschland", "South Africa", "España", "Italy", "Japan")
HUMAN = {"kind": "human", "gear": 1, "engine": 0, "hand": [], "deck": [], "discard": []}


def smallest_shown(draw: object) -> tuple[float, list[tuple[int, str]], Image.Image]:
    """The smallest text drawn, in pixels as Discord shows the picture 400 px wide."""
    with sizes_drawn() as drawn:
        image = draw()  # type: ignore[operator]
    least = min(size for size, _ in drawn)
    return least * SHOWN_WIDTH / image.width, drawn, image


def table(names: tuple[str, ...], races: int) -> Standings:
    rows = [
        StandingRow(
            name,
            40 - i,
            tuple((i + r) % 6 + 1 for r in range(races)),
            ("black", "red", "blue", "green", "yellow", "gray")[i % 6],
            tuple(r == 2 and i == 1 for r in range(races)),
            tuple(9 for _ in range(races)),
            tuple(2 if r == 0 else 0 for r in range(races)),
            left=i == 2,
        )
        for i, name in enumerate(names)
    ]
    return Standings("A league with a long name: standings", rows, TRACKS[:races])


@pytest.mark.parametrize("races", [1, 3, 4, 5, 7])
def test_the_standings_smallest_text_reads_at_400_px(races: int) -> None:
    """Long, Japanese and emoji names, one to seven races: never under 10 px at 400 px."""
    shown, _, _ = smallest_shown(lambda: standings_image(table((*NAMES, "Ada"), races)))
    assert shown >= LEAST_SHOWN


@pytest.mark.parametrize("name", NAMES)
def test_a_long_name_stops_before_the_points(name: str) -> None:
    """A name is cut with an ellipsis: its ink ends left of the points column."""
    with sizes_drawn() as drawn:
        named = standings_image(table((name, "Ada"), 3)).convert("RGB")
    unnamed = standings_image(table(("", "Ada"), 3)).convert("RGB")
    changed = ImageChops.difference(named, unnamed).getbbox()
    assert changed is not None
    assert changed[2] < named.width - POINTS_WIDTH, "the name never reaches the points"
    cut = any(text.endswith("…") and text[:-1] in name for _, text in drawn)
    assert cut or any(text == name for _, text in drawn)
    assert cut or name == EMOJI, "the 32 W and the Japanese name are too wide to fit whole"


def test_cells_say_each_race_by_track_with_place_points_and_bonus() -> None:
    """Columns are named by track; a cell is the place and the points, the bonus apart
    ("1st", "7+2"); a driver put out by event 10 is "out"; one who left is tagged."""
    rows = [
        StandingRow("Ada", 17, (1, 2), "red", (), (9, 6), (2, 0)),
        StandingRow("Bruno", 6, (None, 3), "black", (True, False), (0, 4), (0, 0), left=True),
    ]
    with sizes_drawn() as drawn:
        standings_image(Standings("Cup: standings", rows, ("USA", "Italy")))
    texts = [text for _, text in drawn]
    assert {"USA", "Italy", "1st", "7+2", "2nd", "6", "out", "3rd", "4", "left"} <= set(texts)
    assert not any(text.startswith("R1") for text in texts), "no R1..Rn columns"
    assert texts.count("left") == 1


def test_a_black_car_dot_is_ringed_on_a_dark_row() -> None:
    """The black car's dot on the first (shaded) row carries a light ring around it."""
    with_dot = standings_image(table(("Ada",), 2)).convert("RGB")
    rows = table(("Ada",), 2).rows
    plain = Standings(
        "A league with a long name: standings",
        [
            StandingRow(
                "Ada",
                40,
                rows[0].places,
                None,
                rows[0].eliminated,
                rows[0].race_points,
                rows[0].bonuses,
            )
        ],
        TRACKS[:2],
    )
    without = standings_image(plain).convert("RGB")
    dot = ImageChops.difference(with_dot, without).getbbox()
    assert dot is not None
    crop = with_dot.crop(dot)
    colours = {colour for _, colour in crop.getcolors(4096) or []}
    assert car_rgb("black") in colours and palette.TEXT in colours


def hall(names: dict[str, str], legends: str) -> tuple[RaceView, dict[str, str]]:
    """Six cars finished in order A..F; the ``legends`` ones are Legends."""
    colours = ("red", "blue", "green", "yellow", "black", "gray")
    cars = []
    for i, car in enumerate("ABCDEF"):
        kind = {"kind": "legend"} if car in legends else HUMAN
        cars.append(
            {"id": car, "color": colours[i], "space": 200 - i, "spot": 0, "finished": i + 1} | kind
        )
    doc = {"notation": "heat-race/1", "track": "italy", "laps": 3, "seed": 1, "round": 14}
    return engine.view_for(load_state(json.dumps(doc | {"cars": cars})), None), names


def test_the_hall_of_fame_smallest_text_reads_at_400_px() -> None:
    """Long, Japanese and emoji names on the podium and below: never under 10 px at 400 px."""
    view, names = hall(dict(zip("ABCDEF", (*NAMES, *NAMES), strict=True)), "BE")
    shown, _, _ = smallest_shown(lambda: finish_image(view, names=names))
    assert shown >= LEAST_SHOWN


@pytest.mark.parametrize("place", [1, 2, 3])
def test_a_podium_name_stays_over_its_own_step(place: int) -> None:
    """A 32-character name is cut to its step: it never runs over the next step's name."""
    car = "ABC"[place - 1]
    view, names = hall({car: LONG}, "")
    named = finish_image(view, names=names).convert("RGB")
    short = finish_image(view, names={car: "W"}).convert("RGB")
    changed = ImageChops.difference(named, short).getbbox()
    step = {1: palette.GOLD, 2: palette.SILVER, 3: palette.BRONZE}[place]
    block = block_of(named, step)
    assert changed is not None and block is not None
    assert block[0] - 8 <= changed[0] and changed[2] <= block[2] + 8


def test_legends_are_starred_and_the_star_explained() -> None:
    """Only the Legends' names carry the star, and a key says what it means."""
    view, names = hall({car: f"Driver {car}" for car in "ABCDEF"}, "BE")
    with sizes_drawn() as drawn:
        finish_image(view, names=names)
    texts = [text for _, text in drawn]
    starred = {text for text in texts if text.startswith(LEGEND_MARK + " Driver")}
    assert starred == {f"{LEGEND_MARK} Driver B", f"{LEGEND_MARK} Driver E"}
    assert {"Driver A", "Driver C", "Driver D", "Driver F"} <= set(texts)
    assert legend_key() in texts
    plain_view, plain_names = hall({car: f"Driver {car}" for car in "ABCDEF"}, "")
    with sizes_drawn() as drawn:
        finish_image(plain_view, names=plain_names)
    assert legend_key() not in [text for _, text in drawn], "no key without Legends"
