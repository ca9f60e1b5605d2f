"""``apply`` never changes the state it is given, though a copy shares what it does not change.

A state's copy shares its cars (until one is edited), its Garage (until a draft pick) and
its course: these random races check, at every decision, that the state handed to
``apply`` is still equal to a copy taken before, and prints the same notation.
"""

from __future__ import annotations

import random

import pytest

import engine
from engine import Options
from engine.ai import random_decision
from engine.course import course
from engine.notation import state_json
from tests.support.playout import entrants

SETUPS = (
    ("usa", Options()),
    ("usa", Options(garage="both", draft="snake")),
    ("italy", Options(garage="both", weather=True)),
    ("japan", Options(garage="advanced", draft="random", weather=True)),
    ("espana", Options(garage="basic", weather=True)),
)


@pytest.mark.parametrize(("track", "options"), SETUPS)
def test_apply_leaves_the_state_it_was_given_as_it_was(track: str, options: Options) -> None:
    """Every decision of three random 6-car races, the Garage draft included."""
    decisions = 0
    for seed in range(3):
        state, _ = engine.new_race(track, entrants(["human"] * 6), seed, laps=1, options=options)
        rng = random.Random(seed)
        while (waiting := engine.pending(state)) is not None:
            before, notation = state.copy(), state_json(state)
            after, _ = engine.apply(state, random_decision(state, waiting, rng))
            assert state == before and state_json(state) == notation
            assert after.course is course(track, after.laps)
            state = after
            decisions += 1
    assert decisions > 1000
