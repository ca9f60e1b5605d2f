"""Spots of the expansion maps that change the rules: flooded (Japan) and tunnels (España).

Gravel (South Africa) is drawn only: the rules give it no effect. The track
data lists these spots by physical lane, so a car's spot (0 = race line) is
turned into its lane on that space first.
"""

from __future__ import annotations

from typing import Literal

import data

SpotKind = Literal["flooded", "tunnel"]
# "If you start the round on a flooded space, shifting down a gear in step 1 costs 1 extra heat."
FLOODED_DOWNSHIFT_HEAT = 1


_SPOTS: dict[tuple[str, SpotKind], tuple[int, frozenset[tuple[int, int]]]] = {}


def _spots(track_id: str, kind: SpotKind) -> tuple[int, frozenset[tuple[int, int]]]:
    """The track's lap length and its spots of this kind as (lap space, spot) pairs, built
    the first time they are asked for (asked at every plan: a dict, not a cached call)."""
    key = (track_id, kind)
    known = _SPOTS.get(key)
    if known is None:
        track = data.track(track_id)
        listed = track.flooded_spots if kind == "flooded" else track.tunnel_spots
        lanes = {(spot.space, spot.lane) for spot in listed}
        spots = frozenset(
            (space, spot)
            for space, lane in lanes
            for spot in (0, 1)
            if track.lane_of(space, spot) == lane
        )
        known = _SPOTS[key] = (track.spaces_per_lap, spots)
    return known


def _is(kind: SpotKind, track_id: str, space: int, spot: int) -> bool:
    lap_length, spots = _spots(track_id, kind)
    return bool(spots) and ((space - 1) % lap_length + 1, spot) in spots


def on_flooded_spot(track_id: str, space: int, spot: int) -> bool:
    """Whether race ``space`` and ``spot`` of this track is flooded."""
    return _is("flooded", track_id, space, spot)


def in_tunnel(track_id: str, space: int, spot: int) -> bool:
    """Whether race ``space`` and ``spot`` of this track lies in a tunnel.

    "As long as your car is on a tunnel space, you cannot discard any cards
    from your hand. This rule takes precedence over any effect that would allow
    you to discard."
    """
    return _is("tunnel", track_id, space, spot)


def shift_heat(gear: int, to_gear: int, flooded: bool) -> int:
    """The Heat a shift costs: 1 for two gears at once, 1 more for a downshift when flooded.

    "This means that shifting down a single gear will cost a total of 1 heat,
    shifting down two gears will cost 2 heat."
    """
    cost = 1 if abs(to_gear - gear) == 2 else 0
    if flooded and to_gear < gear:
        cost += FLOODED_DOWNSHIFT_HEAT
    return cost
