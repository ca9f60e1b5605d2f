"""Clicks on the bot's buttons and selects: lobby buttons, the hand view, live prompts.

Each click is acknowledged first, then the race is reloaded from the store. A
decision reaches the race service as an engine ``Decision`` with the version
it was made on; an action the bot does not know gets a short answer.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

import engine
from bot.discord.ai_reason import reason_line
from bot.discord.controller import Controller, edit_posted, must_plan
from bot.discord.errors import think_privately
from bot.discord.hand import (
    Draft,
    Hand,
    cards_from_values,
    discard_choices,
    hand_components,
    hand_embed,
    orders_from_values,
    orders_text,
)
from bot.discord.ids import ACTIONS, ComponentId, decision_of, decision_text
from bot.discord.league_controller import LeagueController
from bot.discord.league_nights import RSVP_NO, RSVP_YES, LeagueNightsController
from bot.discord.market import market_cards, market_message, market_png, market_title
from bot.discord.prompts import private_choices_message
from bot.discord.texts import t
from bot.service import cpu
from bot.service.autoplay import ai_suggestion
from bot.service.race_seats import seat_of
from bot.service.refusals import Refused
from bot.storage import Orders
from engine import Decision, Discard
from engine.ai import CHAMPION, Reason
from engine.choices import card_choices, is_current, salvage_choices
from engine.choices import discard_choices as discardable
from engine.decisions import Salvage

SUGGESTION_LEVEL = "pro"  # the hand's "AI suggestion" is the best the AI can do


def suggestion_level(race_level: str) -> str:
    """The level whose plan the hand suggests: in a race the champion drives, the champion's
    (the plan it would play for the driver if the turn timer ran out, with what its playouts
    found); else :data:`SUGGESTION_LEVEL`'s."""
    return CHAMPION if race_level == CHAMPION else SUGGESTION_LEVEL


