"""Standing orders at work: the decision a driver's orders give when their step comes.

Given with the plan, so an async race needs one prompt per driver per round.
The choices themselves come from :func:`engine.legal_decisions`; the orders
only pick among them.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage import Orders
from engine import Adrenaline, Boost, Decision, Discard, RaceView, ReactDone, Slipstream
from engine.ai import decide
from engine.cards import speed_value
from engine.choices import discard_choices
from engine.course import course
from engine.decisions import GiveBack, Pick
from engine.steps import SLIPSTREAM_SPACES

MOST_A_PLUS_ADDS = 4  # a + symbol flips a basic card: 1 to 4


def ordered_decision(
    orders: Orders, view: RaceView, car_id: str, legal: Sequence[Decision], level: str
) -> Decision | None:
    """The decision the orders give for the step the car is at, or None to ask the driver.

    The Garage draft is always asked (the driver picks from the market); any
    other choice the orders do not cover, or an ordered one the rules no
    longer allow, is left to the AI rather than refused.
    """
    drafting = any(isinstance(decision, Pick | GiveBack) for decision in legal)
    if orders.mode == "live" or drafting:
        return None
    if orders.mode == "ai":
        return decide(view, car_id, level)
    turn = view.turn
    assert turn is not None
    ordered = _from_orders(orders, view, car_id, legal, turn.step)
    return ordered if ordered in legal else decide(view, car_id, level)


def _from_orders(
    orders: Orders, view: RaceView, car_id: str, legal: Sequence[Decision], step: str
) -> Decision | None:
    """What the standing orders say for this step (None for a step they do not cover)."""
    if step == "react":
        if Boost(car_id) in legal and orders.boost and boost_is_safe(view, car_id, orders):
            return Boost(car_id)
        # Both ordered halves at once where the rules allow, else each alone (one half may
        # wait for a move that allows it: Adrenaline's halves are used one at a time too).
        speed, cooldown = orders.adrenaline_speed, orders.adrenaline_cooldown
        halves = ((speed, cooldown), (False, cooldown), (speed, False))
        for wanted in (Adrenaline(car_id, faster, cooler) for faster, cooler in halves):
            if (wanted.speed or wanted.cooldown) and wanted in legal:
                return wanted
        return ReactDone(car_id)
    if step == "slipstream":
        slipstream = Slipstream(car_id, orders.slipstream)
        return slipstream if slipstream in legal else Slipstream(car_id, False)
    if step == "discard":
        return Discard(car_id, _still_in_hand(orders.discard, discard_choices(legal)))
    return None


def boost_is_safe(view: RaceView, car_id: str, orders: Orders) -> bool:
    """A boost adds up to 4: ordered boosts never risk paying Heat at a corner for it.

    Counts the corner lines the car could cross with the boost's 4 spaces (and
    the slipstream's 2, if ordered) at the speed it would then have.
    """
    turn, car = view.turn, view.car(car_id)
    assert turn is not None
    speed = sum(map(speed_value, car.play_area)) + (1 if turn.adrenaline_speed else 0)
    reach = car.space + MOST_A_PLUS_ADDS + (SLIPSTREAM_SPACES if orders.slipstream else 0)
    lines = course(view.track, view.laps).corners_crossed(turn.start_space, reach)
    return all(speed + MOST_A_PLUS_ADDS <= line.corner.speed_limit for line in lines)


def _still_in_hand(wanted: tuple[str, ...], discardable: tuple[str, ...]) -> tuple[str, ...]:
    """The ordered discards the car may still discard (a card may have been played)."""
    kept: list[str] = []
    rest = list(discardable)
    for card in wanted:
        if card in rest:
            rest.remove(card)
            kept.append(card)
    return tuple(kept)
