"""How many rounds a car needs to the finish from each space, gear and Heat: the AI's map.

A good driver reads the track ahead: ending a round in 4th gear three spaces
before a Speed Limit 3 corner with an empty Engine means a spin out next round,
while ending it just after the corner is worth more than a few spaces. This
table captures that by dynamic programming over (space, gear, Heat in Engine)
for a nominal car, which may shift one gear a round (two for 1 Heat), drive
any Speed from its gear's lowest up to what its hand allows, and pay Heat for
corner excess or spin out. The hand is not a free choice: each round it is one
of HAND_LUCK equally likely hands, from a poor one to a good one, whose fastest
Speed in each gear comes from the track's own starting deck (so the table counts
rounds as expected values, and a space or a Heat card is worth the part of a round
it saves on average, not a whole round or nothing). A move may be Boosted, as the
React step allows once a round: 1 Heat for a basic card of the deck more, before the
corner checks, so Heat is worth the Boosts it buys where no corner needs it (on a long
last straight, the rounds they save). Cooldown is left to the AI's own count of the Heat
in its hand. The AI values the end of every move it considers
by this table, so corner lines beyond the move count. Road conditions (limits +1/-1,
Overheat) and the weather's Stress and Heat in the deck change the corners' costs
and the hands.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from math import comb

import data
from engine.cards import BASIC_SPEED_CARDS, HAND_SIZE, HEAT, STRESS, Card, speed_value
from engine.conditions import corner_limit, overheat, starting_piles
from engine.course import course
from engine.state import Weather

# The lowest Speed a hand of seven usually offers in each gear (about the lowest sum of
# `gear` cards from a deck of 1-4s with a 0 and a 5); the highest is the hand's own.
GEAR_SPEEDS: dict[int, tuple[int, int]] = {1: (1, 5), 2: (3, 8), 3: (5, 11), 4: (7, 14)}
GEARS = (1, 2, 3, 4)
# Hands a round is played with, equally likely: the fastest Speed of each gear at the
# quantiles (i + 1/2) / HAND_LUCK of the track's starting deck's hands.
HAND_LUCK = 8
# The fastest Speed of each gear (index gear - 1) for each of the HAND_LUCK hands.
HandSpeeds = tuple[tuple[int, ...], ...]
# The map tells Heat levels apart up to the fullest Engine a track starts with (7: Japan and
# South Africa; a test holds it to the tracks' data); more Heat counts as this much. A
# constant, not read from the tracks as the engine is imported.
MOST_HEAT = 7
# Rounds a spin out costs beyond the lost ground and gear: the Stress it adds to the hand.
SPIN_ROUNDS = 1.0


# The Speed a Boost adds, with its odds: (value, probability) of each basic card.
BoostOdds = tuple[tuple[int, float], ...]
# (space, speed limit, Overheat) of each corner line of the race, as its road conditions set them
Lines = tuple[tuple[int, int, int], ...]


class RoundsToGo:
    """Rounds to the finish for the nominal car, by space, gear and Heat in the Engine."""

    def __init__(
        self, track_id: str, laps: int, lines: Lines, hands: HandSpeeds, boost: BoostOdds = ()
    ) -> None:
        here = course(track_id, laps)
        self._hands = hands
        self._boost = boost
        self.finish = here.finish
        self.low = min(slot.space for slot in here.track.starting_grid) - 1
        self._lines = lines
        self._passages: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
        self._rows: list[list[list[float]]] = [
            [[0.0] * (MOST_HEAT + 1) for _ in GEARS] for _ in range(self.finish - self.low + 1)
        ]
        # The Speeds each gear is driven at: its lowest up to the best hand's fastest.
        self._lowest = [min(GEAR_SPEEDS[gear][0], hands[gear - 1][0]) for gear in GEARS]
        # A move goes forward, or spins back to a line at or ahead of its start, so filling
        # from the finish backwards (1st gear with no Heat first) needs only filled entries.
        for space in range(self.finish, self.low - 1, -1):
            row = self._rows[space - self.low]
            row[0][0] = self._best(1, 0, self._fewest(space, spin_here=False, most_heat=0))
            fewest = self._fewest(space, spin_here=True, most_heat=MOST_HEAT)
            for gear in GEARS:
                for heat in range(MOST_HEAT + 1):
                    if (gear, heat) != (1, 0):
                        row[gear - 1][heat] = self._best(gear, heat, fewest)

    def __call__(self, space: int, gear: int, heat: int) -> float:
        if space > self.finish:
            return 0.0
        return self._rows[max(space, self.low) - self.low][gear - 1][min(heat, MOST_HEAT)]

    def _best(self, gear: int, heat: int, fewest: list[list[list[float]]]) -> float:
        """The rounds to go, on average over the hands, when each hand drives the gear and
        Speed (up to its fastest in that gear) that leave the fewest."""
        best = [float("inf")] * HAND_LUCK
        for to_gear in GEARS:
            shift = abs(to_gear - gear)
            if shift > 2 or (shift == 2 and heat == 0):
                continue
            least = fewest[to_gear - 1][heat - (shift == 2)]
            lowest = self._lowest[to_gear - 1]
            for i, top in enumerate(self._hands[to_gear - 1]):
                if least[top - lowest] < best[i]:
                    best[i] = least[top - lowest]
        return 1 + sum(best) / HAND_LUCK

    def _fewest(self, space: int, spin_here: bool, most_heat: int) -> list[list[list[float]]]:
        """By gear driven and Heat left after shifting (up to ``most_heat``), the fewest rounds
        to go over the Speeds from the gear's lowest up to each one (index: Speed - lowest),
        a Boost (1 Heat, a basic card's Speed more) taken where it saves rounds."""
        inf = float("inf")
        boost_most = max((value for value, _ in self._boost), default=0)
        result = []
        for gear in GEARS:
            lowest = self._lowest[gear - 1]
            speeds = range(lowest, self._hands[gear - 1][-1] + boost_most + 1)
            plain = [
                [self._after(space, speed, gear, heat, spin_here) for speed in speeds]
                for heat in range(most_heat + 1)
            ]
            by_heat = []
            for heat in range(most_heat + 1):
                least = inf
                fewest = []
                for k in range(len(speeds) - boost_most):
                    rounds = plain[heat][k]
                    if heat and self._boost:
                        below = plain[heat - 1]
                        boosted = sum(p * below[k + value] for value, p in self._boost)
                        if boosted < rounds:
                            rounds = boosted
                    if rounds < least:
                        least = rounds
                    fewest.append(least)
                by_heat.append(fewest)
            result.append(by_heat)
        return result

    def _after(self, space: int, speed: int, gear: int, heat: int, spin_here: bool) -> float:
        """Rounds to go once a move is made: after its corner checks, or its spin out
        (infinite: a spin out the table cannot count yet, on the car's own line)."""
        for line, excess in self._passage(space, speed):
            if excess > heat:
                if line == space and not spin_here:
                    return float("inf")
                return SPIN_ROUNDS + self(line, 1, 0)
            heat -= excess
        return self(min(space + speed, self.finish + 1), gear, heat)

    def _passage(self, space: int, speed: int) -> tuple[tuple[int, int], ...]:
        """Each corner line a move crosses before the finish, with the Speed over its limit."""
        key = (space, speed)
        if key not in self._passages:
            self._passages[key] = tuple(
                (line, speed - limit + extra if speed > limit else 0)
                for line, limit, extra in self._lines
                if space <= line < space + speed and line < self.finish
            )
        return self._passages[key]


def rounds_to_go(track_id: str, laps: int, weather: Weather | None = None) -> RoundsToGo:
    """The table for one track, lap count and set of corner road conditions."""
    here = course(track_id, laps)
    lines = tuple(
        (line.space, corner_limit(weather, here, line), overheat(weather, here, line))
        for line in here.lines
    )
    return _table(track_id, laps, lines, hand_speeds(track_id, weather), boost_odds(track_id))


@lru_cache(maxsize=64)
def _table(
    track_id: str, laps: int, lines: Lines, hands: HandSpeeds, boost: BoostOdds
) -> RoundsToGo:
    """Cached: races with the same corners and hands share a table (a bounded number)."""
    return RoundsToGo(track_id, laps, lines, hands, boost)


def boost_odds(track_id: str) -> BoostOdds:
    """What a Boost adds: a basic card of the track's starting deck, each equally likely."""
    deck = starting_piles(data.track(track_id), None).deck
    basics = Counter(card for card in deck if card in BASIC_SPEED_CARDS)
    total = basics.total()
    return tuple((speed_value(card), n / total) for card, n in sorted(basics.items()))


def hand_speeds(track_id: str, weather: Weather | None = None) -> HandSpeeds:
    """The fastest Speed of each gear for the HAND_LUCK hands of the nominal car: hands of
    seven from the track's starting deck as the weather changes it (Stress worth an average
    basic card, Heat unplayable)."""
    deck = starting_piles(data.track(track_id), weather).deck
    return _hand_speeds(tuple(sorted(Counter(deck).items())))


@lru_cache(maxsize=64)
def _hand_speeds(deck: tuple[tuple[Card, int], ...]) -> HandSpeeds:
    stress = sum(map(speed_value, BASIC_SPEED_CARDS)) / len(BASIC_SPEED_CARDS)
    worth = [
        (None if card == HEAT else stress if card == STRESS else speed_value(card), n)
        for card, n in deck
    ]
    total = comb(sum(n for _, n in worth), HAND_SIZE)
    hands: list[tuple[float, list[float]]] = []
    _deal(worth, 0, HAND_SIZE, 1, [], hands)
    hands = [(odds / total, sorted(speeds, reverse=True)) for odds, speeds in hands]
    result = []
    for gear in GEARS:
        by_speed = sorted((round(sum(speeds[:gear])), p) for p, speeds in hands)
        quantiles: list[int] = []
        seen, i = 0.0, 0
        for luck in range(HAND_LUCK):
            wanted = (luck + 0.5) / HAND_LUCK
            while seen + by_speed[i][1] < wanted:
                seen += by_speed[i][1]
                i += 1
            quantiles.append(max(1, by_speed[i][0]))
        result.append(tuple(quantiles))
    return tuple(result)


def _deal(
    worth: list[tuple[float | None, int]],
    kind: int,
    left: int,
    odds: float,
    speeds: list[float],
    hands: list[tuple[float, list[float]]],
) -> None:
    """Every hand as how many of each kind of card it holds (kinds from ``kind`` on, ``left``
    cards still to deal), with its count of ways (``odds``) and its cards' Speeds."""
    if left == 0 or kind == len(worth):
        if left == 0:
            hands.append((odds, speeds))
        return
    value, n = worth[kind]
    for k in range(min(n, left) + 1):
        more = speeds + [value] * k if value is not None else speeds
        _deal(worth, kind + 1, left - k, odds * comb(n, k), more, hands)
