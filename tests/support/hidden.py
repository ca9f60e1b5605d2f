"""A race changed in everything one driver may not see: for the tests that a driver's view,
and so any AI's decision, never depends on what is hidden from it."""

from __future__ import annotations

import random
from dataclasses import replace

from engine import RaceState


def hide_differently(state: RaceState, viewer: str, rng: random.Random) -> RaceState:
    """The same race with everything ``viewer`` may not see changed: the seed, the Legends'
    deck order, its own deck order (and which unseen card lies in deck or discard pile), the
    other cars' hands, plans and piles."""
    other = state.copy()
    other.seed = rng.randrange(2**32)
    other.rng = state.rng + rng.randrange(1, 50)
    other.legend_deck = tuple(rng.sample(state.legend_deck, len(state.legend_deck)))
    pool = [card for car in state.cars for card in car.hand + car.deck + car.discard]
    for car_id in [car.id for car in other.cars]:
        car = other.edit_car(car_id)
        unseen = list(car.deck + car.discard[:-1])
        rng.shuffle(unseen)
        car.deck, car.discard = (
            tuple(unseen[: len(car.deck)]),
            tuple(unseen[len(car.deck) :]) + car.discard[-1:],
        )
        if car.id != viewer and not car.is_legend:
            car.hand = tuple(rng.choice(pool) for _ in car.hand)
            if car.plan is not None:
                cards = tuple(rng.choice(pool) for _ in car.plan.cards)
                car.plan = replace(car.plan, cards=cards)
    return other
