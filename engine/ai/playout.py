"""A random legal driver: the policy of random playouts (the engine bench, any search).

:func:`random_decision` draws one decision the rules allow without listing them all
where the list is long: a hand of seven plays up to 35 sets of cards in a gear and
discards up to 128 subsets, and a playout needs only one of them. Elsewhere it draws
from :func:`engine.pending.decisions_of`, the one list of choices. In the compiled
build it runs compiled with the rules, so a playout costs little beyond the engine's
own work.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import TypeVar

from engine.cards import is_playable
from engine.championship import discard_limit, may_discard_card, race_event
from engine.decisions import Decision, Discard, Plan
from engine.garage import refreshable
from engine.map_spots import on_flooded_spot
from engine.pending import Pending, decisions_of, is_cluttered, reachable_gears
from engine.state import RaceState

T = TypeVar("T")


def random_decision(state: RaceState, waiting: Pending, rng: Random) -> Decision:
    """A legal decision of one of the ``waiting`` cars, drawn with ``rng``.

    A plan is a reachable gear the hand can fill, then that many playable cards; a
    discard keeps each card it may discard with even odds (up to the event's limit).
    """
    car_id = _one_of(waiting.cars, rng)
    car = state.car(car_id)
    if waiting.step == "plan":
        flooded = on_flooded_spot(state.track, car.space, car.spot)
        if not is_cluttered(car.gear, car.engine, car.hand, flooded):
            playable = [card for card in car.hand if is_playable(card)]
            gears = [
                g for g in reachable_gears(car.gear, car.engine, flooded) if g <= len(playable)
            ]
            gear = _one_of(gears, rng)
            return Plan(car_id, gear, _some_of(playable, gear, rng))
    elif waiting.step == "discard":
        assert state.turn is not None, "a discard comes in a car's turn"
        if not refreshable(car, state.turn):
            event = race_event(state)
            limit = discard_limit(event)
            cards = [c for c in car.hand if may_discard_card(event, c) and rng.random() < 0.5]
            return Discard(car_id, tuple(cards[:limit] if limit is not None else cards))
    return _one_of(decisions_of(state, car_id, waiting.step), rng)


# Random's own choice and sample are Python code; rng.random() alone is C (and the odds
# of a playout need no exactness to the last bit).
def _one_of(items: Sequence[T], rng: Random) -> T:
    """One of ``items``, each as likely."""
    return items[int(rng.random() * len(items))]


def _some_of(items: list[T], count: int, rng: Random) -> tuple[T, ...]:
    """``count`` of ``items`` (a list this changes), each set as likely: a partial shuffle."""
    for i in range(count):
        j = i + int(rng.random() * (len(items) - i))
        items[i], items[j] = items[j], items[i]
    return tuple(items[:count])
