"""Why the AI plans what it plans: the figures of the judgement that chose the plan.

The hand's "AI suggestion" shows one line of reasons beside the plan. The line
must say what the AI actually weighed, so the figures come from the same
:class:`~engine.ai.judge.Judge` outcomes the plan was valued by (the odds of its
Stress flips, the corner check as the engine plays it), never from a second
reckoning. They are data: the bot words them in the driver's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ai.cards import card_adjust, card_effects
from engine.ai.judge import Judge
from engine.cards import HEAT, Card, plus_symbols, remove_cards
from engine.conditions import corner_limit
from engine.decisions import Plan
from engine.map_spots import shift_heat
from engine.view import CarView


@dataclass(frozen=True, slots=True)
class Reason:
    """What a plan does as the AI sees it, before the React step.

    ``corner`` is the corner line that matters (the race space just before it, as the
    hand view names corners): the first one the move may cross, else the next one ahead
    of where it lands (None with no corner before the finish). ``heat_low``-``heat_high``
    is the Heat the corners crossed cost, ``heat_left`` the Heat the Engine keeps in the
    worst case, ``spin_chance`` the odds of a spin out by the car's unseen cards.

    A plan the champion searched for says what its playouts found: of its ``playouts``
    (0: not searched), the car ``won`` the race in so many (a playout run to the finish)
    and the plan did ``best`` of the ``plans`` played out in so many.
    """

    gear: int
    cards: tuple[Card, ...]
    cluttered: bool
    speed_low: int
    speed_high: int
    land_low: int
    land_high: int
    corner: int | None
    limit: int | None
    crosses: bool
    heat_low: int
    heat_high: int
    heat_left: int
    spin_chance: float
    playouts: int = 0
    won: int = 0
    best: int = 0
    plans: int = 0


def explain(judge: Judge, me: CarView, plan: Plan, known: int) -> Reason:
    """The reasons for ``plan``, whose cards the AI counted at Speed ``known``."""
    assert me.hand is not None
    if HEAT in plan.cards:
        return _standing(judge, me, plan)
    kept = remove_cards(me.hand, plan.cards) or ()
    adjusted = judge.adjusted(card_adjust(plan.cards))
    stress = sum(map(plus_symbols, plan.cards))
    outcomes = adjusted.outcomes(
        plan.gear, known, stress, kept.count(HEAT), card_effects(plan.cards)
    )
    speeds, paid, left = [], [], []
    spin = 0.0
    for p, now in outcomes:
        heat, spun_at = adjusted.passage(now)
        speeds.append(now.speed)
        paid.append(heat)
        left.append(0 if spun_at is not None else max(0, now.engine - heat))
        spin += p if spun_at is not None else 0.0
    start = adjusted.start
    land_low, land_high = start + min(speeds), start + max(speeds)
    crossed = judge.course.corners_crossed(start, land_high)
    ahead = [
        line for line in judge.course.lines_ahead(land_high) if line.space < judge.course.finish
    ]
    line = crossed[0] if crossed else (ahead[0] if ahead else None)
    limit = None
    if line is not None:
        limit = corner_limit(judge.weather, judge.course, line) + adjusted.adjust
    return Reason(
        plan.gear,
        plan.cards,
        False,
        min(speeds),
        max(speeds),
        land_low,
        land_high,
        None if line is None else line.space,
        limit,
        bool(crossed),
        min(paid),
        max(paid),
        min(left),
        spin,
    )


def _standing(judge: Judge, me: CarView, plan: Plan) -> Reason:
    """A cluttered hand: the car stays where it is, so only its next corner matters."""
    ahead = [
        line for line in judge.course.lines_ahead(me.space) if line.space < judge.course.finish
    ]
    line = ahead[0] if ahead else None
    limit = None if line is None else corner_limit(judge.weather, judge.course, line)
    return Reason(
        plan.gear,
        plan.cards,
        True,
        0,
        0,
        me.space,
        me.space,
        None if line is None else line.space,
        limit,
        False,
        0,
        0,
        max(0, me.engine - shift_heat(me.gear, plan.gear, judge.flooded)),
        0.0,
    )
