"""Season decisions, as frozen values with a one-line text form that parses back.

Both come from the decision's fields (:mod:`engine.text_forms`).

A driver's draft decisions start with its id, like a race decision:
``"A pick turbo-8"``, ``"A swap turbo-8 body-3"`` (give, then take), ``"A keep"``.
The league's own decisions start with a word no driver may be named:
``"join E red human"``, ``"leave E"``, ``"rest E"`` (E sits the next race out),
``"sub E G"`` (E sits it out, G drives it in E's colour), ``"stand-in E G"`` (the
draft waits on E, who did not answer: G takes E's place in it), ``"draft 2"`` (open race 2's draft),
``"start 2"``, ``"cancel 2"`` (race 2 will be run again),
``"record 2 {...}"`` (race 2's result as compact JSON), ``"correct E +2"`` (an
admin's points correction, always signed) and ``"drop-worst on"`` (or ``off``: the
standings leave each driver's worst race out, or count them all again).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, get_args

from engine.cards import Card
from engine.championship import RaceResult
from engine.errors import quoted
from engine.state import CarKind
from engine.text_forms import Document, OneOf, TextForms, Word, Worded, written_as

MAX_CORRECTION = 100
"""The most points one correction adds or takes away (what ``/league correct`` takes)."""


@dataclass(frozen=True, init=False)
class DraftPick(Worded):
    """The draft: take this upgrade from the market."""

    do: ClassVar[str] = "pick"
    driver: str
    card: Card

    def __init__(self, driver: str, card: Card) -> None:
        object.__setattr__(self, "driver", driver)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, init=False)
class DraftSwap(Worded):
    """The first picker gives back an upgrade it owns for a card left in the market."""

    do: ClassVar[str] = "swap"
    driver: str
    give: Card
    take: Card

    def __init__(self, driver: str, give: Card, take: Card) -> None:
        object.__setattr__(self, "driver", driver)
        object.__setattr__(self, "give", give)
        object.__setattr__(self, "take", take)


@dataclass(frozen=True, init=False)
class DraftKeep(Worded):
    """The first picker declines the swap."""

    do: ClassVar[str] = "keep"
    driver: str

    def __init__(self, driver: str) -> None:
        object.__setattr__(self, "driver", driver)


class ByTheLeague(Worded):
    """A decision the league makes: its word comes first, before any driver it names."""

    __slots__ = ()
    do_first: ClassVar[bool] = True


@dataclass(frozen=True, init=False)
class JoinSeason(ByTheLeague):
    """A new driver enters between races, on 0 points."""

    do: ClassVar[str] = "join"
    driver: str
    color: str
    kind: CarKind = field(metadata=written_as(OneOf(get_args(CarKind))))

    def __init__(self, driver: str, color: str, kind: CarKind) -> None:
        object.__setattr__(self, "driver", driver)
        object.__setattr__(self, "color", color)
        object.__setattr__(self, "kind", kind)


@dataclass(frozen=True, init=False)
class LeaveSeason(ByTheLeague):
    """A driver leaves between races; its points stay in the standings."""

    do: ClassVar[str] = "leave"
    driver: str

    def __init__(self, driver: str) -> None:
        object.__setattr__(self, "driver", driver)


@dataclass(frozen=True, init=False)
class RestDriver(ByTheLeague):
    """A driver sits the next race out: off its grid, scoring nothing in it, keeping its
    upgrades, sponsors and points; it is back for the race after."""

    do: ClassVar[str] = "rest"
    driver: str

    def __init__(self, driver: str) -> None:
        object.__setattr__(self, "driver", driver)


@dataclass(frozen=True, init=False)
class SubDriver(ByTheLeague):
    """A reserve drives the next race in place of ``absent``, who sits it out: the reserve
    takes the absent driver's colour and scores for itself (issue 36: a named reserve)."""

    do: ClassVar[str] = "sub"
    absent: str
    reserve: str

    def __init__(self, absent: str, reserve: str) -> None:
        object.__setattr__(self, "absent", absent)
        object.__setattr__(self, "reserve", reserve)


@dataclass(frozen=True, init=False)
class StandIn(ByTheLeague):
    """The draft waits on ``absent``, who did not answer in time: a reserve takes their place
    in this race's grid and draft, in their colour, scoring for itself; ``absent`` sits the
    race out. A reserve new to the season joins it here, on 0 points."""

    do: ClassVar[str] = "stand-in"
    absent: str
    reserve: str

    def __init__(self, absent: str, reserve: str) -> None:
        object.__setattr__(self, "absent", absent)
        object.__setattr__(self, "reserve", reserve)


@dataclass(frozen=True, init=False)
class OpenDraft(ByTheLeague):
    """The lineup for race ``race_no`` is final: fix its grid and reveal the draft market."""

    do: ClassVar[str] = "draft"
    race_no: int

    def __init__(self, race_no: int) -> None:
        object.__setattr__(self, "race_no", race_no)


