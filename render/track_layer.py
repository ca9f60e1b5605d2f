"""The part of a board that never changes during a race, drawn once per track and layout.

The track is drawn at twice the size and halved, which smooths its edges for
free: the result is cached and every round's board starts from a copy of it.
The chevrons that show the way to drive are part of it.
The corner signs show the limits the engine reads, road tokens included (ringed
in gold where a token changed one), and the key to the marks is the race's own:
both stay the same all race, so they are part of the layer. Their text is set
after halving, at the board's own size.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from PIL import Image, ImageDraw

import data
from render import palette
from render.direction import GRID_ROWS, draw_chevrons, draw_grid_arrow
from render.geometry import Box, Point, TrackGeometry, track_geometry
from render.key import KeyLine
from render.layout import KEY_GAP, KEY_MARGIN, KEY_SWATCH, BoardLayout
from render.text import draw_text, fitted
from render.track_marks import draw_track_marks

SUPERSAMPLE = 2
EDGE_SAMPLES = 4


@lru_cache(maxsize=16)
def track_layer(
    track_id: str,
    layout: BoardLayout,
    limits: tuple[tuple[int, int], ...] = (),
    key: tuple[KeyLine, ...] = (),
) -> Image.Image:
    """The track, its corner signs, the bands for the words and the key; copy it before
    drawing on it.

    ``limits`` pairs each corner's position with its limit (the printed ones if
    empty); ``key`` is the race's key. Sixteen layers stay in memory, about 3 MB each.
    Kept layers draw no text again: a measure of the sizes drawn clears the cache first.
    """
    track = data.track(track_id)
    printed = {corner.position: corner.speed_limit for corner in track.corners}
    shown = dict(limits) or printed
    changed = {position for position, limit in shown.items() if limit != printed[position]}
    big = Image.new("RGB", (layout.width * SUPERSAMPLE, layout.height * SUPERSAMPLE), palette.GRASS)
    box = layout.track_box
    scaled = Box(
        box.left * SUPERSAMPLE,
        box.top * SUPERSAMPLE,
        box.width * SUPERSAMPLE,
        box.height * SUPERSAMPLE,
    )
    geometry = track_geometry(track_id, scaled)
    draw = ImageDraw.Draw(big)
    _draw_asphalt(draw, geometry)
    _draw_race_line_edges(draw, geometry)
    draw_track_marks(draw, geometry)
    draw_chevrons(draw, geometry)
    _draw_grid(draw, geometry)
    _draw_start_line(draw, geometry)
    draw_grid_arrow(draw, geometry)
    _draw_signs(draw, geometry, layout.sign_radius * SUPERSAMPLE, changed)
    image = big.reduce(SUPERSAMPLE)
    _draw_bands(image, layout)
    _draw_limits(image, track_geometry(track_id, box), layout, shown)
    _draw_key(image, layout, key)
    return image


def _edge(geometry: TrackGeometry, start: float, end: float, offset: float) -> list[Point]:
    """Points along the track from lap position ``start`` to ``end``, ``offset`` left of centre."""
    steps = max(1, round((end - start) * EDGE_SAMPLES))
    return [
        geometry.pose_at(start + (end - start) * i / steps).moved(0.0, offset)
        for i in range(steps + 1)
    ]


def _draw_asphalt(draw: ImageDraw.ImageDraw, geometry: TrackGeometry) -> None:
    """Each space as its own quad, split in two spots by the lane divider."""
    half = geometry.track_width / 2
    line = max(1, round(geometry.space_length * 0.04))
    for space in range(1, geometry.spaces + 1):
        left = _edge(geometry, space - 1, space, half)
        right = _edge(geometry, space - 1, space, -half)
        draw.polygon(left + right[::-1], fill=palette.ASPHALT)
    for space in range(1, geometry.spaces + 1):
        draw.line(geometry.line_across(space), fill=palette.SEPARATOR, width=line)
        draw.line(
            _edge(geometry, space - 0.92, space - 0.08, 0.0), fill=palette.SEPARATOR, width=line
        )


def _draw_race_line_edges(draw: ImageDraw.ImageDraw, geometry: TrackGeometry) -> None:
    """Both track edges; the edge beside the race line is painted gold, sector by sector."""
    half = geometry.track_width / 2
    width = max(2, round(geometry.space_length * 0.07))
    for space in range(1, geometry.spaces + 1):
        race_lane = geometry.track.race_lane_at(space)
        for lane, side in ((1, half), (2, -half)):
            colour = palette.RACE_LINE if lane == race_lane else palette.EDGE
            draw.line(_edge(geometry, space - 1, space, side), fill=colour, width=width)


def _draw_grid(draw: ImageDraw.ImageDraw, geometry: TrackGeometry) -> None:
    """A white mark at the front of every starting grid spot."""
    width = max(1, round(geometry.space_length * 0.05))
    reach = geometry.lane_spacing * 0.4
    for row in range(GRID_ROWS):
        space = geometry.spaces - row
        front = geometry.pose_at(space - 0.12)
        for lane in (1, 2):
            offset = geometry.lane_offset(lane)
            ends = [front.moved(0.0, offset + reach), front.moved(0.0, offset - reach)]
            draw.line(ends, fill=palette.WHITE, width=width)


def _draw_start_line(draw: ImageDraw.ImageDraw, geometry: TrackGeometry) -> None:
    """A chequered band across the track at the start/finish line."""
    pose = geometry.pose_at(0.0)
    squares = 6
    side = geometry.track_width / squares
    for column in range(2):
        for row in range(squares):
            ahead = (column - 1) * side
            left = geometry.track_width / 2 - row * side
            corners = [
                pose.moved(ahead, left),
                pose.moved(ahead + side, left),
                pose.moved(ahead + side, left - side),
                pose.moved(ahead, left - side),
            ]
            colour = palette.WHITE if (row + column) % 2 == 0 else palette.INK
            draw.polygon(corners, fill=colour)


def _draw_signs(
    draw: ImageDraw.ImageDraw, geometry: TrackGeometry, radius: int, changed: Collection[int]
) -> None:
    """Each corner line across the track, and a round sign beside it for its limit."""
    width = max(2, round(geometry.space_length * 0.08))
    for corner in geometry.track.corners:
        draw.line(geometry.line_across(corner.position), fill=palette.SIGN_RED, width=width)
        x, y = geometry.beside(corner.position, radius)
        ring = palette.GOLD if corner.position in changed else palette.SIGN_RED
        draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius),
            fill=palette.WHITE,
            outline=ring,
            width=max(2, round(radius * 0.22)),
        )


def _draw_limits(
    image: Image.Image, geometry: TrackGeometry, layout: BoardLayout, limits: dict[int, int]
) -> None:
    """Each corner's limit in its sign (``limits`` by corner position, road tokens included)."""
    size = max(layout.text, round(layout.sign_radius * 1.15))
    for corner in geometry.track.corners:
        centre = geometry.beside(corner.position, layout.sign_radius)
        limit = str(limits[corner.position])
        draw_text(image, centre, limit, size=size, fill=palette.INK, bold=True, anchor="mm")


