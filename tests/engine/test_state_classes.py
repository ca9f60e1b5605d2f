"""The classes that write their ``__init__`` out (for mypyc) keep it in step with fields:
the state classes a race copies at every decision, every event and every decision.

These read the sources' ``__init__`` signatures, so they run on the pure engine only (a
compiled ``__init__`` shows none; tests/test_compiled.py leaves this file out)."""

from __future__ import annotations

import inspect
from dataclasses import fields

import pytest

import engine.season.events  # noqa: F401  (registers the season's events)
from engine.decisions import DECISION_TYPES
from engine.events import EVENT_TYPES
from engine.pending import Pending
from engine.season.decisions import SEASON_DECISIONS
from engine.state import Car, Garage, RaceState, Turn

EVENTS_AND_DECISIONS = (
    *EVENT_TYPES.values(),
    *DECISION_TYPES.values(),
    *SEASON_DECISIONS.kinds.values(),
)
WRITTEN_OUT = (Car, Turn, Garage, RaceState, Pending, *EVENTS_AND_DECISIONS)


@pytest.mark.parametrize("kind", WRITTEN_OUT, ids=lambda kind: kind.__name__)
def test_each_field_is_a_parameter_of_init_in_field_order(kind: type) -> None:
    """A field added to the class but not to ``__init__`` would be left unset by every copy."""
    parameters = list(inspect.signature(kind.__init__).parameters)[1:]
    assert parameters == [field.name for field in fields(kind) if field.init]


@pytest.mark.parametrize("kind", (Car, Turn), ids=lambda kind: kind.__name__)
def test_a_copy_equals_its_original_and_is_another_object(kind: type) -> None:
    """``copy`` passes every field on (``==`` compares them all)."""
    original = (
        Car("A", "red", "human", 5, 1, gear=3, engine=2, hand=("1", "H"), eliminated=True)
        if kind is Car
        else Turn("A", "react", 5, boosted=True, plus=2, unpaid=("turbo-8",), cooldown=1)
    )
    copied = original.copy()
    assert copied == original and copied is not original


@pytest.mark.parametrize("kind", EVENTS_AND_DECISIONS, ids=lambda kind: kind.__name__)
def test_init_sets_each_field_to_its_argument(kind: type) -> None:
    """A written-out ``__init__`` that forgot a field would leave it unset, or set it wrong.

    Each figure is a tuple of one word, which a decision naming cards keeps as it is."""
    names = [name for name in inspect.signature(kind.__init__).parameters if name != "self"]
    figures = {name: (f"figure {number}",) for number, name in enumerate(names)}
    built = kind(**figures)
    assert {name: getattr(built, name) for name in names} == figures
