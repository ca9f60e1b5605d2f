"""The board image players read after every round: track, cars, trails, and the panel."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PIL import Image, ImageDraw

from engine.events import Event
from engine.view import RaceView
from render.cars import draw_car, draw_ghost, draw_spin_mark, draw_trail
from render.field import car_labels
from render.geometry import TrackGeometry, track_geometry
from render.layout import BOARD_SIZE, board_layout
from render.palette import RGB, car_rgb, to_palette
from render.panel import draw_panel
from render.round_summary import RoundSummary, summarize_round
from render.track_layer import track_layer

# How far apart the trails of different cars run, as a share of the track width.
TRAIL_SPREAD = 0.7


def board_image(
    view: RaceView,
    events: Iterable[Event] = (),
    *,
    names: Mapping[str, str] | None = None,
    size: tuple[int, int] = BOARD_SIZE,
) -> Image.Image:
    """The board for a spectator's ``view``, showing what ``events`` (one round's) did.

    ``names`` maps car ids to drivers' names for the panel. The image is in
    palette mode, ready for :func:`render.png.png_bytes`.
    """
    layout = board_layout(size)
    geometry = track_geometry(view.track, layout.track_box)
    summary = summarize_round(events)
    image = track_layer(view.track, size).copy()
    draw = ImageDraw.Draw(image)
    colours = {car.id: car_rgb(car.color) for car in view.cars}
    _draw_round(draw, geometry, view, summary, colours)
    labels = car_labels(view)
    racing = [car for car in view.cars if car.finished is None]
    poses = {car.id: geometry.spot_pose(car.space, car.spot) for car in racing}
    for car in racing:
        if summary.of(car.id).spun_out is not None:
            draw_spin_mark(draw, geometry, poses[car.id])
    for car in racing:
        draw_car(image, geometry, poses[car.id], colours[car.id], labels[car.id])
    draw_panel(image, layout, view, summary, names)
    return to_palette(image, tuple(dict.fromkeys(colours.values())))


def _draw_round(
    draw: ImageDraw.ImageDraw,
    geometry: TrackGeometry,
    view: RaceView,
    summary: RoundSummary,
    colours: dict[str, RGB],
) -> None:
    """Where each car started the round (an outline) and the path it took (a trail)."""
    movers = [car for car in view.cars if summary.of(car.id).moved]
    spread = geometry.track_width * TRAIL_SPREAD
    for i, car in enumerate(movers):
        offset = spread * ((i + 0.5) / len(movers) - 0.5)
        draw_trail(draw, geometry, summary.of(car.id), colours[car.id], offset)
    for car in movers:
        start = summary.of(car.id).start
        if start is not None:
            draw_ghost(draw, geometry, geometry.spot_pose(*start), colours[car.id])
