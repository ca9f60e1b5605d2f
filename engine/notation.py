"""The race notation (``heat-race/1``): read and write a race exactly.

The documented fields keep the meaning the spec gives them. This project adds,
all optional on input:

- ``version``: decisions applied so far (a stale click names an older one);
- ``rng``: random draws made from the seed so far (the next shuffle's number);
- ``turn_order``: this round's order of steps 3-9, fixed when the round starts;
- ``turn``: the car taking steps 3-9 now (``car``, ``step`` = react / slipstream /
  discard, ``start_space``, ``boosted``, ``adrenaline`` = Adrenaline still unused,
  ``adrenaline_speed`` = +1 Speed taken, ``adrenaline_cooldown`` = its Cooldown taken,
  written only when true), or null while cars plan;
- ``legend_card``: the Legend card revealed this round, once a Legend has moved;
- per car, ``plan`` (``gear`` and ``cards`` chosen in secret, not yet revealed) and
  ``play_area`` (cards revealed this turn); both omitted when empty;
- ``options.weather`` and ``weather`` (the weather card and one road-condition token
  per corner line), both only with the weather module: see docs/weather-notation.md.

The Garage module (``options.garage`` = ``basic``, ``advanced`` or ``both``;
``options.draft`` = ``rounds``, ``random`` or ``snake``) adds, each omitted when
empty or zero: per car ``upgrades`` (the upgrade card ids it drafted); ``garage``
(``deck`` top first, ``round``, ``market``, ``order`` = cars still to pick this
round, next first, and ``box`` = cards out of the race); in ``turn``, ``step`` =
``reveal`` while a card with several speeds waits for its speed, ``chosen`` (the
``[card, speed]`` pairs chosen), ``plus`` (+ symbols used this turn), ``adjust``
(the summed Adjust), ``accelerated`` (Speed added by Accelerate), the unused
optional symbols ``accelerate``, ``reduce``, ``salvage``, ``super_cool``, the
``slipstream_boost``, ``draft`` (Tunnel Vision's unused Draft), ``refreshed``
(played cards going back on the deck), ``unpaid`` (revealed cards whose Heat is
still to pay) and ``cooldown`` (Cooldown held where it may not be used).
``options.garage_expansions`` adds the Heavy Rain and Tunnel Vision upgrades to
the advanced deck.
The full description is in docs/garage-notation.md.

Championship mode adds ``championship`` (the event card, the shared sponsorship
piles, the press corners won, who gave up or was eliminated, spin outs and Heat
removed) and, in ``turn``, ``slipstream_start``: see docs/championship-notation.md.
A car it names as eliminated (event 10) is out of the race with ``finished`` null
(a file from before keeps the place it gave it).

Every number has a range (``engine/limits.py``); a file outside it is refused:

- ``laps`` 1-5; ``round`` 1-999; ``seed`` 0 to 2**63-1; ``version`` and ``rng``
  0 to 2**31-1;
- ``cars``: 1-6, each ``id`` (letters, digits, ``_``, ``-``) and ``color`` at most
  16 characters, a Legend's colour one of the Legends deck's; ``space`` (and
  ``turn.start_space``) from the last grid space (-3) to one lap past the finish
  line (laps * N + N); ``gear`` and a plan's ``gear`` 1-4; ``engine`` and every
  pile 0-2,500 cards; ``finished`` 1-6;
- ``legend_deck``: distinct cards 1-10; ``legend_card`` 1-10;
- ``options``: ``adrenaline_cars`` 0-6 (or null), ``legend_speed_bonus`` 0-5 (the
  rules only raise a Legend's speed);
- a decision names a car of the race.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

import data
from engine import limits
from engine.cards import HEAT, KNOWN_CARDS, is_sponsor
from engine.conditions import weather_problem
from engine.decisions import (
    DECISION_TYPES,
    Decision,
    Plan,
    parse_decision,
)
from engine.errors import NotationError, cut, quoted
from engine.state import (
    Car,
    Championship,
    Garage,
    Options,
    PlannedMove,
    RaceState,
    Turn,
    Weather,
)
from engine.text_forms import decision_fields

NOTATION = "heat-race/1"


def _known_card(card: str) -> str:
    if card not in KNOWN_CARDS:
        raise ValueError(f"unknown card {quoted(card)}")
    return card


def _known_track(track_id: str) -> str:
    if track_id not in data.track_ids():
        raise ValueError(f"unknown track {quoted(track_id)} (known: {', '.join(data.track_ids())})")
    return track_id


CardId = Annotated[str, AfterValidator(_known_card)]
TrackId = Annotated[str, AfterValidator(_known_track)]
Pile = Annotated[list[CardId], Field(max_length=limits.MAX_PILE)]
CarName = Annotated[str, Field(min_length=1, max_length=limits.MAX_NAME, pattern=r"^[\w-]+$")]
Colour = Annotated[str, Field(min_length=1, max_length=limits.MAX_NAME, pattern=r"^#?[\w-]+$")]
Gear = Annotated[int, Field(ge=1, le=4)]
Count = Annotated[int, Field(ge=0, le=limits.MAX_COUNT)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class PlanDoc(_Strict):
    gear: Gear
    cards: Pile


class CarDoc(_Strict):
    id: CarName
    color: Colour
    kind: Literal["human", "ai", "legend"]
    space: int
    spot: Literal[0, 1]
    gear: Gear | None = None
    engine: int | None = Field(default=None, ge=0, le=limits.MAX_PILE)
    hand: Pile | None = None
    deck: Pile | None = None
    discard: Pile | None = None
    finished: int | None = Field(ge=1, le=limits.MAX_CARS)
    plan: PlanDoc | None = None
    play_area: Pile = []
    upgrades: Pile = []

    @model_validator(mode="after")
    def _cards_match_kind(self) -> CarDoc:
        card_fields = ("gear", "engine", "hand", "deck", "discard")
        if self.kind == "legend":
            given = [name for name in card_fields if getattr(self, name) is not None]
            if given or self.plan or self.play_area or self.upgrades:
                raise ValueError(f"a Legend has no {', '.join(given) or 'cards'}")
            legends = data.legend_cards()
            if self.color not in (*legends.colours, *legends.extra_colours):
                raise ValueError(f"the Legends deck has no colour {quoted(self.color)}")
        else:
            missing = [name for name in card_fields if getattr(self, name) is None]
            if missing:
                raise ValueError(f"a {self.kind} car needs {', '.join(missing)}")
        return self


class TurnDoc(_Strict):
    car: str
    step: Literal["reveal", "react", "slipstream", "discard"]
    start_space: int
    boosted: bool = False
    adrenaline: bool = False
    adrenaline_speed: bool = False
    chosen: list[tuple[CardId, int]] = []
    plus: int = Field(default=0, ge=0)
    adjust: int = 0
    accelerate: int = Field(default=0, ge=0)
    accelerated: int = Field(default=0, ge=0)
    reduce: int = Field(default=0, ge=0)
    salvage: int = Field(default=0, ge=0)
    super_cool: int = Field(default=0, ge=0)
    slipstream_boost: int = Field(default=0, ge=0)
    draft: int = Field(default=0, ge=0)
    refreshed: list[CardId] = []
    slipstream_start: int | None = None
    unpaid: list[CardId] = Field(default=[], max_length=limits.MAX_PILE)
    cooldown: int = Field(default=0, ge=0, le=limits.MAX_PILE)
    adrenaline_cooldown: bool = False


class OptionsDoc(_Strict):
    adrenaline_cars: int | None = Field(default=None, ge=0, le=limits.MAX_CARS)
    aggressive_legends: bool = False
    legend_speed_bonus: int = Field(
        default=0, ge=limits.LEGEND_SPEED_BONUS.start, le=limits.LEGEND_SPEED_BONUS.stop - 1
    )
    garage: Literal["off", "basic", "advanced", "both"] = "off"
    draft: Literal["rounds", "random", "snake"] = "rounds"
    weather: bool = False
    garage_expansions: bool = False


class GarageDoc(_Strict):
    deck: list[CardId] = []
    round: int = Field(default=0, ge=0)
    market: list[CardId] = []
    order: list[str] = []
    box: list[CardId] = []


def _sponsor_card(card: str) -> str:
    if not is_sponsor(card):
        raise ValueError(f"{quoted(card)} is not a sponsorship card")
    return card


SponsorId = Annotated[str, AfterValidator(_sponsor_card)]
SponsorPile = Annotated[list[SponsorId], Field(max_length=limits.MAX_PILE)]
Tally = dict[str, Annotated[int, Field(ge=1, le=limits.MAX_COUNT)]]


class ChampionshipDoc(_Strict):
    event: int = Field(ge=1)
    sponsor_deck: SponsorPile = []
    sponsor_discard: SponsorPile = []
    pressed: dict[str, list[int]] = {}
    gave_up: list[str] = []
    eliminated: list[str] = []
    spin_outs: Tally = {}
    heat_removed: Tally = {}

    @model_validator(mode="after")
    def _known_event(self) -> ChampionshipDoc:
        if self.event > len(data.championship().events):
            raise ValueError(f"there is no event {self.event}")
        return self

    def car_ids(self) -> set[str]:
        named = [*self.pressed, *self.gave_up, *self.eliminated, *self.spin_outs]
        return set(named) | set(self.heat_removed)


class WeatherDoc(_Strict):
    card: str
    tokens: list[str]


class StateDoc(_Strict):
    notation: Literal["heat-race/1"]
    track: TrackId
    laps: int = Field(ge=1, le=limits.MAX_LAPS)
    seed: int = Field(ge=0, le=limits.MAX_SEED)
    round: int = Field(ge=1, le=limits.MAX_ROUND)
    cars: list[CarDoc] = Field(min_length=1, max_length=limits.MAX_CARS)
    legend_deck: list[Annotated[int, Field(ge=1, le=10)]] = Field(default=[], max_length=10)
    options: OptionsDoc = OptionsDoc()
    version: Count = 0
    rng: Count = 0
    turn_order: list[str] = []
    turn: TurnDoc | None = None
    legend_card: int | None = Field(default=None, ge=1, le=10)
    garage: GarageDoc | None = None
    weather: WeatherDoc | None = None
    championship: ChampionshipDoc | None = None

    @model_validator(mode="after")
    def _consistent(self) -> StateDoc:
        ids = [car.id for car in self.cars]
        if len(set(ids)) != len(ids):
            raise ValueError("car ids must be distinct")
        lap_length = data.track(self.track).spaces_per_lap
        racing = self._racing()
        spots = [(c.space % lap_length, c.spot) for c in self.cars if c.id in racing]
        if len(set(spots)) != len(spots):
            raise ValueError("two cars on the same spot of the board (a lapped car counts too)")
        if len(set(self.legend_deck)) != len(self.legend_deck):
            raise ValueError("legend_deck: a card is listed twice")
        unknown = [i for i in self.turn_order if i not in ids]
        if self.turn is not None:
            unknown += [] if self.turn.car in self.turn_order else [self.turn.car]
        if unknown:
            raise ValueError(f"turn names unknown car(s): {', '.join(unknown)}")
        if self.garage is not None and not set(self.garage.order) <= set(ids):
            raise ValueError("garage order names an unknown car")
        if self.garage is not None and self.options.garage == "off":
            raise ValueError("garage cards need options.garage on")
        if self.championship is not None and not self.championship.car_ids() <= set(ids):
            raise ValueError("championship names an unknown car")
        if self.options.weather != (self.weather is not None):
            raise ValueError("options.weather and the weather field come together")
        if self.weather is not None:
            problem = weather_problem(data.track(self.track), _weather(self.weather))
            if problem is not None:
                raise ValueError(f"weather: {problem}")
        self._turn_order_is_the_field()
        self._on_the_course()
        return self

    def _racing(self) -> set[str]:
        """The cars on the track: not in the Hall of Fame, not eliminated (event 10)."""
        out = set(self.championship.eliminated) if self.championship is not None else set()
        return {car.id for car in self.cars if car.finished is None and car.id not in out}

    def _turn_order_is_the_field(self) -> None:
        """A round's order lists every car still racing once; the car taking a turn drives."""
        racing = sorted(self._racing())
        if self.turn_order and sorted(self.turn_order) != racing:
            listed = ", ".join(racing)
            raise ValueError(f"turn_order must list each car still racing once: {listed}")
        kinds = {car.id: car.kind for car in self.cars}
        if self.turn is not None and kinds[self.turn.car] == "legend":
            raise ValueError("turn: a Legend makes no decisions")

    def _on_the_course(self) -> None:
        """Every space lies between the back of the grid and one lap past the finish line."""
        track = data.track(self.track)
        low = min(grid.space for grid in track.starting_grid)
        high = (self.laps + 1) * track.spaces_per_lap
        spaces = {f"cars.{i}.space": car.space for i, car in enumerate(self.cars)}
        if self.turn is not None:
            spaces["turn.start_space"] = self.turn.start_space
        for where, space in spaces.items():
            if not low <= space <= high:
                raise ValueError(f"{where}: {space} is off the course (spaces {low} to {high})")


