"""A card in words says what its picture draws: the same title (one catalog entry), speed and
symbols, and no two cards a driver may hold read alike in any language."""

from __future__ import annotations

import pytest

import data
from engine.cards import HEAT, KNOWN_CARDS, STRESS
from render.card_faces import card_face, card_title
from render.card_words import card_label
from render.hand import symbol_text


@pytest.mark.parametrize("locale", ["en", "it", "qps-ploc"])
def test_no_two_cards_read_alike(locale: str) -> None:
    """Gas pedal 1 and its variant with Accelerate are both speed 1: their symbols tell them
    apart, so a select of a hand never offers two options that look the same."""
    cards = sorted(set(KNOWN_CARDS))
    labels = {card_label(card, locale) for card in cards}
    assert len(labels) == len(cards)


@pytest.mark.parametrize("locale", ["en", "it"])
def test_a_garage_card_reads_as_its_picture_draws_it(locale: str) -> None:
    """Title from the card's catalog entry (the one the hand and the market draw), then its
    speed, then each chip as the card prints it; never the engine's notation."""
    for upgrade in data.upgrade_cards().upgrades:
        if upgrade.id == HEAT:
            continue
        face = card_face(upgrade.id)
        said = card_label(upgrade.id, locale)
        assert said.startswith(f"{card_title(face, locale)} {'/'.join(map(str, face.speed))}")
        for symbol, n in face.symbols:
            assert symbol_text(symbol, n, locale) in said
        assert upgrade.id not in said


def test_base_cards_read_as_their_figure_and_stress_says_what_it_does() -> None:
    assert [card_label(card, "it") for card in ("1", "4", "0", "5", HEAT)] == [
        "1",
        "4",
        "0",
        "5",
        "Heat",
    ]
    assert card_label(STRESS, "en") == "Stress (+1-4)"
    assert card_label("gas-pedal-1b", "it") == "Acceleratore 1 (accel. 1, rottama 5, diretto)"
