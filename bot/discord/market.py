"""The Garage draft's private view: a picture of the market's cards and a button per legal pick.

The public prompt only says who picks; the picker opens this view, so the
market's picture and the pick buttons come from :func:`engine.legal_decisions`
at the moment they look.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from PIL import Image

import engine
from bot.discord.components import HeatButton, view_of
from bot.discord.ids import decision_button
from bot.discord.prompts import label
from bot.discord.texts import t
from engine import RaceState
from engine.cards import Card
from engine.decisions import GiveBack, Pick
from render import png_bytes
from render.card_faces import card_face
from render.hand import CARD_HEIGHT, CARD_WIDTH, GAP, card_tile
from render.palette import PANEL


def market_png(cards: tuple[Card, ...]) -> bytes:
    """The cards side by side, each drawn as the hand draws it: name, speed, symbols."""
    width = GAP + len(cards) * (CARD_WIDTH + GAP)
    picture = Image.new("RGB", (width, CARD_HEIGHT + 2 * GAP), PANEL)
    for i, card in enumerate(cards):
        picture.paste(card_tile(card_face(card)), (GAP + i * (CARD_WIDTH + GAP), GAP))
    return png_bytes(picture)


def market_cards(state: RaceState, car_id: str) -> tuple[Card, ...]:
    """The cards the driver chooses among now: the market, or (snake draft) one to give back."""
    return tuple(
        decision.card
        for decision in engine.legal_decisions(state, car_id)
        if isinstance(decision, Pick | GiveBack)
    )


def market_message(
    race_id: int, state: RaceState, car_id: str, png: bytes, locale: str
) -> dict[str, Any]:
    """The private draft view: the picture, and one button per legal pick (or give-back)."""
    buttons: list[discord.ui.Item[Any]] = []
    for decision in engine.legal_decisions(state, car_id):
        text = label(decision, locale)
        if text is not None:
            target = decision_button(race_id, state.version, decision)
            buttons.append(HeatButton(target, text, discord.ButtonStyle.primary))
    return {
        "content": t("market", locale, round=state.garage.round if state.garage else 0),
        "file": discord.File(io.BytesIO(png), f"market-{race_id}-{state.version}.png"),
        "view": view_of(*buttons),
    }
