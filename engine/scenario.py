"""Running a scenario: a position plus decisions in the race notation, to the result.

This is what ``heat scenario FILE.json`` prints: the resulting state, what the
race waits for next, and every event on the way. Cars of kind ``ai`` decide for
themselves whenever the race waits for them and the file does not speak for them,
up to the last round a race may have (``MAX_ROUND``): AI cars whose cards can never
move them would otherwise race forever.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from engine.ai import decide
from engine.apply import apply, settle
from engine.decisions import Decision
from engine.errors import RulesError
from engine.events import Event
from engine.limits import MAX_ROUND
from engine.notation import load_scenario, state_json
from engine.pending import legal_decisions, pending
from engine.state import RaceState
from engine.view import view_for


def pending_json(state: RaceState) -> dict[str, str] | None:
    """The decision the race waits for; with several cars planning, the first in car order."""
    waiting = pending(state)
    if waiting is None:
        return None
    return {"car": waiting.car, "decision": waiting.step}


def run_scenario(text: str) -> dict[str, Any]:
    """Apply a scenario's decisions in order, letting AI cars play, and report the outcome.

    Raises NotationError for a document that cannot be read and RulesError for
    a decision the rules do not allow at that moment.
    """
    state, decisions = load_scenario(text)
    state, events = settle(state)
    given = deque(decisions)
    while (waiting := pending(state)) is not None:
        decision: Decision
        if given and given[0].car in waiting.cars:
            decision = given.popleft()
        elif (robots := [c for c in waiting.cars if state.car(c).kind == "ai"]) and (
            state.round < MAX_ROUND
        ):
            decision = _ai_decision(state, robots[0], waiting.step)
        elif given:
            decision = given.popleft()
        else:
            break
        state, more = apply(state, decision)
        events += more
    while given:
        state, more = apply(state, given.popleft())
        events += more
    return {
        "state": state_json(state),
        "pending": pending_json(state),
        "events": events_json(events),
    }


def _ai_decision(state: RaceState, car: str, step: str) -> Decision:
    """The AI's choice; a hand-made file can leave a car too few cards for any plan."""
    if not legal_decisions(state, car):
        raise RulesError(car, step, "no legal decision: too few cards for any gear in reach")
    return decide(view_for(state, car), car)


def events_json(events: list[Event]) -> list[dict[str, Any]]:
    """Events as the notation prints them: car, type, then figures."""
    return [event.to_json() for event in events]
