"""Live prompts: one public message per decision a driver makes live, built from legal_decisions.

A choice that shows no hidden card is a button at once (React: Boost,
Adrenaline, Done; Discard: keep all). A choice that shows cards only the
driver may see (the cards to discard, a Direct Play card, Reduce Stress,
Salvage from the discard pile) is offered in the driver's private view, which
the public prompt's "Open my cards" button opens. A button carries its
decision's text form and the race version. The Garage draft's prompt only
opens the picker's private market view.
"""

from __future__ import annotations

from typing import Any

import discord

import engine
from bot.discord.components import HeatButton, HeatSelect, view_of
from bot.discord.ids import button, decision_button, select
from bot.discord.texts import t
from engine import Adrenaline, Boost, Decision, Discard, RaceState, ReactDone, Slipstream
from engine.cards import Card, speed_value
from engine.choices import discard_choices, salvage_choices, shows_hidden_cards, slipstream_spaces
from engine.decisions import (
    Accelerate,
    ChooseSpeed,
    DirectPlay,
    DraftMove,
    GiveBack,
    Pick,
    Reduce,
    Refresh,
    Salvage,
    SuperCool,
)
from render.card_words import card_label

# Decision kinds with one label each, filled in with the decision's card, speed or count.
PLAIN_KEYS: dict[type[Decision], str] = {
    Boost: "boost",
    ReactDone: "react_done",
    Accelerate: "accelerate",
    SuperCool: "super_cool",
    DraftMove: "draft_move",
    Pick: "pick",
    GiveBack: "give_back",
    ChooseSpeed: "choose_speed",
    DirectPlay: "direct_play",
    Reduce: "reduce",
    Refresh: "refresh",
}


def label_key(decision: Decision) -> str | None:
    """The text key of a decision's button; None for a choice made in a select instead.

    Salvage and Discard pick several cards, so their prompt carries a select.
    """
    plain = PLAIN_KEYS.get(type(decision))
    if plain is not None:
        return plain
    if isinstance(decision, Slipstream):
        return "slipstream_yes" if decision.take else "slipstream_no"
    if isinstance(decision, Adrenaline):
        both = {(True, False): "adrenaline_speed", (False, True): "adrenaline_cooldown"}
        return (
            "adrenaline_both"
            if decision.speed and decision.cooldown
            else both.get((decision.speed, decision.cooldown))
        )
    if isinstance(decision, Discard):
        return "keep_all" if not decision.cards else None
    return None


def label(decision: Decision, locale: str, spaces: int = 0) -> str | None:
    """A decision's button label with its figures (card, speed, count, a Slipstream's
    ``spaces``), in the driver's language."""
    key = label_key(decision)
    if key is None:
        return None
    card = getattr(decision, "card", "")
    return t(
        key,
        locale,
        card=card_label(card, locale) if card else "",
        speed=getattr(decision, "speed", ""),
        count=getattr(decision, "count", ""),
        spaces=spaces,
    )


MAX_OPTIONS = 25  # Discord's limit for one select
PLACEHOLDERS = {"dl": "discard_placeholder", "sv": "salvage_placeholder"}


def card_select(
    action: str,
    race_id: int,
    state: RaceState,
    car_id: str,
    cards: tuple[Card, ...],
    most: int,
    locale: str,
) -> HeatSelect:
    """A select of several cards (Discard, Salvage): option values are positions in ``cards``."""
    options = [
        discord.SelectOption(label=card_label(card, locale), value=str(i))
        for i, card in enumerate(cards[:MAX_OPTIONS])
    ]
    return HeatSelect(
        select(action, race_id, state.version, car_id),
        options,
        t(PLACEHOLDERS[action], locale),
        min_values=1,
        max_values=min(most, len(options)),
    )


STYLES = {
    "boost": discord.ButtonStyle.primary,
    "slipstream_yes": discord.ButtonStyle.primary,
    "react_done": discord.ButtonStyle.success,
}


def prompt_message(
    race_id: int, state: RaceState, car_id: str, who: str, locale: str
) -> dict[str, Any]:
    """The public prompt for ``car_id``'s live decision at ``state``, in the driver's language;
    ``who`` names the driver (a mention, or their name if they are told otherwise)."""
    waiting = engine.pending(state)
    assert waiting is not None and waiting.step != "plan"
    legal = engine.legal_decisions(state, car_id)
    car = state.car(car_id)
    if waiting.step == "react":
        speed = sum(map(speed_value, car.play_area))
        content = t("prompt_react", locale, who=who, speed=speed, engine=car.engine)
    else:
        content = t(f"prompt_{waiting.step}", locale, who=who)
    items: list[discord.ui.Item[Any]] = []
    if waiting.step == "draft":
        market = button("mkt", race_id, state.version)
        items.append(HeatButton(market, t("open_market", locale), discord.ButtonStyle.primary))
        return {"content": content, "view": view_of(*items)}
    # In a Garage race a React step may hold choices that show cards (Direct Play, Reduce
    # Stress, Super Cool): the opener is there whether or not it holds one now, since a
    # button that came and went would tell everyone what the hand holds.
    garage_react = waiting.step == "react" and state.options.garage != "off"
    if garage_react or any(map(shows_hidden_cards, legal)):
        mine = button("mine", race_id, state.version, car_id)
        items.append(HeatButton(mine, t("open_my_cards", locale), discord.ButtonStyle.primary))
    shown = [decision for decision in legal if not shows_hidden_cards(decision)]
    items += choice_items(race_id, state, car_id, shown, locale)
    return {"content": content, "view": view_of(*items)}


def private_choices_message(
    race_id: int, state: RaceState, car_id: str, locale: str
) -> dict[str, Any]:
    """The driver's private side of a prompt: the choices that show their hidden cards."""
    hidden = [d for d in engine.legal_decisions(state, car_id) if shows_hidden_cards(d)]
    items = choice_items(race_id, state, car_id, hidden, locale)
    return {"content": t("my_cards", locale), "view": view_of(*items)}


def choice_items(
    race_id: int, state: RaceState, car_id: str, decisions: list[Decision], locale: str
) -> list[discord.ui.Item[Any]]:
    """A select for the choices of several cards (Discard, Salvage), a button for each other."""
    items: list[discord.ui.Item[Any]] = []
    cards = discard_choices(decisions)
    if cards:
        items.append(card_select("dl", race_id, state, car_id, cards, len(cards), locale))
    salvageable = salvage_choices(decisions)
    if salvageable:
        most = max(len(d.cards) for d in decisions if isinstance(d, Salvage))
        items.append(card_select("sv", race_id, state, car_id, salvageable, most, locale))
    for decision in decisions:
        spaces = slipstream_spaces(state, decision) if isinstance(decision, Slipstream) else 0
        text = label(decision, locale, spaces)
        if text is not None:
            style = STYLES.get(label_key(decision) or "", discord.ButtonStyle.secondary)
            items.append(HeatButton(decision_button(race_id, state.version, decision), text, style))
    return items
