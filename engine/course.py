"""Where things are on this race's course: corner lines over every lap, the finish line.

Spaces count along the whole race (space N+1 is space 1 of lap 2), so a corner
at lap position p lies at p, p+N, p+2N, ... and the finish line lies after
space laps*N.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from functools import cache

import data
from data.models import Corner, Track


@dataclass(frozen=True, slots=True)
class CornerLine:
    """One corner line on the race course: ``space`` is the race space just before it."""

    space: int
    corner: Corner


class Course:
    """A track raced over a number of laps."""

    def __init__(self, track: Track, laps: int) -> None:
        self.track = track
        self.laps = laps
        self.lap_length = track.spaces_per_lap
        self.finish = laps * track.spaces_per_lap
        self.lines: tuple[CornerLine, ...] = tuple(
            CornerLine(corner.position + lap * self.lap_length, corner)
            for lap in range(laps + 1)
            for corner in track.corners
        )
        # The lines' spaces, ascending (corners are listed in lap order): a move's lines
        # are a slice found by bisection, asked at every corner check.
        self.line_spaces = tuple(line.space for line in self.lines)
        assert list(self.line_spaces) == sorted(self.line_spaces), "corners in lap order"

    def corners_crossed(self, start: int, end: int) -> tuple[CornerLine, ...]:
        """Corner lines a move from ``start`` to ``end`` crosses, in order, before the finish.

        "Disregard any Speed Limits in corners after the finish line."
        """
        spaces = self.line_spaces
        first = bisect_left(spaces, start)
        last = bisect_left(spaces, end if end < self.finish else self.finish)
        return self.lines[first:last] if last > first else ()

    def lines_ahead(self, space: int) -> list[CornerLine]:
        """Every corner line from ``space`` on (a car on space p is just before line p)."""
        return list(self.lines[bisect_left(self.line_spaces, space) :])

    def lap_space(self, space: int) -> int:
        """The space within its lap, 1..N (the grid's spaces 0, -1... are N, N-1...)."""
        return (space - 1) % self.lap_length + 1

    def lap_of(self, space: int) -> int:
        """The lap a car on ``space`` is driving (1 on the grid and the first lap)."""
        return max(1, (space - 1) // self.lap_length + 1)

    def crossed_finish(self, space: int) -> bool:
        return space > self.finish


@cache
def course(track_id: str, laps: int) -> Course:
    """The course for a track and lap count (cached: tracks never change in a run)."""
    return Course(data.track(track_id), laps)
