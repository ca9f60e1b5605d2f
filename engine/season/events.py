"""What happened in a season decision, with the figures a league message needs.

They print like race events (``car`` is the driver, or null for the league). A
pick is the race draft's :class:`engine.events.UpgradeDrafted`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.cards import Card
from engine.events import Event


@dataclass(slots=True)
class DraftOpened(Event):
    """Race ``race_no``'s draft: the market revealed and who picks, first picker first."""

    type: ClassVar[str] = "draft_opened"
    race_no: int
    market: tuple[Card, ...]
    order: tuple[str, ...]


@dataclass(slots=True)
class UpgradeSwapped(Event):
    """The first picker gave ``give`` back to the market and took ``take``."""

    type: ClassVar[str] = "swapped"
    give: Card
    take: Card


@dataclass(slots=True)
class SwapDeclined(Event):
    type: ClassVar[str] = "kept"


@dataclass(slots=True)
class MarketBoxed(Event):
    """The draft is over: the cards left in the market leave the game."""

    type: ClassVar[str] = "market_boxed"
    cards: tuple[Card, ...]


@dataclass(slots=True)
class DriverJoined(Event):
    type: ClassVar[str] = "joined"
    race_no: int


@dataclass(slots=True)
class DriverLeft(Event):
    """A driver left; its upgrades and unplayed sponsors leave with it (box, sponsor discard)."""

    type: ClassVar[str] = "left"


@dataclass(slots=True)
class SeasonRaceStarted(Event):
    type: ClassVar[str] = "race_started"
    race_no: int
    grid: tuple[str, ...]


@dataclass(slots=True)
class SeasonRaceCancelled(Event):
    type: ClassVar[str] = "race_cancelled"
    race_no: int


@dataclass(slots=True)
class RaceScored(Event):
    """Race ``race_no`` recorded: each driver's points, event bonuses included."""

    type: ClassVar[str] = "race_scored"
    race_no: int
    points: dict[str, int]


@dataclass(slots=True)
class SeasonEnded(Event):
    """The last race is recorded; ``car`` is the champion."""

    type: ClassVar[str] = "season_ended"
