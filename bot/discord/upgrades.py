"""What each Garage upgrade in a hand will do this round: its speed and its symbols, in short.

The figures come from the card data through :mod:`engine.cards`; the texts say
when each symbol acts (at the reveal, in the React step, in the Discard step).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.discord.texts import t
from engine.cards import Card, speed_choices, symbols
from render.card_faces import card_face, card_title

BASE_CARDS = frozenset("012345HS")


def upgrade_lines(hand: Iterable[Card], locale: str) -> list[str]:
    """One short line per distinct upgrade in the hand, in the driver's language."""
    lines = []
    for card in sorted(set(hand) - BASE_CARDS):
        speeds = "/".join(map(str, speed_choices(card)))
        uses = [t(f"symbol_{name}", locale, n=n) for name, n in sorted(symbols(card).items())]
        lines.append(
            t(
                "hand_upgrade",
                locale,
                card=card,
                name=card_title(card_face(card), locale),
                speed=speeds,
                uses="; ".join(uses) or "-",
            )
        )
    return lines
