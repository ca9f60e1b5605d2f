"""What a driver knows of its own cards without seeing its deck.

A player knows every card they own: the starting deck (with the Garage
module, its drafted upgrades instead of the 0, 5 and Heat), the Heat of their
Engine (both as the weather card changed them), and one Stress more for each
Stress taken in a spin out (the pile sizes tell how many). What is neither in
hand, in play nor in the Engine lies in the draw deck or the discard pile, in an
order nobody knows, so the odds of a + symbol or of a draw come from those
unseen cards alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

import data
from engine.cards import BASIC_SPEED_CARDS, HEAT, STRESS, Card, speed_value, symbols
from engine.conditions import starting_piles
from engine.garage import card_heat
from engine.state import Weather
from engine.view import CarView

Odds = tuple[tuple[int, float], ...]
# What a plan's cards do to the Engine besides their Speed (Garage symbols): the Heat their
# Heat symbols make the car pay, and the Cooldown their Cooldown symbols bring.
CardEffects = tuple[int, int]
NO_EFFECTS: CardEffects = (0, 0)


def unseen_cards(
    track_id: str, car: CarView, weather: Weather | None = None, garage: bool = False
) -> Counter[Card]:
    """The cards of ``car`` in its draw deck and discard pile together (its own view only).

    With the Garage on (``garage``), the car's upgrades replace the starting ones even
    when it has none yet (a championship's first race)."""
    upgrades = car.upgrades if garage or car.upgrades else None
    piles = starting_piles(data.track(track_id), weather, upgrades)
    owned = Counter(piles.deck + piles.discard)
    owned[HEAT] += piles.engine
    seen = Counter(car.hand or ())
    seen.update(car.play_area)
    if car.plan is not None:
        seen.update(car.plan.cards)
    seen[HEAT] += car.engine
    owned[STRESS] += max(0, seen.total() + car.deck_count + car.discard_count - owned.total())
    return Counter({card: n for card, n in (owned - seen).items() if n > 0})


def plus_odds(unseen: Counter[Card]) -> Odds:
    """The Speed one + symbol adds: the value of a basic card among the unseen ones.

    With no basic card left anywhere the symbol adds nothing, as the engine rules.
    """
    basics = {card: unseen[card] for card in BASIC_SPEED_CARDS if unseen[card] > 0}
    total = sum(basics.values())
    if total == 0:
        return ((0, 1.0),)
    return tuple((speed_value(card), n / total) for card, n in sorted(basics.items()))


@lru_cache(maxsize=256)
def sum_odds(odds: Odds, times: int) -> Odds:
    """The Speed ``times`` + symbols add together (flips treated as independent; cached:
    a decision asks the same few sums over and over)."""
    result: dict[int, float] = {0: 1.0}
    for _ in range(times):
        step: dict[int, float] = {}
        for total, p in result.items():
            for value, q in odds:
                step[total + value] = step.get(total + value, 0.0) + p * q
        result = step
    return tuple(sorted(result.items()))


def card_adjust(cards: Iterable[Card]) -> int:
    """How much the Adjust symbols of ``cards`` move every corner's limit this turn."""
    return sum(symbols(card).get("adjust", 0) for card in cards)


def card_effects(cards: tuple[Card, ...]) -> CardEffects:
    """The Heat (as the engine charges it) and the Cooldown the symbols of ``cards`` bring,
    played together."""
    return card_heat(cards), sum(symbols(card).get("cooldown", 0) for card in cards)
