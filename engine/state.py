"""What a race is at one moment: the cars, their cards, and where the round stands.

The engine treats a state as a value: ``apply`` works on a copy and never
changes the state it was given. Card piles are tuples, so a copy of a car shares
them safely.

The classes copied at every decision write their ``__init__`` out: mypyc compiles it,
while the one ``@dataclass`` writes stays interpreted, and a race makes thousands of
copies (``@dataclass`` still gives them ``==`` and ``repr``).
"""

from __future__ import annotations

import copyreg
import sys
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from typing import Any, Literal

from engine.cards import Card
from engine.course import Course, course
from engine.limits import LEGEND_SPEED_BONUS, MAX_CARS, in_range

CarKind = Literal["human", "ai", "legend"]
TurnStep = Literal["reveal", "react", "slipstream", "discard"]
GarageDecks = Literal["off", "basic", "advanced", "both"]
DraftVariant = Literal["rounds", "random", "snake"]


@dataclass(frozen=True, slots=True, init=False)
class PlannedMove:
    """Steps 1-2 chosen in secret: the gear to shift to and the cards played face down."""

    gear: int
    cards: tuple[Card, ...]

    def __init__(self, gear: int, cards: tuple[Card, ...]) -> None:
        object.__setattr__(self, "gear", gear)
        object.__setattr__(self, "cards", cards)


@dataclass(slots=True, init=False)
class Car:
    """One car on the track, with its gear, Engine and card piles (none for a Legend).

    ``finished`` is its place in the Hall of Fame once it crossed the line (or gave
    up); ``eliminated`` (Championship event 10) marks a car out of the race without
    a place. A car with neither is still racing.
    """

    id: str
    color: str
    kind: CarKind
    space: int
    spot: int
    finished: int | None
    gear: int
    engine: int
    hand: tuple[Card, ...]
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    plan: PlannedMove | None
    play_area: tuple[Card, ...]
    upgrades: tuple[Card, ...]
    eliminated: bool

    def __init__(
        self,
        id: str,
        color: str,
        kind: CarKind,
        space: int,
        spot: int,
        finished: int | None = None,
        gear: int = 1,
        engine: int = 0,
        hand: tuple[Card, ...] = (),
        deck: tuple[Card, ...] = (),
        discard: tuple[Card, ...] = (),
        plan: PlannedMove | None = None,
        play_area: tuple[Card, ...] = (),
        upgrades: tuple[Card, ...] = (),
        eliminated: bool = False,
    ) -> None:
        self.id = id
        self.color = color
        self.kind = kind
        self.space = space
        self.spot = spot
        self.finished = finished
        self.gear = gear
        self.engine = engine
        self.hand = hand
        self.deck = deck
        self.discard = discard
        self.plan = plan
        self.play_area = play_area
        self.upgrades = upgrades
        self.eliminated = eliminated

    def copy(self) -> Car:
        return Car(
            self.id,
            self.color,
            self.kind,
            self.space,
            self.spot,
            self.finished,
            self.gear,
            self.engine,
            self.hand,
            self.deck,
            self.discard,
            self.plan,
            self.play_area,
            self.upgrades,
            self.eliminated,
        )

    @property
    def is_legend(self) -> bool:
        return self.kind == "legend"

    @property
    def racing(self) -> bool:
        """On the track: neither in the Hall of Fame nor out of the race."""
        return self.finished is None and not self.eliminated


@dataclass(slots=True, init=False)
class Turn:
    """The car taking steps 3-9 now, the step it is at, and what it used so far."""

    car: str
    step: TurnStep
    start_space: int
    boosted: bool
    adrenaline: bool
    adrenaline_speed: bool
    # The Garage symbols of the cards played this turn (see engine/garage/symbols.py).
    chosen: tuple[tuple[Card, int], ...]
    plus: int
    adjust: int
    accelerate: int
    accelerated: int
    reduce: int
    salvage: int
    super_cool: int
    slipstream_boost: int
    draft: int
    refreshed: tuple[Card, ...]
    # Where the Slipstream move started (Championship: a press corner crossed in it pays).
    slipstream_start: int | None
    # The revealed cards whose Heat symbols are still to pay, and the Cooldown the car
    # holds but may not use where it stands (both settled in the React step).
    unpaid: tuple[Card, ...]
    cooldown: int
    # Adrenaline's two halves are used one at a time or together: ``adrenaline`` says some is
    # left, ``adrenaline_speed`` and this which were taken.
    adrenaline_cooldown: bool

    def __init__(
        self,
        car: str,
        step: TurnStep,
        start_space: int,
        boosted: bool = False,
        adrenaline: bool = False,
        adrenaline_speed: bool = False,
        chosen: tuple[tuple[Card, int], ...] = (),
        plus: int = 0,
        adjust: int = 0,
        accelerate: int = 0,
        accelerated: int = 0,
        reduce: int = 0,
        salvage: int = 0,
        super_cool: int = 0,
        slipstream_boost: int = 0,
        draft: int = 0,
        refreshed: tuple[Card, ...] = (),
        slipstream_start: int | None = None,
        unpaid: tuple[Card, ...] = (),
        cooldown: int = 0,
        adrenaline_cooldown: bool = False,
    ) -> None:
        self.car = car
        self.step = step
        self.start_space = start_space
        self.boosted = boosted
        self.adrenaline = adrenaline
        self.adrenaline_speed = adrenaline_speed
        self.chosen = chosen
        self.plus = plus
        self.adjust = adjust
        self.accelerate = accelerate
        self.accelerated = accelerated
        self.reduce = reduce
        self.salvage = salvage
        self.super_cool = super_cool
        self.slipstream_boost = slipstream_boost
        self.draft = draft
        self.refreshed = refreshed
        self.slipstream_start = slipstream_start
        self.unpaid = unpaid
        self.cooldown = cooldown
        self.adrenaline_cooldown = adrenaline_cooldown

    def copy(self) -> Turn:
        return Turn(
            self.car,
            self.step,
            self.start_space,
            self.boosted,
            self.adrenaline,
            self.adrenaline_speed,
            self.chosen,
            self.plus,
            self.adjust,
            self.accelerate,
            self.accelerated,
            self.reduce,
            self.salvage,
            self.super_cool,
            self.slipstream_boost,
            self.draft,
            self.refreshed,
            self.slipstream_start,
            self.unpaid,
            self.cooldown,
            self.adrenaline_cooldown,
        )


