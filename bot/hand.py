"""The private hand view: gear, cards, reactions, discards, a forecast and Confirm.

The draft plan rides in every component's custom id, so each click rebuilds
the view from the stored race and the id alone, across restarts.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.components import HeatButton, HeatSelect, view_of
from bot.forecast import Forecast, forecast, next_corner
from bot.ids import button, select
from bot.orders import Orders
from bot.texts import t
from engine.cards import HEAT, STRESS, Card, is_discardable, is_playable
from engine.map_spots import shift_heat
from engine.pending import is_cluttered, reachable_gears
from engine.steps import GEAR_COOLDOWN
from engine.view import CarView, RaceView

CARD_NAMES = {STRESS: "S", HEAT: "H"}


@dataclass(frozen=True, slots=True)
class Draft:
    """A plan being built: gear, cards and the round's standing orders."""

    gear: int
    cards: tuple[Card, ...] = ()
    orders: Orders = field(default_factory=Orders)

    def encode(self) -> str:
        return f"{self.gear}{''.join(self.cards)}_{self.orders.encode()}"

    @classmethod
    def decode(cls, text: str) -> Draft:
        head, _, orders = text.partition("_")
        if not head or not head[0].isdigit():
            raise ValueError(f"unreadable draft {text!r}")
        return cls(int(head[0]), tuple(head[1:]), Orders.decode(orders))

    def with_gear(self, gear: int) -> Draft:
        return replace(self, gear=gear, cards=self.cards[:gear])


def playable_gears(car: CarView) -> list[int]:
    """Gears the car can shift to and fill with cards (every reachable one when cluttered)."""
    assert car.hand is not None
    reachable = reachable_gears(car.gear, car.engine, car.flooded)
    if is_cluttered(car.gear, car.engine, car.hand, car.flooded):
        return [gear for gear in reachable if gear <= len(car.hand)]
    playable = sum(1 for c in car.hand if is_playable(c))
    return [gear for gear in reachable if gear <= playable]


def starting_draft(car: CarView) -> Draft:
    """Stay in gear if the hand allows it, else the nearest gear it does allow."""
    gears = playable_gears(car)
    return Draft(min(gears, key=lambda gear: (abs(gear - car.gear), -gear)))


def cluttered_cards(car: CarView, gear: int) -> tuple[Card, ...]:
    """A cluttered hand plays every playable card and makes up the rest with Heat."""
    assert car.hand is not None
    playable = tuple(sorted(c for c in car.hand if is_playable(c)))
    return playable + (HEAT,) * (gear - len(playable))


def planned_cards(car: CarView, draft: Draft) -> tuple[Card, ...] | None:
    """The cards the draft would play, or None while it is incomplete."""
    assert car.hand is not None
    if is_cluttered(car.gear, car.engine, car.hand, car.flooded):
        return cluttered_cards(car, draft.gear)
    return draft.cards if len(draft.cards) == draft.gear else None


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
    assert car.hand is not None
    status = t(
        "hand_status",
        locale,
        gear=car.gear,
        engine=car.engine,
        deck=car.deck_count,
        discard=car.discard_count,
    )
    cards = t("hand_cards", locale, cards=" ".join(f"`{c}`" for c in sorted(car.hand)))
    return [status, cards]


def hand_embed(view: RaceView, car: CarView, draft: Draft, locale: str) -> discord.Embed:
    assert car.hand is not None
    lines = car_lines(car, locale)
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
    cards = planned_cards(car, draft)
    if is_cluttered(car.gear, car.engine, car.hand, car.flooded):
        lines.append(t("hand_cluttered", locale))
    elif cards is not None:
        lines.append(t("hand_plan", locale, gear=draft.gear, cards=" ".join(cards)))
        outcome = forecast(view, car, cards)
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
    return discord.Embed(title=title, description="\n".join(lines), colour=0xE0402A)


def discard_choices(car: CarView, draft: Draft) -> list[Card]:
    """Cards the driver may order discarded: the hand less the planned cards, no Heat or Stress.

    The discard select lists them in this order and its values index into it.
    """
    assert car.hand is not None
    rest = list(car.hand)
    for card in draft.cards:
        if card in rest:
            rest.remove(card)
    return sorted(c for c in rest if is_discardable(c))


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def _forecast_line(outcome: Forecast, locale: str) -> str:
    """Speed and landing space, as ranges when Stress makes them unknown."""
    speed = _range(outcome.speed_low, outcome.speed_high)
    land = _range(outcome.land_low, outcome.land_high)
    return t("hand_forecast", locale, speed=speed, land=land)


def hand_components(
    race_id: int, view: RaceView, car: CarView, draft: Draft, locale: str
) -> discord.ui.View:
    """Gear, cards, reactions and discard selects, then Confirm and AI suggestion."""
    assert car.hand is not None
    stamp, arg = view.round, draft.encode()
    items: list[discord.ui.Item[Any]] = [
        HeatSelect(select("g", race_id, stamp, arg), _gear_options(car, draft, locale), row=0)
    ]
    cluttered = is_cluttered(car.gear, car.engine, car.hand, car.flooded)
    playable = sorted(c for c in car.hand if is_playable(c))
    if not cluttered:
        items.append(
            HeatSelect(
                select("c", race_id, stamp, arg),
                _card_options(playable, draft.cards, locale),
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
            max_values=6,
            row=2,
        )
    )
    discardable = discard_choices(car, draft)
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
    complete = planned_cards(car, draft) is not None
    items.append(
        HeatButton(
            button("go", race_id, stamp, arg),
            t("confirm", locale),
            discord.ButtonStyle.success,
            disabled=not complete,
            row=4,
        )
    )
    items.append(HeatButton(button("sug", race_id, stamp, arg), t("suggest", locale), row=4))
    return view_of(*items)


def _gear_options(car: CarView, draft: Draft, locale: str) -> list[discord.SelectOption]:
    options = []
    for gear in playable_gears(car):
        label = t("gear_option", locale, gear=gear)
        cost = shift_heat(car.gear, gear, car.flooded)
        if cost:
            label += t("gear_cost", locale, n=cost)
        if gear in GEAR_COOLDOWN:
            label += t("gear_cooldown", locale, n=GEAR_COOLDOWN[gear])
        options.append(
            discord.SelectOption(label=label, value=str(gear), default=gear == draft.gear)
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
        label = t("stress_card", locale) if card == STRESS else card
        options.append(discord.SelectOption(label=label, value=str(index), default=picked))
    return options


def cards_from_values(cards: list[Card], values: list[str]) -> tuple[Card, ...]:
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
