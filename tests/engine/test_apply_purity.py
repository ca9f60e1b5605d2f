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


@pytest.mark.parametrize(("track", "options"), SETUPS)
def test_apply_in_place_plays_the_race_apply_plays(track: str, options: Options) -> None:
    """A search's own copy, changed decision by decision, goes through the same states and
    events as the states ``apply`` returns, and the race it was copied from is untouched
    (the copy shares its cars until it edits one)."""
    for seed in range(3):
        start, _ = engine.new_race(track, entrants(["human"] * 6), seed, laps=1, options=options)
        untouched = state_json(start)
        applied, in_place = start, start.copy()
        rng = random.Random(seed)
        while (waiting := engine.pending(applied)) is not None:
            decision = random_decision(applied, waiting, rng)
            applied, events = engine.apply(applied, decision)
            assert engine.apply_in_place(in_place, decision) == events
            assert state_json(in_place) == state_json(applied)
        assert engine.pending(in_place) is None
        assert state_json(start) == untouched


def test_apply_in_place_refuses_what_apply_refuses() -> None:
    """The turn is checked before anything changes: a car that does not decide now is told so,
    and the state is as it was."""
    state, _ = engine.new_race("usa", entrants(["human"] * 6), 0, laps=1)
    waiting = engine.pending(state)
    assert waiting is not None and waiting.step == "plan"
    before = state_json(state)
    decision = engine.legal_decisions(state, waiting.cars[0])[0]
    engine.apply_in_place(state, decision)
    planned = state_json(state)
    assert planned != before
    with pytest.raises(engine.NotYourTurn):
        engine.apply_in_place(state, decision)
    assert state_json(state) == planned
