"""Placing cars: the race-line spot first, blocking, and who is ahead of whom.

"If there are 2 cars next to each other, the car closest to the Race Line is
considered ahead for all purposes." Spot 0 is the race-line spot of a space.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.state import Car


def position_key(car: Car) -> tuple[int, int]:
    """Sorts cars frontmost first: further along, then the race-line spot."""
    return (-car.space, car.spot)


def turn_order(cars: Iterable[Car]) -> tuple[str, ...]:
    """Cars still racing, frontmost first: the order of steps 3-9 this round."""
    return tuple(
        car.id for car in sorted((c for c in cars if c.finished is None), key=position_key)
    )


def free_spot_at_or_behind(cars: Iterable[Car], mover: Car, space: int) -> tuple[int, int]:
    """The first spot on ``space`` or behind it that no other car on the track holds.

    "If you would end your move in a Space where there are cars on all Spots,
    then you are blocked and must put your car in the first Space with a free
    Spot behind the cars that blocked you (as close to the Race Line as possible)."
    """
    taken = {(c.space, c.spot) for c in cars if c.finished is None and c is not mover}
    while True:
        for spot in (0, 1):
            if (space, spot) not in taken:
                return space, spot
        space -= 1


def cars_around(cars: Iterable[Car], mover: Car, spaces: Iterable[int]) -> bool:
    """Whether another car on the track stands on any of these spaces."""
    wanted = set(spaces)
    return any(c.finished is None and c is not mover and c.space in wanted for c in cars)
