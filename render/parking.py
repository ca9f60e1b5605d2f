"""Where finished cars wait: beside the track just past the finish line, in finishing order.

A finished car leaves the track, but a player still looks for it there: it is
parked off the asphalt after the line, the winner in front, each with a disc
showing its place.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from render.geometry import Point, Pose, TrackGeometry

# How far (in spaces) past the line the last parking bay starts, and bay to bay.
FIRST_BAY = 0.6
BAY = 1.0


@dataclass(frozen=True, slots=True)
class Bay:
    """A parked car's pose and where its place disc goes."""

    pose: Pose
    disc: tuple[float, float]


def parking_side(
    geometry: TrackGeometry, cars: int, signs: Sequence[Point] = (), sign_radius: float = 0.0
) -> float:
    """+1 to park left of the track, -1 right: the side with more room along the bays.

    Room is the distance to the track or to the nearest corner sign, whichever is closer.
    """
    distance = geometry.track_width / 2 + geometry.car_width * 0.9

    def room(side: float) -> float:
        spots = [
            geometry.pose_at(FIRST_BAY + BAY * i).moved(0.0, side * distance) for i in range(cars)
        ]
        to_signs = [math.dist(spot, sign) - sign_radius for spot in spots for sign in signs]
        return min([geometry.clearance(spot) for spot in spots] + to_signs)

    return max((1.0, -1.0), key=room)


def bays(
    geometry: TrackGeometry, places: int, signs: Sequence[Point] = (), sign_radius: float = 0.0
) -> list[Bay]:
    """One bay per place, place 1 first; the winner parks farthest along, clear of ``signs``."""
    side = parking_side(geometry, places, signs, sign_radius)
    distance = geometry.track_width / 2 + geometry.car_width * 0.9
    found = []
    for place in range(1, places + 1):
        position = FIRST_BAY + BAY * (places - place)
        centre = geometry.pose_at(position)
        x, y = centre.moved(0.0, side * distance)
        pose = Pose(x, y, centre.heading)
        found.append(Bay(pose, pose.moved(0.0, side * geometry.car_width * 1.05)))
    return found
