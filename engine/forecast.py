"""What a plan would do, as far as the driver can know before the reveal.

Stress cards add an unknown 1-4 each, so speed and corner costs are ranges.
A helper for whoever shows a hand: the rules stay in the rest of the engine.
"""

from __future__ import annotations

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


def next_corner(view: RaceView, car: CarView) -> tuple[int, int] | None:
    """The next corner line ahead of the car (its space and limit), before the finish."""
    here = course(view.track, view.laps)
    ahead = [line for line in here.lines_ahead(car.space) if line.space < here.finish]
    return (ahead[0].space, corner_limit(view.weather, here, ahead[0])) if ahead else None
