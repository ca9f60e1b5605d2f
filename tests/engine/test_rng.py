"""The race's shuffles: spelled out for speed, they must deal what ``random.shuffle`` deals."""

from __future__ import annotations

import random

from engine.rng import shuffled


def test_shuffled_deals_what_random_shuffle_deals() -> None:
    # Stored races replay from (seed, draw): any other order would change their cards.
    for seed in range(40):
        for draw in range(5):
            for size in (0, 1, 2, 7, 18, 33):
                items = tuple(f"c{n}" for n in range(size))
                expected = list(items)
                random.Random(f"heat/{seed}/{draw}").shuffle(expected)
                assert shuffled(seed, draw, items) == tuple(expected)