def _weather(doc: WeatherDoc) -> Weather:
    return Weather(doc.card, tuple(doc.tokens))


class DecisionDoc(BaseModel):
    """A decision as a scenario lists it: ``car``, ``do`` and the decision's own fields."""

    model_config = ConfigDict(extra="allow")
    car: str
    do: str

    @model_validator(mode="after")
    def _known(self) -> DecisionDoc:
        decision_from_json(self.model_dump())
        return self


class ScenarioDoc(StateDoc):
    decisions: list[DecisionDoc] = []

    @model_validator(mode="after")
    def _known_cars(self) -> ScenarioDoc:
        ids = {car.id for car in self.cars}
        for index, decision in enumerate(self.decisions):
            if decision.car not in ids:
                raise ValueError(f"decisions.{index}.car: there is no car {quoted(decision.car)}")
        return self


def _parse(text: str, model: type[StateDoc]) -> StateDoc:
    try:
        return model.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = cut(".".join(str(part) for part in first["loc"]))
        message = first["msg"].removeprefix("Value error, ")
        if first["type"] == "json_invalid":
            raise NotationError(f"not valid JSON: {first['ctx']['error']}") from None
        if first["type"] == "model_type" and not where:
            raise NotationError("not a race: the file must hold one JSON object") from None
        raise NotationError(f"{where}: {message}" if where else message) from None


