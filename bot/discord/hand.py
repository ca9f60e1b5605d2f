"""The private hand view: gear, cards, reactions, discards, a forecast, Confirm, a picture.

Every choice it offers comes from :func:`engine.legal_decisions`; the draft
plan rides in every component's custom id, so each click rebuilds the view
from the stored race and the id alone, across restarts.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import discord

import engine
from bot.discord.components import HeatButton, HeatSelect, view_of
from bot.discord.ids import button, select
from bot.discord.pictures import hand_pngs
from bot.discord.texts import t
from bot.discord.upgrades import upgrade_lines
from bot.service import cpu
from bot.storage import Orders
from bot.storage.card_codes import decode_cards, encode_cards
from engine import Decision, Plan, RaceState
from engine.cards import HEAT, Card
from engine.choices import (
    GearOption,
    card_choices,
    discardable_after,
    gear_options,
    wait_began,
)
from engine.forecast import Forecast, forecast, next_corner
from engine.view import CarView
from render.card_words import card_label


@dataclass(frozen=True, slots=True)
class Draft:
    """A plan being built: gear, cards and the round's standing orders."""

    gear: int
    cards: tuple[Card, ...] = ()
    orders: Orders = field(default_factory=Orders)

    def encode(self) -> str:
        return f"{self.gear}{encode_cards(self.cards)}_{self.orders.encode()}"

    @classmethod
    def decode(cls, text: str) -> Draft:
        head, _, orders = text.partition("_")
        if not head or not head[0].isdigit():
            raise ValueError(f"unreadable draft {text!r}")
        return cls(int(head[0]), decode_cards(head[1:]), Orders.decode(orders))

    def with_gear(self, gear: int) -> Draft:
        return replace(self, gear=gear, cards=self.cards[:gear])


@dataclass(frozen=True, slots=True)
class Hand:
    """A driver's car at the plan step, with every plan the rules allow it."""

    race_id: int
    state: RaceState
    car: CarView
    legal: Sequence[Decision]

    @classmethod
    def of(cls, race_id: int, state: RaceState, car_id: str) -> Hand:
        car = engine.view_for(state, car_id).car(car_id)
        return cls(race_id, state, car, engine.legal_decisions(state, car_id))

    @property
    def gears(self) -> list[GearOption]:
        return gear_options(self.legal, self.car.gear, self.car.flooded)

    def option(self, gear: int) -> GearOption | None:
        return next((o for o in self.gears if o.gear == gear), None)

    def starting_draft(self) -> Draft:
        """Stay in gear if the hand allows it, else the nearest gear it does allow."""
        gear = min(self.gears, key=lambda o: (abs(o.gear - self.car.gear), -o.gear)).gear
        return Draft(gear)

    def plan(self, draft: Draft) -> Plan | None:
        """The legal plan the draft makes, or None while it is incomplete."""
        option = self.option(draft.gear)
        if option is None:
            return None
        cards = option.forced if option.forced is not None else draft.cards
        plan = Plan(self.car.id, draft.gear, cards)
        return plan if plan in self.legal else None

    def cluttered(self, draft: Draft) -> bool:
        option = self.option(draft.gear)
        return option is not None and option.forced is not None and HEAT in option.forced


# Discord's longest attachment description (its alt text).
ALT_TEXT_LIMIT = 1024


async def hand_pictures(hand: Hand, locale: str) -> list[discord.File]:
    """The driver's cards and their stretch of road as PNGs, drawn in a worker process in the
    driver's language, each with its words as alt text.

    The hand and the road stay the same while a plan is drafted, so the pictures
    are sent once, when the hand opens, and edits of the view keep them. The road
    shows inside the hand's embed (see :func:`with_road`), so a phone shows each
    picture at full width rather than two side by side.
    """
    (hand_png, hand_words), (road_png, road_words) = await cpu.run(
        hand_pngs, hand.state, hand.car.id, locale
    )
    return [
        discord.File(
            io.BytesIO(hand_png), f"hand-{hand.car.id}.png", description=hand_words[:ALT_TEXT_LIMIT]
        ),
        discord.File(
            io.BytesIO(road_png), road_file(hand.car.id), description=road_words[:ALT_TEXT_LIMIT]
        ),
    ]


