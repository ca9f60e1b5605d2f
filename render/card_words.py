"""A card named in words, as its picture shows it: a button, a select or a line of text says
the same title, speed and symbols the hand and the market draw (one catalog entry each)."""

from __future__ import annotations

from data import words
from render.card_faces import card_face, card_title
from render.hand import symbol_text

PLAIN_KINDS = frozenset({"speed", "heat"})
"""Cards whose figure (or title) says it all: "3", "Heat"."""


def card_label(card: str, locale: str = "en") -> str:
    """``card`` (the engine's notation) in the locale's words: a Speed card or a starting
    upgrade by its figure ("3", "0"), Heat by name, Stress by what it does, a Garage or
    sponsorship card by its title, speed and symbols ("Gas pedal 1 (scrap 5, accel 1,
    direct)"), so two cards of one name and speed read apart."""
    face = card_face(card)
    if face.kind == "stress":
        return words.text("stress_card", locale)  # what it does: flips until a Speed card
    figure = "/".join(map(str, face.speed))
    if face.kind in PLAIN_KINDS or (face.kind == "upgrade" and face.title == "Upgrade"):
        return figure or card_title(face, locale)
    title = card_title(face, locale)
    named = f"{title} {figure}" if figure else title
    if not face.symbols:
        return named
    chips = ", ".join(symbol_text(symbol, n, locale) for symbol, n in face.symbols)
    return f"{named} ({chips})"
