"""The Garage draft's market: a picture of its cards, numbered, and a numbered button per card.

Used by the race's draft (the picker's private view) and by a league's draft
(its public prompt). Every card of the market is drawn, equal cards each, under
its number; each card's button carries the same number and makes the legal
decision (from the engine) that takes that card, so two equal cards get two
buttons. A title says which race and who picks. The picture's words are in the
language of where it is shown: the picker's for the race's private market, the
server's for a league's public prompt.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import discord
from PIL import Image, ImageDraw

import engine
from bot.discord.components import HeatButton, view_of
from bot.discord.ids import decision_button
from bot.discord.prompts import label
from bot.discord.texts import t
from data.words import track_name
from engine import RaceState
from engine.cards import Card
from engine.decisions import GiveBack, Pick
from render import palette, png_bytes
from render.card_faces import card_face
from render.hand import CARD_HEIGHT, CARD_WIDTH, GAP, card_tile
from render.text import draw_text, fitted

COLUMNS = 3
"""Cards in a row: the picture stays narrow enough for its smallest text at 400 px."""
WIDTH = GAP + COLUMNS * (CARD_WIDTH + GAP)
TITLE_SIZE = 22
TITLE_LINE = 32
NUMBER_SIZE = 24
NUMBER_HEIGHT = 40

T = TypeVar("T")


def market_png(cards: Sequence[Card], title: Sequence[str], locale: str = "en") -> bytes:
    """The cards in rows of three under the title's lines (each cut to the picture), each
    card drawn as the hand draws it (in the locale's language) and numbered from 1 above it."""
    rows = max(1, -(-len(cards) // COLUMNS))
    title_height = GAP + TITLE_LINE * len(title)
    height = title_height + rows * (NUMBER_HEIGHT + CARD_HEIGHT + GAP)
    picture = Image.new("RGB", (WIDTH, height), palette.PANEL)
    for n, line in enumerate(title):
        shown = fitted(line, WIDTH - 2 * GAP, size=TITLE_SIZE, bold=n == 0)
        at = (GAP, GAP + TITLE_LINE * n + TITLE_LINE / 2)
        draw_text(picture, at, shown, size=TITLE_SIZE, fill=palette.TEXT, bold=n == 0, anchor="lm")
    draw = ImageDraw.Draw(picture)
    for i, card in enumerate(cards):
        row, column = divmod(i, COLUMNS)
        in_row = min(COLUMNS, len(cards) - row * COLUMNS)
        left = (WIDTH - in_row * (CARD_WIDTH + GAP) + GAP) // 2 + column * (CARD_WIDTH + GAP)
        top = title_height + row * (NUMBER_HEIGHT + CARD_HEIGHT + GAP)
        centre = (left + CARD_WIDTH / 2, top + NUMBER_HEIGHT / 2)
        radius = NUMBER_HEIGHT / 2 - 2
        draw.ellipse(
            (centre[0] - radius, centre[1] - radius, centre[0] + radius, centre[1] + radius),
            fill=palette.TEXT,
        )
        number = str(i + 1)
        draw_text(
            picture, centre, number, size=NUMBER_SIZE, fill=palette.INK, bold=True, anchor="mm"
        )
        picture.paste(card_tile(card_face(card), locale=locale), (left, top + NUMBER_HEIGHT))
    return png_bytes(picture)


def numbered(
    cards: Sequence[Card], decisions: Sequence[T], card_of: Callable[[T], Card]
) -> list[tuple[int, T]]:
    """Each card's number (from 1, as the picture shows it) with the legal decision that
    takes it; a card no decision takes gets none."""
    taking = {card_of(decision): decision for decision in decisions}
    return [(n, taking[card]) for n, card in enumerate(cards, start=1) if card in taking]


def market_cards(state: RaceState, car_id: str) -> tuple[Card, ...]:
    """The cards the driver chooses among now, in order, equal cards each: the market, or
    (the snake draft's last round) the upgrades one of which goes back."""
    picks = _draft_decisions(state, car_id)
    if any(isinstance(decision, GiveBack) for decision in picks):
        return tuple(decision.card for decision in picks)
    draft = engine.view_for(state, car_id).draft
    return draft.market if draft is not None and picks else ()


def market_title(race_id: int, state: RaceState, name: str, locale: str = "en") -> tuple[str, str]:
    """The picture's title in the locale's language: the race (number and track) and the
    draft's round, who picks."""
    track = track_name(state.track, locale)
    draft_round = state.garage.round if state.garage else 0
    heading = t("market_title", locale, race=race_id, track=track, round=draft_round)
    return heading, picks(name, locale)


def picks(name: str, locale: str = "en") -> str:
    """The title's line naming the picker."""
    return t("market_picks", locale, name=name)


def market_message(
    race_id: int, state: RaceState, car_id: str, png: bytes, locale: str
) -> dict[str, Any]:
    """The private draft view: the picture, and a button per card with the card's number."""
    buttons: list[discord.ui.Item[Any]] = []
    cards = market_cards(state, car_id)
    for number, decision in numbered(cards, _draft_decisions(state, car_id), _card_of):
        text = label(decision, locale)
        if text is not None:
            target = decision_button(race_id, state.version, decision, number)
            shown = t("numbered", locale, number=number, label=text)
            buttons.append(HeatButton(target, shown, discord.ButtonStyle.primary))
    return {
        "content": t("market", locale, round=state.garage.round if state.garage else 0),
        "file": discord.File(io.BytesIO(png), f"market-{race_id}-{state.version}.png"),
        "view": view_of(*buttons),
    }


def _draft_decisions(state: RaceState, car_id: str) -> list[Pick | GiveBack]:
    return [d for d in engine.legal_decisions(state, car_id) if isinstance(d, Pick | GiveBack)]


def _card_of(decision: Pick | GiveBack) -> Card:
    return decision.card