def _draw_bands(image: Image.Image, layout: BoardLayout) -> None:
    """The heading's band above the track and the roster's and key's band below it."""
    draw = ImageDraw.Draw(image)
    heading = layout.heading_box
    draw.rectangle((0, 0, layout.width, heading.top + heading.height - 1), fill=palette.PANEL)
    top = layout.roster_box.top - round(layout.text * 0.3)
    draw.rectangle((0, top, layout.width, layout.height), fill=palette.PANEL)


def _draw_key(image: Image.Image, layout: BoardLayout, key: tuple[KeyLine, ...]) -> None:
    """What the marks mean: a swatch and a few words per line (no more than the layout has)."""
    draw = ImageDraw.Draw(image)
    swatch = layout.px(KEY_SWATCH)
    for (colour, label), box in zip(key, layout.key_lines()[: len(key)], strict=True):
        x = box.left + layout.px(KEY_MARGIN)
        middle = box.top + box.height / 2
        draw.rectangle((x, middle - swatch / 2, x + swatch, middle + swatch / 2), fill=colour)
        text_left = x + swatch + layout.px(KEY_GAP)
        shown = fitted(label, layout.key_words_width, size=layout.text)
        where = (text_left, middle)
        draw_text(image, where, shown, size=layout.text, fill=palette.TEXT_DIM, anchor="lm")
