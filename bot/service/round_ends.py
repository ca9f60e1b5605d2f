"""A race played on from a state, stopped at the end of every round.

``heat simulate`` draws a board per round as its drivers choose, and ``/heat replay``
draws the same boards from a finished race's stored decisions: one loop for both, so a
replay's frames are the boards the race showed (and the render tests and bench draw
AI races with it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import engine
from bot.service.autoplay import ai_decision
from engine.events import Event, RaceEnded, RoundStarted

NextDecision = Callable[[engine.RaceState], engine.Decision | None]


def ai_drivers(level: str = "pro", playouts: int | None = None) -> NextDecision:
    """Every car driven by the AI at ``level``, each from its own view, to the flag (a
    champion searching ``playouts`` playouts a plan, seeded by the race as the bot seeds it)."""

    def next_decision(state: engine.RaceState) -> engine.Decision | None:
        waiting = engine.pending(state)
        if waiting is None:
            return None
        car = waiting.cars[0]
        return ai_decision(state, car, level, playouts)

    return next_decision


def round_ends(
    state: engine.RaceState, events: list[Event], next_decision: NextDecision
) -> Iterator[tuple[engine.RaceState, list[Event]]]:
    """The state at the end of each round and the round's events (``events`` lead the
    first), until ``next_decision`` gives none."""
    round_events = list(events)
    while (decision := next_decision(state)) is not None:
        state, more = engine.apply(state, decision)
        round_events += more
        if any(isinstance(event, RoundStarted | RaceEnded) for event in more):
            yield state, round_events
            round_events = []
