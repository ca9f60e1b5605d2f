"""The Legends at the finish: the odds that a car crossing the line on a space beats them.

Cars crossing the line in the same round are placed by how far past it they end,
and a Legend on the last straight drives its helmet Speed (11 to 18), so where
the Legends will end matters more than any rounds-to-go estimate. A Legend's
move is public: its space and colour, the Legends' card of the round (face up
once the first Legend moved), the cards left in their deck (the others were
revealed since the shuffle; their order stays hidden) and the setup options.
The AI weighs every card the deck may reveal this round and, for a car crossing
next round, the one after too; blocking is left out.

The same forecast tells a car planning its move where it may Slipstream: the Legends
ahead of it move first ("starting with the frontmost car, closest to the Race Line"),
so a move that ends on a Legend's space or just behind it likely gains 2 spaces more.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.course import course
from engine.legends import LEGEND_CARDS, legend_move
from engine.state import Weather
from engine.view import RaceView

# How a crossing is valued: the share for beating every Legend (a win, if no other car
# is ahead), the rest for each Legend beaten (the places).
WIN_SHARE = 0.75
# Spaces past the line the odds are worked out for; further on, the car beats every
# Legend that can be beaten.
REACH = 40
BEATEN_BY_ALL = float("inf")


@dataclass(frozen=True, slots=True)
class Race:
    """The public facts the Legends' moves follow."""

    track: str
    laps: int
    weather: Weather | None
    bonus: int
    aggressive: bool
    # (space, colour, moved this round already) of each Legend still racing.
    legends: tuple[tuple[int, str, bool], ...]
    # Legends already in the Hall of Fame: every one is ahead of a car still racing.
    finished: int
    card: int | None
    left: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rivals:
    """The Legends as one car sees them, for its crossing this round or ``rounds`` later."""

    race: Race
    rounds: int = 0
    # The Legends that take their turn before the car this round: (space, colour, moved).
    leaders: tuple[tuple[int, str, bool], ...] = ()

    @classmethod
    def seen_by(cls, view: RaceView, car_id: str, rounds: int = 0) -> Rivals:
        """The Legends racing ``car_id``, from its view of the race."""
        moved: set[str] = set()
        if view.turn is not None and view.turn.car in view.turn_order:
            moved = set(view.turn_order[: view.turn_order.index(view.turn.car)])
        me = view.car(car_id)
        racing = [c for c in view.cars if c.kind == "legend" and c.racing and c.id != car_id]
        # Turn order: further along first, then the race-line spot (engine.movement).
        first = [c for c in racing if (-c.space, c.spot) < (-me.space, me.spot)]
        legends, leaders = (
            tuple(sorted((c.space, c.color, c.id in moved) for c in cars))
            for cars in (racing, first)
        )
        finished = sum(1 for car in view.cars if car.kind == "legend" and car.finished is not None)
        race = Race(
            view.track,
            view.laps,
            view.weather,
            view.legend_speed_bonus,
            view.aggressive_legends,
            legends,
            finished,
            view.legend_card,
            view.legend_cards_left,
        )
        return cls(race, rounds, leaders)

    def later(self) -> Rivals:
        """The same Legends, for a crossing one round later."""
        return Rivals(self.race, self.rounds + 1)

    def followed(self) -> Mapping[int, float]:
        """By board space (within the lap), the odds that a Legend which takes its turn before
        the car this round ends there or on the space ahead: where the car may Slipstream
        behind it (none foreseen for a later round)."""
        if self.rounds or not self.leaders:
            return _NONE_FOLLOWED
        return _slipstream_odds(self.race, self.leaders)

    def beaten(self, space: int) -> float | None:
        """How much a crossing that ends on ``space`` is worth against the Legends, 0 to 1
        (None: no Legend races, or the crossing is too far off to foresee)."""
        if not self.race.legends or self.rounds > 1:
            return None
        table = _table(self.race, self.rounds)
        finish = course(self.race.track, self.race.laps).finish
        return table[max(0, min(space - finish - 1, REACH))]


@lru_cache(maxsize=256)
def _table(race: Race, rounds: int) -> tuple[float, ...]:
    """The worth of crossing on each space past the line (index 0: the first one)."""
    finish = course(race.track, race.laps).finish
    scenarios = _scenarios(race, rounds)
    values = []
    for space in range(finish + 1, finish + REACH + 2):
        worth = 0.0
        for ahead in scenarios:
            below, tied = bisect_left(ahead, space), bisect_right(ahead, space)
            # Ties are placed by the race line: even odds.
            beaten = (below + tied) / 2
            won = 1.0 if below == len(ahead) else 0.5 if tied == len(ahead) else 0.0
            worth += WIN_SHARE * won + (1 - WIN_SHARE) * beaten / len(ahead)
        values.append(worth / len(scenarios))
    return tuple(values)


_NONE_FOLLOWED: Mapping[int, float] = {}


@lru_cache(maxsize=1024)
def _slipstream_odds(race: Race, leaders: tuple[tuple[int, str, bool], ...]) -> Mapping[int, float]:
    """By board space (within the lap), the odds that one of ``leaders`` ends this round on
    it or on the space ahead, over every card the Legends' deck may reveal."""
    lap = course(race.track, race.laps).lap_length
    cards = _this_round(race)
    counts: dict[int, int] = {}
    for card, _ in cards:
        ends = {_end(race, legend, card) % lap for legend in leaders}
        for space in {near for end in ends for near in (end, (end - 1) % lap)}:
            counts[space] = counts.get(space, 0) + 1
    return {space: n / len(cards) for space, n in counts.items()}


def _scenarios(race: Race, rounds: int) -> list[tuple[float, ...]]:
    """For each equally likely run of Legend cards, where each Legend ends in the round
    the car crosses, sorted: -inf for one still short of the line, inf for one already
    past it (a round earlier, or in the Hall of Fame)."""
    here = course(race.track, race.laps)
    result = []
    for card, rest in _this_round(race):
        now = [_end(race, legend, card) for legend in race.legends]
        if rounds == 0:
            result.append(_ahead(now, here.finish, race.finished))
            continue
        for then in rest or LEGEND_CARDS:
            later = [
                BEATEN_BY_ALL if space > here.finish else space + _move(race, space, colour, then)
                for space, (_, colour, _) in zip(now, race.legends, strict=True)
            ]
            result.append(_ahead(later, here.finish, race.finished))
    return result


def _this_round(race: Race) -> list[tuple[int, tuple[int, ...]]]:
    """Each card the Legends may drive by this round (the one face up, else each left in
    their deck, else each of a new deck), equally likely, with the cards left after it."""
    if race.card is not None:
        return [(race.card, race.left)]
    deck = race.left or LEGEND_CARDS
    return [(card, tuple(c for c in deck if c != card)) for card in deck]


def _end(race: Race, legend: tuple[int, str, bool], card: int) -> int:
    """Where a Legend (space, colour, moved this round already) ends this round."""
    space, colour, moved = legend
    return space if moved else space + _move(race, space, colour, card)


def _ahead(spaces: Sequence[float], finish: int, finished: int) -> tuple[float, ...]:
    ends = [space if space > finish else -BEATEN_BY_ALL for space in spaces]
    return tuple(sorted(ends + [BEATEN_BY_ALL] * finished))


def _move(race: Race, space: int, colour: str, card: int) -> int:
    here = course(race.track, race.laps)
    return legend_move(here, race.weather, race.bonus, race.aggressive, space, colour, card)
