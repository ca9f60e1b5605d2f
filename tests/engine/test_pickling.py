"""Engine values cross to the bot's worker processes by pickle, compiled or not.

The bot's worker pool pickles races, views, decisions and events both ways (AI moves,
pictures). tests/test_compiled.py runs this file against the engine mypyc compiles, where
pickle's default way fails (a compiled class cannot be made without its ``__init__``
arguments, nor a frozen one filled field by field): every engine value here must come
back equal, of its own class, through the pool's own pickler.
"""

from __future__ import annotations

import copyreg
import random
import sys
from dataclasses import is_dataclass
from multiprocessing.reduction import ForkingPickler

import engine
import engine.ai
import engine.season
from engine import Entrant, Options, RaceState, view_for
from engine.ai import SearchSettings, random_decision, suggest

COLOURS = ("red", "blue", "green", "yellow", "black", "gray")


def _through_the_pool(value: object) -> object:
    return ForkingPickler.loads(ForkingPickler.dumps(value))


def _crosses(value: object) -> None:
    back = _through_the_pool(value)
    assert type(back) is type(value)
    assert back == value


def test_every_dataclass_of_the_engine_pickles_by_its_fields() -> None:
    """Registered as its package is loaded, and by the bot's worker pool on both sides of
    each job (a module loaded later, as engine.forecast by the hand's picture, is then
    registered too): a class left out would pickle the default way, which the compiled
    build cannot read back."""
    import engine.forecast

    engine.pickle_by_fields()
    classes = [
        value
        for name, module in list(sys.modules.items())
        if module is not None and (name == "engine" or name.startswith("engine."))
        for value in vars(module).values()
        if isinstance(value, type) and is_dataclass(value) and value.__module__ == name
    ]
    assert len(classes) > 50
    assert [c for c in classes if c not in copyreg.dispatch_table] == []


def test_races_views_decisions_and_events_come_back_equal() -> None:
    """Seeded races with the Garage and weather, at every step: the state (plans face down,
    a turn under way, the draft), each car's view, each decision and its events."""
    kinds = ["human", "ai", "human", "legend", "legend"]
    seen_steps: set[str] = set()
    for seed in range(3):
        cars = [Entrant(chr(65 + i), COLOURS[i], kind) for i, kind in enumerate(kinds)]  # type: ignore[arg-type]
        options = Options(garage="both", weather=True)
        state, events = engine.new_race("italy", cars, seed, laps=1, options=options)
        rng = random.Random(seed)
        while (waiting := engine.pending(state)) is not None:
            seen_steps.add(waiting.step)
            _crosses(state)
            _crosses(view_for(state, waiting.cars[0]))
            decision = random_decision(state, waiting, rng)
            _crosses(decision)
            state, events = engine.apply(state, decision)
            for event in events:
                _crosses(event)
    assert {"draft", "plan", "react", "discard"} <= seen_steps


def test_a_state_that_crossed_plays_on_as_the_original() -> None:
    """What the copy leaves out (the cars it owns, its course) it builds again: the race
    goes on from it as from the original."""
    cars = [Entrant("A", "red", "human"), Entrant("B", "blue", "legend")]
    state, _ = engine.new_race("usa", cars, 4, laps=1)
    rng = random.Random(4)
    for _ in range(12):
        waiting = engine.pending(state)
        assert waiting is not None
        state, _ = engine.apply(state, random_decision(state, waiting, rng))
    copy = _through_the_pool(state)
    assert isinstance(copy, RaceState)
    waiting = engine.pending(state)
    assert waiting is not None
    decision = random_decision(state, waiting, random.Random(9))
    assert engine.apply(copy, decision) == engine.apply(state, decision)


def test_the_ai_s_answers_cross_back() -> None:
    """A suggestion (the plan and why) and the champion's settings come back equal."""
    cars = [Entrant("A", "red", "human"), Entrant("B", "blue", "legend")]
    state, _ = engine.new_race("usa", cars, 2, laps=1)
    plan, reason = suggest(view_for(state, "A"), "A", "expert")
    _crosses(plan)
    _crosses(reason)
    _crosses(SearchSettings.for_budget(192))
    assert engine.ai and engine.season  # their classes are registered on import