def decision_from_json(document: dict[str, Any]) -> Decision:
    """A decision back from :func:`decision_json`'s form; ValueError says what is wrong."""
    do = str(document.get("do"))
    kind = DECISION_TYPES.get(do)
    if kind is None:
        raise ValueError(f"unknown decision {quoted(do)}")
    figures = {k: v for k, v in document.items() if k != "do"}
    cards = figures.get("cards", [])
    if not isinstance(cards, list | tuple) or not all(isinstance(c, str) for c in cards):
        raise ValueError(f"decision {quoted(do)}: cards must be a list of card names")
    if "cards" in figures:
        figures["cards"] = tuple(cards)
    for card in [*cards, figures.get("card", HEAT)]:
        _known_card(str(card))
    try:
        decision = kind(**figures)
        same = parse_decision(str(decision)) == decision
    except (TypeError, ValueError, AttributeError):
        names = ", ".join(field.name for field in decision_fields(kind))
        raise ValueError(f"decision {quoted(do)} takes {names}") from None
    if not same:
        raise ValueError(f"decision {quoted(do)}: bad figures {quoted(figures)}")
    if isinstance(decision, Plan) and decision.gear not in limits.GEARS:
        raise ValueError(f"plan.gear: {decision.gear} is not a gear (1-4)")
    return decision


