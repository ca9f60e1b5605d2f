"""Our own schematic of each track: waypoints we authored, read from data/geometry.

A shape is a closed path through a few waypoints that recalls the real circuit,
never the board art. Waypoints that carry a ``line`` pin the lap position of
that line (0 = the start/finish line, p = the corner line after space p) to
that point of the path, so every corner line of the track data sits on a bend;
spaces are spread evenly between two pinned waypoints.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field, model_validator

import data
from data.loader import DATA_DIR, DataError, load_file

GEOMETRY_DIR = DATA_DIR / "geometry"


class Waypoint(BaseModel):
    """One point of the path, in the shape's own units; ``line`` pins a lap position here."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    x: float
    y: float
    line: int | None = Field(default=None, ge=0)


class TrackShape(BaseModel):
    """The path of one track, in the direction of travel, starting on the start/finish line."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    track: str
    about: str
    waypoints: tuple[Waypoint, ...] = Field(min_length=4)

    @model_validator(mode="after")
    def _pinned_in_order(self) -> TrackShape:
        if self.waypoints[0].line != 0:
            raise ValueError("the first waypoint must be the start/finish line (line 0)")
        lines = self.lines
        if lines != sorted(set(lines)):
            raise ValueError("pinned lines must increase along the path")
        return self

    @property
    def lines(self) -> list[int]:
        return [w.line for w in self.waypoints if w.line is not None]


@cache
def track_shape(track_id: str) -> TrackShape:
    """The authored shape of a track; DataError if it is missing or does not fit the track."""
    track = data.track(track_id)
    path = GEOMETRY_DIR / f"{track_id}.json"
    shape = load_file(path, TrackShape)
    if shape.track != track_id:
        raise DataError(f"{path}: field track: must be {track_id!r}")
    if shape.lines[-1] >= track.spaces_per_lap:
        raise DataError(f"{path}: line {shape.lines[-1]} lies beyond the lap")
    unpinned = sorted(set(track.corner_positions) - set(shape.lines))
    if unpinned:
        raise DataError(f"{path}: corner lines {unpinned} are not pinned to a waypoint")
    return shape
