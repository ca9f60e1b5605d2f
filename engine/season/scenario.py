"""Running a season file: a season in ``heat-season/1`` plus decisions, to the outcome.

This is what ``heat season FILE.json`` prints: the season after the file's
decisions, what it waits for next, the standings and every event on the way.
AI drivers make their own draft decisions whenever the season waits for one and
the file does not speak for it, as AI cars do in ``heat scenario``.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import asdict
from typing import Any

from engine.errors import NotationError
from engine.events import Event
from engine.season.decisions import SeasonDecision
from engine.season.notation import decisions_from_json, season_from_dict, season_to_dict
from engine.season.points import standings
from engine.season.rules import apply_season, season_ai_decision, season_pending
from engine.season.state import SeasonState


def load_season_scenario(text: str) -> tuple[SeasonState, list[SeasonDecision]]:
    """A season file's season and the decisions listed after it (``decisions``, optional).

    NotationError says what is wrong: text that is not one JSON object, nesting too
    deep for any season, a field of the season, or a decision.
    """
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"not valid JSON: {exc.msg} (line {exc.lineno})") from None
    except RecursionError:
        raise NotationError("not a season: the JSON is nested too deeply") from None
    if not isinstance(document, dict):
        raise NotationError("not a season: the file must hold one JSON object")
    decisions = decisions_from_json(document.pop("decisions", []))
    return season_from_dict(document), decisions


def run_season_scenario(text: str) -> tuple[SeasonState, list[Event]]:
    """Apply a season file's decisions in order, AI drivers drafting for themselves.

    Raises NotationError for a file that cannot be read and RulesError for a
    decision the season does not allow at that moment.
    """
    s, decisions = load_season_scenario(text)
    given = deque(decisions)
    events: list[Event] = []
    while True:
        waiting = season_pending(s)
        robots = [d for d in waiting.drivers if s.driver(d).kind == "ai"]
        if given and (not robots or getattr(given[0], "driver", None) in waiting.drivers):
            decision = given.popleft()
        elif robots:
            decision = season_ai_decision(s, robots[0])
        else:
            break
        s, more = apply_season(s, decision)
        events += more
    return s, events


def season_report(s: SeasonState, events: list[Event]) -> dict[str, Any]:
    """What ``heat season`` prints: the season, what it waits for, the standings, the events."""
    waiting = season_pending(s)
    return {
        "season": season_to_dict(s),
        "pending": {"step": waiting.step, "race_no": waiting.race_no, "drivers": waiting.drivers},
        "standings": [asdict(line) for line in standings(s)],
        "events": [event.to_json() for event in events],
    }
