"""Standing orders: how a driver's reactions are decided when their turn comes.

Given with the plan, so an async race needs one prompt per driver per round:
``ai`` lets the AI choose (the default), ``orders`` follows the driver's own
choices, ``live`` asks the driver at each step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine import Adrenaline, Boost, Decision, Discard, RaceView, ReactDone, Slipstream
from engine.ai import decide
from engine.cards import Card, is_discardable, remove_cards, speed_value
from engine.course import course
from engine.steps import SLIPSTREAM_SPACES
from engine.view import CarView

OrdersMode = Literal["ai", "orders", "live"]

MOST_A_PLUS_ADDS = 4  # a + symbol flips a basic card: 1 to 4


@dataclass(frozen=True, slots=True)
class Orders:
    """A driver's standing orders for one round's steps 5, 6 and 8."""

    mode: OrdersMode = "ai"
    boost: bool = False
    slipstream: bool = True
    adrenaline_speed: bool = True
    adrenaline_cooldown: bool = True
    discard: tuple[Card, ...] = ()

    def encode(self) -> str:
        """A short text form, small enough to ride in a button's custom id."""
        flags = "".join(
            letter
            for letter, on in (
                ("b", self.boost),
                ("s", self.slipstream),
                ("p", self.adrenaline_speed),
                ("c", self.adrenaline_cooldown),
            )
            if on
        )
        return f"{self.mode[0]}{flags}.{''.join(self.discard)}"

    @classmethod
    def decode(cls, text: str) -> Orders:
        """Read :meth:`encode`'s form back; ValueError on anything else."""
        head, _, discard = text.partition(".")
        modes: dict[str, OrdersMode] = {"a": "ai", "o": "orders", "l": "live"}
        if not head or head[0] not in modes or set(head[1:]) - set("bspc"):
            raise ValueError(f"unreadable orders {text!r}")
        flags = head[1:]
        return cls(
            modes[head[0]], "b" in flags, "s" in flags, "p" in flags, "c" in flags, tuple(discard)
        )


def ordered_decision(orders: Orders, view: RaceView, car_id: str, level: str) -> Decision | None:
    """The decision the orders give for the step the car is at, or None to ask the driver."""
    if orders.mode == "live":
        return None
    if orders.mode == "ai":
        return decide(view, car_id, level)
    turn, car = view.turn, view.car(car_id)
    assert turn is not None and car.hand is not None
    if turn.step == "react":
        if (
            orders.boost
            and not turn.boosted
            and car.engine > 0
            and boost_is_safe(view, car, orders)
        ):
            return Boost(car_id)
        if turn.adrenaline and (orders.adrenaline_speed or orders.adrenaline_cooldown):
            return Adrenaline(car_id, orders.adrenaline_speed, orders.adrenaline_cooldown)
        return ReactDone(car_id)
    if turn.step == "slipstream":
        return Slipstream(car_id, orders.slipstream)
    return Discard(car_id, _still_in_hand(orders.discard, car.hand))


def boost_is_safe(view: RaceView, car: CarView, orders: Orders) -> bool:
    """A boost adds up to 4: ordered boosts never risk paying Heat at a corner for it.

    Counts the corner lines the car could cross with the boost's 4 spaces (and
    the slipstream's 2, if ordered) at the speed it would then have.
    """
    turn = view.turn
    assert turn is not None
    speed = sum(map(speed_value, car.play_area)) + (1 if turn.adrenaline_speed else 0)
    reach = car.space + MOST_A_PLUS_ADDS + (SLIPSTREAM_SPACES if orders.slipstream else 0)
    lines = course(view.track, view.laps).corners_crossed(turn.start_space, reach)
    return all(speed + MOST_A_PLUS_ADDS <= line.corner.speed_limit for line in lines)


def _still_in_hand(wanted: tuple[Card, ...], hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The ordered discards the hand still holds (a card may have been played or flipped)."""
    kept: list[Card] = []
    rest = hand
    for card in wanted:
        after = remove_cards(rest, (card,))
        if after is not None and is_discardable(card):
            kept.append(card)
            rest = after
    return tuple(kept)
