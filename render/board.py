"""The board image players read after every round: track, cars, trails, and the panel."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PIL import Image, ImageDraw

from engine.events import Event
from engine.view import RaceView
from render.cars import draw_car, draw_ghost, draw_place_disc, draw_spin_mark
from render.crowd import covers, token_scales
from render.field import car_labels
from render.geometry import Pose, TrackGeometry, track_geometry
from render.key import board_key
from render.layout import BOARD_WIDTH, BoardLayout, board_layout
from render.palette import RGB, car_rgb, to_palette
from render.panel import draw_panel
from render.parking import bays
from render.road import corner_limits, draw_weather
from render.round_summary import RoundSummary, summarize_round
from render.slipstream import draft_marks, drafts
from render.track_layer import track_layer
from render.trails import Trail, draw_trail, side_by_side, trail_of, trail_points

Tokens = dict[str, tuple[Pose, float]]


def board_image(
    view: RaceView,
    events: Iterable[Event] = (),
    *,
    names: Mapping[str, str] | None = None,
    width: int = BOARD_WIDTH,
) -> Image.Image:
    """The board for a spectator's ``view``, ``width`` pixels wide, showing what ``events``
    (one round's) did.

    ``names`` maps car ids to drivers' names for the roster. The image is in
    palette mode, ready for :func:`render.png.png_bytes`.
    """
    events = list(events)
    key = board_key(view.track, view.weather)
    layout = view_layout(view, width)
    geometry = track_geometry(view.track, layout.track_box)
    summary = summarize_round(events)
    limits = tuple(sorted(corner_limits(view).items()))
    image = track_layer(view.track, layout, limits, key).copy()
    if view.weather is not None:
        draw_weather(image, geometry, layout, view.weather)
    draw = ImageDraw.Draw(image)
    colours = {car.id: car_rgb(car.color) for car in view.cars}
    labels = car_labels(view)
    racing = [car for car in view.cars if car.racing]
    poses = {car.id: geometry.spot_pose(car.space, car.spot) for car in racing}
    scales = token_scales(geometry, poses)
    tokens = {car_id: (pose, scales[car_id]) for car_id, pose in poses.items()}
    _draw_trails(draw, geometry, view, summary, colours)
    _draw_starts(draw, geometry, view, summary, colours, tokens)
    for draft in drafts(view, summary, events):
        draft_marks(draw, geometry, draft)
    for car in racing:
        if summary.of(car.id).spun_out is not None:
            draw_spin_mark(draw, geometry, poses[car.id], scales[car.id])
    for car in racing:
        draw_car(
            image,
            geometry,
            poses[car.id],
            colours[car.id],
            labels[car.id],
            scales[car.id],
            least=layout.text,
        )
    _park_finishers(image, geometry, view, colours, labels, layout.sign_radius, layout.text)
    draw_panel(image, layout, view, summary, names)
    return to_palette(image, tuple(dict.fromkeys(colours.values())))


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


def _park_finishers(
    image: Image.Image,
    geometry: TrackGeometry,
    view: RaceView,
    colours: dict[str, RGB],
    labels: dict[str, str],
    sign_radius: int,
    least: int,
) -> None:
    """Finished cars beside the track past the line, in finishing order, with their place."""
    signs = [geometry.beside(corner.position, sign_radius) for corner in geometry.track.corners]
    places = bays(geometry, len(view.cars), signs, sign_radius)
    for car in view.cars:
        if car.finished is None or not 1 <= car.finished <= len(places):
            continue
        bay = places[car.finished - 1]
        draw_car(image, geometry, bay.pose, colours[car.id], labels[car.id], least=least)
        draw_place_disc(image, geometry, bay.disc, car.finished, least)