def _car(doc: CarDoc) -> Car:
    car = Car(doc.id, doc.color, doc.kind, doc.space, doc.spot, doc.finished)
    if doc.kind != "legend":
        assert doc.gear is not None and doc.engine is not None
        car.gear, car.engine = doc.gear, doc.engine
        car.hand = tuple(doc.hand or ())
        car.deck = tuple(doc.deck or ())
        car.discard = tuple(doc.discard or ())
        car.plan = None if doc.plan is None else PlannedMove(doc.plan.gear, tuple(doc.plan.cards))
        car.play_area = tuple(doc.play_area)
        car.upgrades = tuple(doc.upgrades)
    return car


def _state(doc: StateDoc) -> RaceState:
    turn = doc.turn
    state = RaceState(
        track=doc.track,
        laps=doc.laps,
        seed=doc.seed,
        round=doc.round,
        cars=[_car(car) for car in doc.cars],
        legend_deck=tuple(doc.legend_deck),
        options=Options(**doc.options.model_dump()),
        version=doc.version,
        rng=doc.rng,
        turn_order=tuple(doc.turn_order),
        turn=None if turn is None else _turn(turn),
        legend_card=doc.legend_card,
        garage=None if doc.garage is None else _garage(doc.garage),
        weather=None if doc.weather is None else _weather(doc.weather),
        championship=None if doc.championship is None else _championship(doc.championship),
    )
    if state.championship is not None:
        for car in state.cars:
            car.eliminated = car.id in state.championship.eliminated
    return state


