"""Scenario tests: rulebook positions in the race notation, checked against the rule they quote.

Each file in tests/engine/scenarios holds ``rule`` (a sentence quoted from the rulebook
in tests/engine/rulebook, named by ``source``), ``scenario`` (a race notation document
with decisions) and ``expect``:

- ``cars``: per car id, fields that must equal the resulting car's (``"hand#"``
  compares a pile's length);
- ``state``: top-level fields of the resulting state (``"legend_deck#"`` too);
- ``pending``: the pending decision as ``heat scenario`` prints it (or null);
- ``events``: partial events that must appear in this order (others may come between);
- ``absent_events``: partial events that must not appear at all;
- ``error``: the scenario must be refused, with this text in the one-line message.

An optional ``choice`` names the reading we chose where the rules leave
something open (Board Game Arena's choice, from the facts' modules notes) or
Board Game Arena plays it differently.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.errors import NotationError, RulesError
from engine.scenario import run_scenario
from tests.support.paths import RULEBOOK, SCENARIO_FOLDER
from tests.support.scenarios import assert_events_in_order, field_of, matches, normalised

SCENARIOS = sorted(SCENARIO_FOLDER.glob("*.json"))


def test_there_are_at_least_forty_scenarios() -> None:
    """The issue asks for a scenario per rule, at least 40."""
    assert len(SCENARIOS) >= 40


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    """The scenario's rule is quoted from the rulebook, and the engine does what it says."""
    document = json.loads(path.read_text(encoding="utf-8"))
    required = {"rule", "source", "scenario", "expect"}
    assert required <= set(document) <= required | {"choice"}
    if "choice" in document:
        assert document["choice"].strip(), "a choice must say what was chosen"
    rulebook = normalised((RULEBOOK / document["source"]).read_text(encoding="utf-8"))
    assert normalised(document["rule"]) in rulebook, "the quoted rule is not in the rulebook"
    expect = document["expect"]
    text = json.dumps(document["scenario"])
    if "error" in expect:
        with pytest.raises((RulesError, NotationError)) as refused:
            run_scenario(text)
        assert expect["error"] in str(refused.value)
        assert "\n" not in str(refused.value)
        return
    result = run_scenario(text)
    state = result["state"]
    cars = {car["id"]: car for car in state["cars"]}
    for car_id, fields in expect.get("cars", {}).items():
        for key, value in fields.items():
            assert field_of(cars[car_id], key) == value, f"car {car_id} {key}"
    for key, value in expect.get("state", {}).items():
        assert field_of(state, key) == value, f"state {key}"
    if "pending" in expect:
        assert result["pending"] == expect["pending"]
    assert_events_in_order(result["events"], expect.get("events", []))
    for partial in expect.get("absent_events", []):
        assert not any(matches(event, partial) for event in result["events"]), partial
