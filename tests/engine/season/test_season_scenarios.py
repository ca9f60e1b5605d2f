"""Season scenarios: championship positions in the season notation, checked against their rule.

Each file in tests/engine/season/scenarios holds ``rule`` (a sentence quoted from a
file in tests/engine/rulebook, named by ``source``), an optional ``choice`` (the reading
we chose where the rules leave something open), ``season`` (a heat-season/1
document), ``decisions`` (text forms, or ``{"record": k, "result": {...}}`` for a
race result) and ``expect``:

- ``phase``, ``pending`` (``{"step", "drivers"}``): where the season stands after;
- ``standings``: the driver ids in standings order; ``points``: each one's total;
- ``race_points``: per driver, the points of each recorded race; ``places``: its place
  in each (null where it did not race or was eliminated);
- ``drivers``: per driver, fields of its notation entry (``"upgrades#"`` compares a length);
- ``state``: top-level fields of the resulting season's notation;
- ``events``: partial events that must appear in this order;
- ``race``: the next race built from the season: ``grid`` (car ids, pole first),
  ``cards`` (per car, cards that must all be in its hand and deck) and ``hands`` (per
  car, the ``cards`` in its hand and how many of them are ``sponsors``);
- ``error``: the season, its decisions or building the race must be refused with this text.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.cards import is_sponsor
from engine.errors import NotationError, RulesError
from engine.movement import position_key
from engine.season import (
    SeasonState,
    apply_season,
    decisions_from_json,
    season_from_dict,
    season_pending,
    season_race,
    season_to_dict,
    standings,
)
from tests.support.paths import RULEBOOK, SEASON_SCENARIO_FOLDER
from tests.support.scenarios import assert_events_in_order, normalised

SCENARIOS = sorted(SEASON_SCENARIO_FOLDER.glob("*.json"))
KEYS = {"rule", "source", "season", "decisions", "expect"}


def run(document: dict[str, Any]) -> tuple[SeasonState, list[dict[str, Any]]]:
    s = season_from_dict(document["season"])
    events: list[dict[str, Any]] = []
    for decision in decisions_from_json(document["decisions"]):
        s, more = apply_season(s, decision)
        events += [event.to_json() for event in more]
    return s, events


def test_there_is_a_season_scenario_for_each_championship_rule() -> None:
    """Points, ties, give-up, bonuses, the draft, carry-over and the grid each have one."""
    assert len(SCENARIOS) >= 12


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_season_scenario(path: Path) -> None:
    """The scenario's rule is quoted from the rulebook, and the season does what it says."""
    document = json.loads(path.read_text(encoding="utf-8"))
    assert KEYS <= set(document) <= KEYS | {"choice"}
    rulebook = normalised((RULEBOOK / document["source"]).read_text(encoding="utf-8"))
    assert normalised(document["rule"]) in rulebook, "the quoted rule is not in the rulebook"
    expect = document["expect"]
    if "error" in expect:
        with pytest.raises((RulesError, NotationError)) as refused:
            s, _ = run(document)
            season_race(s)
        assert expect["error"] in str(refused.value)
        return
    s, events = run(document)
    check(s, events, expect)


def check(s: SeasonState, events: list[dict[str, Any]], expect: dict[str, Any]) -> None:
    if "phase" in expect:
        assert s.phase == expect["phase"]
    if "pending" in expect:
        waiting = season_pending(s)
        assert {"step": waiting.step, "drivers": list(waiting.drivers)} == expect["pending"]
    lines = standings(s)
    if "standings" in expect:
        assert [line.driver for line in lines] == expect["standings"]
    for driver, points in expect.get("points", {}).items():
        assert next(line.points for line in lines if line.driver == driver) == points, driver
    for driver, points in expect.get("race_points", {}).items():
        line = next(line for line in lines if line.driver == driver)
        assert list(line.race_points) == points, driver
    for driver, places in expect.get("places", {}).items():
        line = next(line for line in lines if line.driver == driver)
        assert list(line.places) == places, driver
    document = season_to_dict(s)
    drivers = {d["id"]: d for d in document["drivers"]}
    for driver, fields in expect.get("drivers", {}).items():
        for key, value in fields.items():
            actual = drivers[driver][key.rstrip("#")]
            assert (len(actual) if key.endswith("#") else actual) == value, f"{driver} {key}"
    for key, value in expect.get("state", {}).items():
        actual = document[key.rstrip("#")]
        assert (len(actual) if key.endswith("#") else actual) == value, key
    assert_events_in_order(events, expect.get("events", []))
    if "race" in expect:
        race, _ = season_race(s)
        grid = sorted(race.cars, key=position_key)
        assert [car.id for car in grid] == expect["race"].get("grid", [c.id for c in grid])
        for car_id, cards in expect["race"].get("cards", {}).items():
            car = race.car(car_id)
            owned = Counter(car.hand + car.deck)
            assert not Counter(cards) - owned, f"car {car_id} lacks {Counter(cards) - owned}"
        for car_id, hand in expect["race"].get("hands", {}).items():
            held = race.car(car_id).hand
            assert len(held) == hand["cards"], f"car {car_id} holds {held}"
            assert sum(map(is_sponsor, held)) == hand["sponsors"], f"car {car_id} holds {held}"