def _championship(doc: ChampionshipDoc) -> Championship:
    return Championship(
        doc.event,
        tuple(doc.sponsor_deck),
        tuple(doc.sponsor_discard),
        tuple((car, line) for car, lines in sorted(doc.pressed.items()) for line in lines),
        tuple(doc.gave_up),
        tuple(doc.eliminated),
        tuple(sorted(doc.spin_outs.items())),
        tuple(sorted(doc.heat_removed.items())),
    )


def _turn(doc: TurnDoc) -> Turn:
    figures = doc.model_dump()
    figures["chosen"] = tuple(tuple(pair) for pair in doc.chosen)
    figures["refreshed"] = tuple(doc.refreshed)
    figures["unpaid"] = tuple(doc.unpaid)
    return Turn(**figures)


def _garage(doc: GarageDoc) -> Garage:
    return Garage(tuple(doc.deck), doc.round, tuple(doc.market), tuple(doc.order), tuple(doc.box))


def load_state(text: str) -> RaceState:
    """Read a race position; NotationError names the field that is wrong."""
    return _state(_parse(text, StateDoc))


def load_scenario(text: str) -> tuple[RaceState, list[Decision]]:
    """Read a position and the decisions listed after it."""
    doc = _parse(text, ScenarioDoc)
    assert isinstance(doc, ScenarioDoc)
    return _state(doc), [decision_from_json(d.model_dump()) for d in doc.decisions]


def scenario_json(state: RaceState, decisions: Sequence[Decision]) -> dict[str, Any]:
    """A position and the decisions made from it, as :func:`load_scenario` reads them back."""
    return state_json(state) | {"decisions": [decision_json(d) for d in decisions]}


def car_json(car: Car) -> dict[str, Any]:
    """One car as the notation writes it: a Legend has no gear, Engine or cards."""
    out: dict[str, Any] = {"id": car.id, "color": car.color, "kind": car.kind}
    out |= {"space": car.space, "spot": car.spot}
    if car.kind != "legend":
        out |= {"gear": car.gear, "engine": car.engine}
        out |= {"hand": list(car.hand), "deck": list(car.deck), "discard": list(car.discard)}
    out["finished"] = car.finished
    if car.plan is not None:
        out["plan"] = {"gear": car.plan.gear, "cards": list(car.plan.cards)}
    if car.play_area:
        out["play_area"] = list(car.play_area)
    if car.upgrades:
        out["upgrades"] = list(car.upgrades)
    return out


def state_json(state: RaceState) -> dict[str, Any]:
    """The race as a JSON-ready dict in the notation's field order."""
    turn = state.turn
    options = state.options
    out: dict[str, Any] = {
        "notation": NOTATION,
        "track": state.track,
        "laps": state.laps,
        "seed": state.seed,
        "round": state.round,
        "cars": [car_json(car) for car in state.cars],
        "legend_deck": list(state.legend_deck),
        "options": {
            "adrenaline_cars": options.adrenaline_cars,
            "aggressive_legends": options.aggressive_legends,
            "legend_speed_bonus": options.legend_speed_bonus,
        },
        "version": state.version,
        "rng": state.rng,
        "turn_order": list(state.turn_order),
        "turn": None if turn is None else turn_json(turn),
        "legend_card": state.legend_card,
    }
    if options.garage != "off":
        out["options"] |= {"garage": options.garage, "draft": options.draft}
        if options.garage_expansions:
            out["options"]["garage_expansions"] = True
    if state.garage is not None:
        garage = state.garage
        out["garage"] = {
            "deck": list(garage.deck),
            "round": garage.round,
            "market": list(garage.market),
            "order": list(garage.order),
            "box": list(garage.box),
        }
    if state.weather is not None:
        out["options"]["weather"] = True
        out["weather"] = {"card": state.weather.card, "tokens": list(state.weather.tokens)}
    if state.championship is not None:
        out["championship"] = championship_json(state.championship)
    return out


