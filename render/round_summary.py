"""What each car did in one round, gathered from the round's events.

A board shows where a car came from, how it got there and what it cost; the
events carry all of that, so this module only sorts them per car.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.events import (
    CarMoved,
    CooledDown,
    Eliminated,
    Event,
    Finished,
    GaveUp,
    HandCluttered,
    HeatPaid,
    RoundStarted,
    SponsorGained,
    SpunOut,
    TurnEnded,
)


def last_round(events: Sequence[Event]) -> list[Event]:
    """The events of the last round in which cars took their turns.

    That is the events after the last RoundStarted once a car has ended its
    turn there; before that, the round it closed (with its RoundStarted, which
    names the round). Events from many rounds give the last one to show.
    """
    starts = [i for i, event in enumerate(events) if isinstance(event, RoundStarted)]
    if not starts:
        return list(events)
    trailing = events[starts[-1] + 1 :]
    if any(isinstance(event, TurnEnded) for event in trailing):
        return list(trailing)
    begin = starts[-2] + 1 if len(starts) > 1 else 0
    return list(events[begin : starts[-1] + 1])


@dataclass(frozen=True, slots=True)
class Move:
    """One stretch of a car's movement, in race spaces, and what drove it."""

    cause: str
    from_space: int
    from_spot: int
    to_space: int
    to_spot: int


@dataclass(slots=True)
class CarRound:
    """One car's round: its moves, its Speed, the Heat and Stress it cost, the sponsors won."""

    moves: list[Move] = field(default_factory=list)
    speed: int | None = None
    heat_paid: int = 0
    cooled: int = 0
    spun_out: SpunOut | None = None
    cluttered: bool = False
    finished: int | None = None
    # Championship: sponsorship cards won this round, and a car that left the race.
    sponsors: int = 0
    left: GaveUp | Eliminated | None = None

    @property
    def start(self) -> tuple[int, int] | None:
        """Where the car stood before its first move this round, if it moved."""
        if not self.moves:
            return None
        first = self.moves[0]
        return first.from_space, first.from_spot

    @property
    def reach(self) -> tuple[int, int] | None:
        """The farthest spot the car reached (before any spin out pulled it back)."""
        if not self.moves:
            return None
        farthest = max(self.moves, key=lambda move: move.to_space)
        return farthest.to_space, farthest.to_spot

    @property
    def slipstream(self) -> int:
        """Spaces gained by slipstreaming."""
        return sum(m.to_space - m.from_space for m in self.moves if m.cause == "slipstream")

    @property
    def moved(self) -> bool:
        """True when the car left its space this round (a blocked car may not have)."""
        return any(move.to_space != move.from_space for move in self.moves)


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """Every car's round, and the number of the round the events belong to (None: unknown)."""

    round: int | None
    cars: dict[str, CarRound]

    def of(self, car_id: str) -> CarRound:
        return self.cars.get(car_id, CarRound())


def summarize_round(events: Iterable[Event]) -> RoundSummary:
    """Sort a round's events per car; a trailing RoundStarted names the next round."""
    cars: dict[str, CarRound] = {}
    next_round: int | None = None
    for event in events:
        if isinstance(event, RoundStarted):
            next_round = event.round
            continue
        if event.car is None:
            continue
        car = cars.setdefault(event.car, CarRound())
        if isinstance(event, CarMoved):
            car.moves.append(
                Move(event.cause, event.from_space, event.from_spot, event.to_space, event.to_spot)
            )
        elif isinstance(event, HeatPaid):
            car.heat_paid += event.amount
        elif isinstance(event, CooledDown):
            car.cooled += event.amount
        elif isinstance(event, SpunOut):
            car.spun_out = event
        elif isinstance(event, HandCluttered):
            car.cluttered = True
        elif isinstance(event, TurnEnded):
            car.speed = event.speed
        elif isinstance(event, Finished):
            car.finished = event.place
        elif isinstance(event, SponsorGained):
            car.sponsors += event.cards
        elif isinstance(event, GaveUp | Eliminated):
            car.left = event
    return RoundSummary(None if next_round is None else next_round - 1, cars)
