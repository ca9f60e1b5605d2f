"""Cards in a custom id: one character for a base card, two for an upgrade or a sponsor.

A button's custom id holds 100 characters, so a draft plan or ordered discards
cannot spell out upgrade ids such as ``brakes-1-2-3-4``. Base cards keep their
one-character names (digits, ``H``, ``S``); an upgrade is a lowercase letter
then a letter or digit, its place among the upgrade ids in sorted order, and a
sponsorship card (Championship) takes the places after the upgrades', so the
upgrades' codes never changed when sponsors came.
"""

from __future__ import annotations

import string
from collections.abc import Iterable

import data
from engine.cards import Card

_FIRST = string.ascii_lowercase
_SECOND = string.ascii_lowercase + string.digits
_UPGRADES = sorted({u.id for u in data.upgrade_cards().upgrades if len(u.id) > 1})
_SPONSORS = sorted(s.id for s in data.championship().sponsorship_cards)
_CODE = {
    card: _FIRST[i // len(_SECOND)] + _SECOND[i % len(_SECOND)]
    for i, card in enumerate([*_UPGRADES, *_SPONSORS])
}
_CARD = {code: card for card, code in _CODE.items()}


def encode_cards(cards: Iterable[Card]) -> str:
    """The cards, each as its one- or two-character code."""
    return "".join(_CODE.get(card, card) for card in cards)


def decode_cards(text: str) -> tuple[Card, ...]:
    """Read :func:`encode_cards` back; ValueError on a code no card has."""
    cards: list[Card] = []
    i = 0
    while i < len(text):
        if text[i] in _FIRST:
            code = text[i : i + 2]
            if code not in _CARD:
                raise ValueError(f"unknown card code {code!r}")
            cards.append(_CARD[code])
            i += 2
        else:
            cards.append(text[i])
            i += 1
    return tuple(cards)
