"""The weather module on the board: the weather card, each road-condition token by its corner
or at its sector's start (a chicane's once), and each car's upgrades in the panel.

Every expected place comes from the track geometry, never from a stored image.
"""

from __future__ import annotations

import math

import pytest
from PIL import Image

import data
import engine
from engine.conditions import draw_weather, weather_problem
from engine.state import Options, RaceState, Weather
from engine.view import RaceView
from render import board_image, palette
from render.field import running_order
from render.geometry import Box, Point, TrackGeometry, track_geometry
from render.layout import BOARD_SIZE, BoardLayout, board_layout
from render.panel import upgrade_names
from render.road import GAP, TokenMark, token_label, token_marks, weather_card_box, weather_lines
from render.track_layer import SIGN_RADIUS
from tests.support.playout import entrants

RGB = tuple[int, int, int]


def race(track: str, weather: Weather | None, cars: int = 2) -> RaceState:
    state = engine.new_race(track, entrants(["human"] * cars), 3, options=Options(weather=True))[0]
    state.weather = weather
    return state


def parts(view: RaceView) -> tuple[TrackGeometry, BoardLayout]:
    layout = board_layout(BOARD_SIZE, view.track)
    return track_geometry(view.track, layout.track_box), layout


def colours_in(image: Image.Image, box: Box) -> set[RGB]:
    patch = image.crop((box.left, box.top, box.left + box.width, box.top + box.height))
    return {colour for _, colour in patch.getcolors(box.width * box.height) or []}


def nearest_position(geometry: TrackGeometry, point: Point) -> float:
    """The lap position of the track's centre line nearest to ``point`` (to a 20th of a space)."""
    steps = [i / 20 for i in range(geometry.spaces * 20)]
    return min(steps, key=lambda at: math.dist(point, geometry.pose_at(at).moved(0.0)))


def weathers(track: str) -> list[Weather]:
    """Token layouts drawn as the setup draws them, enough for every token to show up."""
    return [draw_weather(data.track(track), seed, 0) for seed in range(8)]


def check_mark(geometry: TrackGeometry, layout: BoardLayout, mark: TokenMark) -> None:
    if mark.applies_to == "corner":
        radius = layout.px(SIGN_RADIUS)
        sign = geometry.beside(mark.position, radius)
        reach = radius + layout.px(GAP) + math.hypot(mark.box.width, mark.box.height) / 2 + 1
        assert math.dist(mark.centre, sign) <= reach, f"{mark} is away from its corner's sign"
    else:
        # A tag pushed back inside the picture's edge may lean back over its line a little.
        ahead = (nearest_position(geometry, mark.centre) - mark.position + 1) % geometry.spaces - 1
        assert -1 < ahead <= 3.5, f"{mark} is not where its sector starts ({ahead} spaces on)"


@pytest.mark.parametrize("track", ["usa", "france", "japan", "espana", "italy"])
def test_every_token_is_drawn_by_its_corner_or_at_its_sector_start(track: str) -> None:
    """ "Place 1 face up at each corner of the track": a corner token by that corner's limit
    sign, a sector token beside the first spaces of the sector it changes."""
    for weather in weathers(track)[:3]:
        view = engine.view_for(race(track, weather), None)
        geometry, layout = parts(view)
        image = board_image(view).convert("RGB")
        for mark in token_marks(geometry, layout, weather):
            check_mark(geometry, layout, mark)
            ink = palette.SIGN_RED if mark.applies_to == "corner" else palette.SLIPSTREAM
            edge = (mark.box.left + 1, round(mark.centre[1]))
            assert image.getpixel(edge) == ink, f"{mark} has no {ink} outline"
            inside = Box(mark.box.left + 6, mark.box.top + 6, mark.box.width - 12, 20)
            assert palette.INK in colours_in(image, inside), f"{mark} has no words"


def test_a_chicane_shows_its_one_token_once() -> None:
    """ "A chicane gets ONE token: a corner token applies to both of its lines; a sector
    token applies to the sector after the chicane's second line." """
    track = data.track("japan")
    chicanes = [c for c in track.corners if c.chicane_role == "first"]
    assert chicanes
    seen = set()
    for weather in weathers("japan"):
        view = engine.view_for(race("japan", weather), None)
        marks = token_marks(*parts(view), weather)
        assert len(marks) == len(track.corners) - len(chicanes)
        for first in chicanes:
            index = track.corners.index(first)
            second = track.corners[index + 1]
            kind = data.weather().token(weather.tokens[index]).applies_to
            at = [m.position for m in marks if m.position in (first.position, second.position)]
            assert at == [first.position if kind == "corner" else second.position]
            seen.add(kind)
    assert seen == {"corner", "sector"}, "the seeds must cover both kinds on the chicane"


