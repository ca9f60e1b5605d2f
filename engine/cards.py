"""Cards as short strings, and what the rules say about each kind.

``"1"``-``"4"`` are the basic Speed cards (the only cards with the Speed
symbol), ``"0"`` and ``"5"`` the starting upgrades, ``"H"`` Heat and ``"S"``
Stress. Garage upgrades go by their id in ``data/cards.json`` (``"turbo-8"``),
Championship sponsorship cards by theirs in ``data/championship.json`` (``"sp-brakes"``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import data

Card = str

HEAT: Final[Card] = "H"
STRESS: Final[Card] = "S"
BASIC_SPEED_CARDS: Final[tuple[Card, ...]] = ("1", "2", "3", "4")
BASIC: Final[frozenset[Card]] = frozenset(BASIC_SPEED_CARDS)
STARTING_UPGRADES: Final[tuple[Card, ...]] = ("0", "5", HEAT)

_UPGRADES: Final = {u.id: u for u in data.upgrade_cards().upgrades if u.id != HEAT} | {
    s.id: s for s in data.championship().sponsorship_cards
}
# The printed speed of each card in the Play Area (:func:`speed_value`; the Speed of a turn
# reads it card by card). A card with several speeds counts 0 here; the speed chosen at its
# reveal is kept in the turn.
SPEED_VALUE: Final[dict[Card, int]] = {
    "0": 0,
    "1": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    HEAT: 0,
    STRESS: 0,
} | {
    card: upgrade.speed[0] if len(upgrade.speed) == 1 else 0 for card, upgrade in _UPGRADES.items()
}
_SPEEDS: Final[dict[Card, tuple[int, ...]]] = {card: u.speed for card, u in _UPGRADES.items()}
_SYMBOLS: Final[dict[Card, dict[str, int]]] = {
    card: {str(name): n for name, n in u.symbols.items()} for card, u in _UPGRADES.items()
}
_NO_SYMBOLS: Final[dict[str, int]] = {}
_PLUS: Final[dict[Card, int]] = {STRESS: 1} | {
    card: n for card, marks in _SYMBOLS.items() if (n := marks.get("boost", 0))
}
# The cards with a + symbol: most plays hold none, and one look at this set spares asking
# card by card.
WITH_PLUS: Final[frozenset[Card]] = frozenset(_PLUS)
# The Heat symbol's number per card, asked for every revealed card.
_HEAT_SYMBOL: Final[dict[Card, int]] = {
    card: n for card, marks in _SYMBOLS.items() if (n := marks.get("heat", 0))
}
DIRECT_PLAY: Final[frozenset[Card]] = frozenset(
    card for card, marks in _SYMBOLS.items() if "direct" in marks
)
# The cards with any Garage symbol, a Heat symbol, Refresh: most plays hold none, and one
# look at these sets spares asking card by card.
WITH_SYMBOLS: Final[frozenset[Card]] = frozenset(card for card, marks in _SYMBOLS.items() if marks)
WITH_HEAT_SYMBOL: Final[frozenset[Card]] = frozenset(_HEAT_SYMBOL)
WITH_REFRESH: Final[frozenset[Card]] = frozenset(
    card for card, marks in _SYMBOLS.items() if "refresh" in marks
)
SEVERAL_SPEEDS: Final[frozenset[Card]] = frozenset(
    card for card, sp in _SPEEDS.items() if len(sp) > 1
)
KNOWN_CARDS: Final[frozenset[Card]] = frozenset(SPEED_VALUE)
SPONSOR_CARDS: Final[frozenset[Card]] = frozenset(
    s.id for s in data.championship().sponsorship_cards
)

HAND_SIZE: Final = 7


def speed_value(card: Card) -> int:
    """The printed speed of a card in the Play Area (Stress and Heat show none)."""
    return SPEED_VALUE[card]


def speed_choices(card: Card) -> tuple[int, ...]:
    """The speeds a card may be played as: one value, or several to choose from at reveal."""
    return _SPEEDS.get(card) or (SPEED_VALUE[card],)


def symbols(card: Card) -> dict[str, int]:
    """The Garage symbols printed on a card, with their numbers (none on base cards)."""
    return _SYMBOLS.get(card, _NO_SYMBOLS)


def plus_symbols(card: Card) -> int:
    """The + symbols a played card brings: one on Stress, the printed number on upgrades."""
    return _PLUS.get(card, 0)


def heat_symbols(card: Card) -> int:
    """The Heat a played card's Heat symbol makes the car pay (0 on base cards)."""
    return _HEAT_SYMBOL.get(card, 0)


def is_basic(card: Card) -> bool:
    """Only basic cards carry the Speed symbol that ends a + symbol's flipping."""
    return card in BASIC


def is_sponsor(card: Card) -> bool:
    """A sponsorship card: played once, it leaves the car for the shared sponsorship discard."""
    return card in SPONSOR_CARDS


def is_playable(card: Card) -> bool:
    """Every card but Heat may be played in step 2."""
    return card != HEAT


# The cards step 8 never takes (see is_discardable): read card by card at every discard
# step, where a set spares a call.
NEVER_DISCARDED: Final[frozenset[Card]] = frozenset((HEAT, STRESS))


def is_discardable(card: Card) -> bool:
    """ "You can never choose to discard Stress or Heat cards.\""""
    return card not in NEVER_DISCARDED


def starting_deck(
    stress_in_deck: int, upgrades: tuple[Card, ...] | None = None
) -> tuple[Card, ...]:
    """12 basic cards, the starting upgrades and the track's Stress, unshuffled.

    With the Garage module the drafted ``upgrades`` replace the 0, 5 and Heat
    starting upgrades.
    """
    extra = STARTING_UPGRADES if upgrades is None else upgrades
    return BASIC_SPEED_CARDS * 3 + extra + (STRESS,) * stress_in_deck


def canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    """One order for a multiset of cards, so equal choices compare equal."""
    return tuple(sorted(cards))


def remove_cards(pile: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """``pile`` without ``cards`` (as a multiset), or None if it lacks one of them."""
    if not cards:
        return pile
    kept = list(pile)
    for card in cards:
        try:
            kept.remove(card)
        except ValueError:
            return None
    return tuple(kept)
