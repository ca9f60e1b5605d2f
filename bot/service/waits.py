"""Who a race waits for, since when, and the timers that keep it from stalling.

A deadline lets the AI decide for an absent driver; a reminder mentions them
once before that. A wait is named "round/step", so a timer set for a wait
that has ended is recognised as spent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import engine
from bot.storage import Seat, Timer
from engine import RaceState
from engine.events import Event, RaceEnded, RoundStarted, UpgradeDrafted, UpgradeReturned
from engine.pending import Pending

REMINDER_AT = 0.75  # of the turn timer: one mention before the deadline


class Deadlines:
    """Works out a race's timers after a change, keeping those of a wait that goes on."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock

    def timers(
        self,
        race_id: int,
        window: int,
        state: RaceState,
        waiting: Sequence[Seat],
        previous: Sequence[Timer],
    ) -> list[Timer]:
        """A deadline and one reminder per waiting driver; a wait that goes on keeps its own."""
        kept = {(t.kind, t.car_id, t.wait): t for t in previous}
        now = self.clock()
        timers = []
        for seat in waiting:
            wait = wait_of(state, seat.car_id)
            deadline = kept.get(("deadline", seat.car_id, wait))
            timers.append(deadline or Timer(race_id, "deadline", seat.car_id, now + window, wait))
            reminder = kept.get(("reminder", seat.car_id, wait)) or kept.get(
                ("reminded", seat.car_id, wait)
            )
            due = now + window * REMINDER_AT
            timers.append(reminder or Timer(race_id, "reminder", seat.car_id, due, wait))
        return timers


def split_rounds(events: Sequence[Event]) -> tuple[list[tuple[Event, ...]], list[Event]]:
    """The events of each round that ended, and those of the round under way.

    A round ends with the next RoundStarted (or RaceEnded); the round under way
    is what follows the last of them.
    """
    rounds: list[tuple[Event, ...]] = []
    current: list[Event] = []
    for event in events:
        current.append(event)
        if isinstance(event, RoundStarted | RaceEnded):
            rounds.append(tuple(current))
            current = []
    return rounds, current


def waiting_humans(state: RaceState | None, seats: Sequence[Seat]) -> list[Seat]:
    """Drivers (not AI-driven) the race waits for."""
    waiting = None if state is None else engine.pending(state)
    if waiting is None:
        return []
    return [s for s in seats if s.car_id in waiting.cars and not s.driven_by_ai]


def wait_of(state: RaceState, car_id: str) -> str:
    """What the car is waiting to decide, as "round/step" (empty if not waiting)."""
    waiting = engine.pending(state)
    if waiting is None or car_id not in waiting.cars:
        return ""
    return f"{state.round}/{waiting.step}"


def draft_over(events: Sequence[Event], waits: Pending | None) -> bool:
    """The Garage draft ended with these events: the drivers must now be told to plan."""
    drafted = any(isinstance(event, UpgradeDrafted | UpgradeReturned) for event in events)
    return drafted and waits is not None and waits.step == "plan"
