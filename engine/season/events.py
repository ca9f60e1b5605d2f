"""What happened in a season decision, with the figures a league message needs.

They print like race events (``car`` is the driver, or null for the league). A
pick is the race draft's :class:`engine.events.UpgradeDrafted`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.cards import Card
from engine.events import Event


@dataclass(init=False)
class DraftOpened(Event):
    """Race ``race_no``'s draft: the market revealed and who picks, first picker first."""

    type: ClassVar[str] = "draft_opened"
    race_no: int
    market: tuple[Card, ...]
    order: tuple[str, ...]

    def __init__(
        self,
        car: str | None,
        race_no: int,
        market: tuple[Card, ...],
        order: tuple[str, ...],
    ) -> None:
        self.car = car
        self.race_no = race_no
        self.market = market
        self.order = order


@dataclass(init=False)
class UpgradeSwapped(Event):
    """The first picker gave ``give`` back to the market and took ``take``."""

    type: ClassVar[str] = "swapped"
    give: Card
    take: Card

    def __init__(self, car: str | None, give: Card, take: Card) -> None:
        self.car = car
        self.give = give
        self.take = take


@dataclass(init=False)
class SwapDeclined(Event):
    type: ClassVar[str] = "kept"

    def __init__(self, car: str | None) -> None:
        self.car = car


@dataclass(init=False)
class MarketBoxed(Event):
    """The draft is over: the cards left in the market leave the game."""

    type: ClassVar[str] = "market_boxed"
    cards: tuple[Card, ...]

    def __init__(self, car: str | None, cards: tuple[Card, ...]) -> None:
        self.car = car
        self.cards = cards


@dataclass(init=False)
class DriverJoined(Event):
    type: ClassVar[str] = "joined"
    race_no: int

    def __init__(self, car: str | None, race_no: int) -> None:
        self.car = car
        self.race_no = race_no


@dataclass(init=False)
class DriverLeft(Event):
    """A driver left; its upgrades and unplayed sponsors leave with it (box, sponsor discard)."""

    type: ClassVar[str] = "left"

    def __init__(self, car: str | None) -> None:
        self.car = car


@dataclass(init=False)
class DriverRests(Event):
    """The driver sits race ``race_no`` out: not on its grid, scoring nothing in it."""

    type: ClassVar[str] = "rests"
    race_no: int

    def __init__(self, car: str | None, race_no: int) -> None:
        self.car = car
        self.race_no = race_no


@dataclass(init=False)
class DriverSubbed(Event):
    """``car`` sits race ``race_no`` out; ``reserve`` drives it in ``car``'s colour."""

    type: ClassVar[str] = "subbed"
    reserve: str
    race_no: int

    def __init__(self, car: str | None, reserve: str, race_no: int) -> None:
        self.car = car
        self.reserve = reserve
        self.race_no = race_no


@dataclass(init=False)
class PointsCorrected(Event):
    """An admin's correction: ``points`` added to the driver's total (``total`` after it)."""

    type: ClassVar[str] = "points_corrected"
    points: int
    total: int

    def __init__(self, car: str | None, points: int, total: int) -> None:
        self.car = car
        self.points = points
        self.total = total


@dataclass(init=False)
class DropWorstSwitched(Event):
    """The league switched drop-worst ``on`` (each driver's worst race left out) or off."""

    type: ClassVar[str] = "drop_worst_switched"
    on: bool

    def __init__(self, car: str | None, on: bool) -> None:
        self.car = car
        self.on = on


@dataclass(init=False)
class SeasonRaceStarted(Event):
    type: ClassVar[str] = "race_started"
    race_no: int
    grid: tuple[str, ...]

    def __init__(self, car: str | None, race_no: int, grid: tuple[str, ...]) -> None:
        self.car = car
        self.race_no = race_no
        self.grid = grid


@dataclass(init=False)
class SeasonRaceCancelled(Event):
    type: ClassVar[str] = "race_cancelled"
    race_no: int

    def __init__(self, car: str | None, race_no: int) -> None:
        self.car = car
        self.race_no = race_no


@dataclass(init=False)
class RaceScored(Event):
    """Race ``race_no`` recorded: each driver's points, event bonuses included."""

    type: ClassVar[str] = "race_scored"
    race_no: int
    points: dict[str, int]

    def __init__(self, car: str | None, race_no: int, points: dict[str, int]) -> None:
        self.car = car
        self.race_no = race_no
        self.points = points


@dataclass(init=False)
class SeasonEnded(Event):
    """The last race is recorded; ``car`` is the champion."""

    type: ClassVar[str] = "season_ended"

    def __init__(self, car: str | None) -> None:
        self.car = car
