"""League exports spoiled: malformed ones, and forgeries the import once took or crashed on.

Each is a change to a good document (the export ``/league end`` posts for the league
of :func:`tests.support.leagues.league_with_history`), named by what it does.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any


def set_at(path: str, value: Any) -> Callable[[dict[str, Any]], Any]:
    """A change to one field of the document, named by its path (``season.current.phase``)."""

    def change(document: dict[str, Any]) -> dict[str, Any]:
        *parents, last = path.split(".")
        place: Any = document
        for key in parents:
            place = place[int(key)] if isinstance(place, list) else place[key]
        if value is DELETE:
            del place[last]
        elif isinstance(place, list):
            place[int(last)] = value
        else:
            place[last] = value
        return document

    return change


DELETE = object()


def twice(key: str) -> Callable[[dict[str, Any]], Any]:
    def change(document: dict[str, Any]) -> dict[str, Any]:
        document[key].append(document[key][0])
        return document

    return change


def log_cut(document: dict[str, Any]) -> dict[str, Any]:
    document["season"]["decisions"].pop()
    return document


MALFORMED: dict[str, Callable[[dict[str, Any]], Any]] = {
    "not an object": lambda document: [document],
    "another format": set_at("format", "heat-race"),
    "a later version": set_at("version", 2),
    "no version": set_at("version", DELETE),
    "a field missing": set_at("members", DELETE),
    "an unknown field": set_at("owner", 1),
    "a place as text": set_at("results.0.points.0.place", "1"),
    "a timer too short": set_at("settings.timer_seconds", 5),
    "not JSON": set_at("name", {1, 2}),
    "a bad season": set_at("season.current.phase", "halftime"),
    "a bad decision": set_at("season.decisions.0.decision", "A fly away"),
    "a log that does not replay": log_cut,
    "a member twice": twice("members"),
    "a race twice": twice("races"),
    "a result twice": twice("results"),
    "no season": set_at("season", None),
    "a log longer than any season's": lambda document: set_at(
        "season.decisions", document["season"]["decisions"] * 300
    )(document),
}


def fifty_wins(document: dict[str, Any]) -> dict[str, Any]:
    """Alice (user 1) wins 50 more races, in rows the season never recorded."""
    first = document["results"][0]
    for race_no in range(3, 53):
        win = {"driver_id": "A", "user_id": 1, "place": 1, "points": 9, "spin_outs": 0}
        document["results"].append({"race_no": race_no, "at": first["at"], "points": [win]})
    return document


def points_of(driver: str, points: int) -> Callable[[dict[str, Any]], Any]:
    """Race 1's points row of ``driver`` says ``points``."""

    def change(document: dict[str, Any]) -> dict[str, Any]:
        for row in document["results"][0]["points"]:
            if row["driver_id"] == driver:
                row["points"] = points
        return document

    return change


def correction(driver: str, delta: int) -> Callable[[dict[str, Any]], Any]:
    def change(document: dict[str, Any]) -> dict[str, Any]:
        document["corrections"].append(
            {"driver_id": driver, "delta": delta, "reason": "forged", "admin_id": 1, "at": 1.0}
        )
        return document

    return change


def everyone_first(document: dict[str, Any]) -> dict[str, Any]:
    """Every driver won race 1, in a season whose first state is its last and whose log is empty:
    replaying nothing from it gives it back."""
    season = document["season"]["current"]
    season["results"][0]["places"] = {car: 1 for car in season["results"][0]["places"]}
    document["season"]["initial"] = copy.deepcopy(season)
    document["season"]["decisions"] = []
    for row in document["results"][0]["points"]:
        row.update(place=1, points=9)
    return document


def nested(depth: int) -> list[Any]:
    """A list inside a list ... ``depth`` times, built without recursion."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def spun_out(times: int) -> Callable[[dict[str, Any]], Any]:
    """Race 1's result, in the season's log and its current state, has Alice spinning out
    ``times`` times."""

    def change(document: dict[str, Any]) -> dict[str, Any]:
        log = document["season"]["decisions"]
        index = next(i for i, d in enumerate(log) if d["decision"].startswith("record 1 "))
        result = json.loads(log[index]["decision"].removeprefix("record 1 "))
        result["spin_outs"]["A"] = times
        log[index]["decision"] = "record 1 " + json.dumps(result, sort_keys=True)
        document["season"]["current"]["results"][0]["spin_outs"]["A"] = times
        return document

    return change


FORGED: dict[str, Callable[[dict[str, Any]], Any]] = {
    "50 wins in /heat stats": fifty_wins,
    "50,000 points where the standings say 6": points_of("A", 50_000),
    "9 points where the standings say 6": points_of("A", 9),
    "a correction of 10**9 for a driver who does not exist": correction("Z", 10**9),
    "a correction for a driver who does not exist": correction("Z", 5),
    "a correction the season's log never made": correction("A", 5),
    "a correction of other points than the log's": set_at("corrections.0.delta", 50),
    "a correction moved to another driver": set_at("corrections.0.driver_id", "A"),
    "a correction by another admin than the log's": set_at("corrections.0.admin_id", 7),
    "a correction in the log without its audit line": set_at("corrections", []),
    "every driver first, from a start that is the end": everyone_first,
    "ai_level godlike": set_at("settings.ai_level", "godlike"),
    "timer_seconds as text": set_at("settings.timer_seconds", "3600"),
    "timer_seconds 10**29": set_at("settings.timer_seconds", 10**29),
    "a user id of 2**63": set_at("members.0.user_id", 2**63),
    "a time that is NaN": set_at("created_at", float("nan")),
    "deep nesting": set_at("name", nested(100_000)),
    "a member of a driver the season does not have": set_at("members.2.driver_id", "E"),
    "a member who joined before the driver did": set_at("members.2.joined_at", 1),
    "a member still driving a car that left": set_at("members.1.left_at", None),
    "a name of many lines": set_at("name", "Cup\n@everyone"),
    "a reason of 10,000 characters": set_at("corrections.0.reason", "x" * 10_000),
    "a result with 10**29 spin outs": spun_out(10**29),
}
