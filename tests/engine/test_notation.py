"""The race notation reads and writes races exactly, and refuses bad documents clearly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.errors import NotationError
from engine.notation import dump_state, load_scenario, load_state, state_json
from engine.scenario import run_scenario
from tests.support.playout import entrants, play
from tests.support.scenarios import SPEC_EXAMPLE


def test_the_spec_example_loads() -> None:
    state = load_state(json.dumps(SPEC_EXAMPLE))
    assert [car.id for car in state.cars] == ["A", "L"]
    assert state.car("A").hand == ("1", "2", "3", "4", "S", "0", "5")
    assert state.legend_deck == (3, 7, 1)


def test_states_mid_race_round_trip_exactly() -> None:
    playout = play("great_britain", ["human", "legend", "human"], seed=12, laps=1)
    state = playout.initial
    for decision in playout.decisions[:60]:
        state, _ = engine.apply(state, decision)
        text = dump_state(state)
        assert load_state(text) == state
        assert dump_state(load_state(text)) == text


def test_dump_keeps_card_piles_on_one_line() -> None:
    state, _ = engine.new_race("usa", entrants(["human"]), seed=1)
    assert '"hand": ["' in dump_state(state)


def test_a_legend_is_written_without_cards() -> None:
    state = load_state(json.dumps(SPEC_EXAMPLE))
    legend = state_json(state)["cars"][1]
    assert set(legend) == {"id", "color", "kind", "space", "spot", "finished"}


def test_pending_names_the_first_car_that_must_still_plan() -> None:
    """ "while several cars must still plan it names the first of them in the state's car list"."""
    doc = json.loads(json.dumps(SPEC_EXAMPLE))
    doc["cars"][1] = {**doc["cars"][0], "id": "B", "space": -1}
    doc["cars"].reverse()
    result = run_scenario(json.dumps(doc))
    assert result["pending"] == {"car": "B", "decision": "plan"}


def with_change(path: list[Any], value: Any) -> str:
    doc = json.loads(json.dumps(SPEC_EXAMPLE))
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        (
            json.dumps({**SPEC_EXAMPLE, "fuel": "full"}),
            "fuel: Extra inputs are not permitted",
        ),
        (with_change(["track"], "moon"), "unknown track 'moon'"),
        (with_change(["cars", 0, "hand", 0], "7"), "cars.0.hand.0: unknown card '7'"),
        (with_change(["cars", 0, "spot"], 2), "cars.0.spot"),
        (with_change(["cars", 1, "space"], 0), "two cars on the same spot"),
        (with_change(["cars", 1, "space"], 69), "two cars on the same spot of the board"),
        (with_change(["cars", 1, "id"], "A"), "car ids must be distinct"),
        (with_change(["notation"], "heat-race/2"), "notation"),
        (with_change(["cars", 0, "deck"], None), "a human car needs deck"),
    ],
)
def test_malformed_documents_are_refused_with_one_line(text: str, message: str) -> None:
    with pytest.raises(NotationError) as refused:
        load_state(text)
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)


HUGE = "q" * 10_000_000


@pytest.mark.parametrize(
    "text",
    [
        with_change(["track"], HUGE),
        with_change(["cars", 0, "hand", 0], HUGE),
        json.dumps({**SPEC_EXAMPLE, "decisions": [{"car": "A", "do": HUGE}]}),
        json.dumps({**SPEC_EXAMPLE, "decisions": [{"car": HUGE, "do": "react_done"}]}),
        json.dumps({**SPEC_EXAMPLE, "decisions": [{"car": "A", "do": "plan", "cards": [HUGE]}]}),
    ],
    ids=["track", "card", "do", "car", "decision-card"],
)
def test_an_error_quotes_at_most_about_80_characters_of_the_input(text: str) -> None:
    """A 10 MB track, card or decision word comes back in one short line, not in 10 MB."""
    with pytest.raises(NotationError) as refused:
        load_scenario(text)
    assert len(str(refused.value)) < 300 and "\n" not in str(refused.value)


def test_a_rules_error_quotes_at_most_about_80_characters_of_the_decision() -> None:
    """A decision naming a 10 MB card or car is refused by the rules in one short line."""
    state = load_state(json.dumps(SPEC_EXAMPLE))
    for text in (f"A plan 1 {HUGE}", f"{HUGE} plan 1 1", f"A discard {HUGE}", f"A plan {HUGE}"):
        with pytest.raises(ValueError) as refused:
            engine.apply(state, engine.parse_decision(text))
        assert len(str(refused.value)) < 300


def test_a_scenario_refuses_unknown_decisions() -> None:
    doc = {**SPEC_EXAMPLE, "decisions": [{"car": "A", "do": "fly"}]}
    with pytest.raises(NotationError, match=r"decisions\.0"):
        load_scenario(json.dumps(doc))


def heat(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "bot.cli", *args]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)


def test_heat_scenario_prints_state_pending_and_events(tmp_path: Path) -> None:
    path = tmp_path / "race.json"
    doc = {
        **SPEC_EXAMPLE,
        "decisions": [{"car": "A", "do": "plan", "gear": 2, "cards": ["4", "5"]}],
    }
    path.write_text(json.dumps(doc))
    done = heat("scenario", str(path))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert set(result) == {"state", "pending", "events"}
    assert result["pending"] == {"car": "A", "decision": "react"}
    assert result["state"]["cars"][0]["space"] == 9
    assert {"car": "A", "type": "revealed", "cards": ["4", "5"]} in result["events"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        (json.dumps({**SPEC_EXAMPLE, "extra": 1}), "extra: Extra inputs are not permitted"),
        (with_change(["track"], "moon"), "unknown track 'moon'"),
        (
            json.dumps(
                {
                    **SPEC_EXAMPLE,
                    "decisions": [{"car": "A", "do": "plan", "gear": 1, "cards": ["H"]}],
                }
            ),
            "car A, step plan: card 'H' is not in hand",
        ),
    ],
)
def test_heat_scenario_exits_2_with_one_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    done = heat("scenario", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert message in done.stderr


def test_heat_scenario_reports_a_missing_file(tmp_path: Path) -> None:
    done = heat("scenario", str(tmp_path / "nope.json"))
    assert done.returncode == 2
    assert "No such file" in done.stderr


def test_ai_cars_decide_for_themselves_in_a_scenario() -> None:
    """ "``kind`` is ... ``ai`` (a driver played by the project's AI with full rules)"."""
    doc = json.loads(json.dumps(SPEC_EXAMPLE))
    doc["cars"][1] = {**doc["cars"][0], "id": "B", "kind": "ai", "space": -1}
    doc["decisions"] = [{"car": "A", "do": "plan", "gear": 1, "cards": ["1"]}]
    result = run_scenario(json.dumps(doc))
    planned = [e for e in result["events"] if e["type"] == "planned"]
    assert [e["car"] for e in planned] == ["A", "B"]
    assert result["pending"] is None or result["pending"]["car"] == "A"
    ai_only = {**doc, "cars": [doc["cars"][1]], "decisions": []}
    finished = run_scenario(json.dumps(ai_only))
    assert finished["pending"] is None
    assert finished["state"]["cars"][0]["finished"] == 1
