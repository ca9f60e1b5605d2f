"""Where each car's letter goes: on the car, or on a tag beside the road where cars bunch.

A letter is set at the board's smallest readable size, which is wider than a
car on most tracks: two cars side by side, or nose to tail on a bend, would
print their letters over each other and neither could be read at 400 px. So a
car whose letter would come near another's (or a parked car, or a weather tag)
keeps its colour on the road and has its letter on a tag just off the asphalt,
on its own lane's side, tied to it by a short leader line; every car of the
pack does, so the pack reads as a row of tags. Cars alone keep the letter on
the car, as before.

Tags are placed one car at a time in the order given (the running order: the
leader first), each on the nearest free place of a fixed list of candidates
beside its car (along the road, then farther out, then across it), so the same
position always gives the same picture. Free means inside the track's box, off
the road, the corner signs and the grid's arrow (a mask drawn once per track and
layout), and clear of every letter, tag and leader line placed before it (a mask
painted as they are placed), with a leader line that crosses no other car, tag or
line where there is such a place. Each test is a crop of an image, done in C.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.direction import grid_arrow
from render.geometry import Box, Point, Pose, TrackGeometry, track_geometry
from render.layout import BoardLayout
from render.text import Extent, text_extent, text_width

# A tag's height and its side padding, in units of its letter's type size.
TAG_HEIGHT = 1.2
TAG_PAD = 0.45
# The room kept round letters and tags, in units of the board's smallest text.
GAP = 0.3
# Where a tag may stand, nearest first: spaces along the road from its car, rings outwards.
ALONG = (0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5, 2.0, -2.0, 2.5, -2.5, 3.0, -3.0)
RINGS = 3
# A leader line's width, in units of the board's smallest text.
LEADER = 0.12


@dataclass(frozen=True, slots=True)
class CarMark:
    """A car to label: its id and letter, where it stands (``position`` on the lap, in
    spaces, and ``side`` +1 if its lane is left of the centreline, -1 if right), its
    letter's type size and its token's scale."""

    car: str
    label: str
    pose: Pose
    position: float
    side: float
    size: int
    scale: float = 1.0


@dataclass(frozen=True, slots=True)
class Placed:
    """Where a car's letter is drawn: its middle, and the tag under it (None: on the car)."""

    centre: Point
    tag: Extent | None = None


def letter_extent(centre: Point, label: str, size: int) -> Extent:
    """What a car's letter covers, halo included, set with its middle at ``centre``."""
    return text_extent(centre, label, size=size, bold=True, anchor="mm", halo=True)


def tag_size(label: str, size: int) -> tuple[int, int]:
    """A tag's width and height for ``label`` set at ``size``."""
    height = round(size * TAG_HEIGHT)
    width = max(height, round(text_width(label, size=size, bold=True) + 2 * TAG_PAD * size))
    return width, height


def place_letters(
    geometry: TrackGeometry,
    layout: BoardLayout,
    cars: Sequence[CarMark],
    keep_clear: Iterable[Extent] = (),
) -> dict[str, Placed]:
    """Where each of ``cars``'s letters goes, none touching another nor any of ``keep_clear``
    (parked cars, their letters and discs, weather tags): on its car if it touches nothing,
    else on a tag beside the road."""
    gap = layout.px(GAP)
    keep_clear = list(keep_clear)
    natural = {m.car: letter_extent((m.pose.x, m.pose.y), m.label, m.size) for m in cars}
    crowded = {mark.car for mark in cars if _crowded(natural, mark.car, keep_clear, gap)}
    taken = Taken(keep_out(geometry.track.id, layout), geometry, gap)
    for extent in keep_clear:
        taken.add(extent)
    for mark in cars:
        taken.add_car(geometry.footprint(mark.pose, mark.scale))
    placed: dict[str, Placed] = {}
    for mark in cars:
        if mark.car not in crowded:
            placed[mark.car] = Placed((mark.pose.x, mark.pose.y))
            taken.add(natural[mark.car])
    leader = layout.px(LEADER)
    for mark in cars:
        if mark.car in crowded:
            tag = _free_tag(geometry, taken, mark)
            placed[mark.car] = Placed(_middle(tag), tag)
            taken.add(tag)
            taken.add_leader((mark.pose.x, mark.pose.y), _middle(tag), leader)
    return placed


class Taken:
    """What a board already holds, as a mask: a tag may stand only where it is blank, and
    a leader line may not cross it."""

    def __init__(self, fixed: Image.Image, geometry: TrackGeometry, gap: int) -> None:
        self.fixed = fixed
        self.box = geometry.box
        self.car_length = geometry.car_length
        self.gap = gap
        self.mask = Image.new("L", fixed.size, 0)
        self.draw = ImageDraw.Draw(self.mask)

    def add(self, extent: Extent) -> None:
        """Mark ``extent`` and the gap round it as taken."""
        left, top, right, bottom = _grown(extent, self.gap)
        self.draw.rectangle((left, top, right - 1, bottom - 1), fill=255)

    def add_car(self, footprint: Sequence[Point]) -> None:
        """A car's body: no leader line crosses another car."""
        self.draw.polygon(list(footprint), fill=255)

    def add_leader(self, start: Point, end: Point, width: int) -> None:
        """A leader line and the gap round it."""
        self.draw.line([start, end], fill=255, width=width + 2 * self.gap)

    def holds_tag(self, extent: Extent) -> bool:
        """True when a tag fits at ``extent``: inside the track's box, off the road, the signs
        and the grid's arrow, and clear of everything placed."""
        left, top, right, bottom = extent
        box = self.box
        inside = (
            box.left <= left
            and box.top <= top
            and right <= box.left + box.width
            and bottom <= box.top + box.height
        )
        return (
            inside
            and self.fixed.crop(extent).getbbox() is None
            and self.mask.crop(extent).getbbox() is None
        )

    def holds_leader(self, mark: CarMark, tag: Extent) -> bool:
        """True when the line from ``mark``'s car to ``tag`` crosses nothing placed (its own
        car and its tag aside)."""
        start = (mark.pose.x, mark.pose.y)
        end = _middle(tag)
        length = math.dist(start, end)
        own = self.car_length * mark.scale / 2
        steps = max(1, round(length / 2))
        for i in range(steps + 1):
            x = start[0] + (end[0] - start[0]) * i / steps
            y = start[1] + (end[1] - start[1]) * i / steps
            if math.dist(start, (x, y)) <= own or _within(tag, (x, y)):
                continue
            if self.mask.getpixel((round(x), round(y))):
                return False
        return True


