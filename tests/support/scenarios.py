"""Scenario helpers: the spec's example race, partial events in order, text compared loosely."""

from __future__ import annotations

import json
import re
from typing import Any


def normalised(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def matches(actual: dict[str, Any], partial: dict[str, Any]) -> bool:
    return all(field_of(actual, key) == value for key, value in partial.items())


def field_of(actual: dict[str, Any], key: str) -> Any:
    if key.endswith("#"):
        return len(actual.get(key[:-1]) or ())
    return actual.get(key, "<missing>")


def assert_events_in_order(events: list[dict[str, Any]], wanted: list[dict[str, Any]]) -> None:
    remaining = iter(events)
    for partial in wanted:
        assert any(matches(event, partial) for event in remaining), (
            f"event {partial} not found in order among {json.dumps(events)}"
        )


SPEC_EXAMPLE: dict[str, Any] = {
    "notation": "heat-race/1",
    "track": "usa",
    "laps": 1,
    "seed": 7,
    "round": 1,
    "cars": [
        {
            "id": "A",
            "color": "red",
            "kind": "human",
            "space": 0,
            "spot": 0,
            "gear": 1,
            "engine": 6,
            "hand": ["1", "2", "3", "4", "S", "0", "5"],
            "deck": ["1", "2", "3", "4", "1", "2", "3", "4", "H", "S", "S"],
            "discard": [],
            "finished": None,
        },
        {"id": "L", "color": "blue", "kind": "legend", "space": -1, "spot": 0, "finished": None},
    ],
    "legend_deck": [3, 7, 1],
    "options": {"adrenaline_cars": None},
}


def car_doc(
    car_id: str,
    color: str,
    space: int,
    gear: int,
    engine: int,
    hand: list[str],
    deck: list[str],
    discard: tuple[str, ...] = (),
) -> dict[str, Any]:
    """A driver's car as a race notation file writes it, on the race line of ``space``."""
    return {
        "id": car_id,
        "color": color,
        "kind": "human",
        "space": space,
        "spot": 0,
        "gear": gear,
        "engine": engine,
        "hand": hand,
        "deck": deck,
        "discard": list(discard),
        "finished": None,
    }


# Car A races alone (so it has Adrenaline), in 3rd gear with an empty Engine (no Boost) and
# one Heat card in hand.
ALONE: dict[str, Any] = {
    "notation": "heat-race/1",
    "track": "usa",
    "laps": 1,
    "seed": 1,
    "round": 1,
    "legend_deck": [],
    "options": {},
    "cars": [
        car_doc("A", "red", 0, 3, 0, ["1", "2", "3", "H", "4", "4", "4"], ["1", "2", "3", "4"] * 3)
    ],
    "decisions": [],
}
