"""The state classes that write their ``__init__`` out (for mypyc) keep it in step with fields."""

from __future__ import annotations

import inspect
from dataclasses import fields

import pytest

from engine.pending import Pending
from engine.state import Car, Garage, RaceState, Turn

WRITTEN_OUT = (Car, Turn, Garage, RaceState, Pending)


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