def test_token_tags_say_what_the_token_does() -> None:
    """Limit +1 and −1 by the limit sign, Overheat as its extra Heat, sector tokens by effect;
    the Weather token by the weather card's name."""
    weather = Weather("fog", ())
    said = {t.id: token_label(t, weather) for t in data.weather().road_conditions}
    assert said == {
        "weather": "Fog",
        "overheat": "+1 Heat",
        "speed_limit_minus_1": "−1",
        "speed_limit_plus_1": "+1",
        "heat_control": "free boost",
        "slipstream_plus_1": "slip +1",
    }
    assert weather_lines(weather) == ("Weather: Fog", "Fog sectors: no slipstream start")


@pytest.mark.parametrize("track", ["usa", "italy", "mexico"])
def test_the_weather_card_is_drawn_only_with_the_weather_on(track: str) -> None:
    """The card's name and effect show in their box with the module on; nothing there without."""
    weather = weathers(track)[1]
    assert weather_problem(data.track(track), weather) is None
    on = engine.view_for(race(track, weather), None)
    geometry, layout = parts(on)
    box = weather_card_box(geometry, layout, weather)
    with_weather = colours_in(board_image(on).convert("RGB"), box)
    assert {palette.TEXT, palette.TEXT_DIM, palette.PANEL} <= with_weather
    off = engine.view_for(race(track, None), None)
    without = colours_in(board_image(off).convert("RGB"), box)
    assert palette.TEXT not in without and palette.PANEL not in without
    marks = token_marks(geometry, layout, weather)
    plain = board_image(off).convert("RGB")
    assert all(
        plain.getpixel((m.box.left + 1, round(m.centre[1]))) != palette.SIGN_RED
        or m.applies_to != "corner"
        for m in marks
    )


def test_the_weather_card_keeps_clear_of_every_token() -> None:
    for track in ("usa", "france", "japan", "espana", "italy", "mexico"):
        for weather in weathers(track)[:3]:
            view = engine.view_for(race(track, weather), None)
            geometry, layout = parts(view)
            card = weather_card_box(geometry, layout, weather)
            for mark in token_marks(geometry, layout, weather):
                box = mark.box
                apart = (
                    box.left >= card.left + card.width
                    or card.left >= box.left + box.width
                    or box.top >= card.top + card.height
                    or card.top >= box.top + box.height
                )
                assert apart, f"{track}: the weather card covers {mark}"


def test_the_panel_lists_each_racing_cars_upgrades() -> None:
    """Issue 10: "The panel lists each car's upgrades" (short names, one printing letter off)."""
    state = race("usa", None, cars=3)
    state.cars[0].upgrades = ("turbo-8", "body-2b", "brakes-1-3")
    with_upgrades = engine.view_for(state, None)
    assert upgrade_names(with_upgrades.cars[0]) == "turbo-8  body-2  brakes-1-3"
    assert upgrade_names(with_upgrades.cars[1]) == ""
    layout = board_layout(BOARD_SIZE, "usa")
    row_of = dict(zip([c.id for c in running_order(with_upgrades)], layout.rows(3), strict=True))
    image = board_image(with_upgrades).convert("RGB")
    state.cars[0].upgrades = ()
    plain = board_image(engine.view_for(state, None)).convert("RGB")
    upgraded = state.cars[0].id
    for car_id, row in row_of.items():
        same = crop(image, row).tobytes() == crop(plain, row).tobytes()
        assert same == (car_id != upgraded), f"row of {car_id}"
    lower = Box(
        row_of[upgraded].left,
        row_of[upgraded].top + row_of[upgraded].height * 2 // 3,
        row_of[upgraded].width,
        row_of[upgraded].height // 3,
    )
    assert palette.SILVER in colours_in(image, lower)
    assert palette.SILVER not in colours_in(plain, lower)


def test_a_finished_car_lists_no_upgrades() -> None:
    """Finished rows show only the place: no gear, Heat, cards, nor upgrades."""
    state = race("usa", None, cars=2)
    state.cars[0].upgrades = ("turbo-8",)
    state.cars[0].finished = 1
    view = engine.view_for(state, None)
    rows = board_layout(BOARD_SIZE, "usa").rows(2)
    row = dict(zip([c.id for c in running_order(view)], rows, strict=True))[state.cars[0].id]
    image = board_image(view).convert("RGB")
    state.cars[0].upgrades = ()
    plain = board_image(engine.view_for(state, None)).convert("RGB")
    assert crop(image, row).tobytes() == crop(plain, row).tobytes()


def crop(image: Image.Image, box: Box) -> Image.Image:
    return image.crop((box.left, box.top, box.left + box.width, box.top + box.height))
