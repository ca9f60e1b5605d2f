"""AI drivers: every decision a person makes, from that car's own view of the race.

``decide(view, car_id, level)`` plays for a ``kind: ai`` car, or for a person
whose turn timer ran out. It sees only what :func:`engine.view_for` shows that
car (its hand, never a deck, another hand, a plan or the seed), builds its
options with the same helpers the engine lists legal decisions with, and picks
the one whose outcome it values most (see :mod:`engine.ai.judge`). Chance is
weighed, never drawn: the same view always gives the same decision.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from itertools import product

from engine.ai import garage as ai_garage
from engine.ai.cards import card_adjust, card_effects
from engine.ai.discard import choose_discard
from engine.ai.explain import Reason, explain
from engine.ai.judge import Judge, Situation
from engine.ai.lookahead import Lookahead
from engine.cards import HEAT, plus_symbols, remove_cards, speed_choices
from engine.decisions import Adrenaline, Boost, Decision, Plan, ReactDone, Slipstream
from engine.map_spots import shift_heat
from engine.pending import plan_options
from engine.view import CarView, RaceView


@dataclass(frozen=True, slots=True)
class Level:
    """How well a driver plays: a pro sees further and errs less than a rookie."""

    # Rounds of deterministic noise on each plan's value: a rookie misjudges close calls.
    noise: float
    # Whether a plan counts on the Boost and Adrenaline it may use after the reveal.
    plans_react: bool
    # How much worse than a random draw a card must fit next round before it is discarded.
    discard_margin: float
    # How many of the plans the track map rates best are valued again by the best plan their
    # kept cards allow next round (0: none, the map alone decides)...
    lookahead: int = 0
    # ...and how many more at most, each only while fewer than ``lookahead_hands`` next-round
    # hands have been valued: more plans where the moves open few positions, a bounded time
    # where they open many (a count, not a clock: the same view still gives the same plan).
    lookahead_more: int = 0
    lookahead_hands: int = 0
    # Whether to throw away slow cards that next round's best plan does without.
    cycle: bool = False
    # The draws a discard's next hand is weighed over (engine.ai.discard.spread_draws): one
    # draw of middling cards, or several from the worst to the best cards the deck may give.
    discard_draws: int = 1


LEVELS: dict[str, Level] = {
    "rookie": Level(noise=0.6, plans_react=False, discard_margin=0.5),
    "pro": Level(noise=0.0, plans_react=True, discard_margin=0.2),
    "expert": Level(
        noise=0.0,
        plans_react=True,
        discard_margin=0.0,
        lookahead=4,
        lookahead_more=4,
        lookahead_hands=60,
        cycle=True,
        discard_draws=8,
    ),
}


def decide(view: RaceView, car_id: str, level: str = "pro") -> Decision:
    """The decision the AI makes for ``car_id``, which the race must be waiting for."""
    me, skill, step = _deciding(view, car_id, level)
    judge = Judge.seen_by(view, car_id)
    if step == "draft":
        return ai_garage.draft(view, me)
    if step == "plan":
        return _plan(view, me, skill, judge)[0]
    if step == "reveal":
        return ai_garage.choose_speed(view, me, judge)
    if step == "react":
        return ai_garage.free_help(me, view) or _react(view, me, judge)
    if step == "slipstream":
        return _slipstream(view, me, judge)
    return ai_garage.refresh(view, me) or choose_discard(
        view, me, skill.discard_margin, skill.cycle, skill.discard_draws
    )


def _deciding(view: RaceView, car_id: str, level: str) -> tuple[CarView, Level, str]:
    """The car's own view, its level and the step it decides (ValueError if it decides none)."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
    waiting = view.pending
    if waiting is None or car_id not in waiting.cars:
        raise ValueError(f"car {car_id}: the race is not waiting for this car")
    me = view.car(car_id)
    if me.hand is None:
        raise ValueError(f"car {car_id}: the view is not this car's own")
    return me, LEVELS[level], waiting.step


def suggest(view: RaceView, car_id: str, level: str = "pro") -> tuple[Plan, Reason]:
    """The plan the AI would make for ``car_id`` at the plan step, with the figures that chose
    it (data for whoever words them: the engine says no sentence)."""
    me, skill, step = _deciding(view, car_id, level)
    if step != "plan":
        raise ValueError(f"car {car_id}: the race is not waiting for its plan")
    judge = Judge.seen_by(view, car_id)
    plan, known = _plan(view, me, skill, judge)
    return plan, explain(judge, me, plan, known)


def _plan(view: RaceView, me: CarView, skill: Level, judge: Judge) -> tuple[Plan, int]:
    """Steps 1-2: the gear and cards whose likely outcomes are worth the most, with the
    Speed its cards are counted at (the speed of each Garage card as the AI would choose)."""
    assert me.hand is not None
    adrenaline = skill.plans_react and me.id in view.adrenaline
    rated: list[tuple[float, Plan, int]] = []
    for option in plan_options(me.id, me.gear, me.engine, me.hand, judge.flooded):
        assert isinstance(option, Plan)
        value, known = _plan_value(me, option, judge, skill.plans_react, adrenaline)
        if skill.noise:
            value += skill.noise * (_hash_unit(view, option) - 0.5)
        rated.append((value, option, known))
    assert rated, "a racing car always has a plan to make"
    if skill.lookahead:
        rated = _looked_ahead(view, me, skill, rated, adrenaline)
    best = max(rated, key=_first)
    return best[1], best[2]


