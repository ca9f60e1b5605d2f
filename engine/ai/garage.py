"""The AI's Garage decisions: draft picks, speeds at the reveal, symbols, Refresh.

Simple, sound rules of thumb: an upgrade is worth a little for its best speed
and more for what its symbols bring (a + symbol, Adjust, Direct Play most; a
Heat symbol costs); free help is
always taken (Super Cool, Reduce Stress, Salvage of fast cards); Direct Play,
Accelerate and a card's speed are judged like every move, by where they leave
the car after the corner check.
"""

from __future__ import annotations

from engine.ai.judge import Judge, Situation
from engine.cards import HEAT, STRESS, Card, is_basic, speed_choices, speed_value, symbols
from engine.decisions import (
    Accelerate,
    ChooseSpeed,
    Decision,
    DirectPlay,
    DraftMove,
    GiveBack,
    Pick,
    Reduce,
    Refresh,
    Salvage,
    SuperCool,
)
from engine.map_spots import in_tunnel
from engine.view import CarView, RaceView

# What one of a symbol's points is worth in a draft, next to one point of Speed (0.5): tuned
# on 1-lap races against Legends, where what a card does beats how fast it is (12 basic
# cards give the speed already), though less than once thought: at 0.1 a point of Speed, the
# expert won 0.62-0.64 of 400 USA races with the Garage, at 0.5 0.66 (same seeds, issue 24).
SYMBOL_WORTH = {
    "boost": 1.5,
    "accelerate": 1.0,
    "adjust": 1.5,
    "cooldown": 0.7,
    "direct": 1.5,
    "refresh": 0.6,
    "super_cool": 0.6,
    "reduce": 0.4,
    "slipstream": 0.4,
    "salvage": 0.3,
    "draft": 0.3,
    "scrap": 0.05,
    "heat": -2.0,
}
SPEED_WORTH = 0.5
CHOICE_WORTH = 0.3
HEAT_CARD_WORTH = -5.0
# Only cards at least this fast are worth shuffling back into the deck with Salvage.
SALVAGE_SPEED = 3


def upgrade_worth(card: Card) -> float:
    """A rough value of owning ``card`` for a race."""
    if card == HEAT:
        return HEAT_CARD_WORTH
    choices = speed_choices(card)
    worth = SPEED_WORTH * max(choices) + CHOICE_WORTH * (len(choices) - 1)
    return worth + sum(SYMBOL_WORTH.get(name, 0.0) * n for name, n in symbols(card).items())


def draft(view: RaceView, me: CarView) -> Decision:
    """Pick the market's best upgrade; giving one back, return the least useful."""
    assert view.draft is not None
    if view.draft.giving_back:
        return GiveBack(me.id, min(sorted(me.upgrades), key=upgrade_worth))
    return Pick(me.id, max(sorted(view.draft.market), key=upgrade_worth))


def choose_speed(view: RaceView, me: CarView, judge: Judge) -> Decision:
    """Play the card at the speed whose move is worth the most after the corner check."""
    assert view.turn is not None and me.hand is not None
    turn = view.turn
    card = turn.unchosen[0]
    later = sum(min(speed_choices(c)) for c in turn.unchosen[1:])

    def worth(speed: int) -> float:
        total = turn.speed + speed + later
        now = Situation(judge.land(me.space + total), total, me.gear, me.engine, 0)
        return judge.after_reveal(now, boost=not turn.boosted, adrenaline=turn.adrenaline)

    return ChooseSpeed(me.id, card, max(speed_choices(card), key=worth))


def free_help(me: CarView, view: RaceView) -> Decision | None:
    """Symbols that never hurt: Super Cool, Reduce Stress in full, Salvage of fast cards."""
    assert view.turn is not None and me.hand is not None
    turn = view.turn
    discard = me.discard or ()
    if turn.super_cool and HEAT in discard:
        return SuperCool(me.id)
    stress = me.hand.count(STRESS)
    if turn.reduce and stress and not in_tunnel(view.track, me.space, me.spot):
        return Reduce(me.id, min(turn.reduce, stress))
    if turn.salvage:
        fast = sorted((c for c in discard if speed_value(c) >= SALVAGE_SPEED), key=speed_value)
        if fast:
            return Salvage(me.id, tuple(fast[-turn.salvage :]))
    return None


def react_moves(
    view: RaceView, me: CarView, judge: Judge, now: Situation
) -> list[tuple[float, Decision]]:
    """Direct Play and Accelerate, each valued by where it leaves the car."""
    assert view.turn is not None and me.hand is not None
    turn = view.turn
    boost = not turn.boosted
    options: list[tuple[float, Decision]] = []
    if turn.draft_to is not None:
        drafted = Situation(turn.draft_to, now.speed, now.gear, now.engine, now.hand_heat)
        options.append((judge.after_reveal(drafted, boost, turn.adrenaline), DraftMove(me.id)))
    if turn.accelerate and turn.plus:
        faster = Situation(
            judge.land(now.space + turn.plus),
            now.speed + turn.plus,
            now.gear,
            now.engine,
            now.hand_heat,
        )
        options.append((judge.after_reveal(faster, boost, turn.adrenaline), Accelerate(me.id)))
    for card in sorted(set(me.hand)):
        heat = symbols(card).get("heat", 0)
        if "direct" not in symbols(card) or heat > me.engine:
            continue
        for speed in speed_choices(card):
            played = Situation(
                judge.land(now.space + speed),
                now.speed + speed,
                now.gear,
                now.engine - heat,
                now.hand_heat,
            )
            value = judge.after_reveal(played, boost, turn.adrenaline)
            options.append((value, DirectPlay(me.id, card, speed)))
    return options


def refresh(view: RaceView, me: CarView) -> Decision | None:
    """A played card worth keeping goes back on top of the deck, to be drawn at once."""
    assert view.turn is not None
    cards = [c for c in view.turn.refreshable if not is_basic(c)]
    return Refresh(me.id, cards[0]) if cards else None
