"""Each driver's total race by race: the season's story, as the standings chart draws it.

A driver's figures are its total before race 1 and after each recorded race, counted as
the standings count now (:mod:`engine.season.points`): the same points, the same
drop-worst setting applied to the races held by then, so the last figure is the total
the table shows. The season keeps only each driver's net correction; its decision log
says when each was made, so a correction counts from the race after which it was made
(before race 1: from the start). Without the log, or for any part of a correction the
log does not hold, it counts at the last figure only: the total is right, its moment
unknown.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.season.decisions import CorrectPoints, RaceRecorded, SeasonDecision
from engine.season.points import race_points, total, worst_race
from engine.season.state import SeasonState


def progress(
    s: SeasonState, log: Sequence[SeasonDecision] | None = None
) -> dict[str, tuple[int, ...]]:
    """Each driver's total before race 1 and after each recorded race (one more figure than
    races recorded), by driver id; ``log`` is the season's decision log, if known."""
    scored = [race_points(result) for result in s.results]
    made = _corrections_by_race(log or (), len(scored))
    figures: dict[str, tuple[int, ...]] = {}
    for driver in s.drivers:
        points = tuple(race.get(driver.id) for race in scored)
        logged = made.get(driver.id, [0] * (len(scored) + 1))
        left = driver.correction - sum(logged)
        row = []
        for held in range(len(scored) + 1):
            dropped = worst_race(points[:held], driver.joined) if s.drop_worst else None
            correction = sum(logged[: held + 1]) + (left if held == len(scored) else 0)
            row.append(total(points[:held], dropped, correction))
        figures[driver.id] = tuple(row)
    return figures


def _corrections_by_race(log: Sequence[SeasonDecision], races: int) -> dict[str, list[int]]:
    """Each driver's corrections by the number of races recorded when they were made."""
    made: dict[str, list[int]] = {}
    recorded = 0
    for decision in log:
        if isinstance(decision, RaceRecorded):
            recorded += 1
        elif isinstance(decision, CorrectPoints):
            by_race = made.setdefault(decision.driver, [0] * (races + 1))
            by_race[min(recorded, races)] += decision.points
    return made
