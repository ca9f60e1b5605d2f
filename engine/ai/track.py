"""How many rounds a car needs to the finish from each space, gear and Heat: the AI's map.

A good driver reads the track ahead: ending a round in 4th gear three spaces
before a Speed Limit 3 corner with an empty Engine means a spin out next round,
while ending it just after the corner is worth more than a few spaces. This
table captures that by dynamic programming over (space, gear, Heat in Engine)
for a nominal car, which may shift one gear a round (two for 1 Heat), drive
any Speed its gear usually allows, and pay Heat for corner excess or spin out.
Cooldown is left to the AI's own count of the Heat in its hand. The AI values
the end of every move it considers by this table, so corner lines beyond the
move count. Road conditions (limits +1/-1, Overheat) change the corners' costs.
"""

from __future__ import annotations

from functools import lru_cache

from engine.conditions import corner_limit, overheat
from engine.course import course
from engine.state import Weather

# Speeds a hand of seven usually offers in each gear: about the lowest and the
# highest sums of `gear` cards from a deck of 1-4s with a 0 and a 5.
GEAR_SPEEDS: dict[int, tuple[int, int]] = {1: (1, 5), 2: (3, 8), 3: (5, 11), 4: (7, 14)}
GEARS = (1, 2, 3, 4)
# The map tells Heat levels apart up to this many; more Heat counts as this much.
MOST_HEAT = 5
# Rounds a spin out costs beyond the lost ground and gear: the Stress it adds to the hand.
SPIN_ROUNDS = 1.0


# (space, speed limit, Overheat) of each corner line of the race, as its road conditions set them
Lines = tuple[tuple[int, int, int], ...]


class RoundsToGo:
    """Rounds to the finish for the nominal car, by space, gear and Heat in the Engine."""

    def __init__(self, track_id: str, laps: int, lines: Lines) -> None:
        here = course(track_id, laps)
        self.finish = here.finish
        self.low = min(slot.space for slot in here.track.starting_grid) - 1
        self._lines = lines
        self._passages: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
        self._rows: list[list[list[float]]] = [
            [[0.0] * (MOST_HEAT + 1) for _ in GEARS] for _ in range(self.finish - self.low + 1)
        ]
        # A move goes forward, or spins back to a line at or ahead of its start, so filling
        # from the finish backwards (1st gear with no Heat first) needs only filled entries.
        for space in range(self.finish, self.low - 1, -1):
            row = self._rows[space - self.low]
            row[0][0] = self._best(space, 1, 0, spin_here=False)
            for gear in GEARS:
                for heat in range(MOST_HEAT + 1):
                    if (gear, heat) != (1, 0):
                        row[gear - 1][heat] = self._best(space, gear, heat, spin_here=True)

    def __call__(self, space: int, gear: int, heat: int) -> float:
        if space > self.finish:
            return 0.0
        return self._rows[max(space, self.low) - self.low][gear - 1][min(heat, MOST_HEAT)]

    def _best(self, space: int, gear: int, heat: int, spin_here: bool) -> float:
        """The fewest rounds to go over every gear and Speed the nominal car may choose."""
        best = float("inf")
        for to_gear in GEARS:
            shift = abs(to_gear - gear)
            if shift > 2 or (shift == 2 and heat == 0):
                continue
            left = heat - (shift == 2)
            lowest, highest = GEAR_SPEEDS[to_gear]
            for speed in range(lowest, highest + 1):
                rounds = self._after(space, speed, to_gear, left, spin_here)
                if rounds is not None:
                    best = min(best, 1 + rounds)
        return best

    def _after(self, space: int, speed: int, gear: int, heat: int, spin_here: bool) -> float | None:
        """Rounds to go once a move is made: after its corner checks, or its spin out."""
        for line, excess in self._passage(space, speed):
            if excess > heat:
                if line == space and not spin_here:
                    return None
                return SPIN_ROUNDS + self(line, 1, 0)
            heat -= excess
        return self(min(space + speed, self.finish + 1), gear, heat)

    def _passage(self, space: int, speed: int) -> tuple[tuple[int, int], ...]:
        """Each corner line a move crosses before the finish, with the Speed over its limit."""
        key = (space, speed)
        if key not in self._passages:
            self._passages[key] = tuple(
                (line, speed - limit + extra if speed > limit else 0)
                for line, limit, extra in self._lines
                if space <= line < space + speed and line < self.finish
            )
        return self._passages[key]


def rounds_to_go(track_id: str, laps: int, weather: Weather | None = None) -> RoundsToGo:
    """The table for one track, lap count and set of corner road conditions."""
    here = course(track_id, laps)
    lines = tuple(
        (line.space, corner_limit(weather, here, line), overheat(weather, here, line))
        for line in here.lines
    )
    return _table(track_id, laps, lines)


@lru_cache(maxsize=64)
def _table(track_id: str, laps: int, lines: Lines) -> RoundsToGo:
    """Cached: races with the same corners share a table (a bounded number of them)."""
    return RoundsToGo(track_id, laps, lines)
