"""The Hall of Fame and the league table: valid PNGs that put each driver where they belong."""

from __future__ import annotations

import io
import json
from dataclasses import replace

from PIL import Image, ImageChops

import engine
from engine.notation import load_state
from engine.view import RaceView
from render import StandingRow, Standings, finish_image, palette, png_bytes, standings_image
from render.palette import RGB, car_rgb

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_PNG_BYTES = 300 * 1024


def finished_view(places: dict[str, int | None]) -> RaceView:
    """Legends in the colours red, blue, green... with the given Hall of Fame places."""
    colours = ("red", "blue", "green", "yellow", "purple", "orange")
    cars = [
        {
            "id": car_id,
            "color": colours[i],
            "kind": "legend",
            "space": 200 - i if place is not None else 50 - i,
            "spot": 0,
            "finished": place,
        }
        for i, (car_id, place) in enumerate(places.items())
    ]
    doc = {"notation": "heat-race/1", "track": "italy", "laps": 3, "seed": 1, "round": 14}
    return engine.view_for(load_state(json.dumps(doc | {"cars": cars})), None)


def mask_of(image: Image.Image, colour: RGB) -> Image.Image:
    """White where ``image`` has exactly ``colour``, black elsewhere."""
    red, green, blue = (
        band.point([255 if value == wanted else 0 for value in range(256)])
        for band, wanted in zip(image.split(), colour, strict=True)
    )
    return ImageChops.multiply(ImageChops.multiply(red, green), blue)


def box_of(image: Image.Image, colour: RGB) -> tuple[int, int, int, int] | None:
    """The bounding box of every pixel of exactly ``colour``."""
    return mask_of(image, colour).getbbox()


def block_of(image: Image.Image, colour: RGB, least: int = 100) -> tuple[int, int, int, int] | None:
    """The bounding box of the rows holding at least ``least`` pixels of ``colour``.

    A podium step is a wide solid block; antialiased text that happens to share
    its colour never fills that many pixels of a row.
    """
    mask = mask_of(image, colour)
    rows = [
        y
        for y in range(mask.height)
        if mask.crop((0, y, mask.width, y + 1)).histogram()[255] >= least
    ]
    if not rows:
        return None
    band = mask.crop((0, rows[0], mask.width, rows[-1] + 1))
    left, _, right, _ = band.getbbox() or (0, 0, 0, 0)
    return left, rows[0], right, rows[-1] + 1


def valid_png(image: Image.Image) -> bytes:
    png = png_bytes(image)
    assert png.startswith(PNG_SIGNATURE)
    assert len(png) < MAX_PNG_BYTES
    with Image.open(io.BytesIO(png)) as reread:
        reread.verify()
    return png


def test_the_winner_stands_on_the_gold_step() -> None:
    """Each podium car's colour is right above its step: gold 1st, silver 2nd, bronze 3rd."""
    view = finished_view({"A": 3, "B": 1, "C": 2, "D": 4})
    image = finish_image(view).convert("RGB")
    valid_png(finish_image(view))
    for step, car in ((palette.GOLD, "B"), (palette.SILVER, "C"), (palette.BRONZE, "A")):
        step_box = block_of(image, step)
        car_box = box_of(image, car_rgb(view.car(car).color))
        assert step_box is not None and car_box is not None
        centre = (car_box[0] + car_box[2]) / 2
        assert step_box[0] < centre < step_box[2]
        assert car_box[3] < step_box[1]


def test_places_below_the_podium_and_cars_still_racing_are_listed() -> None:
    """The 4th car and a car without a place both appear, below the podium."""
    view = finished_view({"A": 1, "B": 2, "C": 3, "D": 4, "E": None})
    image = finish_image(view).convert("RGB")
    gold = block_of(image, palette.GOLD)
    assert gold is not None
    for car in ("D", "E"):
        car_box = box_of(image, car_rgb(view.car(car).color))
        assert car_box is not None and car_box[1] > gold[3]