@lru_cache(maxsize=16)
def keep_out(track_id: str, layout: BoardLayout) -> Image.Image:
    """Where no tag may stand on ``track_id``'s boards: the road with a margin, the corner
    signs and the grid's arrow (white on black; copy it before painting on it)."""
    geometry = track_geometry(track_id, layout.track_box)
    mask = Image.new("L", (layout.width, layout.height), 0)
    draw = ImageDraw.Draw(mask)
    gap = layout.px(GAP)
    path = [*geometry.path, geometry.path[0]]
    draw.line(path, fill=255, width=round(geometry.track_width) + 2 * gap, joint="curve")
    radius = layout.sign_radius + gap
    for corner in geometry.track.corners:
        x, y = geometry.beside(corner.position, layout.sign_radius)
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=255)
    draw.polygon(grid_arrow(geometry), fill=255)
    return mask


def _crowded(natural: dict[str, Extent], car: str, keep_clear: Sequence[Extent], gap: int) -> bool:
    """True when ``car``'s letter on the car would come within ``gap`` of another car's
    letter or of something to keep clear."""
    mine = _grown(natural[car], gap)
    others = [extent for other, extent in natural.items() if other != car]
    return any(_meet(mine, extent) for extent in [*others, *keep_clear])


def _free_tag(geometry: TrackGeometry, taken: Taken, mark: CarMark) -> Extent:
    """The nearest free place for ``mark``'s tag beside it, with a clear leader line if
    there is one (a car hemmed in on all sides has none); else the nearest free place
    anywhere in the track's box."""
    width, height = tag_size(mark.label, mark.size)
    near = _candidates(geometry, mark, width, height, taken.gap)
    first_free: Extent | None = None
    for extent in near:
        if taken.holds_tag(extent):
            if taken.holds_leader(mark, extent):
                return extent
            first_free = first_free or extent
    if first_free is not None:
        return first_free
    for extent in _anywhere(geometry.box, mark, width, height):
        if taken.holds_tag(extent):
            return extent
    return near[0]


def _candidates(
    geometry: TrackGeometry, mark: CarMark, width: int, height: int, gap: int
) -> list[Extent]:
    """Tag places beside the road near ``mark``, nearest first; the far side of the road
    counts a road's width farther, as its leader crosses the road."""
    half = geometry.track_width / 2
    step = max(width, height) + gap
    scored: list[tuple[float, int, Extent]] = []
    for along in ALONG:
        pose = geometry.pose_at(mark.position + along)
        # The tag's half-extent along the normal, so that its near edge clears the road.
        reach = abs(math.sin(pose.heading)) * width / 2 + abs(math.cos(pose.heading)) * height / 2
        for ring in range(RINGS):
            for side in (mark.side, -mark.side):
                centre = pose.moved(0.0, side * (half + gap + reach + ring * step))
                cost = math.dist(centre, (mark.pose.x, mark.pose.y))
                if side != mark.side:
                    cost += geometry.track_width
                scored.append((cost, len(scored), _around(centre, width, height)))
    scored.sort()
    return [extent for _, _, extent in scored]


def _anywhere(box: Box, mark: CarMark, width: int, height: int) -> list[Extent]:
    """Every place on a grid over the track's box, nearest to ``mark`` first."""
    step = max(4, height // 2)
    places = [
        (x, y)
        for x in range(box.left + width // 2, box.left + box.width - width // 2, step)
        for y in range(box.top + height // 2, box.top + box.height - height // 2, step)
    ]
    places.sort(key=lambda point: (math.dist(point, (mark.pose.x, mark.pose.y)), point))
    return [_around(point, width, height) for point in places]


def _around(centre: Point, width: int, height: int) -> Extent:
    left, top = round(centre[0] - width / 2), round(centre[1] - height / 2)
    return (left, top, left + width, top + height)


def _middle(extent: Extent) -> Point:
    return ((extent[0] + extent[2]) / 2, (extent[1] + extent[3]) / 2)


def _grown(extent: Extent, by: int) -> Extent:
    return (extent[0] - by, extent[1] - by, extent[2] + by, extent[3] + by)


def _meet(one: Extent, other: Extent) -> bool:
    """True when two extents share some area (edges that only touch do not)."""
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


def _within(extent: Extent, point: Point) -> bool:
    return extent[0] <= point[0] < extent[2] and extent[1] <= point[1] < extent[3]
