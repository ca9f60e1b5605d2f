"""The race's only source of chance: the seed and a count of draws, both in the state.

Each shuffle builds a fresh generator from (seed, draw number), so a state
saved between two shuffles resumes exactly, and a replay draws the same cards.
"""

from __future__ import annotations

from _random import Random
from hashlib import sha512
from typing import TypeVar

T = TypeVar("T")


def shuffled(seed: int, draw: int, items: tuple[T, ...]) -> tuple[T, ...]:
    """``items`` in the order that draw number ``draw`` of this race's seed gives."""
    order = list(items)
    # random.shuffle's own Fisher-Yates with its rejection sampling, spelled out: the same
    # order for the same seed (tests/engine/test_rng.py checks it), without a method call
    # per card.
    getrandbits = _generator(seed, draw).getrandbits
    for i in range(len(order) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def _generator(seed: int, draw: int) -> Random:
    """The generator ``random.Random(f"heat/{seed}/{draw}")`` is, built the way its ``seed``
    turns a string into a number, but from C's own generator class: random.Random's Python
    ``__init__`` and ``seed`` cost more than a short shuffle."""
    key = f"heat/{seed}/{draw}".encode()
    return Random(int.from_bytes(key + sha512(key).digest(), "big"))
