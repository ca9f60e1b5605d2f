"""What one viewer may see of a race: the only way out of the engine for presentation.

"Nobody can browse through the discard piles (including their own); only the
top card is public knowledge." Decks are face down, hands are private, plans
stay face down until the car's reveal, and the seed never leaves the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.garage import draft_target, giving_back, refreshable, unchosen
from engine.map_spots import on_flooded_spot
from engine.pending import Pending, pending
from engine.state import GarageDecks, PlannedMove, RaceState, Turn, TurnStep, Weather
from engine.steps import adrenaline_cars, slipstream_distances, speed


@dataclass(frozen=True, slots=True)
class CarView:
    """A car as the viewer sees it; ``hand`` and ``plan`` only for the viewer's own car.

    ``flooded``: the car stands on a flooded spot, so a downshift costs it 1 Heat more.
    ``eliminated``: out of the race without a place (Championship event 10).
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
    upgrades: tuple[Card, ...] = ()
    # The own discard pile, only while a Salvage or Super Cool lets the driver look through it.
    discard: tuple[Card, ...] | None = None
    flooded: bool = False
    eliminated: bool = False

    @property
    def racing(self) -> bool:
        """On the track: neither in the Hall of Fame nor out of the race."""
        return self.finished is None and not self.eliminated


@dataclass(frozen=True, slots=True)
class TurnView:
    """The car taking steps 3-9 now and the step it is at."""

    car: str
    step: TurnStep
    start_space: int
    boosted: bool
    adrenaline: bool
    adrenaline_speed: bool
    speed: int = 0
    unchosen: tuple[Card, ...] = ()
    plus: int = 0
    adjust: int = 0
    accelerate: int = 0
    reduce: int = 0
    salvage: int = 0
    super_cool: int = 0
    slipstream_boost: int = 0
    draft_to: int | None = None
    refreshable: tuple[Card, ...] = ()
    unpaid: tuple[Card, ...] = ()
    cooldown: int = 0
    slipstream_distances: tuple[int, ...] = ()
    adrenaline_cooldown: bool = False


@dataclass(frozen=True, slots=True)
class DraftView:
    """The Garage draft, public to all: the market, the round, and who picks next."""

    round: int
    market: tuple[Card, ...]
    order: tuple[str, ...]
    giving_back: bool


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
    garage: GarageDecks = "off"
    draft: DraftView | None = None
    # The weather card and road-condition tokens lie face up: everyone sees them.
    weather: Weather | None = None
    # A championship race's event card (its number), face up too.
    event: int | None = None
    # The Legend cards still in their deck, sorted: everyone saw the others revealed since the
    # last shuffle, so the set is public; the order stays hidden. Their setup options too.
    legend_cards_left: tuple[int, ...] = ()
    legend_speed_bonus: int = 0
    aggressive_legends: bool = False

    def car(self, car_id: str) -> CarView:
        for car in self.cars:
            if car.id == car_id:
                return car
        raise KeyError(car_id)


def view_for(state: RaceState, viewer: str | None) -> RaceView:
    """The race as ``viewer`` may see it; a spectator passes ``None``."""
    here = state.course
    turn = state.turn
    cars = []
    for car in state.cars:
        own = car.id == viewer
        # Salvage and Super Cool are React symbols: a pile looked through for them is not
        # seen once the step is over, though they were left unused.
        looking = (
            own
            and turn is not None
            and turn.car == car.id
            and turn.step == "react"
            and bool(turn.salvage or turn.super_cool)
        )
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
                upgrades=car.upgrades,
                discard=car.discard if looking else None,
                flooded=on_flooded_spot(state.track, car.space, car.spot),
                eliminated=car.eliminated,
            )
        )
    garage = state.garage
    return RaceView(
        viewer=viewer,
        track=state.track,
        laps=state.laps,
        round=state.round,
        version=state.version,
        cars=tuple(cars),
        turn_order=state.turn_order,
        adrenaline=adrenaline_cars(state),
        turn=None if turn is None else _turn_view(state, turn),
        pending=pending(state),
        legend_card=state.legend_card,
        legend_deck_count=len(state.legend_deck),
        garage=state.options.garage,
        draft=None
        if garage is None or not garage.order
        else DraftView(garage.round, garage.market, garage.order, giving_back(state)),
        weather=state.weather,
        event=None if state.championship is None else state.championship.event,
        legend_cards_left=tuple(sorted(state.legend_deck)),
        legend_speed_bonus=state.options.legend_speed_bonus,
        aggressive_legends=state.options.aggressive_legends,
    )


def _turn_view(state: RaceState, turn: Turn) -> TurnView:
    car = state.car(turn.car)
    return TurnView(
        turn.car,
        turn.step,
        turn.start_space,
        turn.boosted,
        turn.adrenaline,
        turn.adrenaline_speed,
        speed=speed(car, turn),
        unchosen=tuple(unchosen(car, turn)),
        plus=turn.plus,
        adjust=turn.adjust,
        accelerate=turn.accelerate,
        reduce=turn.reduce,
        salvage=turn.salvage,
        super_cool=turn.super_cool,
        slipstream_boost=turn.slipstream_boost,
        draft_to=draft_target(state, car, turn),
        refreshable=tuple(refreshable(car, turn)),
        unpaid=turn.unpaid,
        cooldown=turn.cooldown,
        slipstream_distances=(
            slipstream_distances(state, car) if turn.step == "slipstream" else ()
        ),
        adrenaline_cooldown=turn.adrenaline_cooldown,
    )