def road_file(car_id: str) -> str:
    """The file name of a driver's stretch of road, which the hand's embed shows."""
    return f"road-{car_id}.png"


def with_road(embed: discord.Embed, car_id: str) -> discord.Embed:
    """``embed`` showing the driver's stretch of road sent with it."""
    return embed.set_image(url=f"attachment://{road_file(car_id)}")


def orders_text(orders: Orders, locale: str) -> str:
    if orders.mode == "ai":
        return t("orders_ai", locale)
    if orders.mode == "live":
        return t("orders_live", locale)
    chosen = [
        t(key, locale)
        for key, on in (
            ("orders_boost", orders.boost),
            ("orders_slipstream", orders.slipstream),
            ("orders_adrenaline_speed", orders.adrenaline_speed),
            ("orders_adrenaline_cooldown", orders.adrenaline_cooldown),
        )
        if on
    ]
    text = ", ".join(chosen) or t("orders_none", locale)
    if orders.discard:
        text += "; " + t("hand_discard", locale, cards=" ".join(orders.discard))
    return text


def car_lines(car: CarView, locale: str) -> list[str]:
    """Gear, Engine, deck and discard counts, and the hand: what the driver always sees."""
    status = t(
        "hand_status",
        locale,
        gear=car.gear,
        engine=car.engine,
        deck=car.deck_count,
        discard=car.discard_count,
    )
    cards = t("hand_cards", locale, cards=" ".join(f"`{c}`" for c in sorted(car.hand or ())))
    return [status, cards]


def hand_embed(hand: Hand, draft: Draft, locale: str, reason: str | None = None) -> discord.Embed:
    """The hand view's text; ``reason`` is the AI's line beside the plan it just suggested."""
    car, view = hand.car, engine.view_for(hand.state, hand.car.id)
    lines = car_lines(car, locale) + upgrade_lines(car.hand or (), locale)
    if car.flooded:
        lines.append(t("hand_flooded", locale))
    corner = next_corner(view, car)
    if corner is not None:
        lines.append(
            t(
                "hand_corner",
                locale,
                space=corner[0],
                limit=corner[1],
                distance=corner[0] - car.space + 1,
            )
        )
    plan = hand.plan(draft)
    if hand.cluttered(draft):
        lines.append(t("hand_cluttered", locale))
        if reason is not None:
            lines.append(reason)
    elif plan is not None:
        lines.append(t("hand_plan", locale, gear=plan.gear, cards=" ".join(plan.cards)))
        if reason is not None:
            lines.append(reason)
        outcome = forecast(view, car, plan.cards)
        lines.append(_forecast_line(outcome, locale))
        for cost in outcome.corners:
            heat = _range(cost.heat_low, cost.heat_high)
            lines.append(
                t("hand_forecast_corner", locale, space=cost.space, limit=cost.limit, heat=heat)
            )
        if outcome.may_spin:
            lines.append(t("hand_spin_risk", locale, engine=car.engine))
    lines.append(t("hand_orders", locale, orders=orders_text(draft.orders, locale)))
    title = t("hand_title", locale, round=view.round, car=car.id)
    embed = discord.Embed(title=title, description="\n".join(lines), colour=0xE0402A)
    return with_road(embed, car.id)


def discard_choices(hand: Hand, draft: Draft) -> list[Card]:
    """Cards the driver may order discarded once the draft is played (sorted).

    The discard select lists them in this order and its values index into it.
    """
    planned = Plan(hand.car.id, draft.gear, draft.cards)
    return list(discardable_after(hand.state, planned))


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def _forecast_line(outcome: Forecast, locale: str) -> str:
    """Speed and landing space, as ranges when Stress makes them unknown."""
    speed = _range(outcome.speed_low, outcome.speed_high)
    land = _range(outcome.land_low, outcome.land_high)
    return t("hand_forecast", locale, speed=speed, land=land)