class Clicks:
    """Routes a component's click, by its custom id, to what it means."""

    def __init__(
        self, controller: Controller, leagues: LeagueController, nights: LeagueNightsController
    ) -> None:
        self.controller = controller
        self.leagues = leagues
        self.nights = nights

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
        elif action == "do":
            await self._prompt_decision(interaction, target)
        elif action in ("mkt", "mine"):
            await self._private_view(interaction, target)
        elif action == "lg":
            await self.leagues.draft.on_click(interaction, target, decision_text(target))
        elif action == "lgend":
            await self.leagues.end(interaction, target.race)
        elif action in (RSVP_YES, RSVP_NO):
            await self.nights.on_click(interaction, target)
        else:
            await self._unknown(interaction, target)

    async def on_select(
        self, interaction: discord.Interaction[Any], target: ComponentId, values: list[str]
    ) -> None:
        if target.action in ("dl", "sv"):
            await self._live_cards(interaction, target, values)
        elif target.action in ("g", "c", "o", "d"):
            await self._hand_select(interaction, target, values)
        elif target.action == "lgs":
            swap = self.leagues.draft.swap_text(target, values)
            await self.leagues.draft.on_click(interaction, target, swap)
        else:
            await self._unknown(interaction, target)

    async def _unknown(self, interaction: discord.Interaction[Any], target: ComponentId) -> None:
        known = target.action in ACTIONS
        await self.controller.refuse(interaction, "stale" if known else "unknown_action")

    # --- the hand view --------------------------------------------------------------------

    async def _hand_context(
        self, interaction: discord.Interaction[Any], target: ComponentId
    ) -> tuple[Hand, Draft, str] | None:
        """The clicker's hand, if the hand view is still current, and the race's AI level."""
        try:
            draft = Draft.decode(target.arg)
            record, seats, state = await self.controller.races.load(target.race)
        except (Refused, ValueError):
            await self.controller.refuse(interaction, "no_race")
            return None
        seat = next((s for s in seats if s.user_id == interaction.user.id), None)
        if seat is None:
            await self.controller.refuse(interaction, "not_your_race")
            return None
        if not is_current(state, target.stamp) or not must_plan(state, seat.car_id):
            await self.controller.send_hand(
                interaction, target.race, note=t("stale", interaction.locale) + "\n"
            )
            return None
        return Hand.of(target.race, state, seat.car_id), draft, record.config.ai_level

    async def _hand_select(
        self, interaction: discord.Interaction[Any], target: ComponentId, values: list[str]
    ) -> None:
        await interaction.response.defer()
        context = await self._hand_context(interaction, target)
        if context is None:
            return
        hand, draft, _ = context
        try:
            if target.action == "g":
                draft = draft.with_gear(int(values[0]))
            elif target.action == "c":
                choices = card_choices(hand.legal, draft.gear)
                draft = Draft(draft.gear, cards_from_values(choices, values), draft.orders)
            elif target.action == "o":
                orders = orders_from_values(values, draft.orders.discard)
                draft = Draft(draft.gear, draft.cards, orders)
            else:
                chosen = cards_from_values(discard_choices(hand, draft), values)
                draft = Draft(draft.gear, draft.cards, replace(draft.orders, discard=chosen))
        except (ValueError, IndexError):
            await self.controller.refuse(interaction, "stale")
            return
        await self._show_hand(interaction, hand, draft)

    async def _show_hand(
        self,
        interaction: discord.Interaction[Any],
        hand: Hand,
        draft: Draft,
        reason: Reason | None = None,
    ) -> None:
        locale = str(interaction.locale)
        line = None if reason is None else reason_line(reason, locale)
        await interaction.edit_original_response(
            content=None,
            embed=hand_embed(hand, draft, locale, line),
            view=hand_components(hand, draft, locale),
        )

    async def _hand_button(
        self, interaction: discord.Interaction[Any], target: ComponentId
    ) -> None:
        await interaction.response.defer()
        context = await self._hand_context(interaction, target)
        if context is None:
            return
        hand, draft, level = context
        if target.action == "sug":
            suggestion, reason = await cpu.run(
                ai_suggestion,
                hand.state,
                hand.car.id,
                suggestion_level(level),
                self.controller.races.champion_playouts,
            )
            draft = Draft(suggestion.gear, suggestion.cards, draft.orders)
            await self._show_hand(interaction, hand, draft, reason)
            return
        plan = hand.plan(draft)
        if plan is None:
            await self.controller.refuse(interaction, "cards_count", gear=draft.gear)
            return
        if not await self._decide(interaction, target, plan, draft.orders):
            return
        locale = str(interaction.locale)
        await interaction.edit_original_response(
            content=t(
                "hand_planned",
                locale,
                gear=plan.gear,
                cards=" ".join(plan.cards),
                orders=orders_text(draft.orders, locale),
            ),
            embed=None,
            view=None,
        )
        await self.controller.after(target.race)

    # --- live prompts ---------------------------------------------------------------------

    async def _prompt_decision(
        self, interaction: discord.Interaction[Any], target: ComponentId
    ) -> None:
        await interaction.response.defer()
        try:
            decision = decision_of(target)
        except ValueError:
            await self.controller.refuse(interaction, "unknown_action")
            return
        await self._decided_live(interaction, target, decision)

    async def _private_view(
        self, interaction: discord.Interaction[Any], target: ComponentId
    ) -> None:
        """The clicker's private side of a public prompt: the draft's market (its picture and
        a button per pick), or the choices that show their cards. Always of the clicker's own
        car, so a click on someone else's prompt shows nobody's cards."""
        await think_privately(interaction)
        try:
            _, seats, state = await self.controller.races.load(target.race)
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        seat = next((s for s in seats if s.user_id == interaction.user.id), None)
        if seat is None:
            await self.controller.refuse(interaction, "not_your_race")
            return
        locale = str(interaction.locale)
        if target.action == "mkt":
            cards = market_cards(state, seat.car_id)
            title = market_title(target.race, state, seat.name, locale)
            png = await cpu.run(market_png, cards, title, locale) if cards else b""
            message = market_message(target.race, state, seat.car_id, png, locale)
        else:
            message = private_choices_message(target.race, state, seat.car_id, locale)
        if not message["view"].children:
            waiting = engine.pending(state)
            deciding = waiting is not None and seat.car_id in waiting.cars
            await self.controller.refuse(
                interaction, "no_hidden_choices" if deciding else "not_your_turn"
            )
            return
        await interaction.followup.send(ephemeral=True, **message)

    async def _live_cards(
        self, interaction: discord.Interaction[Any], target: ComponentId, values: list[str]
    ) -> None:
        """A prompt's select of several cards: Discard or Salvage them.

        Whose car it is comes first: what a select offers is the car's hand, so a stranger's
        values are never checked against it (a "stale" answer would say what is there)."""
        await interaction.response.defer()
        choices = discardable if target.action == "dl" else salvage_choices
        try:
            _, seats, state = await self.controller.races.load(target.race)
            if seat_of(seats, interaction.user.id).car_id != target.arg:
                raise Refused("not_your_turn")
            cards = cards_from_values(choices(engine.legal_decisions(state, target.arg)), values)
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        except (ValueError, KeyError):
            await self.controller.refuse(interaction, "stale")
            return
        made = Discard if target.action == "dl" else Salvage
        await self._decided_live(interaction, target, made(target.arg, cards))

    async def _decided_live(
        self, interaction: discord.Interaction[Any], target: ComponentId, decision: Decision
    ) -> None:
        """Make a prompt's decision; the answered prompt loses its buttons, and so does the
        public prompt a private view was opened from."""
        if not await self._decide(interaction, target, decision, None):
            return
        await interaction.edit_original_response(view=None)
        opened_from = _public_prompt_of(interaction.message)
        if opened_from is not None and interaction.channel is not None:
            await edit_posted(interaction.channel, opened_from, view=None)
        await self.controller.after(target.race)

    async def _decide(
        self,
        interaction: discord.Interaction[Any],
        target: ComponentId,
        decision: Decision,
        orders: Orders | None,
    ) -> bool:
        """The race service's one entry; a refusal is answered, and False returned."""
        try:
            await self.controller.races.decide(
                target.race, interaction.user.id, target.stamp, decision, orders
            )
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return False
        return True


def _public_prompt_of(message: discord.Message | None) -> int | None:
    """The public prompt a private view was opened from (Discord notes it on the view)."""
    if message is None or not message.flags.ephemeral or message.interaction_metadata is None:
        return None
    return message.interaction_metadata.interacted_message_id
