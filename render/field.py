"""The field of cars in a race: their running order, their labels and their drivers' names."""

from __future__ import annotations

from collections.abc import Mapping

from engine.view import CarView, RaceView

MAX_ID_LABEL = 2


def running_order(view: RaceView) -> list[CarView]:
    """Finished cars by place, then racing cars from the leader back, then the cars out of
    the race without a place (Championship event 10).

    Farther along is ahead; on the same space the race line (spot 0) is ahead.
    """
    finished = sorted((c for c in view.cars if c.finished is not None), key=_place)
    racing = sorted((c for c in view.cars if c.racing), key=lambda c: (-c.space, c.spot))
    out = [c for c in view.cars if c.eliminated and c.finished is None]
    return finished + racing + out


def _place(car: CarView) -> int:
    return car.finished if car.finished is not None else 0


def car_labels(view: RaceView) -> dict[str, str]:
    """A short label per car for its badge: the id when every id is short, else 1, 2, 3...

    Labels stay the same all race long (they follow the notation's car order, not places).
    """
    ids = [car.id for car in view.cars]
    if all(len(car_id) <= MAX_ID_LABEL for car_id in ids):
        return {car_id: car_id for car_id in ids}
    return {car_id: str(i) for i, car_id in enumerate(ids, start=1)}


def driver_name(car: CarView, names: Mapping[str, str] | None) -> str:
    """The driver's name when the caller knows it, else the car's id."""
    return (names or {}).get(car.id, car.id)


def laps_done(view: RaceView, car: CarView) -> int:
    """Laps completed: every lap once finished, else the laps before the current one."""
    return view.laps if car.finished is not None else car.lap - 1


def lap_shown(view: RaceView, car: CarView) -> str:
    """The lap being driven, as "2/3"."""
    return f"{min(laps_done(view, car) + 1, view.laps)}/{view.laps}"