def championship_json(champ: Championship) -> dict[str, Any]:
    """The championship race's own figures, empty ones left out but the piles."""
    pressed: dict[str, list[int]] = {}
    for car, line in champ.pressed:
        pressed.setdefault(car, []).append(line)
    out: dict[str, Any] = {
        "event": champ.event,
        "sponsor_deck": list(champ.sponsor_deck),
        "sponsor_discard": list(champ.sponsor_discard),
    }
    optional = {
        "pressed": pressed,
        "gave_up": list(champ.gave_up),
        "eliminated": list(champ.eliminated),
        "spin_outs": dict(champ.spin_outs),
        "heat_removed": dict(champ.heat_removed),
    }
    return out | {name: value for name, value in optional.items() if value}


# Garage figures of a turn, written only when they differ from a base-game turn's.
_GARAGE_TURN = (
    "plus",
    "adjust",
    "accelerate",
    "accelerated",
    "reduce",
    "salvage",
    "super_cool",
    "slipstream_boost",
    "draft",
    "cooldown",
)


def turn_json(turn: Turn) -> dict[str, Any]:
    """The car taking steps 3-9 now; Garage figures only when they are not zero."""
    out: dict[str, Any] = {
        "car": turn.car,
        "step": turn.step,
        "start_space": turn.start_space,
        "boosted": turn.boosted,
        "adrenaline": turn.adrenaline,
        "adrenaline_speed": turn.adrenaline_speed,
    }
    if turn.chosen:
        out["chosen"] = [list(pair) for pair in turn.chosen]
    out |= {name: getattr(turn, name) for name in _GARAGE_TURN if getattr(turn, name)}
    if turn.refreshed:
        out["refreshed"] = list(turn.refreshed)
    if turn.slipstream_start is not None:
        out["slipstream_start"] = turn.slipstream_start
    if turn.unpaid:
        out["unpaid"] = list(turn.unpaid)
    if turn.adrenaline_cooldown:
        out["adrenaline_cooldown"] = True
    return out


def decision_json(decision: Decision) -> dict[str, Any]:
    """A decision as a scenario file lists it: car, do, then its own fields (those left
    out, such as a Slipstream's distance when it goes as far as it may, are not written)."""
    out: dict[str, Any] = {"car": decision.car, "do": decision.do}
    for field in decision_fields(decision):
        value = getattr(decision, field.name)
        if field.name != "car" and value is not None:
            out[field.name] = list(value) if isinstance(value, tuple) else value
    return out


_SCALAR = r'(?:"(?:[^"\\]|\\.)*"|-?\d+|null|true|false)'
_SCALAR_LIST = re.compile(rf"\[\n\s*({_SCALAR}(?:,\n\s*{_SCALAR})*)\n\s*\]")
_LIST_BREAK = re.compile(r",\n\s*")


def to_text(document: Any) -> str:
    """Indented JSON, with lists of plain values (card piles) kept on one line."""
    text = json.dumps(document, indent=2, ensure_ascii=False)
    return _SCALAR_LIST.sub(lambda m: "[" + _LIST_BREAK.sub(", ", m.group(1)) + "]", text)


def compact_state(state: RaceState) -> str:
    """The race in the notation, as compact JSON text (for storage, not for people)."""
    return json.dumps(state_json(state), separators=(",", ":"))


def dump_state(state: RaceState) -> str:
    """The race in the notation, as readable JSON text."""
    return to_text(state_json(state)) + "\n"
