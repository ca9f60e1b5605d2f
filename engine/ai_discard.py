"""Step 8 for the AI: keep the cards that suit next round, discard the rest.

Next round's best move from here, by the track map, asks for a Speed per card:
low before a slow corner, as high as it gets on a straight. A card is
discarded when it suits that move worse than the card that would replace it,
drawn from the car's unseen cards (which may be Heat or Stress), by more than
the level's margin.
"""

from __future__ import annotations

from engine.ai_cards import unseen_cards
from engine.ai_judge import Judge
from engine.ai_track import GEAR_SPEEDS
from engine.cards import BASIC_SPEED_CARDS, HEAT, STRESS, Card, is_discardable, speed_value
from engine.decisions import Decision, Discard
from engine.view import CarView, RaceView

# Moves rated within this many rounds of the best one are as good for choosing cards.
TOLERANCE = 0.35
# How badly a Heat card (unplayable) or a Stress card (a gamble) suits any move.
HEAT_MISFIT = 3.0
STRESS_MISFIT = 0.5


def choose_discard(view: RaceView, me: CarView, margin: float, judge: Judge) -> Decision:
    """The cards that suit next round's move worse than a fresh draw would, by ``margin``."""
    assert me.hand is not None
    low, high = _wanted_card_speed(me, judge)
    unseen = unseen_cards(view.track, me)
    basics = [int(card) for card in BASIC_SPEED_CARDS for _ in range(unseen[card])]
    gamble = sum(_gap(value, low, high) for value in basics) / max(1, len(basics))

    def misfit(card: Card) -> float:
        if card == HEAT:
            return HEAT_MISFIT
        if card == STRESS:
            return gamble + STRESS_MISFIT
        return _gap(speed_value(card), low, high)

    drawn = unseen.total()
    draw = sum(n * misfit(card) for card, n in unseen.items()) / drawn if drawn else 0.0
    return Discard(
        me.id,
        tuple(card for card in me.hand if is_discardable(card) and misfit(card) > draw + margin),
    )


def _wanted_card_speed(me: CarView, judge: Judge) -> tuple[float, float]:
    """The range of Speed per card of next round's best moves in the best move's gear."""
    moves = judge.rounds.next_moves(me.space, me.gear, me.engine)
    if not moves:
        return 0.0, float("inf")
    best, gear, _ = min(moves, key=lambda move: (move[0], -move[2]))
    speeds = [speed for rounds, g, speed in moves if g == gear and rounds <= best + TOLERANCE]
    # At the top of the gear's usual range nothing slows the car: any higher card is welcome.
    top = max(speeds)
    return min(speeds) / gear, float("inf") if top == GEAR_SPEEDS[gear][1] else top / gear


def _gap(value: int, low: float, high: float) -> float:
    return max(0.0, low - value, value - high)