@dataclass(frozen=True, init=False)
class StartRace(ByTheLeague):
    """Race ``race_no`` starts on the bot (built by :func:`engine.season.rules.season_race`)."""

    do: ClassVar[str] = "start"
    race_no: int

    def __init__(self, race_no: int) -> None:
        object.__setattr__(self, "race_no", race_no)


@dataclass(frozen=True, init=False)
class CancelRace(ByTheLeague):
    """Race ``race_no`` was cancelled: it scores nothing and is ready to start again."""

    do: ClassVar[str] = "cancel"
    race_no: int

    def __init__(self, race_no: int) -> None:
        object.__setattr__(self, "race_no", race_no)


@dataclass(frozen=True, init=False)
class RaceRecorded(ByTheLeague):
    """Race ``race_no`` finished with this result: points, carried sponsors, sponsor piles."""

    do: ClassVar[str] = "record"
    race_no: int
    result: RaceResult = field(metadata=written_as(Document(RaceResult)))

    def __init__(self, race_no: int, result: RaceResult) -> None:
        object.__setattr__(self, "race_no", race_no)
        object.__setattr__(self, "result", result)


class Signed(Word):
    """A whole number with its sign always written: ``+2``, ``-3``."""

    def write(self, values: tuple[Any, ...]) -> list[str]:
        return [f"{values[0]:+d}"]

    def read(self, text: str) -> tuple[tuple[Any, ...], str]:
        (word,), rest = super().read(text)
        if word[:1] not in ("+", "-") or not word[1:].isdigit():
            raise ValueError(f"{quoted(word)} is not a signed number (+2, -3)")
        return (int(word),), rest

    def shape(self, names: tuple[str, ...]) -> str:
        return f"<+/-{names[0]}>"


@dataclass(frozen=True, init=False)
class CorrectPoints(ByTheLeague):
    """An admin adds ``points`` to a driver's total (takes them away when negative).

    The season keeps each driver's net correction, so the standings, and through them
    the grid and the draft order of every race whose draft opens afterwards, count it.
    Who made it and why are the league's audit log, not the season's.
    """

    do: ClassVar[str] = "correct"
    driver: str
    points: int = field(metadata=written_as(Signed()))

    def __init__(self, driver: str, points: int) -> None:
        object.__setattr__(self, "driver", driver)
        object.__setattr__(self, "points", points)


class OnOff(Word):
    """A bool as ``on`` or ``off``: a setting switched."""

    def write(self, values: tuple[Any, ...]) -> list[str]:
        return ["on" if values[0] else "off"]

    def read(self, text: str) -> tuple[tuple[Any, ...], str]:
        (word,), rest = super().read(text)
        if word not in ("on", "off"):
            raise ValueError(f"{quoted(word)} is neither on nor off")
        return (word == "on",), rest

    def shape(self, names: tuple[str, ...]) -> str:
        return "on|off"


@dataclass(frozen=True, init=False)
class DropWorst(ByTheLeague):
    """The league switches drop-worst: each driver's worst race left out of its total, or not.

    A decision of the season, not a setting beside it, because the standings order the
    next grid and draft: the log says from when the table counted without worst races.
    """

    do: ClassVar[str] = "drop-worst"
    on: bool = field(metadata=written_as(OnOff()))

    def __init__(self, on: bool) -> None:
        object.__setattr__(self, "on", on)


@dataclass(frozen=True, init=False)
class Reseed(ByTheLeague):
    """The season's chance drawn from ``seed`` from here on: the Garage cards still to come
    shuffled with it, every later grid and race dealt from it.

    A league's export is public (``/league end`` posts it) and holds the season's seed and
    the order of its Garage deck, so a league imported from one would deal every later
    market and race as anyone holding the file could work out. The import reseeds it with
    a seed of its own, kept in the log so the season still replays exactly.
    """

    do: ClassVar[str] = "reseed"
    seed: int

    def __init__(self, seed: int) -> None:
        object.__setattr__(self, "seed", seed)


DriverDecision = DraftPick | DraftSwap | DraftKeep
LeagueDecision = (
    JoinSeason
    | LeaveSeason
    | RestDriver
    | SubDriver
    | StandIn
    | OpenDraft
    | StartRace
    | CancelRace
    | RaceRecorded
    | CorrectPoints
    | DropWorst
    | Reseed
)
SeasonDecision = DriverDecision | LeagueDecision

SEASON_DECISIONS: TextForms[SeasonDecision] = TextForms(get_args(SeasonDecision))
LEAGUE_WORDS = SEASON_DECISIONS.first_words
"""The first words of the league's decisions, which no driver may take as its id."""


def parse_season_decision(text: str) -> SeasonDecision:
    """Read a season decision back from its text form; ValueError says what is wrong."""
    return SEASON_DECISIONS.read(text)