def hand_components(hand: Hand, draft: Draft, locale: str) -> discord.ui.View:
    """Gear, cards, reactions and discard selects, then Confirm and AI suggestion."""
    race_id, stamp, arg = hand.race_id, wait_began(hand.state), draft.encode()
    items: list[discord.ui.Item[Any]] = [
        HeatSelect(select("g", race_id, stamp, arg), _gear_options(hand, draft, locale), row=0)
    ]
    option = hand.option(draft.gear)
    if option is not None and option.forced is None:
        items.append(
            HeatSelect(
                select("c", race_id, stamp, arg),
                _card_options(list(card_choices(hand.legal, draft.gear)), draft.cards, locale),
                t("cards_placeholder", locale),
                min_values=draft.gear,
                max_values=draft.gear,
                row=1,
            )
        )
    items.append(
        HeatSelect(
            select("o", race_id, stamp, arg),
            _orders_options(draft.orders, locale),
            t("orders_placeholder", locale),
            min_values=0,
            max_values=len(ORDER_CHOICES),
            row=2,
        )
    )
    discardable = discard_choices(hand, draft)
    if draft.orders.mode == "orders" and discardable:
        items.append(
            HeatSelect(
                select("d", race_id, stamp, arg),
                _card_options(discardable, draft.orders.discard, locale),
                t("discard_placeholder", locale),
                min_values=0,
                max_values=len(discardable),
                row=3,
            )
        )
    items.append(
        HeatButton(
            button("go", race_id, stamp, arg),
            t("confirm", locale),
            discord.ButtonStyle.success,
            disabled=hand.plan(draft) is None,
            row=4,
        )
    )
    items.append(HeatButton(button("sug", race_id, stamp, arg), t("suggest", locale), row=4))
    return view_of(*items)


def _gear_options(hand: Hand, draft: Draft, locale: str) -> list[discord.SelectOption]:
    options = []
    for option in hand.gears:
        label = t("gear_option", locale, gear=option.gear)
        if option.heat:
            label += t("gear_cost", locale, n=option.heat)
        if option.cooldown:
            label += t("gear_cooldown", locale, n=option.cooldown)
        options.append(
            discord.SelectOption(
                label=label, value=str(option.gear), default=option.gear == draft.gear
            )
        )
    return options


def _card_options(
    cards: list[Card], chosen: tuple[Card, ...], locale: str
) -> list[discord.SelectOption]:
    """One option per card; equal cards get their own option (value = position)."""
    left = list(chosen)
    options = []
    for index, card in enumerate(cards):
        picked = card in left
        if picked:
            left.remove(card)
        label = card_label(card, locale)
        options.append(discord.SelectOption(label=label, value=str(index), default=picked))
    return options


def cards_from_values(cards: Sequence[Card], values: list[str]) -> tuple[Card, ...]:
    """The cards a card select's values name (ValueError if one is unknown)."""
    indices = sorted({int(value) for value in values})
    if any(not 0 <= i < len(cards) for i in indices):
        raise ValueError("card choice out of range")
    return tuple(cards[i] for i in indices)


ORDER_CHOICES = ("ai", "live", "boost", "slipstream", "adrenaline_speed", "adrenaline_cooldown")


def _orders_options(orders: Orders, locale: str) -> list[discord.SelectOption]:
    on = {
        "ai": orders.mode == "ai",
        "live": orders.mode == "live",
        "boost": orders.mode == "orders" and orders.boost,
        "slipstream": orders.mode == "orders" and orders.slipstream,
        "adrenaline_speed": orders.mode == "orders" and orders.adrenaline_speed,
        "adrenaline_cooldown": orders.mode == "orders" and orders.adrenaline_cooldown,
    }
    return [
        discord.SelectOption(label=t(f"orders_{choice}", locale), value=choice, default=on[choice])
        for choice in ORDER_CHOICES
    ]


def orders_from_values(values: list[str], discard: tuple[Card, ...]) -> Orders:
    """Reactions chosen in the select: live or AI win; otherwise the chosen standing orders."""
    chosen = set(values)
    if "live" in chosen:
        return Orders("live")
    if "ai" in chosen:
        return Orders("ai")
    return Orders(
        "orders",
        boost="boost" in chosen,
        slipstream="slipstream" in chosen,
        adrenaline_speed="adrenaline_speed" in chosen,
        adrenaline_cooldown="adrenaline_cooldown" in chosen,
        discard=discard,
    )
