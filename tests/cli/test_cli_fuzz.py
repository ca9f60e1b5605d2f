"""Random and mutated race files never hang or crash ``heat scenario`` and ``heat render``.

Each run goes through the command line's ``main`` in this process, under a time
budget: it must exit 0, or 2 with exactly one line on stderr.
"""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.notation import decision_json, load_state, state_json
from tests.support.heatcli import heat, refused
from tests.support.playout import entrants

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
FUZZ = settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _race_files() -> list[dict[str, Any]]:
    """Seeds for the mutations: a 1-lap race played at random to 4, 30 and all decisions.

    Each stop gives two files: the start with the decisions so far, and the position
    reached (mid-turn at 30, with cars in the Hall of Fame at the end).
    """
    start, _ = engine.new_race("usa", entrants(["human", "legend", "ai"]), seed=3, laps=1)
    rng = random.Random(3)
    files = []
    state = start
    decisions: list[engine.Decision] = []
    for stop in (4, 30, None):
        while (waiting := engine.pending(state)) is not None and (
            stop is None or len(decisions) < stop
        ):
            decision = rng.choice(engine.legal_decisions(state, waiting.cars[0]))
            decisions.append(decision)
            state, _ = engine.apply(state, decision)
        files.append(state_json(start) | {"decisions": [decision_json(d) for d in decisions]})
        files.append(state_json(state))
    return files


RACE_FILES = _race_files()


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON document, the document itself first."""
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*path, index))


EDGES = (-(10**20), -100, -20, -4, -3, -1, 0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 69, 70, 999, 2**63)
WORDS = ("A", "B", "C", "Z", "", "red", "pink", "0", "1", "4", "5", "H", "S", "react", "usa")
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from(EDGES)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(WORDS),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)


def near(value: Any) -> st.SearchStrategy[Any]:
    """A value of the same kind, often one the notation still accepts: the edges of ranges."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.integers(value - 3, value + 3) | st.sampled_from(EDGES)
    if isinstance(value, str):
        return st.sampled_from(WORDS)
    return json_values


@st.composite
def mutated_race_files(draw: st.DrawFn) -> bytes:
    """A valid race file with one to three places changed, removed or duplicated."""
    document = json.loads(json.dumps(draw(st.sampled_from(RACE_FILES))))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(_paths(document))))
        if not path:
            continue
        *parents, last = path
        holder = document
        for part in parents:
            holder = holder[part]
        action = draw(st.sampled_from(["nudge", "nudge", "replace", "remove", "duplicate"]))
        if action == "nudge":
            holder[last] = draw(near(holder[last]))
        elif action == "replace":
            holder[last] = draw(json_values)
        elif action == "remove":
            del holder[last]
        elif isinstance(holder, list):
            holder.insert(last, holder[last])
        else:
            holder[last + "x" if isinstance(last, str) else last] = holder[last]
    return json.dumps(document).encode()


race_files = st.one_of(
    mutated_race_files(),
    mutated_race_files(),
    mutated_race_files(),
    st.binary(max_size=64),
    json_values.map(lambda value: json.dumps(value).encode()),
)


@FUZZ
@given(race_files)
def test_heat_scenario_answers_every_file_in_time(content: bytes) -> None:
    """Exit 0 with a state that loads back, or exit 2 with one line: never a hang or a traceback."""
    with tempfile.TemporaryDirectory() as folder:
        race = Path(folder) / "race.json"
        race.write_bytes(content)
        code, out, err = heat("scenario", str(race))
    if code == 0:
        assert err == ""
        load_state(json.dumps(json.loads(out)["state"]))
    else:
        assert out == ""
        refused("scenario", code, err)


@settings(FUZZ, max_examples=100)
@given(race_files)
def test_heat_render_answers_every_file_in_time(content: bytes) -> None:
    """Exit 0 with a PNG written, or exit 2 with one line and no image."""
    with tempfile.TemporaryDirectory() as folder:
        race, board = Path(folder) / "race.json", Path(folder) / "board.png"
        race.write_bytes(content)
        code, _, err = heat("render", str(race), "-o", str(board))
        if code == 0:
            assert board.read_bytes().startswith(PNG_SIGNATURE)
        else:
            refused("render", code, err)
            assert not board.exists()
