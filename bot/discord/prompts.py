"""Live prompts: one public message per decision a driver makes live, built from legal_decisions.

Every legal choice is a button at once (React: Boost, Adrenaline, Done); the
Discard prompt carries the select of discardable cards itself, with "keep
all". A button carries its decision's text form and the race version.
"""

from __future__ import annotations

from typing import Any

import discord

import engine
from bot.discord.components import HeatButton, HeatSelect, view_of
from bot.discord.ids import decision_button, select
from bot.discord.texts import t
from engine import Adrenaline, Boost, Decision, Discard, RaceState, ReactDone, Slipstream
from engine.cards import STRESS, speed_value
from engine.choices import discard_choices


def label_key(decision: Decision) -> str | None:
    """The text key of a decision's button; None for a choice not worth a button."""
    if isinstance(decision, Boost):
        return "boost"
    if isinstance(decision, ReactDone):
        return "react_done"
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


STYLES = {
    "boost": discord.ButtonStyle.primary,
    "slipstream_yes": discord.ButtonStyle.primary,
    "react_done": discord.ButtonStyle.success,
}


def prompt_message(
    race_id: int, state: RaceState, car_id: str, mention: int | None, locale: str
) -> dict[str, Any]:
    """The public prompt for ``car_id``'s live decision at ``state``, in the driver's language."""
    waiting = engine.pending(state)
    assert waiting is not None and waiting.step != "plan"
    legal = engine.legal_decisions(state, car_id)
    car = state.car(car_id)
    if waiting.step == "react":
        speed = sum(map(speed_value, car.play_area))
        content = t("prompt_react", locale, user=mention, speed=speed, engine=car.engine)
    else:
        content = t(f"prompt_{waiting.step}", locale, user=mention)
    items: list[discord.ui.Item[Any]] = []
    cards = list(discard_choices(legal))
    if cards:
        options = [
            discord.SelectOption(label=t("stress_card", locale) if c == STRESS else c, value=str(i))
            for i, c in enumerate(cards)
        ]
        items.append(
            HeatSelect(
                select("dl", race_id, state.version, car_id),
                options,
                t("discard_placeholder", locale),
                min_values=1,
                max_values=len(options),
            )
        )
    for decision in legal:
        key = label_key(decision)
        if key is not None:
            style = STYLES.get(key, discord.ButtonStyle.secondary)
            items.append(
                HeatButton(decision_button(race_id, state.version, decision), t(key, locale), style)
            )
    return {"content": content, "view": view_of(*items)}
