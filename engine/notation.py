"""The race notation (``heat-race/1``): read and write a race exactly.

The documented fields keep the meaning the spec gives them. This project adds,
all optional on input:

- ``version``: decisions applied so far (a stale click names an older one);
- ``rng``: random draws made from the seed so far (the next shuffle's number);
- ``turn_order``: this round's order of steps 3-9, fixed when the round starts;
- ``turn``: the car taking steps 3-9 now (``car``, ``step`` = react / slipstream /
  discard, ``start_space``, ``boosted``, ``adrenaline`` = Adrenaline still unused,
  ``adrenaline_speed`` = +1 Speed taken), or null while cars plan;
- ``legend_card``: the Legend card revealed this round, once a Legend has moved;
- per car, ``plan`` (``gear`` and ``cards`` chosen in secret, not yet revealed) and
  ``play_area`` (cards revealed this turn); both omitted when empty;
- ``options.weather`` and ``weather`` (the weather card and one road-condition token
  per corner line), both only with the weather module: see docs/weather-notation.md.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

import data
from engine.cards import KNOWN_CARDS
from engine.decisions import Adrenaline, Boost, Decision, Discard, Plan, ReactDone, Slipstream
from engine.errors import NotationError
from engine.state import Car, Options, PlannedMove, RaceState, Turn, Weather
from engine.weather import weather_problem

NOTATION = "heat-race/1"


def _known_card(card: str) -> str:
    if card not in KNOWN_CARDS:
        raise ValueError(f"unknown card {card!r}")
    return card


def _known_track(track_id: str) -> str:
    try:
        data.track(track_id)
    except data.DataError as exc:
        raise ValueError(str(exc)) from None
    return track_id


CardId = Annotated[str, AfterValidator(_known_card)]
TrackId = Annotated[str, AfterValidator(_known_track)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class PlanDoc(_Strict):
    gear: int = Field(ge=1, le=4)
    cards: list[CardId]


class CarDoc(_Strict):
    id: str = Field(min_length=1)
    color: str
    kind: Literal["human", "ai", "legend"]
    space: int
    spot: Literal[0, 1]
    gear: int | None = Field(default=None, ge=1, le=4)
    engine: int | None = Field(default=None, ge=0)
    hand: list[CardId] | None = None
    deck: list[CardId] | None = None
    discard: list[CardId] | None = None
    finished: int | None = Field(ge=1)
    plan: PlanDoc | None = None
    play_area: list[CardId] = []

    @model_validator(mode="after")
    def _cards_match_kind(self) -> CarDoc:
        card_fields = ("gear", "engine", "hand", "deck", "discard")
        if self.kind == "legend":
            given = [name for name in card_fields if getattr(self, name) is not None]
            if given or self.plan or self.play_area:
                raise ValueError(f"a Legend has no {', '.join(given) or 'cards'}")
        else:
            missing = [name for name in card_fields if getattr(self, name) is None]
            if missing:
                raise ValueError(f"a {self.kind} car needs {', '.join(missing)}")
        return self


class TurnDoc(_Strict):
    car: str
    step: Literal["react", "slipstream", "discard"]
    start_space: int
    boosted: bool = False
    adrenaline: bool = False
    adrenaline_speed: bool = False


class OptionsDoc(_Strict):
    adrenaline_cars: int | None = Field(default=None, ge=0)
    aggressive_legends: bool = False
    legend_speed_bonus: int = 0
    weather: bool = False


class WeatherDoc(_Strict):
    card: str
    tokens: list[str]


class StateDoc(_Strict):
    notation: Literal["heat-race/1"]
    track: TrackId
    laps: int = Field(ge=1)
    seed: int
    round: int = Field(ge=1)
    cars: list[CarDoc] = Field(min_length=1)
    legend_deck: list[Annotated[int, Field(ge=1, le=10)]] = []
    options: OptionsDoc = OptionsDoc()
    version: int = Field(default=0, ge=0)
    rng: int = Field(default=0, ge=0)
    turn_order: list[str] = []
    turn: TurnDoc | None = None
    legend_card: int | None = Field(default=None, ge=1, le=10)
    weather: WeatherDoc | None = None

    @model_validator(mode="after")
    def _consistent(self) -> StateDoc:
        ids = [car.id for car in self.cars]
        if len(set(ids)) != len(ids):
            raise ValueError("car ids must be distinct")
        spots = [(c.space, c.spot) for c in self.cars if c.finished is None]
        if len(set(spots)) != len(spots):
            raise ValueError("two cars on the same spot")
        unknown = [i for i in self.turn_order if i not in ids]
        if self.turn is not None:
            unknown += [] if self.turn.car in self.turn_order else [self.turn.car]
        if unknown:
            raise ValueError(f"turn names unknown car(s): {', '.join(unknown)}")
        if self.options.weather != (self.weather is not None):
            raise ValueError("options.weather and the weather field come together")
        if self.weather is not None:
            problem = weather_problem(data.track(self.track), _weather(self.weather))
            if problem is not None:
                raise ValueError(f"weather: {problem}")
        return self


def _weather(doc: WeatherDoc) -> Weather:
    return Weather(doc.card, tuple(doc.tokens))


class _DecisionDoc(_Strict):
    car: str


class PlanDecisionDoc(_DecisionDoc):
    do: Literal["plan"]
    gear: int
    cards: list[CardId]


class BoostDoc(_DecisionDoc):
    do: Literal["boost"]


class AdrenalineDoc(_DecisionDoc):
    do: Literal["adrenaline"]
    speed: bool
    cooldown: bool


class ReactDoneDoc(_DecisionDoc):
    do: Literal["react_done"]


class SlipstreamDoc(_DecisionDoc):
    do: Literal["slipstream"]
    take: bool


class DiscardDoc(_DecisionDoc):
    do: Literal["discard"]
    cards: list[CardId]


DecisionDoc = Annotated[
    PlanDecisionDoc | BoostDoc | AdrenalineDoc | ReactDoneDoc | SlipstreamDoc | DiscardDoc,
    Field(discriminator="do"),
]


class ScenarioDoc(StateDoc):
    decisions: list[DecisionDoc] = []


def _parse(text: str, model: type[StateDoc]) -> StateDoc:
    try:
        return model.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "document"
        message = first["msg"].removeprefix("Value error, ")
        if first["type"] == "json_invalid":
            raise NotationError(f"not valid JSON: {first['ctx']['error']}") from None
        raise NotationError(f"{where}: {message}") from None


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
    return car


def _state(doc: StateDoc) -> RaceState:
    turn = doc.turn
    return RaceState(
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
        turn=None if turn is None else Turn(**turn.model_dump()),
        legend_card=doc.legend_card,
        weather=None if doc.weather is None else _weather(doc.weather),
    )


def _decision(doc: Any) -> Decision:
    if isinstance(doc, PlanDecisionDoc):
        return Plan(doc.car, doc.gear, tuple(doc.cards))
    if isinstance(doc, AdrenalineDoc):
        return Adrenaline(doc.car, doc.speed, doc.cooldown)
    if isinstance(doc, SlipstreamDoc):
        return Slipstream(doc.car, doc.take)
    if isinstance(doc, DiscardDoc):
        return Discard(doc.car, tuple(doc.cards))
    return Boost(doc.car) if isinstance(doc, BoostDoc) else ReactDone(doc.car)


def load_state(text: str) -> RaceState:
    """Read a race position; NotationError names the field that is wrong."""
    return _state(_parse(text, StateDoc))


def load_scenario(text: str) -> tuple[RaceState, list[Decision]]:
    """Read a position and the decisions listed after it."""
    doc = _parse(text, ScenarioDoc)
    assert isinstance(doc, ScenarioDoc)
    return _state(doc), [_decision(d) for d in doc.decisions]


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
    return out


def state_json(state: RaceState) -> dict[str, Any]:
    """The race as a JSON-ready dict in the notation's field order."""
    turn = state.turn
    options = state.options
    document: dict[str, Any] = {
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
        "turn": None
        if turn is None
        else {
            "car": turn.car,
            "step": turn.step,
            "start_space": turn.start_space,
            "boosted": turn.boosted,
            "adrenaline": turn.adrenaline,
            "adrenaline_speed": turn.adrenaline_speed,
        },
        "legend_card": state.legend_card,
    }
    if state.weather is not None:
        document["options"]["weather"] = True
        document["weather"] = {"card": state.weather.card, "tokens": list(state.weather.tokens)}
    return document


def decision_json(decision: Decision) -> dict[str, Any]:
    """A decision as a scenario file lists it."""
    out: dict[str, Any] = {"car": decision.car, "do": decision.do}
    if isinstance(decision, Plan):
        out |= {"gear": decision.gear, "cards": list(decision.cards)}
    elif isinstance(decision, Adrenaline):
        out |= {"speed": decision.speed, "cooldown": decision.cooldown}
    elif isinstance(decision, Slipstream):
        out["take"] = decision.take
    elif isinstance(decision, Discard):
        out["cards"] = list(decision.cards)
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