@dataclass(frozen=True, slots=True)
class Options:
    """Choices the rules leave to the table; the defaults are the base game."""

    adrenaline_cars: int | None = None
    aggressive_legends: bool = False
    legend_speed_bonus: int = 0
    garage: GarageDecks = "off"
    draft: DraftVariant = "rounds"
    weather: bool = False
    garage_expansions: bool = False

    def __post_init__(self) -> None:
        """Refuse a choice the rules cannot race with: a Legend that never moves stalls a race."""
        bonus = LEGEND_SPEED_BONUS
        in_range("legend_speed_bonus", self.legend_speed_bonus, bonus.start, bonus.stop - 1)
        if self.adrenaline_cars is not None:
            in_range("adrenaline_cars", self.adrenaline_cars, 0, MAX_CARS)


@dataclass(slots=True, init=False)
class Garage:
    """The Garage module's cards outside the cars: the deck, the draft market and the box.

    ``order`` lists the cars still to pick from ``market`` this draft round, next
    first; the draft is over once it is empty. Cards left in a market go to the
    ``box``, out of the race.
    """

    deck: tuple[Card, ...]
    round: int
    market: tuple[Card, ...]
    order: tuple[str, ...]
    box: tuple[Card, ...]

    def __init__(
        self,
        deck: tuple[Card, ...],
        round: int = 0,
        market: tuple[Card, ...] = (),
        order: tuple[str, ...] = (),
        box: tuple[Card, ...] = (),
    ) -> None:
        self.deck = deck
        self.round = round
        self.market = market
        self.order = order
        self.box = box

    def copy(self) -> Garage:
        return Garage(self.deck, self.round, self.market, self.order, self.box)


@dataclass(frozen=True, slots=True)
class Weather:
    """The race's weather card and road-condition tokens, both face up from the setup on.

    ``tokens`` names one token per corner line of the track, in lap order; the
    two lines of a chicane share one token, so both name it.
    """

    card: str
    tokens: tuple[str, ...]


BASE_GAME = Options()
"""The default options: the base game's rules."""

Tally = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Championship:
    """Championship mode inside one race: its event card and the shared sponsorship piles.

    ``sponsor_deck`` lists the shared sponsorship deck top first. ``pressed``
    holds (car, race space of the line) for every press corner a car already won
    a sponsor at: one per corner per lap. ``gave_up`` and ``eliminated`` (event
    10) name the cars out of the race, in the order they left. ``spin_outs`` and
    ``heat_removed`` (event 18) count per car, as (car, count) pairs in car order.
    """

    event: int
    sponsor_deck: tuple[Card, ...] = ()
    sponsor_discard: tuple[Card, ...] = ()
    pressed: tuple[tuple[str, int], ...] = ()
    gave_up: tuple[str, ...] = ()
    eliminated: tuple[str, ...] = ()
    spin_outs: Tally = ()
    heat_removed: Tally = ()


def add_to_tally(tally: Tally, car_id: str, amount: int = 1) -> Tally:
    """The tally with ``amount`` more for ``car_id`` (pairs kept in car id order)."""
    counts = dict(tally)
    counts[car_id] = counts.get(car_id, 0) + amount
    return tuple(sorted(counts.items()))


