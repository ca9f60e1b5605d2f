"""Step 8 for the AI: keep the cards that make next round's best plan, discard the rest.

Next round's hand will be the cards kept plus fresh draws from the car's
unseen cards. The AI compares a few ways to discard (nothing, the highest
cards, the lowest ones) by the best plan each next hand would allow from
where the car stands, valued as plans are. The draws are stood in for by
cards spread evenly over the unseen ones, so a 4 discarded before a slow
corner comes back, on average, as something slower, and every draw risks
bringing a Heat card. A level may weigh several such draws, each spread from a
different point of the unseen cards (from their worst to their best), and take
the mean of their best plans: a hand's best plan is the best its cards allow, so
the draws' spread counts, not their average alone.
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache

from engine.ai.cards import card_adjust, card_effects, unseen_cards
from engine.ai.judge import Judge
from engine.cards import (
    HEAT,
    Card,
    is_playable,
    plus_symbols,
    speed_choices,
)
from engine.championship import discard_limit, hand_size_under, may_discard_card
from engine.decisions import Decision, Discard
from engine.pending import reachable_gears
from engine.view import CarView, RaceView


def choose_discard(
    view: RaceView, me: CarView, margin: float, cycle: bool = False, draws: int = 1
) -> Decision:
    """The discard whose next hand promises the best plan, if better by ``margin`` rounds;
    else, when ``cycle``, the one that promises as much and throws away the most Speed
    below an average draw's (cards that would clog the hands after next round's too).
    A promise is the mean over ``draws`` draws of the cards a hand lacks."""
    assert me.hand is not None
    judge = Judge.seen_by(view, me.id, next_round=True)
    unseen = unseen_cards(view.track, me, view.weather, view.garage != "off")
    event = judge.event
    always_kept = tuple(card for card in me.hand if not may_discard_card(event, card))
    choosable = sorted((card for card in me.hand if may_discard_card(event, card)), key=best_speed)
    size = hand_size_under(event)
    most = discard_limit(event)
    most = len(choosable) if most is None else min(most, len(choosable))
    candidates = sorted(
        {()} | {tuple(cut) for k in range(1, most + 1) for cut in (choosable[:k], choosable[-k:])}
    )

    # Next hands met again (another discard, another draw, the same cards) are valued once.
    worth_of: dict[tuple[Card, ...], float] = {}

    def worth(hand: tuple[Card, ...]) -> float:
        key = tuple(sorted(hand))
        if key not in worth_of:
            worth_of[key] = best_plan(judge, key)
        return worth_of[key]

    def promise(discarded: tuple[Card, ...]) -> float:
        kept = always_kept + tuple(_without(choosable, discarded))
        pool = unseen + Counter(discarded)
        count = size - len(kept)
        return sum(worth(kept + drawn) for drawn in spread_draws(pool, count, draws)) / draws

    promises = {cards: promise(cards) for cards in candidates}
    base = promises[()]
    value, best = max((value, cards) for cards, value in promises.items())
    if value > base + margin:
        return Discard(me.id, best)
    if not cycle:
        return Discard(me.id, ())
    average = _average_speed(unseen)
    slow, best = max(
        (sum(average - best_speed(card) for card in cards), cards)
        for cards, value in promises.items()
        if value >= base
    )
    return Discard(me.id, best if slow > 0 else ())


def _average_speed(unseen: Counter[Card]) -> float:
    """The Speed of an average card among the car's unseen ones."""
    speeds = [best_speed(card) for card in unseen.elements()]
    return sum(speeds) / len(speeds) if speeds else 0.0


def best_plan(judge: Judge, hand: tuple[Card, ...]) -> float:
    """The value of the best plan this hand allows (no React counted on)."""
    hand_heat = hand.count(HEAT)
    best = judge.value(judge.start, 1, judge.engine, hand_heat)
    sums = _plan_sums(tuple(sorted(card for card in hand if is_playable(card))))
    for gear in reachable_gears(judge.gear, judge.engine, judge.flooded):
        for known, plus, adjust, heat, cooldown in sums.get(gear, ()):
            value = judge.adjusted(adjust).plan_value(
                gear, known, plus, hand_heat, False, False, (heat, cooldown)
            )
            best = max(best, value)
    return best


# A card's (or cards') fastest Speed, + symbols, Adjust, Heat and Cooldown, summed alike.
Figures = tuple[int, int, int, int, int]


@lru_cache(maxsize=4096)
def _plan_sums(playable: tuple[Card, ...]) -> dict[int, frozenset[Figures]]:
    """By gear, the (fastest Speed, + symbols, Adjust, Heat and Cooldown) the playable cards
    of a hand make: plans alike in all of them are worth the same, so each is valued once.

    Built card by card (the sums of k cards are those of k - 1 cards plus one more), not by
    listing every combination: a hand of seven has 98, of which a few dozen sums differ."""
    by_count: list[set[Figures]] = [{(0, 0, 0, 0, 0)}, set(), set(), set(), set()]
    for card in playable:
        figures = _card_figures(card)
        for count in range(4, 0, -1):
            by_count[count] |= {_added(before, figures) for before in by_count[count - 1]}
    return {gear: frozenset(sums) for gear, sums in enumerate(by_count) if gear}


@cache
def _card_figures(card: Card) -> Figures:
    heat, cooldown = card_effects((card,))
    return best_speed(card), plus_symbols(card), card_adjust((card,)), heat, cooldown


def _added(a: Figures, b: Figures) -> Figures:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


def best_speed(card: Card) -> int:
    """A card's fastest speed: a card with several is played at the one that suits."""
    return max(speed_choices(card))


def _without(cards: list[Card], removed: tuple[Card, ...]) -> list[Card]:
    left = list(cards)
    for card in removed:
        left.remove(card)
    return left


def typical_draws(unseen: Counter[Card], count: int) -> tuple[Card, ...]:
    """``count`` cards spread evenly over the unseen ones, worst (Heat) to best: the middle
    card of each of ``count`` equal shares."""
    return spread_draws(unseen, count, 1)[0]


def spread_draws(unseen: Counter[Card], count: int, draws: int) -> list[tuple[Card, ...]]:
    """``draws`` ways to draw ``count`` of the unseen cards, equally likely: the unseen cards
    sorted worst (Heat) to best, cut into ``count`` equal shares, and one card from each,
    taken at the same point of every share (the k-th way at (k + 1/2) / ``draws`` of it), so
    the ways go from the worst cards of each share to the best."""
    pool = sorted(unseen.elements(), key=lambda card: -1 if card == HEAT else best_speed(card))
    if not pool or count <= 0:
        return [()] * draws
    return [
        tuple(pool[int((i + (k + 0.5) / draws) * len(pool) / count)] for i in range(count))
        for k in range(draws)
    ]
