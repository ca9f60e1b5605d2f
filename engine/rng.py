"""The race's only source of chance: the seed and a count of draws, both in the state.

Each shuffle builds a fresh generator from (seed, draw number), so a state
saved between two shuffles resumes exactly, and a replay draws the same cards.
"""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


def shuffled(seed: int, draw: int, items: tuple[T, ...]) -> tuple[T, ...]:
    """``items`` in the order that draw number ``draw`` of this race's seed gives."""
    order = list(items)
    random.Random(f"heat/{seed}/{draw}").shuffle(order)
    return tuple(order)
