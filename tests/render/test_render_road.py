"""The weather module on the board: each corner's limit after its road token in its sign, the
other tokens by their corner or at their sector's start (a chicane's once), and the key.

Every expected place comes from the track geometry, never from a stored image.
"""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageChops

import data
import engine
from engine.conditions import corner_limit, draw_weather
from engine.course import course
from engine.state import Options, RaceState, Weather
from engine.view import RaceView
from render import board_image, key, palette
from render.board import view_layout
from render.geometry import Box, Point, TrackGeometry, track_geometry
from render.layout import BoardLayout
from render.road import (
    GAP,
    TokenMark,
    corner_limits,
    token_key,
    token_label,
    token_marks,
    weather_line,
)
from render.text import draw_text
from tests.support.playout import entrants

RGB = tuple[int, int, int]


def race(track: str, weather: Weather | None, cars: int = 2) -> RaceState:
    state = engine.new_race(track, entrants(["human"] * cars), 3, options=Options(weather=True))[0]
    state.weather = weather
    return state


def parts(view: RaceView) -> tuple[TrackGeometry, BoardLayout]:
    layout = view_layout(view)
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
        radius = layout.sign_radius
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
        for first in chicanes:
            index = track.corners.index(first)
            second = track.corners[index + 1]
            token = data.weather().token(weather.tokens[index])
            at = [m.position for m in marks if m.position in (first.position, second.position)]
            if token.applies_to == "sector":
                assert at == [second.position]
            elif token.overheat:
                assert at == [first.position]
            else:
                assert at == [], "a changed limit is in the signs, not in a tag"
            seen.add(token.applies_to)
    assert seen == {"corner", "sector"}, "the seeds must cover both kinds on the chicane"


def test_token_tags_say_what_the_token_does() -> None:
    """Overheat as its extra Heat, sector tokens by effect, the Weather token by the weather
    card's name (limit tokens change the number in the sign instead)."""
    weather = Weather("fog", ())
    said = {
        t.id: token_label(t, weather)
        for t in data.weather().road_conditions
        if t.applies_to == "sector" or t.overheat
    }
    assert said == {
        "weather": "Fog",
        "overheat": "+1 Heat",
        "heat_control": "free boost",
        "slipstream_plus_1": "slip +1",
    }
    assert weather_line(weather) == "Fog sectors: no slipstream start"


@pytest.mark.parametrize("track", ["usa", "japan", "espana"])
def test_each_corner_sign_shows_the_limit_after_its_road_token(track: str) -> None:
    """The engine's limit (printed ± the token) is in each sign, ringed in gold where a token
    changed it: each sign's ink is nearest to its own limit's of all the digits 1 to 9."""
    changes = 0
    for weather in weathers(track)[:4]:
        view = engine.view_for(race(track, weather), None)
        limits = corner_limits(view)
        here = course(view.track, view.laps)
        for line in here.lines[: len(here.track.corners)]:
            assert limits[line.corner.position] == corner_limit(weather, here, line)
        geometry, layout = parts(view)
        image = board_image(view).convert("RGB")
        for corner in geometry.track.corners:
            changed = limits[corner.position] != corner.speed_limit
            changes += changed
            x, y = geometry.beside(corner.position, layout.sign_radius)
            ring = (round(x + layout.sign_radius - 2), round(y))
            assert changed == (image.getpixel(ring) == palette.GOLD), (track, corner)
            drawn = image.crop(sign_box(x, y, layout)).convert("L")
            unlike = {n: ink_apart(drawn, sign_picture(layout, n)) for n in range(1, 10)}
            assert min(unlike, key=unlike.__getitem__) == limits[corner.position], (track, corner)
    assert changes, "the seeds must change some limit"


def sign_box(x: float, y: float, layout: BoardLayout) -> tuple[int, int, int, int]:
    # Its corners stay inside the sign's ring.
    half = round(layout.sign_radius * 0.55)
    return (round(x) - half, round(y) - half, round(x) + half, round(y) + half)


def sign_picture(layout: BoardLayout, limit: int) -> Image.Image:
    """A limit drawn alone on white as the board draws it, cropped like a sign's middle."""
    side = 4 * layout.sign_radius
    picture = Image.new("RGB", (side, side), palette.WHITE)
    size = max(layout.text, round(layout.sign_radius * 1.15))
    centre = side / 2
    draw_text(
        picture, (centre, centre), str(limit), size=size, fill=palette.INK, bold=True, anchor="mm"
    )
    return picture.crop(sign_box(centre, centre, layout)).convert("L")


def ink_apart(one: Image.Image, other: Image.Image) -> int:
    """How many pixels are dark in one crop and not in the other."""
    dark = [Image.eval(image, lambda v: 255 if v < 100 else 0) for image in (one, other)]
    return int(ImageChops.difference(*dark).histogram()[255])


def test_the_key_names_every_kind_of_token_the_race_has_and_its_weather() -> None:
    """A limit token, an Overheat token and a sector token each add their line; the weather
    card's effect is a line; a race without the module has none of them."""
    weather = Weather("fog", ("speed_limit_minus_1", "overheat", "slipstream_plus_1", "weather"))
    lines = [label for _, label in token_key(weather)]
    assert any("limit" in line for line in lines)
    assert any("Heat" in line for line in lines)
    assert any("sector" in line for line in lines)
    assert weather_line(weather) in lines
    only_limits = Weather("fog", ("speed_limit_plus_1",))
    assert len(token_key(only_limits)) == 2
    assert token_key(None) == ()
    assert key.board_key("usa", weather)[-len(lines) :] == token_key(weather)
