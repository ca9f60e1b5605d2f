"""What a championship season is at one moment: its races, drivers, card piles and phase.

A season is a value above its races, like :class:`engine.state.RaceState`
below it: :func:`engine.season.rules.apply_season` works on a copy. The season
notation (``heat-season/1``, engine/season/notation.py) is its public form.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from engine.cards import Card
from engine.championship import RaceResult
from engine.state import CarKind, Options

SeasonPhase = Literal["lineup", "draft", "swap", "ready", "racing", "over"]
"""Where the season stands before race k: ``lineup`` (drivers may join, leave, rest), ``draft``
(picks), ``swap`` (the first picker's offer), ``ready`` (race k may start), ``racing`` (race k
runs on the bot), ``over`` (every race recorded)."""


@dataclass(frozen=True, slots=True)
class SeasonRace:
    """One race of the season: a track and the event card that changes its rules."""

    track: str
    event: int


@dataclass(frozen=True, slots=True)
class SeasonDriver:
    """A driver of the season, with what it carries from race to race.

    ``upgrades`` are the Garage upgrades drafted so far (they stay in the deck for
    the whole championship); ``sponsors`` the sponsorship cards it won and never
    played. ``joined`` is the first race it may enter; a driver who left
    (``active`` false) keeps its points in the standings but races no more.
    ``correction`` is the net of the league admins' point corrections
    (:class:`engine.season.decisions.CorrectPoints`): part of its total in the
    standings, so of every grid and draft order fixed after it. ``resting``: it sits the
    next race out (:class:`engine.season.decisions.RestDriver`, or ``SubDriver``), until
    that race is recorded.
    """

    id: str
    color: str
    kind: CarKind
    upgrades: tuple[Card, ...] = ()
    sponsors: tuple[Card, ...] = ()
    active: bool = True
    joined: int = 1
    correction: int = 0
    resting: bool = False

    @property
    def drafts(self) -> bool:
        """Legends do not draft (and carry no cards)."""
        return self.kind != "legend"


def _default_options() -> Options:
    """The basic Garage deck and the weather: what a championship needs at least."""
    return Options(garage="basic", weather=True)


@dataclass(frozen=True, slots=True)
class SeasonConfig:
    """The season to race: a preset (1961-1965), a custom list of races, or a random one.

    Build one with :meth:`preset`, :meth:`custom` or :meth:`random`. The options
    are the race options every race of the season uses; a championship always
    races with the Garage and the weather, so ``garage`` must name a deck and
    ``weather`` is switched on whatever it says. ``drop_worst``: each driver's worst
    race is left out of its total (a league's choice, off as the rules have it;
    :mod:`engine.season.points` says which race that is).
    """

    kind: Literal["preset", "custom", "random"]
    season: int | None = None
    races: tuple[SeasonRace, ...] = ()
    options: Options = field(default_factory=_default_options)
    drop_worst: bool = False

    @classmethod
    def preset(
        cls, season: int, options: Options | None = None, *, drop_worst: bool = False
    ) -> SeasonConfig:
        """One of the printed seasons, 1961 to 1965."""
        options = options or _default_options()
        return cls("preset", season=season, options=options, drop_worst=drop_worst)

    @classmethod
    def custom(
        cls,
        races: tuple[SeasonRace, ...],
        options: Options | None = None,
        *,
        drop_worst: bool = False,
    ) -> SeasonConfig:
        """A list of 3 or more (track, event) races, in order."""
        options = options or _default_options()
        return cls("custom", races=tuple(races), options=options, drop_worst=drop_worst)

    @classmethod
    def random(cls, options: Options | None = None, *, drop_worst: bool = False) -> SeasonConfig:
        """4 tracks with random events, drawn from the season's seed."""
        return cls("random", options=options or _default_options(), drop_worst=drop_worst)


@dataclass(frozen=True, slots=True)
class SeasonDraft:
    """The draft round before a race: the market, who still picks (next first), the first picker.

    ``first`` is the driver who picked first, the only one offered the swap.
    """

    market: tuple[Card, ...]
    order: tuple[str, ...]
    first: str | None = None


@dataclass(slots=True)
class SeasonState:
    """A whole season at one moment; the season notation is its public form.

    ``races`` are the whole schedule; ``results`` the races recorded so far, in
    order, so the next race is number ``len(results) + 1``. ``drivers`` are in the
    order they entered the season (the last tie-break of the standings). The
    Garage deck (top first) and box (cards out of the game) and the shared
    sponsorship deck (top first) and discard pile carry from race to race.
    ``grid`` is the next race's starting order, pole first, fixed when its draft
    opens. ``rng`` counts the random draws made from ``seed``; ``version`` the
    decisions applied (a stale click names an older one). ``drop_worst``: the
    standings leave each driver's worst race out (set with the season, switched
    between races by :class:`engine.season.decisions.DropWorst`). ``reruns``: how often
    the next race was cancelled; each run is dealt anew (:func:`engine.season.race_seed`).
    """

    seed: int
    races: tuple[SeasonRace, ...]
    drivers: list[SeasonDriver]
    options: Options
    preset: int | None = None
    version: int = 0
    rng: int = 0
    phase: SeasonPhase = "lineup"
    results: list[RaceResult] = field(default_factory=list)
    garage_deck: tuple[Card, ...] = ()
    garage_box: tuple[Card, ...] = ()
    sponsor_deck: tuple[Card, ...] = ()
    sponsor_discard: tuple[Card, ...] = ()
    grid: tuple[str, ...] = ()
    draft: SeasonDraft | None = None
    drop_worst: bool = False
    reruns: int = 0

    def copy(self) -> SeasonState:
        """A copy that can be changed without touching this state (drivers are frozen)."""
        return replace(self, drivers=list(self.drivers), results=list(self.results))

    @property
    def race_no(self) -> int:
        """The number of the next race to run (1-based); past the last once the season is over."""
        return len(self.results) + 1

    def driver(self, driver_id: str) -> SeasonDriver:
        """The driver with this id (KeyError if none)."""
        for driver in self.drivers:
            if driver.id == driver_id:
                return driver
        raise KeyError(driver_id)

    def set_driver(self, driver: SeasonDriver) -> None:
        """Put the changed ``driver`` in place of the one with its id."""
        self.drivers = [driver if d.id == driver.id else d for d in self.drivers]

    def active(self) -> list[SeasonDriver]:
        """The drivers still racing, in the order they entered."""
        return [d for d in self.drivers if d.active]

    def racing(self) -> list[SeasonDriver]:
        """The drivers of the next race: the active ones not resting, in the order they entered."""
        return [d for d in self.drivers if d.active and not d.resting]
