"""Placing and moving cars: the race-line spot first, blocking, and who is ahead of whom.

"If there are 2 cars next to each other, the car closest to the Race Line is
considered ahead for all purposes." Spot 0 is the race-line spot of a space.

Spaces count along the whole race, but the board has one set of spaces: a car a
lap behind stands on the same board space as a leader one lap further on. So
every question of "who is on this space" compares spaces within the lap (as
Board Game Arena does), while "who is ahead" compares whole-race spaces.
"""

from __future__ import annotations

from engine.events import CarMoved, Event, MoveCause
from engine.state import Car, RaceState


def position_key(car: Car) -> tuple[int, int]:
    """Sorts cars frontmost first: further along, then the race-line spot."""
    return (-car.space, car.spot)


def turn_order(cars: list[Car]) -> tuple[str, ...]:
    """Cars still racing, frontmost first: the order of steps 3-9 this round."""
    return tuple(car.id for car in sorted((c for c in cars if c.racing), key=position_key))


def free_spot_at_or_behind(
    cars: list[Car], mover: Car, space: int, lap_length: int
) -> tuple[int, int]:
    """The first spot on ``space`` or behind it that no other car on the board holds.

    "If you would end your move in a Space where there are cars on all Spots,
    then you are blocked and must put your car in the first Space with a free
    Spot behind the cars that blocked you (as close to the Race Line as possible)."
    Cars a lap behind or ahead block like any other: they stand on the same board.
    """
    # Each space tried looks at every car on the board but the mover, its spot as one
    # number (twice the space within the lap, plus the spot): asked at every landing, and
    # most landings need one look.
    while True:
        race_line = space % lap_length * 2
        line_held = side_held = False
        for c in cars:
            if c is not mover and c.finished is None and not c.eliminated:
                held = c.space % lap_length * 2 + c.spot
                if held == race_line:
                    line_held = True
                elif held == race_line + 1:
                    side_held = True
        if not line_held:
            return space, 0
        if not side_held:
            return space, 1
        space -= 1


def cars_around(cars: list[Car], mover: Car, spaces: tuple[int, ...], lap_length: int) -> bool:
    """Whether another car on the board, on any lap, stands on any of these spaces."""
    wanted = [space % lap_length for space in spaces]
    # A loop, not any() over a generator: asked at every Slipstream step.
    for c in cars:  # noqa: SIM110
        if c is not mover and c.space % lap_length in wanted and c.racing:
            return True
    return False


def move_forward(
    state: RaceState, car: Car, spaces: int, cause: MoveCause, events: list[Event]
) -> None:
    """Move ``spaces`` ahead, to the race-line spot if free, else blocked back behind."""
    if spaces <= 0:
        return
    target = car.space + spaces
    space, spot = landing(state, car, target)
    events.append(CarMoved(car.id, cause, car.space, car.spot, space, spot, space != target))
    car.space, car.spot = space, spot


def landing(state: RaceState, car: Car, target: int) -> tuple[int, int]:
    """Where ``car`` ends up when it aims for race space ``target``: blocked back if full."""
    return free_spot_at_or_behind(state.cars, car, target, state.course.lap_length)


def spaces_gained(state: RaceState, car: Car, spaces: int) -> int:
    """How far ``spaces`` more would really take the car, once blocking is counted."""
    return landing(state, car, car.space + spaces)[0] - car.space
