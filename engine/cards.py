"""Cards as short strings, and what the rules say about each kind.

``"1"``-``"4"`` are the basic Speed cards (the only cards with the Speed
symbol), ``"0"`` and ``"5"`` the starting upgrades, ``"H"`` Heat and ``"S"``
Stress.
"""

from __future__ import annotations

from collections.abc import Iterable

Card = str

HEAT: Card = "H"
STRESS: Card = "S"
BASIC_SPEED_CARDS: tuple[Card, ...] = ("1", "2", "3", "4")
STARTING_UPGRADES: tuple[Card, ...] = ("0", "5", HEAT)

_SPEED: dict[Card, int] = {"0": 0, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, HEAT: 0, STRESS: 0}
KNOWN_CARDS: frozenset[Card] = frozenset(_SPEED)

HAND_SIZE = 7


def speed_value(card: Card) -> int:
    """The printed speed of a card in the Play Area (Stress and Heat show none)."""
    return _SPEED[card]


def is_basic(card: Card) -> bool:
    """Only basic cards carry the Speed symbol that ends a + symbol's flipping."""
    return card in BASIC_SPEED_CARDS


def is_playable(card: Card) -> bool:
    """Every card but Heat may be played in step 2."""
    return card != HEAT


def is_discardable(card: Card) -> bool:
    """ "You can never choose to discard Stress or Heat cards.\""""
    return card != HEAT and card != STRESS


def starting_deck(stress_in_deck: int) -> tuple[Card, ...]:
    """12 basic cards, the three starting upgrades and the track's Stress, unshuffled."""
    return BASIC_SPEED_CARDS * 3 + STARTING_UPGRADES + (STRESS,) * stress_in_deck


def canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    """One order for a multiset of cards, so equal choices compare equal."""
    return tuple(sorted(cards))


def remove_cards(pile: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``pile`` without ``cards`` (as a multiset), or None if it lacks one of them."""
    kept = list(pile)
    for card in cards:
        if card not in kept:
            return None
        kept.remove(card)
    return tuple(kept)
