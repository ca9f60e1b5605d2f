"""Who must decide what now, and every decision the rules allow them.

One question drives every caller: :func:`pending`. In steps 1-2 every racing
driver plans at once; in the Garage draft, step 3 (a card's speed) and steps 5,
6 and 8 one car decides at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product
from typing import Final, Literal

from data.models import ChampionshipEvent
from engine.cards import HEAT, Card, canonical, is_playable, speed_choices
from engine.championship import discard_limit, may_discard_card, race_event
from engine.decisions import (
    ChooseSpeed,
    Decision,
    Discard,
    GiveBack,
    Pick,
    Plan,
    Refresh,
    Slipstream,
)
from engine.flow import planners
from engine.garage import giving_back, refreshable, unchosen
from engine.limits import GEARS
from engine.map_spots import on_flooded_spot, shift_heat
from engine.react import react_decisions
from engine.state import RaceState
from engine.steps import slipstream_distances

Step = Literal["draft", "plan", "reveal", "react", "slipstream", "discard"]


@dataclass(slots=True, init=False)
class Pending:
    """The decision the race waits for, and the cars that owe it (state order).

    Asked for at every decision, so its ``__init__`` is written out for mypyc to compile
    (see engine/state.py).
    """

    step: Step
    cars: tuple[str, ...]

    def __init__(self, step: Step, cars: tuple[str, ...]) -> None:
        self.step = step
        self.cars = cars

    @property
    def car(self) -> str:
        """The first car owing the decision (the notation's ``pending.car``)."""
        return self.cars[0]


def pending(state: RaceState) -> Pending | None:
    """The decision the race waits for, or None once every car has finished."""
    garage = state.garage
    if garage is not None and garage.order:
        return Pending("draft", garage.order[:1])
    turn = state.turn
    if turn is not None:
        return Pending(turn.step, (turn.car,))
    owing = planners(state.cars)
    return Pending("plan", tuple(owing)) if owing else None


def _gears_in_reach(gear: int, engine: int, flooded: bool) -> tuple[int, ...]:
    return tuple(g for g in GEARS if abs(g - gear) <= 2 and shift_heat(gear, g, flooded) <= engine)


_LOW_GEAR: Final = GEARS[0]
_TOP_GEAR: Final = GEARS[-1]
# The most Heat a shift can cost: an Engine holding more reaches the gears this reaches.
_MOST_SHIFT_HEAT: Final = max(
    shift_heat(gear, to, flooded) for gear in GEARS for to in GEARS for flooded in (False, True)
)
# Every answer, by gear, Engine (up to the most a shift costs) and flooded spot, in one
# tuple: its place is worked out in native arithmetic by the compiled engine.
_IN_REACH: Final = tuple(
    _gears_in_reach(gear, engine, flooded)
    for gear in GEARS
    for engine in range(_MOST_SHIFT_HEAT + 1)
    for flooded in (False, True)
)


def reachable_gears(gear: int, engine: int, flooded: bool = False) -> tuple[int, ...]:
    """One step up or down is free; two steps cost 1 Heat from a non-empty Engine.

    From a flooded spot a downshift costs 1 Heat more: "Without the Heat, it
    cannot shift down." Read from a table: asked at every plan, by the AI for every option,
    and the answer depends on a few small numbers only.
    """
    if not _LOW_GEAR <= gear <= _TOP_GEAR or engine < 0:
        return _gears_in_reach(gear, engine, flooded)
    held = engine if engine < _MOST_SHIFT_HEAT else _MOST_SHIFT_HEAT
    place = (gear - _LOW_GEAR) * (_MOST_SHIFT_HEAT + 1) + held
    return _IN_REACH[place * 2 + (1 if flooded else 0)]


def is_cluttered(gear: int, engine: int, hand: tuple[Card, ...], flooded: bool = False) -> bool:
    """Even the lowest gear in reach needs more cards than the hand can play."""
    lowest = reachable_gears(gear, engine, flooded)[0]
    return lowest > len(hand) - (hand.count(HEAT) if HEAT in hand else 0)


def plan_options(
    car_id: str, gear: int, engine: int, hand: tuple[Card, ...], flooded: bool = False
) -> list[Decision]:
    """Every plan a car with this gear, Engine and hand may make (what its driver sees)."""
    playable = canonical(card for card in hand if is_playable(card))
    if is_cluttered(gear, engine, hand, flooded):
        return [
            Plan(car_id, g, playable + (HEAT,) * (g - len(playable)))
            for g in reachable_gears(gear, engine, flooded)
            if g <= len(hand)
        ]
    options: list[Decision] = []
    for g in reachable_gears(gear, engine, flooded):
        for cards in sorted(set(combinations(playable, g))):
            options.append(Plan(car_id, g, cards))
    return options


def discard_options(
    car_id: str, hand: tuple[Card, ...], event: ChampionshipEvent | None = None
) -> list[Decision]:
    """Every sub-multiset of the cards that may be discarded, the empty one included
    (a championship event may allow Heat or Stress, or limit how many)."""
    counts: dict[str, int] = {}
    for card in hand:
        if may_discard_card(event, card):
            counts[card] = counts.get(card, 0) + 1
    kinds = sorted(counts)
    limit = discard_limit(event)
    return [
        Discard(car_id, tuple(card for card, n in zip(kinds, ns, strict=True) for _ in range(n)))
        for ns in product(*(range(counts[kind] + 1) for kind in kinds))
        if limit is None or sum(ns) <= limit
    ]


def can_give_up(state: RaceState, car_id: str) -> bool:
    """Whether ``car_id`` may give up now: whenever the race waits on it, but in the draft.

    Giving up ends the driver's race, so it is no step's choice: :func:`legal_decisions`
    leaves it out, and AI or random drivers never pick it.
    """
    waiting = pending(state)
    return waiting is not None and waiting.step != "draft" and car_id in waiting.cars


def legal_decisions(state: RaceState, car_id: str) -> list[Decision]:
    """Every decision of the step ``car_id`` owes now (empty when the race waits for someone
    else); giving up, legal too, is asked with :func:`can_give_up`."""
    waiting = pending(state)
    if waiting is None or car_id not in waiting.cars:
        return []
    return decisions_of(state, car_id, waiting.step)


def decisions_of(state: RaceState, car_id: str, step: Step) -> list[Decision]:
    """The decisions of ``step``, which the race waits for ``car_id`` to make: a pick, a plan,
    a speed, a React symbol, a Slipstream or a discard (what :func:`legal_decisions` lists,
    for a caller that has asked :func:`pending` already, as a playout has)."""
    if step == "draft":
        return draft_options(state, car_id)
    car = state.car(car_id)
    if step == "plan":
        flooded = on_flooded_spot(state.track, car.space, car.spot)
        return plan_options(car_id, car.gear, car.engine, car.hand, flooded)
    turn = state.turn
    assert turn is not None
    if step == "reveal":
        card = unchosen(car, turn)[0]
        return [ChooseSpeed(car_id, card, speed) for speed in speed_choices(card)]
    if step == "react":
        return react_decisions(state, car, turn)
    if step == "slipstream":
        farthest, *shorter = reversed(slipstream_distances(state, car))
        assert farthest, "the Slipstream step comes only with a distance to take"
        taken = [Slipstream(car_id, True, spaces) for spaces in shorter]
        return [Slipstream(car_id, True), *taken, Slipstream(car_id, False)]
    refresh = sorted(set(refreshable(car, turn)))
    discards = discard_options(car_id, car.hand, race_event(state))
    return [Refresh(car_id, card) for card in refresh] + discards


def draft_options(state: RaceState, car_id: str) -> list[Decision]:
    """A pick from the market, or (the snake draft's last round) an upgrade to give back."""
    garage = state.garage
    assert garage is not None
    if giving_back(state):
        return [GiveBack(car_id, card) for card in sorted(set(state.car(car_id).upgrades))]
    return [Pick(car_id, card) for card in sorted(set(garage.market))]
