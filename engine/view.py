"""What one viewer may see of a race: the only way out of the engine for presentation.

"Nobody can browse through the discard piles (including their own); only the
top card is public knowledge." Decks are face down, hands are private, plans
stay face down until the car's reveal, and the seed never leaves the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.course import course
from engine.map_spots import on_flooded_spot
from engine.pending import Pending, pending
from engine.state import PlannedMove, RaceState, TurnStep
from engine.steps import adrenaline_cars


@dataclass(frozen=True, slots=True)
class CarView:
    """A car as the viewer sees it; ``hand`` and ``plan`` only for the viewer's own car.

    ``flooded``: the car stands on a flooded spot, so a downshift costs it 1 Heat more.
    """

    id: str
    color: str
    kind: str
    space: int
    spot: int
    lap: int
    finished: int | None
    gear: int
    engine: int
    hand_count: int
    deck_count: int
    discard_count: int
    discard_top: Card | None
    play_area: tuple[Card, ...]
    planned: bool
    hand: tuple[Card, ...] | None = None
    plan: PlannedMove | None = None
    flooded: bool = False


@dataclass(frozen=True, slots=True)
class TurnView:
    """The car taking steps 3-9 now and the step it is at."""

    car: str
    step: TurnStep
    start_space: int
    boosted: bool
    adrenaline: bool
    adrenaline_speed: bool


@dataclass(frozen=True, slots=True)
class RaceView:
    """A race as one viewer (a car's driver, or ``None`` for a spectator) may see it."""

    viewer: str | None
    track: str
    laps: int
    round: int
    version: int
    cars: tuple[CarView, ...]
    turn_order: tuple[str, ...]
    adrenaline: tuple[str, ...]
    turn: TurnView | None
    pending: Pending | None
    legend_card: int | None
    legend_deck_count: int

    def car(self, car_id: str) -> CarView:
        for car in self.cars:
            if car.id == car_id:
                return car
        raise KeyError(car_id)


def view_for(state: RaceState, viewer: str | None) -> RaceView:
    """The race as ``viewer`` may see it; a spectator passes ``None``."""
    here = course(state.track, state.laps)
    cars = []
    for car in state.cars:
        own = car.id == viewer
        hidden = len(car.plan.cards) if car.plan is not None and not own else 0
        cars.append(
            CarView(
                id=car.id,
                color=car.color,
                kind=car.kind,
                space=car.space,
                spot=car.spot,
                lap=min(here.lap_of(car.space), state.laps),
                finished=car.finished,
                gear=car.gear,
                engine=car.engine,
                hand_count=len(car.hand) + hidden,
                deck_count=len(car.deck),
                discard_count=len(car.discard),
                discard_top=car.discard[-1] if car.discard else None,
                play_area=car.play_area,
                planned=car.plan is not None,
                hand=car.hand if own else None,
                plan=car.plan if own else None,
                flooded=on_flooded_spot(state.track, car.space, car.spot),
            )
        )
    turn = state.turn
    return RaceView(
        viewer=viewer,
        track=state.track,
        laps=state.laps,
        round=state.round,
        version=state.version,
        cars=tuple(cars),
        turn_order=state.turn_order,
        adrenaline=adrenaline_cars(state),
        turn=None
        if turn is None
        else TurnView(
            turn.car,
            turn.step,
            turn.start_space,
            turn.boosted,
            turn.adrenaline,
            turn.adrenaline_speed,
        ),
        pending=pending(state),
        legend_card=state.legend_card,
        legend_deck_count=len(state.legend_deck),
    )
