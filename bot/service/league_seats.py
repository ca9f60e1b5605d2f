"""Who drives a league: season driver ids and colours for joiners, fill drivers, race seats.

Pure helpers on the season and the members, so the league service only
orchestrates; nothing here reads the store or knows Discord.
"""

from __future__ import annotations

import string
from collections.abc import Sequence

from bot.service.race_seats import COLOURS
from bot.storage import LeagueSettings, Member, RaceConfig, Seat
from engine import RaceState
from engine.season import JoinSeason, LeaveSeason, SeasonDecision, SeasonState
from engine.state import CarKind

DRIVER_IDS = string.ascii_uppercase  # a driver who left keeps its id: ids run past F


def next_driver(season: SeasonState) -> JoinSeason:
    """A person's entry: the first unused id and a colour no active driver has."""
    return _entries(season, "human", 1)[0]


def fill_decisions(season: SeasonState, settings: LeagueSettings) -> list[SeasonDecision]:
    """AI drivers or Legends joining until the league's seats are taken, as the creator chose."""
    if settings.fill == "none":
        return []
    kind: CarKind = "legend" if settings.fill == "legends" else "ai"
    return list(_entries(season, kind, settings.seats - len(season.racing())))


def _entries(season: SeasonState, kind: CarKind, count: int) -> list[JoinSeason]:
    """``count`` new drivers, each with the next unused id and a colour nobody racing has."""
    taken = {driver.id for driver in season.drivers}
    colours = {driver.color for driver in season.racing()}
    entries = []
    for _ in range(max(count, 0)):
        driver_id = next(letter for letter in DRIVER_IDS if letter not in taken)
        colour = next(c for c in COLOURS if c not in colours)
        taken.add(driver_id)
        colours.add(colour)
        entries.append(JoinSeason(driver_id, colour, kind))
    return entries


def seat_for_newcomer(season: SeasonState, settings: LeagueSettings) -> list[SeasonDecision]:
    """Room for a person joining a full league: a fill driver leaves (keeping its points)."""
    if len(season.racing()) < settings.seats:
        return []
    fill = [d for d in season.racing() if d.kind != "human"]
    return [LeaveSeason(fill[-1].id)] if fill else []


def driver_name(season: SeasonState, members: Sequence[Member], driver_id: str) -> str:
    """A driver as the standings name it: the member's name, else "AI red" or "Legend red"."""
    member = member_of(members, driver_id)
    if member is not None:
        return member.name
    driver = season.driver(driver_id)
    return f"{'Legend' if driver.kind == 'legend' else 'AI'} {driver.color}"


def member_of(members: Sequence[Member], driver_id: str) -> Member | None:
    """The person driving ``driver_id`` (the latest one, should an id ever be reused)."""
    found = [m for m in members if m.driver_id == driver_id]
    return found[-1] if found else None


def race_seats(season: SeasonState, members: Sequence[Member], state: RaceState) -> list[Seat]:
    """The race's seats: each car is its season driver, driven by its member or the AI.

    A person's driver with nobody driving it (a join cut short by a crash) is on
    autopilot, so the race never waits for nobody.
    """
    seats = []
    for car in state.cars:
        member = member_of(members, car.id)
        driver = None if member is None or member.left_at is not None else member
        seats.append(
            Seat(
                car_id=car.id,
                user_id=None if driver is None or car.kind != "human" else driver.user_id,
                kind=car.kind,
                name=driver_name(season, members, car.id),
                color=car.color,
                locale="en-US" if driver is None else driver.locale,
                autopilot=car.kind == "human" and driver is None,
            )
        )
    return sorted(seats, key=lambda seat: seat.car_id)


def race_config(season: SeasonState, settings: LeagueSettings, state: RaceState) -> RaceConfig:
    """The bot race's setup, as the race service and the publisher read it."""
    return RaceConfig(
        track=state.track,
        laps=state.laps,
        seats=len(state.cars),
        fill="none",
        ai_level=settings.ai_level,
        timer_seconds=settings.timer_seconds,
        mode=settings.mode,
        garage=season.options.garage,
        weather=True,
    )