def _looked_ahead(
    view: RaceView,
    me: CarView,
    skill: Level,
    rated: list[tuple[float, Plan, int]],
    adrenaline: bool,
) -> list[tuple[float, Plan, int]]:
    """The plans the map rates best, valued again by the best plan their kept cards allow
    next round (see :class:`Level` for how many)."""
    assert me.hand is not None
    ahead = Lookahead.planning(view, me.id)
    ranked = sorted(rated, key=_first, reverse=True)[: skill.lookahead + skill.lookahead_more]
    result: list[tuple[float, Plan, int]] = []
    for rank, (_, option, known) in enumerate(ranked):
        if rank >= skill.lookahead and ahead.hands_valued >= skill.lookahead_hands:
            break
        kept = ahead.keeping(remove_cards(me.hand, option.cards) or ())
        value = _plan_value(me, option, kept, skill.plans_react, adrenaline)[0]
        result.append((value, option, known))
    return result


def _first(rated: tuple[float, Plan, int]) -> float:
    return rated[0]


def _plan_value(
    me: CarView, plan: Plan, judge: Judge, react: bool, adrenaline: bool
) -> tuple[float, int]:
    """The expected value of a plan over what its Stress cards may flip, and the known Speed
    (of the cards' speed choices) it is worth most at."""
    assert me.hand is not None
    kept = remove_cards(me.hand, plan.cards) or ()
    if HEAT in plan.cards:
        # A cluttered hand: no move, back to 1st gear, the played cards discarded.
        engine = me.engine - shift_heat(me.gear, plan.gear, judge.flooded)
        return judge.value(me.space, 1, engine, kept.count(HEAT)), 0
    plus = sum(map(plus_symbols, plan.cards))
    effects = card_effects(plan.cards)
    adjusted = judge.adjusted(card_adjust(plan.cards))
    return max(
        (
            adjusted.plan_value(
                plan.gear, known, plus, kept.count(HEAT), react, adrenaline, effects
            ),
            known,
        )
        for known in {sum(speeds) for speeds in product(*map(speed_choices, plan.cards))}
    )


def _hash_unit(view: RaceView, plan: Plan) -> float:
    """A number in [0, 1) fixed by the view and the option: a rookie's whim, replayable."""
    return zlib.crc32(f"{view.version}/{plan}".encode()) / 2**32


def _react(view: RaceView, me: CarView, judge: Judge) -> Decision:
    """Step 5: Boost and Adrenaline when what they likely give is worth their price."""
    assert me.hand is not None and view.turn is not None
    turn = view.turn
    now = Situation(me.space, _speed(view, me), me.gear, me.engine, me.hand.count(HEAT))
    can_boost = not turn.boosted and judge.may_boost(now)
    cooldown_left = turn.adrenaline and not turn.adrenaline_cooldown
    if turn.unpaid and cooldown_left and now.hand_heat and judge.may_cool_down(now.space):
        # The cards' Heat is owed: a Cooldown that fills the Engine comes before any move.
        return Adrenaline(me.id, False, True)
    # React cannot end while the cards' Heat is owed.
    options: list[tuple[float, Decision]] = []
    if not turn.unpaid:
        options.append((judge.settle(now), ReactDone(me.id)))
    options += ai_garage.react_moves(view, me, judge, now)
    if turn.adrenaline:
        for faster, cooler in judge.adrenaline_uses(now.space):
            if (faster and turn.adrenaline_speed) or (cooler and turn.adrenaline_cooldown):
                continue
            after = judge.adrenaline(now, faster, cooler)
            value = judge.after_reveal(after, boost=can_boost, adrenaline=False)
            options.append((value, Adrenaline(me.id, faster, cooler)))
    if can_boost:
        options.append((judge.expected_boost(now, turn.adrenaline), Boost(me.id)))
    return max(options, key=lambda option: option[0])[1]


def _slipstream(view: RaceView, me: CarView, judge: Judge) -> Decision:
    """Step 6: the distance worth most after the corner check, or none if staying is."""
    assert me.hand is not None and view.turn is not None
    now = Situation(me.space, _speed(view, me), me.gear, me.engine, me.hand.count(HEAT))
    best: tuple[float, Decision] = (judge.corner_check(now), Slipstream(me.id, False))
    farthest, *shorter = reversed(view.turn.slipstream_distances)
    for spaces in (farthest, *shorter):
        value = judge.corner_check(judge.slipstreamed(now, spaces))
        if value > best[0]:
            best = (value, Slipstream(me.id, True, None if spaces == farthest else spaces))
    return best[1]


def _speed(view: RaceView, me: CarView) -> int:
    """This turn's Speed as the corner check counts it (the engine works it out)."""
    assert view.turn is not None
    return view.turn.speed
