"""The AI's Garage decisions: draft picks, speeds at the reveal, symbols, Refresh.

The draft picks by what each upgrade was measured to be worth in races (a
table, :data:`DRAFT_WORTH`); free help is always taken (Super Cool, Reduce
Stress, Salvage of fast cards); Direct Play, Accelerate and a card's speed are
judged like every move, by where they leave the car after the corner check.
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

# What owning each upgrade is worth, in points of win rate: the win rate of the races the
# card was in the car minus that of the races it was not, measured by bench/draft_worth.py
# 600 (the expert drafting at random against five Legends, 600 1-lap races on every track,
# weather off and on, the expansions' upgrades in the market too: 12,000 races, 2026-12-02;
# each figure about +-0.03). Counting symbols (so much a point of Speed, a + symbol, an
# Adjust point), as the AI did before, drafted worse: it rated 4wd 0 (a + and three
# Cooldown) among the best, which won among the least. A drafted Heat card is no worse than
# an average upgrade: once drawn, a Cooldown takes it into the Engine, one Heat more to
# spend.
DRAFT_WORTH = {
    "turbo-8": 0.100,
    "4wd-4": 0.095,
    "body-5": 0.080,
    "air-intake-4": 0.077,
    "front-wing-3": 0.072,
    "brakes-1-5": 0.070,
    "4wd-0": 0.066,
    "tires-2b": 0.058,
    "tires-0": 0.057,
    "tires-0b": 0.051,
    "wings-3": 0.043,
    "cooling-4": 0.039,
    "front-wing-4": 0.038,
    "H": 0.035,
    "tires-1": 0.033,
    "gas-pedal-1b": 0.030,
    "wings-4": 0.028,
    "suspension-4": 0.027,
    "cooling-6": 0.025,
    "brakes-2-4": 0.021,
    "air-intake-0": 0.018,
    "body-2": 0.009,
    "gas-pedal-1": 0.006,
    "air-intake-1b": 0.003,
    "air-intake-3": 0.003,
    "gas-pedal-2": 0.002,
    "tires-2": 0.001,
    "turbo-7": -0.001,
    "suspension-2b": -0.001,
    "brakes-1-3": -0.004,
    "front-wing-2": -0.004,
    "body-6": -0.010,
    "cooling-3": -0.015,
    "gas-pedal-3": -0.016,
    "body-3": -0.017,
    "front-wing-6": -0.020,
    "rpm-0": -0.021,
    "rpm-1": -0.022,
    "rpm-2": -0.023,
    "4wd-0c": -0.023,
    "suspension-2": -0.032,
    "front-wing-0": -0.035,
    "body-1": -0.035,
    "wings-6": -0.037,
    "tires-3": -0.040,
    "front-wing-0b": -0.041,
    "body-2b": -0.041,
    "cooling-1": -0.041,
    "rpm-3": -0.042,
    "rpm-1-2": -0.046,
    "4wd-0b": -0.050,
    "fuel-0": -0.051,
    "suspension-1": -0.056,
    "gas-pedal-4": -0.056,
    "air-intake-1": -0.058,
    "air-intake-0b": -0.068,
    "brakes-1-2-3-4": -0.074,
    "rpm-1b": -0.075,
    "fuel-2": -0.080,
}


# Only cards at least this fast are worth shuffling back into the deck with Salvage.
SALVAGE_SPEED = 3


def upgrade_worth(card: Card) -> float:
    """How much owning ``card`` for a race is worth (in points of win rate)."""
    return DRAFT_WORTH[card]


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
