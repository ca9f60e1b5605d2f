"""The expansion maps' marks: flooded, tunnel and gravel spots, and the chicanes' blue curbs.

Each spot the track data lists is tinted where a car on it stands, so a
player sees which lane is wet, covered or gravel. The tints are blends the
board palette already holds, so they come out exactly in the PNG.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from data import words
from data.models import Spot, Track
from render import palette
from render.geometry import Point, TrackGeometry
from render.palette import RGB, blend, on_grid

FLOODED: RGB = on_grid(blend(palette.ASPHALT, palette.SLIPSTREAM, 0.5))
TUNNEL: RGB = on_grid(blend(palette.ASPHALT, palette.INK, 0.5))
GRAVEL: RGB = on_grid(blend(palette.ASPHALT, palette.RACE_LINE, 0.5))
CURB_STRIPES: tuple[RGB, RGB] = (palette.SLIPSTREAM, palette.WHITE)
# Curb stripes per space, and how far the tint stays inside a spot's edges (space lengths).
STRIPES_PER_SPACE = 3
INSET = 0.06
EDGE_SAMPLES = 4


def key_rows(track: Track, locale: str = "en") -> tuple[tuple[RGB, str], ...]:
    """The lines the board's key adds for the marks this track has, in the locale's
    language."""
    rows: list[tuple[RGB, str]] = []
    if track.flooded_spots:
        rows.append((FLOODED, words.text("key_flooded", locale)))
    if track.tunnel_spots:
        rows.append((TUNNEL, words.text("key_tunnel", locale)))
    if track.gravel_spots:
        rows.append((GRAVEL, words.text("key_gravel", locale)))
    if any(corner.chicane_role for corner in track.corners):
        rows.append((palette.SLIPSTREAM, words.text("key_chicane", locale)))
    return tuple(rows)


def draw_track_marks(draw: ImageDraw.ImageDraw, geometry: TrackGeometry) -> None:
    """Tint the special spots, then lay the curbs between each chicane's two lines."""
    track = geometry.track
    for spots, colour in (
        (track.flooded_spots, FLOODED),
        (track.tunnel_spots, TUNNEL),
        (track.gravel_spots, GRAVEL),
    ):
        _tint(draw, geometry, spots, colour)
    for index, corner in enumerate(track.corners):
        if corner.chicane_role == "first":
            _curbs(draw, geometry, corner.position, track.corners[index + 1].position)


def _tint(
    draw: ImageDraw.ImageDraw, geometry: TrackGeometry, spots: Sequence[Spot], colour: RGB
) -> None:
    """Fill each spot's half of its space, a little inside the space's lines."""
    half = geometry.track_width / 2
    for spot in spots:
        side = 1.0 if spot.lane == 1 else -1.0
        start, end = spot.space - 1 + INSET, spot.space - INSET
        outer = _edge(geometry, start, end, side * (half - INSET * geometry.space_length))
        inner = _edge(geometry, start, end, side * INSET * geometry.space_length)
        draw.polygon(outer + inner[::-1], fill=colour)


def _curbs(draw: ImageDraw.ImageDraw, geometry: TrackGeometry, first: int, second: int) -> None:
    """Blue and white stripes along both edges, from the first line of a chicane to the second."""
    half = geometry.track_width / 2
    width = max(2, round(geometry.space_length * 0.12))
    stripes = (second - first) * STRIPES_PER_SPACE
    for i in range(stripes):
        start = first + i / STRIPES_PER_SPACE
        end = start + 1 / STRIPES_PER_SPACE
        for side in (half, -half):
            points = _edge(geometry, start, end, side)
            draw.line(points, fill=CURB_STRIPES[i % 2], width=width)


def _edge(geometry: TrackGeometry, start: float, end: float, offset: float) -> list[Point]:
    """Points along the track from lap position ``start`` to ``end``, ``offset`` left of centre."""
    steps = max(1, round((end - start) * EDGE_SAMPLES))
    return [
        geometry.pose_at(start + (end - start) * i / steps).moved(0.0, offset)
        for i in range(steps + 1)
    ]
