"""Season decisions, as frozen values with a one-line text form that parses back.

A driver's draft decisions start with its id, like a race decision:
``"A pick turbo-8"``, ``"A swap turbo-8 body-3"`` (give, then take), ``"A keep"``.
The league's own decisions start with a word no driver may be named:
``"join E red human"``, ``"leave E"``, ``"draft 2"`` (open race 2's draft),
``"start 2"``, ``"cancel 2"`` (race 2 will be run again) and
``"record 2 {...}"`` (race 2's result as compact JSON).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar, get_args

from engine.cards import Card
from engine.championship import RaceResult
from engine.state import CarKind


@dataclass(frozen=True, slots=True)
class DraftPick:
    """The draft: take this upgrade from the market."""

    do: ClassVar[str] = "pick"
    driver: str
    card: Card

    def __str__(self) -> str:
        return f"{self.driver} {self.do} {self.card}"


@dataclass(frozen=True, slots=True)
class DraftSwap:
    """The first picker gives back an upgrade it owns for a card left in the market."""

    do: ClassVar[str] = "swap"
    driver: str
    give: Card
    take: Card

    def __str__(self) -> str:
        return f"{self.driver} {self.do} {self.give} {self.take}"


@dataclass(frozen=True, slots=True)
class DraftKeep:
    """The first picker declines the swap."""

    do: ClassVar[str] = "keep"
    driver: str

    def __str__(self) -> str:
        return f"{self.driver} {self.do}"


@dataclass(frozen=True, slots=True)
class JoinSeason:
    """A new driver enters between races, on 0 points."""

    do: ClassVar[str] = "join"
    driver: str
    color: str
    kind: CarKind

    def __str__(self) -> str:
        return f"{self.do} {self.driver} {self.color} {self.kind}"


@dataclass(frozen=True, slots=True)
class LeaveSeason:
    """A driver leaves between races; its points stay in the standings."""

    do: ClassVar[str] = "leave"
    driver: str

    def __str__(self) -> str:
        return f"{self.do} {self.driver}"


@dataclass(frozen=True, slots=True)
class OpenDraft:
    """The lineup for race ``race_no`` is final: fix its grid and reveal the draft market."""

    do: ClassVar[str] = "draft"
    race_no: int

    def __str__(self) -> str:
        return f"{self.do} {self.race_no}"


@dataclass(frozen=True, slots=True)
class StartRace:
    """Race ``race_no`` starts on the bot (built by :func:`engine.season.rules.season_race`)."""

    do: ClassVar[str] = "start"
    race_no: int

    def __str__(self) -> str:
        return f"{self.do} {self.race_no}"


@dataclass(frozen=True, slots=True)
class CancelRace:
    """Race ``race_no`` was cancelled: it scores nothing and is ready to start again."""

    do: ClassVar[str] = "cancel"
    race_no: int

    def __str__(self) -> str:
        return f"{self.do} {self.race_no}"


@dataclass(frozen=True, slots=True)
class RaceRecorded:
    """Race ``race_no`` finished with this result: points, carried sponsors, sponsor piles."""

    do: ClassVar[str] = "record"
    race_no: int
    result: RaceResult

    def __str__(self) -> str:
        document = json.dumps(self.result.to_dict(), separators=(",", ":"), sort_keys=True)
        return f"{self.do} {self.race_no} {document}"


DriverDecision = DraftPick | DraftSwap | DraftKeep
LeagueDecision = JoinSeason | LeaveSeason | OpenDraft | StartRace | CancelRace | RaceRecorded
SeasonDecision = DriverDecision | LeagueDecision

LEAGUE_WORDS = frozenset({"join", "leave", "draft", "start", "cancel", "record"})
"""The first words of the league's decisions, which no driver may take as its id."""
_RACE_NO: dict[str, type[OpenDraft | StartRace | CancelRace]] = {
    "draft": OpenDraft,
    "start": StartRace,
    "cancel": CancelRace,
}


def parse_season_decision(text: str) -> SeasonDecision:
    """Read a season decision back from its text form; ValueError says what is wrong."""
    head, _, tail = text.strip().partition(" ")
    words = tail.split()
    if head == "record":
        number, _, document = tail.strip().partition(" ")
        if not number.isdigit() or not document:
            raise ValueError(f"decision {text[:60]!r}: expected 'record <race> <result JSON>'")
        try:
            result = RaceResult.from_dict(json.loads(document))
        except (ValueError, TypeError, KeyError) as exc:
            raise ValueError(f"decision 'record {number}': bad result: {exc}") from None
        return RaceRecorded(int(number), result)
    if head in _RACE_NO and len(words) == 1 and words[0].isdigit():
        return _RACE_NO[head](int(words[0]))
    if head == "join" and len(words) == 3 and words[2] in get_args(CarKind):
        return JoinSeason(words[0], words[1], words[2])  # type: ignore[arg-type]
    if head == "leave" and len(words) == 1:
        return LeaveSeason(words[0])
    if head and head not in LEAGUE_WORDS and words:
        do, rest = words[0], words[1:]
        if do == "pick" and len(rest) == 1:
            return DraftPick(head, rest[0])
        if do == "swap" and len(rest) == 2:
            return DraftSwap(head, rest[0], rest[1])
        if do == "keep" and not rest:
            return DraftKeep(head)
    raise ValueError(f"decision {text[:60]!r}: not a season decision")
