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
  ``play_area`` (cards revealed this turn); both omitted when empty.

Every number has a range (``engine/limits.py``); a file outside it is refused:

- ``laps`` 1-5; ``round`` 1-999; ``seed`` 0 to 2**63-1; ``version`` and ``rng``
  0 to 2**31-1;
- ``cars``: 1-6, each ``id`` (letters, digits, ``_``, ``-``) and ``color`` at most
  16 characters, a Legend's colour one of the Legends deck's; ``space`` (and
  ``turn.start_space``) from the last grid space (-3) to one lap past the finish
  line (laps * N + N); ``gear`` and a plan's ``gear`` 1-4; ``engine`` and every
  pile 0-60 cards; ``finished`` 1-6;
- ``legend_deck``: distinct cards 1-10; ``legend_card`` 1-10;
- ``options``: ``adrenaline_cars`` 0-6 (or null), ``legend_speed_bonus`` 0-5 (the
  rules only raise a Legend's speed);
- a decision names a car of the race, and a ``plan``'s ``gear`` is 1-4.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

import data
from engine import limits
from engine.cards import KNOWN_CARDS
from engine.decisions import Adrenaline, Boost, Decision, Discard, Plan, ReactDone, Slipstream
from engine.errors import NotationError
from engine.state import Car, Options, PlannedMove, RaceState, Turn

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

    @model_validator(mode="after")
    def _cards_match_kind(self) -> CarDoc:
        card_fields = ("gear", "engine", "hand", "deck", "discard")
        if self.kind == "legend":
            given = [name for name in card_fields if getattr(self, name) is not None]
            if given or self.plan or self.play_area:
                raise ValueError(f"a Legend has no {', '.join(given) or 'cards'}")
            legends = data.legend_cards()
            if self.color not in (*legends.colours, *legends.extra_colours):
                raise ValueError(f"the Legends deck has no colour {self.color!r}")
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
    adrenaline_cars: int | None = Field(default=None, ge=0, le=limits.MAX_CARS)
    aggressive_legends: bool = False
    legend_speed_bonus: int = Field(
        default=0, ge=limits.LEGEND_SPEED_BONUS.start, le=limits.LEGEND_SPEED_BONUS.stop - 1
    )


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

    @model_validator(mode="after")
    def _consistent(self) -> StateDoc:
        ids = [car.id for car in self.cars]
        if len(set(ids)) != len(ids):
            raise ValueError("car ids must be distinct")
        spots = [(c.space, c.spot) for c in self.cars if c.finished is None]
        if len(set(spots)) != len(spots):
            raise ValueError("two cars on the same spot")
        if len(set(self.legend_deck)) != len(self.legend_deck):
            raise ValueError("legend_deck: a card is listed twice")
        unknown = [i for i in self.turn_order if i not in ids]
        if self.turn is not None:
            unknown += [] if self.turn.car in self.turn_order else [self.turn.car]
        if unknown:
            raise ValueError(f"turn names unknown car(s): {', '.join(unknown)}")
        self._turn_order_is_the_field()
        self._on_the_course()
        return self

    def _turn_order_is_the_field(self) -> None:
        """A round's order lists every car still racing once; the car taking a turn drives."""
        racing = sorted(car.id for car in self.cars if car.finished is None)
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


class _DecisionDoc(_Strict):
    car: str


class PlanDecisionDoc(_DecisionDoc):
    do: Literal["plan"]
    gear: Gear
    cards: Pile


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
    cards: Pile


DecisionDoc = Annotated[
    PlanDecisionDoc | BoostDoc | AdrenalineDoc | ReactDoneDoc | SlipstreamDoc | DiscardDoc,
    Field(discriminator="do"),
]


class ScenarioDoc(StateDoc):
    decisions: list[DecisionDoc] = []

    @model_validator(mode="after")
    def _known_cars(self) -> ScenarioDoc:
        ids = {car.id for car in self.cars}
        for index, decision in enumerate(self.decisions):
            if decision.car not in ids:
                raise ValueError(f"decisions.{index}.car: there is no car {decision.car!r}")
        return self


def _parse(text: str, model: type[StateDoc]) -> StateDoc:
    try:
        return model.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        message = first["msg"].removeprefix("Value error, ")
        if first["type"] == "json_invalid":
            raise NotationError(f"not valid JSON: {first['ctx']['error']}") from None
        if first["type"] == "model_type" and not where:
            raise NotationError("not a race: the file must hold one JSON object") from None
        raise NotationError(f"{where}: {message}" if where else message) from None


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
    return {
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
