"""Spots of the expansion maps that change the rules: flooded (Japan) and tunnels (España).

Gravel (South Africa) is drawn only: the rules give it no effect. The track
data lists these spots by physical lane, so a car's spot (0 = race line) is
turned into its lane on that space first.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import data
from data.models import Spot

# "If you start the round on a flooded space, shifting down a gear in step 1 costs 1 extra heat."
FLOODED_DOWNSHIFT_HEAT = 1


class _TrackSpots:
    """A track's lap length and its flooded and tunnel spots as (lap space, spot) pairs."""

    def __init__(self, track_id: str) -> None:
        track = data.track(track_id)
        self.lap_length = track.spaces_per_lap

        def by_spot(listed: Iterable[Spot]) -> frozenset[tuple[int, int]]:
            lanes = {(spot.space, spot.lane) for spot in listed}
            return frozenset(
                (space, spot)
                for space, lane in lanes
                for spot in (0, 1)
                if track.lane_of(space, spot) == lane
            )

        self.flooded = by_spot(track.flooded_spots)
        self.tunnel = by_spot(track.tunnel_spots)


# Asked at every plan: the track's spots come from a dict by its id (built the first time),
# not from a cached call.
_SPOTS: Final[dict[str, _TrackSpots]] = {}


def _new_spots(track_id: str) -> _TrackSpots:
    spots = _SPOTS[track_id] = _TrackSpots(track_id)
    return spots


def on_flooded_spot(track_id: str, space: int, spot: int) -> bool:
    """Whether race ``space`` and ``spot`` of this track is flooded."""
    spots = _SPOTS.get(track_id) or _new_spots(track_id)
    flooded = spots.flooded
    return bool(flooded) and ((space - 1) % spots.lap_length + 1, spot) in flooded


def in_tunnel(track_id: str, space: int, spot: int) -> bool:
    """Whether race ``space`` and ``spot`` of this track lies in a tunnel.

    "As long as your car is on a tunnel space, you cannot discard any cards
    from your hand. This rule takes precedence over any effect that would allow
    you to discard."
    """
    spots = _SPOTS.get(track_id) or _new_spots(track_id)
    tunnel = spots.tunnel
    return bool(tunnel) and ((space - 1) % spots.lap_length + 1, spot) in tunnel


def shift_heat(gear: int, to_gear: int, flooded: bool) -> int:
    """The Heat a shift costs: 1 for two gears at once, 1 more for a downshift when flooded.

    "This means that shifting down a single gear will cost a total of 1 heat,
    shifting down two gears will cost 2 heat."
    """
    cost = 1 if abs(to_gear - gear) == 2 else 0
    if flooded and to_gear < gear:
        cost += FLOODED_DOWNSHIFT_HEAT
    return cost
