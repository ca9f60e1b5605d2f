"""The season notation (``heat-season/1``): read and write a season exactly, and its log.

:func:`season_to_dict` and :func:`season_from_dict` round-trip a
:class:`SeasonState` exactly; an unknown field, a card or track that does not
exist, or figures that do not fit together are refused with a
:class:`engine.errors.NotationError` naming the field. The decision log is a
list of decision text forms (engine/season/decisions.py), read back by
:func:`log_from_texts`. The fields are described in docs/season-notation.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engine import limits
from engine.championship import RaceResult
from engine.errors import NotationError, cut, quoted
from engine.notation import CardId, CarName, Colour, Count, OptionsDoc, TrackId
from engine.season.decisions import RaceRecorded, SeasonDecision, parse_season_decision
from engine.season.draft import open_draft
from engine.season.schedule import check_race
from engine.season.state import SeasonDraft, SeasonDriver, SeasonRace, SeasonState
from engine.state import Options

NOTATION = "heat-season/1"
MAX_RACES = 99
"""More races than any league runs in a season."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


Cards = Annotated[list[CardId], Field(max_length=limits.MAX_PILE)]


class RaceDoc(_Strict):
    track: TrackId
    event: int = Field(ge=1)

    @model_validator(mode="after")
    def _known_event(self) -> RaceDoc:
        check_race(SeasonRace(self.track, self.event))
        return self


class DriverDoc(_Strict):
    id: CarName
    color: Colour
    kind: Literal["human", "ai", "legend"]
    upgrades: Cards = []
    sponsors: Cards = []
    active: bool = True
    joined: int = Field(default=1, ge=1, le=MAX_RACES + 1)
    correction: int = Field(default=0, ge=-limits.MAX_COUNT, le=limits.MAX_COUNT)
    resting: bool = False

    @model_validator(mode="after")
    def _legend_has_no_cards(self) -> DriverDoc:
        if self.kind == "legend" and (self.upgrades or self.sponsors):
            raise ValueError("a Legend carries no cards")
        if self.resting and not self.active:
            raise ValueError("resting: a driver who left sits no race out")
        return self


class DraftDoc(_Strict):
    market: Cards
    order: list[CarName]
    first: CarName | None = None


class SeasonDoc(_Strict):
    notation: Literal["heat-season/1"]
    seed: int = Field(ge=0, le=limits.MAX_SEED)
    preset: int | None = None
    races: list[RaceDoc] = Field(min_length=3, max_length=MAX_RACES)
    options: OptionsDoc
    drivers: list[DriverDoc] = Field(max_length=MAX_RACES * limits.MAX_CARS)
    version: Count = 0
    rng: Count = 0
    phase: Literal["lineup", "draft", "swap", "ready", "racing", "over"]
    results: list[dict[str, Any]] = []
    garage_deck: Cards = []
    garage_box: Cards = []
    sponsor_deck: Cards = []
    sponsor_discard: Cards = []
    grid: list[CarName] = Field(default=[], max_length=limits.MAX_CARS)
    draft: DraftDoc | None = None
    drop_worst: bool = False
    reruns: Count = 0

    @model_validator(mode="after")
    def _consistent(self) -> SeasonDoc:
        if self.options.garage == "off" or not self.options.weather:
            raise ValueError("options: a championship races with the Garage and the weather")
        ids = [d.id for d in self.drivers]
        if len(set(ids)) != len(ids):
            raise ValueError("driver ids must be distinct")
        racing = {d.id for d in self.drivers if d.active and not d.resting}
        if not set(self.grid) <= racing or len(set(self.grid)) != len(self.grid):
            raise ValueError("grid: each car once, drivers still racing (not resting) only")
        if self.phase == "over" and any(d.resting for d in self.drivers):
            raise ValueError("resting: a rest lasts until its race is recorded")
        if len(self.results) > len(self.races):
            raise ValueError("more results than races")
        over = len(self.results) == len(self.races)
        if over != (self.phase == "over"):
            raise ValueError("phase: the season is over once every race has a result")
        if self.draft is not None and self.phase not in ("draft", "swap"):
            raise ValueError("draft: present in the draft and swap phases only")
        if self.draft is None and self.phase == "swap":
            raise ValueError("draft: the swap phase needs the draft it comes after")
        if bool(self.grid) != (self.phase in ("draft", "swap", "ready", "racing")):
            raise ValueError("grid: fixed from the draft until the race is recorded")
        if self.draft is not None:
            named = [*self.draft.order, *([self.draft.first] if self.draft.first else [])]
            if not set(named) <= set(self.grid):
                raise ValueError("draft: names a car not on the grid")
            if self.phase == "swap" and (self.draft.order or self.draft.first is None):
                raise ValueError("draft: the swap comes after every pick, to the first picker")
        return self


def season_to_dict(s: SeasonState) -> dict[str, Any]:
    """The season as a JSON-ready dict in the notation's field order."""
    options = asdict(s.options)
    document: dict[str, Any] = {
        "notation": NOTATION,
        "seed": s.seed,
        "preset": s.preset,
        "races": [{"track": r.track, "event": r.event} for r in s.races],
        "options": options,
        "drivers": [_driver(d) for d in s.drivers],
        "version": s.version,
        "rng": s.rng,
        "phase": s.phase,
        "results": [result.to_dict() for result in s.results],
        "garage_deck": list(s.garage_deck),
        "garage_box": list(s.garage_box),
        "sponsor_deck": list(s.sponsor_deck),
        "sponsor_discard": list(s.sponsor_discard),
        "grid": list(s.grid),
        "draft": None if s.draft is None else _draft(s.draft),
    }
    if s.drop_worst:
        # Written only when on: a season counting every race reads as it did before a
        # league could drop one.
        document["drop_worst"] = True
    if s.reruns:
        # Written only once the next race was cancelled (a season before reruns reads on).
        document["reruns"] = s.reruns
    return document


