"""The AI against Legends at the finish, and the expert's discards.

A Legend's move is public (its space, colour, the Legend cards left, the options),
so where the Legends will end decides what a crossing is worth; these scenarios
are ones the AI used to get wrong.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engine
from engine import Discard, Entrant, Plan, RaceState, view_for
from engine.ai import decide
from engine.ai.discard import spread_draws, typical_draws
from engine.ai.rivals import WIN_SHARE, Rivals
from engine.state import Car, Turn

DECK = ("1", "2", "3", "4", "1", "2", "3", "4", "S", "0", "5")
# The USA track's finish line: its last corner line is 57, 12 spaces before it.
FINISH = 69


def _last_straight(hand: str, legend_at: int, cards_left: tuple[int, ...]) -> RaceState:
    """Car A on space 62 in 4th gear planning, a blue Legend on ``legend_at``."""
    cars = [
        Car("A", "red", "ai", 62, 0, gear=4, engine=0, hand=tuple(hand), deck=DECK),
        Car("B", "blue", "legend", legend_at, 0),
    ]
    state = RaceState("usa", 1, 7, 4, cars, legend_deck=cards_left)
    return engine.settle(state)[0]


def test_the_odds_of_beating_a_legend_follow_its_card() -> None:
    """Blue's card 1 is worth 18 spaces on a straight: from 61 the Legend ends on 79. A
    crossing short of it loses, one level with it is even odds, one beyond it wins; a car
    crossing only next round finds it already in the Hall of Fame."""
    view = view_for(_last_straight("1234SS5", 61, (1,)), "A")
    rivals = Rivals.seen_by(view, "A")
    assert rivals.beaten(78) == 0.0
    assert rivals.beaten(79) == pytest.approx(0.5)
    assert rivals.beaten(80) == 1.0
    assert rivals.later().beaten(90) == 0.0


def test_the_odds_weigh_every_card_left() -> None:
    """With cards 1 (18 spaces) and 6 (10) left, a crossing on 75 beats the Legend only when
    card 6 comes: half the time, and then it beats the only Legend there is."""
    view = view_for(_last_straight("1234SS5", 61, (1, 6)), "A")
    assert Rivals.seen_by(view, "A").beaten(75) == pytest.approx(0.5 * (WIN_SHARE + 1 - WIN_SHARE))


def test_the_view_shows_which_legend_cards_are_left_but_not_their_order() -> None:
    """Two races whose Legend decks hold the same cards in another order look the same."""
    state = _last_straight("1234SS5", 61, (6, 1, 3))
    other = state.copy()
    other.legend_deck = (3, 6, 1)
    assert view_for(state, "A") == view_for(other, "A")
    assert view_for(state, "A").legend_cards_left == (1, 3, 6)


@pytest.mark.parametrize("level", ["pro", "expert"])
def test_gambles_on_a_stress_card_rather_than_finish_surely_behind_a_legend(level: str) -> None:
    """3, 4, 4 and 5 reach 78, one short of where the Legend ends: a sure second place. A
    Stress card for the 3 flips a 4 one time in ten or so, level with it: the only chance."""
    state = _last_straight("54431SS", 61, (1,))
    plan = decide(view_for(state, "A"), "A", level)
    assert isinstance(plan, Plan)
    assert "S" in plan.cards, str(plan)


def test_expert_cycles_out_a_slow_card_its_next_plan_leaves_unused() -> None:
    """On the straight after corner 12 in 3rd gear with 4s and 3s in hand, the 1 is dead
    weight next round: the expert throws it away for a fresh draw (it used to keep it, as
    the pro does, since its next plan is as good either way). The 3s stay: 7 of its 13
    unseen cards are Heat or Stress, and weighed over draws from the worst cards to the
    best (not one middling draw), a fresh card clogs the hand more often than it beats a 3."""
    cars = [
        Car("A", "red", "ai", 14, 0, gear=3, engine=3, hand=tuple("44331"), deck=DECK),
    ]
    cars[0].play_area = tuple("222")
    state = RaceState("usa", 1, 7, 4, cars, turn=Turn("A", "discard", 8))
    state = engine.settle(state)[0]
    assert decide(view_for(state, "A"), "A", "expert") == Discard("A", ("1",))
    assert decide(view_for(state, "A"), "A", "pro") == Discard("A", ())


@pytest.mark.parametrize("seed", range(2))
def test_expert_against_legends_is_blind_to_the_legend_deck_order(seed: int) -> None:
    """Shuffling the Legend cards left (not which they are) changes no expert decision."""
    colours = {"B": "blue", "C": "green", "D": "red"}
    entrants = [Entrant("A", "black", "ai")] + [
        Entrant(name, colour, "legend") for name, colour in colours.items()
    ]
    state, _ = engine.new_race("usa", entrants, seed, laps=1)
    rng = random.Random(seed)
    checked = 0
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        decision = decide(view_for(state, car), car, "expert")
        other = state.copy()
        other.legend_deck = tuple(rng.sample(state.legend_deck, len(state.legend_deck)))
        assert decide(view_for(other, car), car, "expert") == decision
        checked += 1
        state, _ = engine.apply(state, decision)
    assert checked > 10


def test_the_draws_weighed_go_from_the_worst_cards_to_the_best() -> None:
    """A discard's next hand is weighed over draws that cover the unseen cards evenly: from
    two 1s and two 5s, one card is a 1 in half the draws and a 5 in the other half (one
    middling draw would always be the same card); from 0 to 5, two cards are one from each
    half, the slowest pair first, and one middling draw is the middle of each half."""
    draws = spread_draws(Counter({"1": 2, "5": 2}), 1, 8)
    assert sorted(draws) == [("1",)] * 4 + [("5",)] * 4
    assert spread_draws(Counter("012345"), 2, 3) == [("0", "3"), ("1", "4"), ("2", "5")]
    assert typical_draws(Counter("012345"), 2) == ("1", "4")
