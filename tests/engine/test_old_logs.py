"""Decision logs kept under an earlier rule still replay, to the same end.

Races store their first state and every decision; ``/heat replay`` and ``/heat export``
replay that log with today's engine (:func:`engine.as_replayed`).
"""

from __future__ import annotations

import json

import pytest

import engine
from engine import Adrenaline, Discard, Plan, ReactDone
from engine.notation import load_scenario
from tests.support.scenarios import ALONE


def test_a_log_kept_before_adrenaline_was_split_replays_to_its_end() -> None:
    """Until 2026-12-07 one half of the Adrenaline used it all, and the React step ended by
    itself: a log of then goes on to the discard. Today the Cooldown half waits, so the log
    alone is refused; as replayed, the step it left is ended as its rules ended it."""
    first, _ = engine.settle(load_scenario(json.dumps(ALONE))[0])
    plan = Plan("A", 3, ("1", "2", "3"))
    old_log = [plan, Adrenaline("A", True, False), Discard("A", ())]
    with pytest.raises(engine.NotYourTurn):
        engine.replay(first, old_log)
    replayed = engine.as_replayed(first, old_log)
    assert replayed == [plan, Adrenaline("A", True, False), ReactDone("A"), Discard("A", ())]
    end = engine.replay(first, replayed)
    assert end.round == 2 and end.car("A").space == 7
    assert end.car("A").hand.count("H") == 1, "the Cooldown half was never used"


def test_a_log_of_todays_rules_comes_back_as_it_was() -> None:
    """Using the halves one at a time, as today's rules allow, is not taken for an old log."""
    first, _ = engine.settle(load_scenario(json.dumps(ALONE))[0])
    log = [
        Plan("A", 3, ("1", "2", "3")),
        Adrenaline("A", True, False),
        Adrenaline("A", False, True),
        ReactDone("A"),
        Discard("A", ()),
    ]
    assert engine.as_replayed(first, log) == log
    assert engine.replay(first, log).car("A").hand.count("H") == 0
