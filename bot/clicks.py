"""Clicks on the bot's buttons and selects: the hand view, lobby buttons, live prompts.

Each click is acknowledged first, then the race is reloaded from the store;
a click made for an earlier moment of the race is answered as stale.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import discord

import engine
from bot.components import HeatButton, HeatSelect, view_of
from bot.controller import Controller, must_plan, public_locale
from bot.hand import (
    Draft,
    cards_from_values,
    discard_choices,
    hand_components,
    hand_embed,
    orders_from_values,
    orders_text,
    planned_cards,
)
from bot.ids import ComponentId, button, select
from bot.orchestrator import Refused
from bot.texts import t
from engine import Adrenaline, Boost, Decision, Discard, ReactDone, Slipstream
from engine.ai import decide
from engine.cards import is_discardable, is_playable
from engine.view import CarView, RaceView

MakeDecision = Callable[[str], Decision]  # a live choice, given the clicker's car id

REACTIONS: dict[str, tuple[bool, bool] | str] = {
    "boost": "boost",
    "done": "done",
    "as": (True, False),
    "ac": (False, True),
    "asc": (True, True),
}


class Clicks:
    """Routes a component's click, by its custom id, to what it means."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller

    async def on_button(self, interaction: discord.Interaction[Any], target: ComponentId) -> None:
        action = target.action
        if action in ("join", "leave", "start"):
            await getattr(self.controller, action)(interaction, target.race)
        elif action == "hand":
            await self.controller.hand(interaction, target.race)
        elif action == "board":
            await self.controller.board(interaction, target.race)
        elif action in ("go", "sug"):
            await self._hand_button(interaction, target)
        elif action in ("r", "sl", "keep"):
            await self._live(interaction, target, _live_decision(action, target.arg))
        elif action == "dx":
            await self._discard_picker(interaction, target)

    async def on_select(
        self, interaction: discord.Interaction[Any], target: ComponentId, values: list[str]
    ) -> None:
        if target.action == "dl":
            await self._live_discard(interaction, target, values)
        else:
            await self._hand_select(interaction, target, values)

    async def _hand_context(
        self, interaction: discord.Interaction[Any], target: ComponentId
    ) -> tuple[RaceView, CarView, Draft] | None:
        """The race as the clicker sees it, if the hand view is still current."""
        try:
            draft = Draft.decode(target.arg)
            _, seats, state = await self.controller.orchestrator.load(target.race)
        except (Refused, ValueError):
            await self.controller.refuse(interaction, "no_race")
            return None
        seat = next((s for s in seats if s.user_id == interaction.user.id), None)
        if seat is None:
            await self.controller.refuse(interaction, "not_your_race")
            return None
        view = engine.view_for(state, seat.car_id)
        if view.round != target.stamp or not must_plan(view, seat.car_id):
            await self.controller.send_hand(
                interaction, target.race, note=t("stale", interaction.locale) + "\n"
            )
            return None
        return view, view.car(seat.car_id), draft

    async def _hand_select(
        self, interaction: discord.Interaction[Any], target: ComponentId, values: list[str]
    ) -> None:
        await interaction.response.defer()
        context = await self._hand_context(interaction, target)
        if context is None:
            return
        view, car, draft = context
        assert car.hand is not None
        try:
            if target.action == "g":
                draft = draft.with_gear(int(values[0]))
            elif target.action == "c":
                playable = sorted(c for c in car.hand if is_playable(c))
                draft = Draft(draft.gear, cards_from_values(playable, values), draft.orders)
            elif target.action == "o":
                orders = orders_from_values(values, draft.orders.discard)
                draft = Draft(draft.gear, draft.cards, orders)
            elif target.action == "d":
                chosen = cards_from_values(discard_choices(car, draft), values)
                draft = Draft(draft.gear, draft.cards, replace(draft.orders, discard=chosen))
        except (ValueError, IndexError):
            await self.controller.refuse(interaction, "stale")
            return
        await self._show_hand(interaction, target.race, view, car, draft)

    async def _show_hand(
        self,
        interaction: discord.Interaction[Any],
        race_id: int,
        view: RaceView,
        car: CarView,
        draft: Draft,
    ) -> None:
        locale = str(interaction.locale)
        await interaction.edit_original_response(
            content=None,
            embed=hand_embed(view, car, draft, locale),
            view=hand_components(race_id, view, car, draft, locale),
        )

    async def _hand_button(
        self, interaction: discord.Interaction[Any], target: ComponentId
    ) -> None:
        await interaction.response.defer()
        context = await self._hand_context(interaction, target)
        if context is None:
            return
        view, car, draft = context
        if target.action == "sug":
            suggestion = await asyncio.to_thread(decide, view, car.id)
            assert isinstance(suggestion, engine.Plan)
            draft = Draft(suggestion.gear, suggestion.cards, draft.orders)
            await self._show_hand(interaction, target.race, view, car, draft)
            return
        cards = planned_cards(car, draft)
        if cards is None:
            await self.controller.refuse(interaction, "cards_count", gear=draft.gear)
            return
        try:
            progress = await self.controller.orchestrator.plan(
                target.race, interaction.user.id, target.stamp, (draft.gear, cards), draft.orders
            )
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        locale = str(interaction.locale)
        await interaction.edit_original_response(
            content=t(
                "hand_planned",
                locale,
                gear=draft.gear,
                cards=" ".join(cards),
                orders=orders_text(draft.orders, locale),
            ),
            embed=None,
            view=None,
        )
        await self.controller.after(progress, public_locale(interaction))

    async def _live(
        self, interaction: discord.Interaction[Any], target: ComponentId, make: Any
    ) -> None:
        await interaction.response.defer()
        if make is None:
            await self.controller.refuse(interaction, "stale")
            return
        try:
            progress = await self.controller.orchestrator.react(
                target.race, interaction.user.id, target.stamp, make
            )
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        if interaction.message is not None and not interaction.message.flags.ephemeral:
            await interaction.edit_original_response(view=None)
        else:
            await interaction.edit_original_response(
                content=t("decided", interaction.locale), view=None
            )
        await self.controller.after(progress, public_locale(interaction))

    async def _discard_picker(
        self, interaction: discord.Interaction[Any], target: ComponentId
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            _, seats, state = await self.controller.orchestrator.load(target.race)
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        seat = next((s for s in seats if s.user_id == interaction.user.id), None)
        waiting = engine.pending(state)
        if seat is None or waiting is None or waiting.cars != (seat.car_id,):
            await self.controller.refuse(interaction, "not_your_turn")
            return
        if state.version != target.stamp:
            await self.controller.refuse(interaction, "stale")
            return
        car = engine.view_for(state, seat.car_id).car(seat.car_id)
        assert car.hand is not None
        discardable = sorted(c for c in car.hand if is_discardable(c))
        locale = str(interaction.locale)
        options = [discord.SelectOption(label=c, value=str(i)) for i, c in enumerate(discardable)]
        await interaction.followup.send(
            t("prompt_discard", locale, user=interaction.user.id),
            ephemeral=True,
            view=view_of(
                HeatSelect(
                    select("dl", target.race, target.stamp, ""),
                    options,
                    t("discard_placeholder", locale),
                    min_values=0,
                    max_values=len(options),
                ),
                HeatButton(button("keep", target.race, target.stamp), t("keep_all", locale)),
            ),
        )

    async def _live_discard(
        self, interaction: discord.Interaction[Any], target: ComponentId, values: list[str]
    ) -> None:
        _, seats, state = await self.controller.orchestrator.load(target.race)
        seat = next((s for s in seats if s.user_id == interaction.user.id), None)
        hand = () if seat is None else state.car(seat.car_id).hand
        discardable = sorted(c for c in hand if is_discardable(c))
        try:
            cards = cards_from_values(discardable, values)
        except ValueError:
            cards = ()
        await self._live(interaction, target, lambda car_id: Discard(car_id, cards))


def _live_decision(action: str, arg: str) -> MakeDecision | None:
    """What a live prompt button decides, as a function of the clicker's car id."""
    if action == "keep":
        return lambda car_id: Discard(car_id, ())
    if action == "sl" and arg in ("y", "n"):
        return lambda car_id: Slipstream(car_id, arg == "y")
    choice = REACTIONS.get(arg) if action == "r" else None
    if choice == "boost":
        return Boost
    if choice == "done":
        return ReactDone
    if isinstance(choice, tuple):
        speed, cooldown = choice
        return lambda car_id: Adrenaline(car_id, speed, cooldown)
    return None
