"""What the league service hands its callers: a league, a draft turn, a change, a standing.

Plain values (nothing here talks to Discord or the database), so the Discord layer shows
them and tests read them.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.league_seats import driver_name
from bot.service.races import Change
from bot.storage import Correction, LeagueRecord, Member
from engine.season import DraftPick, DriverDecision, SeasonState


@dataclass(frozen=True, slots=True)
class League:
    """A league as its callers need it: the record, its people and its season now."""

    record: LeagueRecord
    members: list[Member]
    season: SeasonState

    @property
    def id(self) -> int:
        return self.record.id

    def member(self, user_id: int) -> Member | None:
        """The user's membership, if they drive in the league now."""
        return next((m for m in self.members if m.user_id == user_id and m.left_at is None), None)

    def driving(self, driver_id: str) -> Member | None:
        """The person driving ``driver_id`` now (None for AI drivers and Legends)."""
        return next(
            (m for m in self.members if m.driver_id == driver_id and m.left_at is None), None
        )

    def name_of(self, driver_id: str) -> str:
        return driver_name(self.season, self.members, driver_id)


@dataclass(frozen=True, slots=True)
class DraftTurn:
    """A person must decide in the draft: their choices, from ``season_legal_decisions``."""

    league_id: int
    version: int
    race_no: int
    driver_id: str
    user_id: int
    market: tuple[str, ...]
    decisions: tuple[DriverDecision, ...]

    @property
    def swap(self) -> bool:
        """The first picker's offer to swap (or keep), after the picks."""
        return not any(isinstance(d, DraftPick) for d in self.decisions)


@dataclass(frozen=True, slots=True)
class LeagueChange:
    """What a change did: the league after it and who decides next in its draft.

    ``race`` is the league race started by this change, if the draft ended. What
    the channel must be told was stored with the change (the league's outbox).
    """

    league: League
    turn: DraftTurn | None = None
    race: Change | None = None


@dataclass(frozen=True, slots=True)
class ScheduledRace:
    """One race of the season as ``/league schedule`` tells it."""

    race_no: int
    track: str
    event: int
    run: bool


@dataclass(frozen=True, slots=True)
class Standing:
    """A driver's line in the standings: points (corrections in), each race's place and points.

    ``eliminated`` says per race whether event 10 put the driver out of it (no place),
    ``bonuses`` the event's bonus among each race's points; ``left``: the driver left the
    league (their points stay). ``dropped``: the race (its index) left out of ``points``
    when the league drops each driver's worst race. ``totals``: the total before race 1
    and after each recorded race (engine/season/progress.py), from figure ``joined - 1``
    on (the race the driver joined before).
    """

    driver_id: str
    name: str
    color: str
    user_id: int | None
    points: int
    places: tuple[int | None, ...]
    race_points: tuple[int | None, ...]
    corrections: tuple[Correction, ...] = ()
    eliminated: tuple[bool, ...] = ()
    bonuses: tuple[int | None, ...] = ()
    left: bool = False
    dropped: int | None = None
    totals: tuple[int, ...] = ()
    joined: int = 1


@dataclass(frozen=True, slots=True)
class RaceLine:
    """One race of a driver's breakdown: ``points`` None where it did not race (it had
    left), ``place`` None where it did not, or event 10 put it out (``eliminated``);
    ``bonus`` the event's points among ``points``; ``dropped``: left out of the total."""

    race_no: int
    track: str
    place: int | None
    points: int | None
    bonus: int
    eliminated: bool
    dropped: bool


@dataclass(frozen=True, slots=True)
class Breakdown:
    """A driver's season in a league (named ``league``) race by race (each race since it
    joined), its net correction and its total, as the standings count it; ``drop_worst``:
    the league drops each driver's worst race."""

    league: str
    driver_id: str
    name: str
    races: tuple[RaceLine, ...]
    correction: int
    points: int
    drop_worst: bool