def _driver(d: SeasonDriver) -> dict[str, Any]:
    driver: dict[str, Any] = {
        "id": d.id,
        "color": d.color,
        "kind": d.kind,
        "upgrades": list(d.upgrades),
        "sponsors": list(d.sponsors),
        "active": d.active,
        "joined": d.joined,
    }
    if d.correction:
        # Written only when there is one: a season without corrections reads as it did
        # before they were part of the season.
        driver["correction"] = d.correction
    if d.resting:
        # Written only when resting, as the correction: an older season reads unchanged.
        driver["resting"] = True
    return driver


def _draft(draft: SeasonDraft) -> dict[str, Any]:
    return {"market": list(draft.market), "order": list(draft.order), "first": draft.first}


def season_from_dict(document: Any) -> SeasonState:
    """Read a season back; NotationError names the first field that is wrong."""
    try:
        doc = SeasonDoc.model_validate(document)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = cut(".".join(str(part) for part in first["loc"]))
        message = first["msg"].removeprefix("Value error, ")
        raise NotationError(f"{where}: {message}" if where else message) from None
    results = [_result(doc, index, result) for index, result in enumerate(doc.results)]
    draft = doc.draft
    s = SeasonState(
        seed=doc.seed,
        races=tuple(SeasonRace(r.track, r.event) for r in doc.races),
        drivers=[
            SeasonDriver(
                d.id,
                d.color,
                d.kind,
                tuple(d.upgrades),
                tuple(d.sponsors),
                d.active,
                d.joined,
                d.correction,
                d.resting,
            )
            for d in doc.drivers
        ],
        options=Options(**doc.options.model_dump()),
        preset=doc.preset,
        version=doc.version,
        rng=doc.rng,
        phase=doc.phase,
        results=results,
        garage_deck=tuple(doc.garage_deck),
        garage_box=tuple(doc.garage_box),
        sponsor_deck=tuple(doc.sponsor_deck),
        sponsor_discard=tuple(doc.sponsor_discard),
        grid=tuple(doc.grid),
        draft=None
        if draft is None
        else SeasonDraft(tuple(draft.market), tuple(draft.order), draft.first),
        drop_worst=doc.drop_worst,
        reruns=doc.reruns,
    )
    if s.phase == "draft" and s.draft is None:
        # A season stopped before its draft: the market and the pick order follow from it.
        open_draft(s, [])
    return s


def _result(doc: SeasonDoc, index: int, document: dict[str, Any]) -> RaceResult:
    """Race ``index + 1``'s recorded result: its event is the race's, its cars the season's."""
    try:
        result = RaceResult.from_dict(document)
    except ValueError as exc:
        raise NotationError(f"results.{index}: {exc}") from None
    event = doc.races[index].event
    if result.event != event:
        reason = f"race {index + 1} races event {event}, not {result.event}"
        raise NotationError(f"results.{index}.event: {reason}")
    named = {*result.places, *result.gave_up, *result.eliminated, *result.sponsors}
    unknown = sorted(named - {d.id for d in doc.drivers})
    if unknown:
        raise NotationError(f"results.{index}: no driver {quoted(unknown[0])} in this season")
    return result


def log_to_texts(decisions: Sequence[SeasonDecision]) -> list[str]:
    """A decision log as the notation stores it: one text form each."""
    return [str(decision) for decision in decisions]


def decisions_from_json(entries: Any) -> list[SeasonDecision]:
    """A season file's decisions: text forms, or ``{"record": k, "result": {...}}`` for a race
    result written out as JSON; NotationError names the bad entry."""
    if not isinstance(entries, list):
        raise NotationError("decisions: a list of season decisions")
    decisions: list[SeasonDecision] = []
    for index, entry in enumerate(entries):
        if isinstance(entry, str):
            decisions.append(_parsed(f"decisions.{index}", entry))
        elif isinstance(entry, dict) and set(entry) == {"record", "result"}:
            decisions.append(_recorded(index, entry["record"], entry["result"]))
        else:
            raise NotationError(
                f'decisions.{index}: a decision\'s text, or {{"record": k, "result": {{...}}}}'
            )
    return decisions


def _recorded(index: int, race_no: Any, result: Any) -> RaceRecorded:
    if not isinstance(race_no, int) or isinstance(race_no, bool) or race_no < 1:
        raise NotationError(f"decisions.{index}.record: a race number, not {quoted(race_no)}")
    if not isinstance(result, dict):
        raise NotationError(f"decisions.{index}.result: a race result object")
    try:
        return RaceRecorded(race_no, RaceResult.from_dict(result))
    except ValueError as exc:
        raise NotationError(f"decisions.{index}.result: {exc}") from None


def log_from_texts(texts: Sequence[str]) -> list[SeasonDecision]:
    """A decision log back from its text forms; NotationError names the bad entry."""
    return [_parsed(f"log.{index}", text) for index, text in enumerate(texts)]


def _parsed(where: str, text: str) -> SeasonDecision:
    try:
        return parse_season_decision(text)
    except ValueError as exc:
        raise NotationError(f"{where}: {exc}") from None
