"""Championship points and standings: 9/6/4/3/2/1, event bonuses, ties broken by the last race.

The rules and BGA, as ../shared/facts/championship.json and modules-notes.md
record them: places 1-6 score 9/6/4/3/2/1 and 7 and below 0; Legends score
like drivers; a driver who gave up has the last free place and scores it; a
driver eliminated by event 10 (a spin out ends its race) has no place and
scores 0. The Drivers' strike gives the winner 2 more points, the Corruption in
the rules committee 1 more to each of places 1-3 (the event's ``winner_bonus``
and ``podium_bonus``).
A driver's total counts the league admins' corrections, which the season keeps
(:class:`engine.season.decisions.CorrectPoints`), so the grid and the draft order,
fixed from the standings, follow the standings as the league shows them.
Ties (of totals, corrections in) are broken by the last race's points, then the
race before, and so on; drivers still tied (the same points in every race) keep the
order in which they entered the season (our choice: BGA leaves it to table order).

Drop-worst, a league's choice (off by default, ``SeasonState.drop_worst``), is our
reading of what sim-racing leagues call a drop round: each driver's worst race is left
out of its total. The worst is the lowest-scoring race among those held since the
driver joined (race ``joined`` on); a race among them it did not drive (it had left,
or was not on the grid) scores 0 and is dropped before a race driven for 0, since a
missed night is what the drop is there to forgive; among equal worst races the
earliest goes. Nothing is dropped before a driver has 2 such races, a correction is
never dropped, and the tie-breaks read each race's points as scored, the dropped one
too (the race was run; only the total leaves it out).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import data
from engine.championship import RaceResult
from engine.season.state import SeasonState

PODIUM = 3
FEWEST_TO_DROP = 2
"""A driver drops its worst race once it has this many races to choose from."""


def race_points(result: RaceResult) -> dict[str, int]:
    """Each car's championship points for one race, event bonuses included."""
    bonuses = race_bonuses(result)
    return {car: score + bonuses[car] for car, score in _place_points(result).items()}


def race_bonuses(result: RaceResult) -> dict[str, int]:
    """Each car's event bonus in one race (the Drivers' strike, Corruption...), 0 for most."""
    event = data.championship().event(result.event)
    bonuses = dict.fromkeys(result.eliminated, 0)
    for car, place in result.places.items():
        if car in result.eliminated:
            continue
        bonus = event.winner_bonus if place == 1 else 0
        if place <= PODIUM:
            bonus += event.podium_bonus
        bonuses[car] = bonus
    return bonuses


def _place_points(result: RaceResult) -> dict[str, int]:
    """Each car's points for its place alone: 9/6/4/3/2/1, none out of the race."""
    championship = data.championship()
    scale = championship.points_by_place
    points = dict.fromkeys(result.eliminated, 0)
    for car, place in result.places.items():
        if car not in result.eliminated:
            points[car] = scale[place - 1] if place <= len(scale) else 0
    return points


@dataclass(frozen=True, slots=True)
class Standing:
    """One driver's line in the standings; per race, None where it did not race.

    ``points`` is the total, ``correction`` included (the net of the league admins'
    point corrections, as the season keeps it) and the ``dropped`` race (its index in
    ``race_points``; None when the league counts every race, or the driver has fewer
    than 2) left out. ``eliminated`` says, per race, whether event 10 put the driver out
    of it: no place, 0 points; ``bonuses`` the event's bonus among each race's points
    (None where it did not race).
    """

    driver: str
    points: int
    race_points: tuple[int | None, ...]
    places: tuple[int | None, ...]
    wins: int
    podiums: int
    active: bool
    correction: int = 0
    eliminated: tuple[bool, ...] = ()
    bonuses: tuple[int | None, ...] = ()
    dropped: int | None = None


def worst_race(race_points: Sequence[int | None], joined: int) -> int | None:
    """The race a driver drops (its index), or None before it has 2 races since it joined.

    ``race_points`` are its points in each race held (None where it did not race);
    ``joined`` the first race it could enter. Lowest first; a race missed before one
    driven for the same 0; the earliest of equals.
    """
    held = range(joined - 1, len(race_points))
    if len(held) < FEWEST_TO_DROP:
        return None
    return min(held, key=lambda n: (race_points[n] or 0, race_points[n] is not None, n))


def total(race_points: Sequence[int | None], dropped: int | None, correction: int) -> int:
    """A driver's total: every race's points but the dropped one's, and its corrections."""
    left_out = 0 if dropped is None else race_points[dropped] or 0
    return sum(p or 0 for p in race_points) - left_out + correction


def standings(s: SeasonState) -> list[Standing]:
    """Every driver of the season, leader first (corrections in, a dropped race out), ties
    broken by the last race, then the one before, and so on; then by the order they
    entered the season.

    The one table of the season: the league shows it, and the grid and the draft order
    of the next race are fixed from it.
    """
    scored = [race_points(result) for result in s.results]
    bonuses = [race_bonuses(result) for result in s.results]
    lines: list[Standing] = []
    for driver in s.drivers:
        points = tuple(race.get(driver.id) for race in scored)
        places = tuple(_place(result, driver.id) for result in s.results)
        correction = driver.correction
        dropped = worst_race(points, driver.joined) if s.drop_worst else None
        lines.append(
            Standing(
                driver.id,
                total(points, dropped, correction),
                points,
                places,
                sum(1 for place in places if place == 1),
                sum(1 for place in places if place is not None and place <= PODIUM),
                driver.active,
                correction,
                tuple(driver.id in result.eliminated for result in s.results),
                tuple(race.get(driver.id) for race in bonuses),
                dropped,
            )
        )
    # sorted() is stable, so drivers tied in every race keep their entry order. The races'
    # points as scored: a dropped race still breaks a tie.
    return sorted(
        lines, key=lambda line: (-line.points, *(-(p or 0) for p in line.race_points[::-1]))
    )


def _place(result: RaceResult, driver: str) -> int | None:
    """The driver's place in a race: None if it did not race, or was eliminated (even where
    a result recorded before eliminated cars lost their place names one)."""
    return None if driver in result.eliminated else result.places.get(driver)


def champion(s: SeasonState) -> str | None:
    """The season's champion once every race is recorded (None before), corrections in."""
    if s.phase != "over" or not s.drivers:
        return None
    return standings(s)[0].driver
