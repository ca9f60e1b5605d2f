"""What each card shows: its speed and its symbols, the only things a hand picture draws.

A face is data, not code: the base game's cards are listed here, and an upgrade
or a sponsorship card (speed and symbols as in the card facts) is one more face
drawn by the same code. Symbols use the facts' names (boost, heat, cooldown...). A
face's title is the card's English name; :func:`card_title` says it in the reader's
language (the message ``card_<name>``: ``card_speed``, ``card_gas_pedal``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Literal

import data
from data import words
from data.models import SponsorCard, Upgrade
from engine.cards import HEAT, STRESS, Card

Kind = Literal["speed", "upgrade", "sponsor", "heat", "stress"]


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card's printed face.

    ``speed`` is empty when the card shows none, one value, or the values the
    driver chooses from on reveal; ``symbols`` pairs each symbol with its number.
    """

    kind: Kind
    title: str
    speed: tuple[int, ...] = ()
    symbols: tuple[tuple[str, int], ...] = ()

    @classmethod
    def from_facts(
        cls, kind: Kind, title: str, speed: int | list[int], symbols: dict[str, int]
    ) -> CardFace:
        """A face from a card's entry in the card facts (speed: a value or a choice)."""
        values = tuple(speed) if isinstance(speed, list) else (speed,)
        return cls(kind, title, values, tuple(symbols.items()))


# The base game's cards: Speed 1-4, the 0 and 5 starting upgrades, Heat and Stress
# (a Stress card plays like one + symbol).
BASE_FACES: dict[Card, CardFace] = {
    **{str(n): CardFace("speed", "Speed", (n,)) for n in (1, 2, 3, 4)},
    "0": CardFace("upgrade", "Upgrade", (0,)),
    "5": CardFace("upgrade", "Upgrade", (5,)),
    HEAT: CardFace("heat", "Heat"),
    STRESS: CardFace("stress", "Stress", symbols=(("boost", 1),)),
}

# The order a hand is laid out in: Speed cards, then upgrades and sponsors, Stress, Heat.
KIND_ORDER: tuple[Kind, ...] = ("speed", "upgrade", "sponsor", "stress", "heat")


def card_face(card: Card) -> CardFace:
    """The face of a card in the engine's notation: a base card's own face, or a Garage
    upgrade's or a sponsorship card's from the card data (name, speeds, symbols);
    ValueError names an unknown card."""
    face = BASE_FACES.get(card)
    if face is not None:
        return face
    upgrade = _upgrades().get(card)
    kind: Kind = "upgrade"
    if upgrade is None:
        upgrade, kind = _sponsors().get(card), "sponsor"
    if upgrade is None:
        raise ValueError(f"no face for card {card!r}")
    symbols = {str(name): n for name, n in upgrade.symbols.items()}
    return CardFace.from_facts(kind, upgrade.name, list(upgrade.speed), symbols)


@cache
def _upgrades() -> dict[str, Upgrade | SponsorCard]:
    return {upgrade.id: upgrade for upgrade in data.upgrade_cards().upgrades}


@cache
def _sponsors() -> dict[str, Upgrade | SponsorCard]:
    return {card.id: card for card in data.championship().sponsorship_cards}


def title_key(title: str) -> str:
    """The words of a card's name, as a message key: "Gas pedal" -> "gas_pedal"."""
    return re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")


def card_title(face: CardFace, locale: str = "en") -> str:
    """The face's title in the locale's language (the message ``card_<title key>``); a
    name no catalog has yet reads as printed."""
    key = title_key(face.title)
    said = words.text(f"card_{key}", locale)
    return face.title if said == f"card_{key}" else said


def laid_out(faces: list[CardFace]) -> list[CardFace]:
    """Faces in the order a hand shows them: by kind, then by lowest speed."""
    return sorted(faces, key=lambda face: (KIND_ORDER.index(face.kind), face.speed))
