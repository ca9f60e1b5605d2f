"""Which way the cars go: small chevrons along the whole road, and an arrow beside the grid.

One arrow by the grid is far from a car on the other side of the map, and on a
twisting circuit a player cannot always tell which way a stretch is driven. So
every sector (the road between two corner lines) carries chevrons on its lane
divider, at least one and about one every few spaces; they lie on the divider
in the middle of a space, clear of the lines across the road, and every car is
drawn over them. They belong to the kept track layer, so they cost nothing per
round.
"""

from __future__ import annotations

from PIL import ImageDraw

from data.models import Track
from render import palette
from render.geometry import Point, Pose, TrackGeometry
from render.palette import RGB, blend, on_grid

# About one chevron every this many spaces, and at least one per sector.
EVERY = 4
# A pale grey, nearer the edge than the asphalt: seen at 400 px, quieter than white marks.
CHEVRON: RGB = on_grid(blend(palette.ASPHALT, palette.EDGE, 0.75))
# Rows of the starting grid, beside which the big arrow stands.
GRID_ROWS = 4


def sectors(track: Track) -> list[tuple[int, int]]:
    """Each sector as (line it starts after, spaces in it), in lap order from the first
    corner; a track without corners is one sector from the start line."""
    lines = sorted(corner.position for corner in track.corners) or [0]
    lap = track.spaces_per_lap
    return [
        (line, (lines[(i + 1) % len(lines)] - line - 1) % lap + 1) for i, line in enumerate(lines)
    ]


def chevron_positions(track: Track) -> tuple[float, ...]:
    """Lap positions of the chevrons, each the middle of a space: every sector gets
    ``round(spaces / EVERY)`` of them (at least one), spread evenly over its spaces."""
    positions: list[float] = []
    lap = track.spaces_per_lap
    for line, spaces in sectors(track):
        count = max(1, round(spaces / EVERY))
        for i in range(count):
            space = line + int((i + 0.5) * spaces / count)
            positions.append(space % lap + 0.5)
    return tuple(positions)


def draw_chevrons(draw: ImageDraw.ImageDraw, geometry: TrackGeometry) -> None:
    """A ">" on the lane divider at each chevron position, pointing the way to drive."""
    reach = geometry.space_length * 0.15
    spread = geometry.lane_spacing * 0.38
    width = max(2, round(geometry.space_length * 0.08))
    for position in chevron_positions(geometry.track):
        pose = geometry.pose_at(position)
        wings = [pose.moved(-reach, spread), pose.moved(reach), pose.moved(-reach, -spread)]
        draw.line(wings, fill=CHEVRON, width=width, joint="curve")


def grid_arrow(geometry: TrackGeometry) -> list[Point]:
    """The outline of the big arrow beside the grid, before the start line.

    Past the line is where finished cars park.
    """
    length = geometry.space_length * 1.6
    at = geometry.spaces - GRID_ROWS / 2
    x, y = geometry.beside(at, length / 2)
    pose = Pose(x, y, geometry.pose_at(at).heading)
    half = geometry.car_width * 0.22
    head = geometry.car_width * 0.6
    shaft_end = length / 2 - head
    return [
        pose.moved(-length / 2, half),
        pose.moved(shaft_end, half),
        pose.moved(shaft_end, head),
        pose.moved(length / 2, 0.0),
        pose.moved(shaft_end, -head),
        pose.moved(shaft_end, -half),
        pose.moved(-length / 2, -half),
    ]


def draw_grid_arrow(draw: ImageDraw.ImageDraw, geometry: TrackGeometry) -> None:
    """The big white arrow beside the grid."""
    draw.polygon(grid_arrow(geometry), fill=palette.WHITE)
