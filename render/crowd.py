"""Car tokens in a crowd: each as large as it can be without covering a neighbour.

Spots never overlap at the track's own car size, but a token drawn larger for
reading, a car parked beside the track or an outline of where a car started can
meet another token on a tight bend. Two footprints are tested with the
separating-axis test; touching tokens shrink together, a step at a time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from render.geometry import Point, Pose, TrackGeometry

SHRINK = 0.92
SMALLEST = 0.6
# Footprints are tested a little larger than drawn: a token's outline needs room too.
CLEARANCE = 1.12


def overlap(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """True when two convex polygons share some area (separating-axis test)."""
    for polygon in (a, b):
        for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
            normal = (y2 - y1, x1 - x2)
            ours = [normal[0] * x + normal[1] * y for x, y in a]
            theirs = [normal[0] * x + normal[1] * y for x, y in b]
            if max(ours) <= min(theirs) or max(theirs) <= min(ours):
                return False
    return True


def token_scales(geometry: TrackGeometry, poses: Mapping[str, Pose]) -> dict[str, float]:
    """Each car's size (1.0 = the track's car size), shrunk only where tokens would touch."""
    scales = dict.fromkeys(poses, 1.0)
    for _ in range(12):
        touching = [
            (a, b)
            for a, b in combinations(poses, 2)
            if overlap(
                geometry.footprint(poses[a], scales[a] * CLEARANCE),
                geometry.footprint(poses[b], scales[b] * CLEARANCE),
            )
        ]
        if not touching:
            break
        for a, b in touching:
            scales[a] = max(SMALLEST, scales[a] * SHRINK)
            scales[b] = max(SMALLEST, scales[b] * SHRINK)
    return scales


def covers(geometry: TrackGeometry, pose: Pose, tokens: Mapping[str, tuple[Pose, float]]) -> bool:
    """True when a car-sized mark at ``pose`` would lie under any of the ``tokens``."""
    mark = geometry.footprint(pose)
    return any(overlap(mark, geometry.footprint(at, scale)) for at, scale in tokens.values())