@dataclass(slots=True, init=False)
class RaceState:
    """A whole race at one moment; the race notation is its public form."""

    track: str
    laps: int
    seed: int
    round: int
    cars: list[Car]
    legend_deck: tuple[int, ...]
    options: Options
    version: int
    rng: int
    turn_order: tuple[str, ...]
    turn: Turn | None
    legend_card: int | None
    garage: Garage | None
    weather: Weather | None
    championship: Championship | None
    # The cars this state copied for itself (by id): changed in place from then on.
    _owned: dict[str, Car] = field(init=False, repr=False, compare=False)
    # The course of the track and laps, found once and handed on to copies (see course).
    _course: Course | None = field(init=False, repr=False, compare=False)

    def __init__(
        self,
        track: str,
        laps: int,
        seed: int,
        round: int,
        cars: list[Car],
        legend_deck: tuple[int, ...] = (),
        options: Options = BASE_GAME,
        version: int = 0,
        rng: int = 0,
        turn_order: tuple[str, ...] = (),
        turn: Turn | None = None,
        legend_card: int | None = None,
        garage: Garage | None = None,
        weather: Weather | None = None,
        championship: Championship | None = None,
    ) -> None:
        self.track = track
        self.laps = laps
        self.seed = seed
        self.round = round
        self.cars = cars
        self.legend_deck = legend_deck
        self.options = options
        self.version = version
        self.rng = rng
        self.turn_order = turn_order
        self.turn = turn
        self.legend_card = legend_card
        self.garage = garage
        self.weather = weather
        self.championship = championship
        self._owned = {}
        self._course = None

    def copy(self) -> RaceState:
        """A copy that can be changed without touching this state.

        The copy shares the car objects; :meth:`edit_car` copies one before it
        changes, so a decision copies only the cars it moves. It shares the Garage too:
        only a draft pick changes it, and that copies it first
        (:func:`engine.garage.draft.pick`).
        """
        copied = RaceState(
            self.track,
            self.laps,
            self.seed,
            self.round,
            list(self.cars),
            self.legend_deck,
            self.options,
            self.version,
            self.rng,
            self.turn_order,
            None if self.turn is None else self.turn.copy(),
            self.legend_card,
            self.garage,
            self.weather,
            self.championship,
        )
        copied._course = self._course
        return copied

    @property
    def course(self) -> Course:
        """The track raced over this race's laps: its corner lines and finish line.

        Asked several times at every decision: found once, then kept with the state and its
        copies (a race never changes its track or laps).
        """
        here = self._course
        if here is None:
            here = self._course = course(self.track, self.laps)
        return here

    def car(self, car_id: str) -> Car:
        """The car with this id, to read."""
        for car in self.cars:
            if car.id == car_id:
                return car
        raise KeyError(car_id)

    def edit_car(self, car_id: str) -> Car:
        """The car with this id, to change: a copy this state owns, made on first use."""
        owned = self._owned.get(car_id)
        if owned is not None:
            return owned
        for index, car in enumerate(self.cars):
            if car.id == car_id:
                car = self.cars[index] = self._owned[car_id] = car.copy()
                return car
        raise KeyError(car_id)

    @property
    def drafting(self) -> bool:
        """The Garage draft is still on: no car plans before it ends."""
        return self.garage is not None and bool(self.garage.order)

    @property
    def over(self) -> bool:
        return not any(car.racing for car in self.cars)


# Engine values cross to the bot's worker processes by pickle, compiled or not.
#
# The bot hands races, views, decisions and events to worker processes (AI moves,
# pictures), which pickles them. Pickle's default way fails on the classes mypyc compiles
# (the wheel and the Docker image): it makes the object with ``cls.__new__(cls)``, which a
# compiled class answers by calling its ``__init__`` with no arguments, then sets the
# fields one by one, which a frozen class refuses. So every dataclass of the engine
# pickles as a call of the class with its ``__init__`` fields by name, the way the engine
# builds it anyway (a field kept out of ``__init__`` is a cache the new copy builds again).


def rebuilt(cls: type[Any], values: dict[str, Any]) -> Any:
    """The value ``cls`` makes of these ``__init__`` fields (what unpickling calls)."""
    return cls(**values)


def _reduced(value: Any) -> tuple[Any, tuple[type[Any], dict[str, Any]]]:
    """The class and its fields, but those at their default: some are no ``__init__``
    argument (the word a decision or event class names itself by), and an argument left
    out takes that same default."""
    init = {}
    for each in fields(value):
        current = getattr(value, each.name)
        if each.init and (each.default is MISSING or current != each.default):
            init[each.name] = current
    return rebuilt, (type(value), init)


# The engine modules scanned so far, with the names each held then: the bot asks before
# every job, and a scan costs about 0.4 ms of the event loop's time, so only a module
# loaded (or grown, if it was still loading) since is read again.
_SCANNED: dict[str, int] = {}


def pickle_by_fields() -> None:
    """Make every dataclass of the engine's loaded modules pickle by its fields (each
    package of the engine calls it once its modules are loaded; a class is registered once)."""
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "engine" or name.startswith("engine.")):
            continue
        names = vars(module)
        if _SCANNED.get(name) == len(names):
            continue
        _SCANNED[name] = len(names)
        for value in list(names.values()):
            if (
                isinstance(value, type)
                and is_dataclass(value)
                and value.__module__ == name
                and value not in copyreg.dispatch_table
            ):
                copyreg.pickle(value, _reduced)
