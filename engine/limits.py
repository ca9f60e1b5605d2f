"""The range every number of a race lies in, so that no input can stall the rules.

The race notation refuses a file outside these ranges and :func:`engine.new_race`
refuses such a setup. The rules themselves then need no guard: every car that
races moves forward, and a race has a bounded length.
"""

from __future__ import annotations

MAX_CARS = 6
MAX_LAPS = 5
"""As many laps as ``/heat new`` offers."""
MAX_ROUND = 999
"""Far more rounds than a race takes even at one space a round; a scenario's AI stops there."""
MAX_SEED = 2**63 - 1
"""Seeds are stored as SQLite integers."""
MAX_COUNT = 2**31 - 1
"""The ceiling of the counters ``version`` and ``rng``."""
MAX_PILE = 2_500
"""Cards in one pile (hand, deck, discard, play area), and Heat in the Engine: a deck
starts near 30 cards, and spin outs add up to 2 Stress a round for up to 999 rounds."""
MAX_NAME = 16
"""Characters in a car's id or colour."""
LEGEND_SPEED_BONUS = range(0, 6)
"""A bonus only raises a Legend's speed ("you can increase their speed over straights"),
so a Legend always moves forward and a race of Legends always ends."""


def in_range(name: str, value: int, low: int, high: int) -> int:
    """The value, or ValueError naming it and its range."""
    if not low <= value <= high:
        raise ValueError(f"{name} must be {low} to {high}, not {value}")
    return value


GEARS = range(1, 5)
"""The four gears of the gear box."""
