"""The board image players read after every round: track, cars, trails, and the panel."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from math import ceil, floor

from PIL import Image, ImageDraw

from engine.events import Event
from engine.view import CarView, RaceView
from render.cars import (
    draw_car,
    draw_ghost,
    draw_leader,
    draw_place_disc,
    draw_spin_mark,
    draw_tag,
    letter_size,
    place_disc_radius,
)
from render.crowd import covers, token_scales
from render.field import car_labels, running_order
from render.geometry import Pose, TrackGeometry, track_geometry
from render.key import board_key
from render.labels import LEADER, CarMark, Placed, letter_extent, place_letters
from render.layout import BOARD_WIDTH, BoardLayout, board_layout
from render.palette import RGB, car_rgb, to_palette
from render.panel import draw_panel
from render.parking import Bay, bays
from render.road import corner_limits, draw_weather, token_marks
from render.round_summary import RoundSummary, summarize_round
from render.slipstream import draft_marks, drafts
from render.text import Extent
from render.track_layer import track_layer
from render.trails import Trail, draw_trail, side_by_side, trail_of, trail_points

Tokens = dict[str, tuple[Pose, float]]
# A finished car parked past the line: its id, its place and its bay.
Parked = tuple[str, int, Bay]


def board_image(
    view: RaceView,
    events: Iterable[Event] = (),
    *,
    names: Mapping[str, str] | None = None,
    width: int = BOARD_WIDTH,
    locale: str = "en",
) -> Image.Image:
    """The board for a spectator's ``view``, ``width`` pixels wide, showing what ``events``
    (one round's) did, its words in the locale's language.

    ``names`` maps car ids to drivers' names for the roster. The image is in
    palette mode, ready for :func:`render.png.png_bytes`.
    """
    events = list(events)
    key = board_key(view.track, view.weather, locale)
    layout = view_layout(view, width)
    geometry = track_geometry(view.track, layout.track_box)
    summary = summarize_round(events)
    limits = tuple(sorted(corner_limits(view).items()))
    image = track_layer(view.track, layout, limits, key).copy()
    if view.weather is not None:
        draw_weather(image, geometry, layout, view.weather, locale)
    draw = ImageDraw.Draw(image)
    colours = {car.id: car_rgb(car.color) for car in view.cars}
    labels = car_labels(view)
    racing = [car for car in running_order(view) if car.racing]
    poses = {car.id: geometry.spot_pose(car.space, car.spot) for car in racing}
    scales = token_scales(geometry, poses)
    tokens = {car_id: (pose, scales[car_id]) for car_id, pose in poses.items()}
    parked = _parked(geometry, view, layout)
    least = layout.text
    marks = [_car_mark(geometry, car, labels[car.id], scales[car.id], least) for car in racing]
    keep_clear = _keep_clear(geometry, layout, view, parked, labels, locale)
    placed = place_letters(geometry, layout, marks, keep_clear)
    _draw_trails(draw, geometry, view, summary, colours)
    _draw_starts(draw, geometry, view, summary, colours, tokens)
    for draft in drafts(view, summary, events):
        draft_marks(draw, geometry, draft)
    for car in racing:
        if summary.of(car.id).spun_out is not None:
            draw_spin_mark(draw, geometry, poses[car.id], scales[car.id])
    _draw_cars(image, geometry, layout, marks, placed, colours)
    for car_id, place, bay in parked:
        draw_car(image, geometry, bay.pose, colours[car_id], labels[car_id], least=layout.text)
        draw_place_disc(image, geometry, bay.disc, place, layout.text)
    draw_panel(image, layout, view, summary, names, locale)
    return to_palette(image, tuple(dict.fromkeys(colours.values())))


def _car_mark(
    geometry: TrackGeometry, car: CarView, label: str, scale: float, least: int
) -> CarMark:
    """A racing car as the letters' placement sees it."""
    lane = geometry.lane_offset(geometry.lane_of(car.space, car.spot))
    return CarMark(
        car.id,
        label,
        geometry.spot_pose(car.space, car.spot),
        geometry.lap_space(car.space) - 0.5,
        1.0 if lane > 0 else -1.0,
        letter_size(geometry, label, scale, least),
        scale,
    )


def _draw_cars(
    image: Image.Image,
    geometry: TrackGeometry,
    layout: BoardLayout,
    marks: list[CarMark],
    placed: dict[str, Placed],
    colours: dict[str, RGB],
) -> None:
    """Every racing car: the leader lines to the tags under the cars, the cars (with their
    letters unless tagged), then the tags over everything."""
    draw = ImageDraw.Draw(image)
    leader = layout.px(LEADER)
    for mark in marks:
        if placed[mark.car].tag is not None:
            start = (mark.pose.x, mark.pose.y)
            draw_leader(draw, start, placed[mark.car].centre, colours[mark.car], leader)
    for mark in marks:
        label = None if placed[mark.car].tag is not None else mark.label
        colour = colours[mark.car]
        draw_car(image, geometry, mark.pose, colour, label, mark.scale, least=layout.text)
    for mark in marks:
        tag = placed[mark.car].tag
        if tag is not None:
            draw_tag(image, tag, colours[mark.car], mark.label, mark.size)


def view_layout(view: RaceView, width: int = BOARD_WIDTH) -> BoardLayout:
    """The layout of ``view``'s board: its track, its cars and its key's lines."""
    key_count = len(board_key(view.track, view.weather))
    return board_layout(view.track, width=width, cars=len(view.cars), key_count=key_count)


def _draw_trails(
    draw: ImageDraw.ImageDraw,
    geometry: TrackGeometry,
    view: RaceView,
    summary: RoundSummary,
    colours: dict[str, RGB],
) -> None:
    """The path each car drove this round, in its lane, side by side where paths meet."""
    finish_line = view.laps * geometry.spaces
    trails: list[Trail] = []
    for car in view.cars:
        trail = trail_of(geometry, car.id, summary.of(car.id), finish_line)
        if trail is not None:
            trails.append(trail)
    shares = side_by_side(trails)
    for trail in trails:
        points = trail_points(geometry, trail, shares[trail.car])
        draw_trail(draw, geometry, points, colours[trail.car])


def _draw_starts(
    draw: ImageDraw.ImageDraw,
    geometry: TrackGeometry,
    view: RaceView,
    summary: RoundSummary,
    colours: dict[str, RGB],
    tokens: Tokens,
) -> None:
    """An outline where each car began the round, unless a car stands there now.

    Cars leaving the starting grid need none: its white marks show where they stood.
    """
    for car in view.cars:
        did = summary.of(car.id)
        start = did.start
        if start is None or not did.moved or start[0] <= 0:
            continue
        pose = geometry.spot_pose(*start)
        if not covers(geometry, pose, tokens):
            draw_ghost(draw, geometry, pose, colours[car.id])


def _parked(geometry: TrackGeometry, view: RaceView, layout: BoardLayout) -> list[Parked]:
    """Finished cars, their places and their bays beside the track past the line."""
    if all(car.finished is None for car in view.cars):
        return []
    places = _bays(geometry, len(view.cars), layout.sign_radius)
    return [
        (car.id, car.finished, places[car.finished - 1])
        for car in view.cars
        if car.finished is not None and 1 <= car.finished <= len(places)
    ]


@lru_cache(maxsize=64)
def _bays(geometry: TrackGeometry, cars: int, sign_radius: int) -> tuple[Bay, ...]:
    """The parking bays of a track's boards, clear of its corner signs (kept: the same all
    race)."""
    signs = [geometry.beside(corner.position, sign_radius) for corner in geometry.track.corners]
    return tuple(bays(geometry, cars, signs, sign_radius))


def _keep_clear(
    geometry: TrackGeometry,
    layout: BoardLayout,
    view: RaceView,
    parked: list[Parked],
    labels: dict[str, str],
    locale: str,
) -> list[Extent]:
    """What no car's tag may cover: the parked cars (body, letter and place disc) and the
    weather's tags."""
    extents: list[Extent] = []
    radius = place_disc_radius(geometry, layout.text)
    for car_id, _, bay in parked:
        corners = geometry.footprint(bay.pose)
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        extents.append((floor(min(xs)), floor(min(ys)), ceil(max(xs)), ceil(max(ys))))
        label = labels[car_id]
        size = letter_size(geometry, label, 1.0, layout.text)
        extents.append(letter_extent((bay.pose.x, bay.pose.y), label, size))
        x, y = bay.disc
        extents.append((floor(x - radius), floor(y - radius), ceil(x + radius), ceil(y + radius)))
    if view.weather is not None:
        for mark in token_marks(geometry, layout, view.weather, locale):
            box = mark.box
            extents.append((box.left, box.top, box.left + box.width, box.top + box.height))
    return extents
