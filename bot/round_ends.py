"""A race played on from a state, stopped at the end of every round.

``heat simulate`` draws a board per round as its drivers choose, and ``/heat replay``
draws the same boards from a finished race's stored decisions: one loop for both, so a
replay's frames are the boards the race showed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import engine
from engine.events import Event, RaceEnded, RoundStarted

NextDecision = Callable[[engine.RaceState], engine.Decision | None]


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