def test_a_car_eliminated_by_event_10_is_listed_last_marked_out() -> None:
    """An eliminated car has no place: the Hall of Fame lists it below the placed cars,
    marked "out" in red, even where it stood ahead of them on the track."""
    human = {"kind": "human", "gear": 1, "engine": 0, "hand": [], "deck": [], "discard": []}
    cars = [
        {"id": "A", "color": "red", "kind": "legend", "space": 200, "spot": 0, "finished": 1},
        {"id": "B", "color": "blue", "kind": "legend", "space": 199, "spot": 0, "finished": 2},
        {"id": "C", "color": "green", "space": 120, "spot": 0, "finished": None} | human,
        {"id": "D", "color": "yellow", "kind": "legend", "space": 198, "spot": 0, "finished": 3},
    ]
    doc = {"notation": "heat-race/1", "track": "italy", "laps": 3, "seed": 1, "round": 14}
    doc |= {"cars": cars, "championship": {"event": 10, "eliminated": ["C"]}}
    view = engine.view_for(load_state(json.dumps(doc)), None)
    image = finish_image(view).convert("RGB")
    gold = block_of(image, palette.GOLD)
    out = box_of(image, palette.SIGN_RED)
    car = box_of(image, car_rgb("green"))
    assert gold is not None and out is not None and car is not None
    assert out[1] > gold[3] and car[1] > gold[3], "below the podium"
    assert abs((out[1] + out[3]) / 2 - (car[1] + car[3]) / 2) < 20, "on the car's own row"


def test_a_short_race_has_no_bronze_step() -> None:
    """With two finishers the podium has two steps."""
    image = finish_image(finished_view({"A": 2, "B": 1})).convert("RGB")
    assert block_of(image, palette.GOLD) is not None
    assert block_of(image, palette.BRONZE) is None


def test_standings_rank_by_points_and_mark_medals() -> None:
    """Rows keep their order, equal points share a rank, and podium places get medals."""
    table = Standings(
        "Season 1961",
        [
            StandingRow("Ada", 17, (1, 2), "red"),
            StandingRow("Bruno", 12, (2, None), "blue"),
            StandingRow("Chiara", 12, (None, 1)),
            StandingRow("Dev", 3, (5, 6)),
        ],
        ("USA", "Italy"),
    )
    image = standings_image(table)
    valid_png(image)
    rgb = image.convert("RGB")
    assert block_of(rgb, palette.GOLD, least=20) is not None
    assert block_of(rgb, palette.SILVER, least=20) is not None
    assert block_of(rgb, palette.BRONZE, least=20) is None
    assert box_of(rgb, car_rgb("red")) is not None


def test_standings_wrap_races_past_a_line_and_keep_their_width() -> None:
    """Past five races the cells wrap to another line: the picture grows taller, never
    wider, so it reads the same on a phone."""
    five = standings_image(Standings("L", [StandingRow("Ada", 9, (1, 2, 3, 4, 5))]))
    six = standings_image(Standings("L", [StandingRow("Ada", 9, (1, 2, 3, 4, 5, 6))]))
    assert six.width == five.width
    assert six.height > five.height


def test_the_race_drop_worst_leaves_out_is_struck_through() -> None:
    """With drop-worst on, the dropped race's cell is struck through (so the figures shown add
    up to the total); the same table without it differs only in that cell's line."""
    row = StandingRow("Ada", 15, (1, 4, 2), "red", race_points=(9, 3, 6))
    kept = standings_image(Standings("L", [row], ("USA", "Italy", "Japan"))).convert("RGB")
    dropped = standings_image(
        Standings("L", [replace(row, dropped=1)], ("USA", "Italy", "Japan"))
    ).convert("RGB")
    box = ImageChops.difference(kept, dropped).getbbox()
    assert box is not None, "the dropped race is marked"
    left, top, right, bottom = box
    assert bottom - top <= 4 and right - left > 40, "a thin line across the cell"
    third = kept.width / 3
    assert third * 0.5 < left < 2 * third, "in the second race's cell"
    assert any(dropped.getpixel((x, top)) == palette.TEXT for x in range(left, right))
