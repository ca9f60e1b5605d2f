"""Pictures speak the reader's language: an Italian board, standings and Hall of Fame draw
Italian words from the catalogs, and every word stays inside its picture."""

from __future__ import annotations

from itertools import islice

import pytest
from PIL import Image

import data
import engine
from bot.service.round_ends import ai_drivers, round_ends
from data import words
from engine.events import Event
from engine.state import Options
from render import StandingRow, Standings, board_image, finish_image, standings_image
from render.text import Extent, boxes_drawn, sizes_drawn
from render.track_layer import track_layer
from tests.render.test_render_league import LONG, hall
from tests.support.boards import race_view

NAMES = {"A": "W" * 32, "B": "Bruno", "C": "鈴木一郎" * 8}
ENGLISH_ONLY = ("lap ", "Starting grid", "Hall of Fame", " pts", "gold edge", "sectors:")


def drawn(picture: object) -> tuple[Image.Image, list[tuple[str, Extent]]]:
    """The picture ``picture()`` draws, and every text it set with what it covers."""
    track_layer.cache_clear()
    with boxes_drawn() as boxes:
        image = picture()  # type: ignore[operator]
    return image, boxes


def inside(image: Image.Image, boxes: list[tuple[str, Extent]]) -> list[str]:
    """The texts that run past the picture's edges."""
    return [
        text
        for text, (left, top, right, bottom) in boxes
        if left < 0 or top < 0 or right > image.width or bottom > image.height
    ]


def italian_rounds() -> list[tuple[engine.RaceState, list[Event]]]:
    """The grid and two rounds of a three-car race at Japan (a chicane) with the weather."""
    entrants = [
        engine.Entrant(car, colour, "ai")
        for car, colour in zip("ABC", ("red", "blue", "green"), strict=True)
    ]
    state, events = engine.new_race("japan", entrants, 3, options=Options(weather=True))
    return [(state, events), *islice(round_ends(state, [], ai_drivers()), 2)]


def test_an_italian_board_says_round_lap_and_key_in_italian() -> None:
    """The grid's heading, the laps, the roster's "giro", every key line and the weather's
    line come from the Italian catalog; no English word of the picture is left."""
    rounds = italian_rounds()
    said: list[str] = []
    for state, events in rounds:
        image, boxes = drawn(
            lambda state=state, events=events: board_image(
                engine.view_for(state, None), events, names=NAMES, locale="it"
            )
        )
        assert not inside(image, boxes)
        said += [text for text, _ in boxes]
    heading = next(text for text in said if text.startswith("Giappone"))
    assert "Griglia di partenza" in heading and "giri" in heading, heading
    assert "Round 2" in " ".join(said)
    assert any(text.startswith("giro ") for text in said)
    for line in ("key_race_line", "key_corner", "key_arrows", "key_chicane"):
        assert words.text(line, "it") in said, line
    assert any(text.startswith("settori ") for text in said), "the weather card's line"
    assert not [text for text in said for english in ENGLISH_ONLY if english in text]


def test_the_same_board_in_english_keeps_its_english_words() -> None:
    state, events = italian_rounds()[1]
    _, boxes = drawn(lambda: board_image(engine.view_for(state, None), events, names=NAMES))
    said = [text for text, _ in boxes]
    assert "gold edge: the Race Line" in said and any(t.startswith("lap ") for t in said)


def test_finished_cars_are_placed_in_italian_on_the_board() -> None:
    end = data.track("usa").laps * data.track("usa").spaces_per_lap
    cars = [("A", "red", end, 0), ("B", "blue", end - 1, 1), ("C", "green", 30, 0)]
    view = race_view("usa", cars, {"A": 1, "B": 2})
    image, boxes = drawn(lambda: board_image(view, names=NAMES, locale="it"))
    said = [text for text, _ in boxes]
    assert "1º" in said and "2º" in said and not inside(image, boxes)


def italian_table() -> Standings:
    rows = [
        StandingRow(LONG, 140, (1, 2, 4), "red", (), (9, 6, 3), (2, 0, 0)),
        StandingRow("Bruno", 6, (None, 3, 11), "black", (True, False), (0, 4, 1), left=True),
        StandingRow("Ada", 1, (None, None, 8), "blue", (), (None, None, 1)),
    ]
    return Standings("Coppa: classifica", rows, ("USA", "Italy", "Japan"))


def test_italian_standings_say_places_points_out_and_left_in_italian() -> None:
    with sizes_drawn() as sizes:
        image, boxes = drawn(lambda: standings_image(italian_table(), "it"))
    said = [text for text, _ in boxes]
    assert {"1º", "2º", "3º", "11º", "fuori", "uscito", "140 punti", "1 punto"} <= set(said)
    assert not {"1st", "out", "left"} & set(said)
    assert not inside(image, boxes)
    assert min(size for size, _ in sizes) * 400 / image.width >= 10


def test_a_long_name_stops_before_the_italian_points() -> None:
    """The name is cut before "140 punti" (wider than "140 pts"), never under it."""
    _, boxes = drawn(lambda: standings_image(italian_table(), "it"))
    name = next(extent for text, extent in boxes if text.startswith("WWW"))
    points = next(extent for text, extent in boxes if text == "140 punti")
    assert name[2] < points[0]


def test_standings_without_tracks_name_their_races_in_italian() -> None:
    rows = [StandingRow("Ada", 9, (1, 2), "red")]
    _, boxes = drawn(lambda: standings_image(Standings("Coppa", rows), "it"))
    assert {"Gara 1", "Gara 2"} <= {text for text, _ in boxes}


@pytest.mark.parametrize("locale", ["en", "it"])
def test_the_hall_of_fame_speaks_the_readers_language(locale: str) -> None:
    view, names = hall({car: f"Pilota {car}" for car in "ABCDEF"}, "BE")
    image, boxes = drawn(lambda: finish_image(view, names=names, locale=locale))
    said = [text for text, _ in boxes]
    title = words.text("finish_title", locale)
    assert title in said and words.text("finish_legend", locale, mark="★") in said
    assert ("Albo d'oro" in said) == (locale == "it")
    assert not inside(image, boxes)
