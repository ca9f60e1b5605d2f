"""Who sits where in a race: each car's id and colour, a person's seat, the fill drivers.

Pure helpers on a lobby's seats, so the race service only orchestrates; nothing
here reads the store or knows Discord.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.refusals import Refused
from bot.storage import RaceConfig, Seat

COLOURS = ("red", "blue", "green", "yellow", "black", "gray")
CAR_IDS = ("A", "B", "C", "D", "E", "F")


def person_seat(seats: Sequence[Seat], user_id: int, name: str, locale: str) -> Seat:
    """A person's seat in the lobby: the first free car, in the first colour nobody has."""
    taken = {seat.car_id for seat in seats}
    return Seat(
        car_id=next(c for c in CAR_IDS if c not in taken),
        user_id=user_id,
        kind="human",
        name=name,
        color=_free_colour(seats),
        locale=locale,
    )


def with_fill(seats: list[Seat], config: RaceConfig) -> list[Seat]:
    """The lobby's drivers plus Legends or AI cars up to the seat count, as the host chose."""
    if config.fill == "none":
        return seats
    filled = list(seats)
    kind = "legend" if config.fill == "legends" else "ai"
    for car_id in CAR_IDS[: config.seats]:
        if any(seat.car_id == car_id for seat in filled):
            continue
        colour = _free_colour(filled)
        name = f"{'Legend' if kind == 'legend' else 'AI'} {colour}"
        filled.append(Seat(car_id=car_id, user_id=None, kind=kind, name=name, color=colour))
    return sorted(filled, key=lambda seat: seat.car_id)


def seat_of(seats: Sequence[Seat], user_id: int, missing: str = "not_your_race") -> Seat:
    """The user's seat, else refused with the text key ``missing``."""
    for seat in seats:
        if seat.user_id == user_id:
            return seat
    raise Refused(missing)


def _free_colour(seats: Sequence[Seat]) -> str:
    """The first colour no seat has."""
    return next(c for c in COLOURS if c not in {seat.color for seat in seats})
