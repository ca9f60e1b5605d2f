"""What a plan would do, as far as the driver can know before the reveal.

Stress cards add an unknown 1-4 each, so speed and corner costs are ranges.
A helper for whoever shows a hand: the rules stay in the rest of the engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.cards import STRESS, Card, speed_value
from engine.conditions import corner_heat, corner_limit
from engine.course import course
from engine.view import CarView, RaceView


@dataclass(frozen=True, slots=True)
class CornerCost:
    space: int
    limit: int
    heat_low: int
    heat_high: int


@dataclass(frozen=True, slots=True)
class Forecast:
    """Speed and landing ranges of a plan, and the Heat each corner on the way may cost."""

    speed_low: int
    speed_high: int
    land_low: int
    land_high: int
    corners: tuple[CornerCost, ...]
    may_spin: bool


def forecast(view: RaceView, car: CarView, cards: tuple[Card, ...]) -> Forecast:
    """The plan's outcome before boosts, blocking and slipstream."""
    base = sum(speed_value(card) for card in cards)
    stress = cards.count(STRESS)
    low, high = base + stress, base + 4 * stress
    here = course(view.track, view.laps)
    costs = []
    heat_high = 0
    for line in here.corners_crossed(car.space, car.space + high):
        limit = corner_limit(view.weather, here, line)
        reached_at_low = line.space < car.space + low
        worst = corner_heat(view.weather, here, line, high)
        best = corner_heat(view.weather, here, line, low) if reached_at_low else 0
        costs.append(CornerCost(line.space, limit, best, worst))
        heat_high += worst
    return Forecast(
        low, high, car.space + low, car.space + high, tuple(costs), heat_high > car.engine
    )


@dataclass(frozen=True, slots=True)
class Landing:
    """A space some plan may end its move on: the planned speed that reaches it, and whether
    a plan reaches it for sure (no Stress) or only as Stress may turn out."""

    space: int
    speed: int
    sure: bool


def landings(view: RaceView, car: CarView, plans: Iterable[tuple[Card, ...]]) -> list[Landing]:
    """Where the driver's ``plans`` (the cards of each legal plan) may land, nearest first,
    before boosts, blocking and slipstream, as :func:`forecast` says."""
    sure: dict[int, bool] = {}
    for cards in plans:
        outcome = forecast(view, car, cards)
        for speed in range(outcome.speed_low, outcome.speed_high + 1):
            known = outcome.speed_low == outcome.speed_high
            sure[speed] = sure.get(speed, False) or known
    return [Landing(car.space + speed, speed, sure[speed]) for speed in sorted(sure)]


def corners_ahead(view: RaceView, car: CarView, count: int) -> list[tuple[int, int]]:
    """The next ``count`` corner lines ahead of the car before the finish: each one's space
    and its limit with its road token."""
    here = course(view.track, view.laps)
    ahead = [line for line in here.lines_ahead(car.space) if line.space < here.finish]
    return [(line.space, corner_limit(view.weather, here, line)) for line in ahead[:count]]


def next_corner(view: RaceView, car: CarView) -> tuple[int, int] | None:
    """The next corner line ahead of the car (its space and limit), before the finish."""
    ahead = corners_ahead(view, car, 1)
    return ahead[0] if ahead else None
