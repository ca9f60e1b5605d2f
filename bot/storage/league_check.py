"""Whether a league export may be imported: its season replayed from a start the rules give.

A document is trusted for nothing it could have been edited to say. Its size,
depth, numbers and texts are bounded before anything reads it; its fields are
strict and ranged (:class:`bot.storage.league_export.LeagueExport`); its first
season must be the one ``new_season`` builds from its own schedule, options,
drivers and seed (a preset, custom or random season's start), and its decision
log, replayed from there, must give its current season. Every member, race
result, point and correction is then checked against that replay, so what
``/heat stats`` and the standings count is what the season's races gave; each line
of the corrections' audit log is one ``correct`` decision of the log (an export from
before corrections were season decisions has none: its lines join the log at its
end, as the store folds them). The
first problem refuses the document with a one-line :class:`BadLeagueExport`.
The bot's ``/league import`` and ``heat league check`` both go through
:func:`checked_file`, and :meth:`Store.import_league` writes only what it returns.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import ValidationError

from bot.storage.league_export import (
    FORMAT,
    VERSION,
    ExportedMember,
    LeagueExport,
)
from bot.storage.models import Imported, ImportedCorrection, Member, RacePoints, recorded_points
from bot.storage.store import BadLeagueExport
from engine import Entrant
from engine.season import (
    CorrectPoints,
    LeaveSeason,
    SeasonConfig,
    SeasonDecision,
    SeasonState,
    apply_season,
    new_season,
    parse_season_decision,
    season_from_dict,
)

MAX_EXPORT_BYTES = 4 * 1024 * 1024
"""A league file's largest size; a 99-race season's export stays well under it."""
MAX_DEPTH = 12
"""Nesting of a real export: document, season, state, results, a result, its sponsors, a pile."""
MAX_TEXT = 4_000
"""The longest text: a recorded race's result, as a season decision, is under 1,000."""
MAX_INT = 2**63 - 1
"""Every number is stored as a 64-bit integer."""
MAX_DECISIONS = 3_000
"""A 99-race season logs about 1,200 decisions (draft, start, result, joins); the cap bounds
the replay's time (0.8 s for 5,000 on the 2-core machine)."""


def check_export_size(size: int) -> None:
    """BadLeagueExport for a file too big to be a league's export (checked before reading it)."""
    if size > MAX_EXPORT_BYTES:
        raise _bad(f"{size:,} bytes, more than the {MAX_EXPORT_BYTES:,} allowed")


def checked_file(data: bytes) -> Imported:
    """The league a file holds, checked whole; BadLeagueExport with the first problem."""
    return checked_export(read_export(data))


def read_export(data: bytes) -> Any:
    """The JSON value of a league file, size and syntax checked; BadLeagueExport."""
    check_export_size(len(data))
    try:
        return json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError as error:
        raise _bad(f"not UTF-8 (byte {error.start})") from None
    except RecursionError:
        raise _bad(f"nested deeper than {MAX_DEPTH}") from None
    except ValueError as error:
        raise _bad(f"not JSON ({_line(error)})") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a league has")


def checked_export(document: Any) -> Imported:
    """The league a document holds, checked whole; BadLeagueExport with the first problem."""
    if not isinstance(document, Mapping):
        raise BadLeagueExport(f"a league export is a JSON object, not {type(document).__name__}")
    _check_values(document)
    if document.get("format") != FORMAT:
        raise BadLeagueExport(f"not a league export: format is {document.get('format')!r}")
    if document.get("version") != VERSION:
        raise BadLeagueExport(
            f"league export version {document.get('version')!r} is not one this bot reads"
            f" ({VERSION})"
        )
    try:
        parsed = LeagueExport.model_validate(document, strict=True)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "document"
        raise _bad(f"{where}: {first['msg'].removeprefix('Value error, ')}") from None
    if parsed.season is None:
        raise _bad("season: a league is imported with its season")
    if len(parsed.season.decisions) > MAX_DECISIONS:
        raise _bad(
            f"season.decisions: {len(parsed.season.decisions):,} decisions, more than a season"
            f" makes (at most {MAX_DECISIONS:,})"
        )
    initial = _season(parsed.season.initial, "season.initial")
    _check_start(initial)
    decisions = [_decision(i, d.decision) for i, d in enumerate(parsed.season.decisions)]
    current, left_at = _replayed(initial, decisions)
    if current != _season(parsed.season.current, "season.current"):
        raise _bad("season.current is not where the decision log leads from season.initial")
    logged = [
        (decision, exported.by, exported.at)
        for decision, exported in zip(decisions, parsed.season.decisions, strict=True)
    ]
    corrections = _corrections(parsed, current)
    current, logged = _corrections_logged(corrections, current, logged)
    members = _members(parsed.members, current, left_at)
    users = {member.driver_id: member.user_id for member in members}
    results = _results(parsed, current, users)
    return Imported(
        name=parsed.name,
        settings=parsed.settings,
        created_by=parsed.created_by,
        created_at=parsed.created_at,
        initial=initial,
        current=current,
        decisions=logged,
        members=members,
        races=_races(parsed, current),
        results=results,
        corrections=corrections,
    )


def _bad(problem: str) -> BadLeagueExport:
    return BadLeagueExport(f"bad league export: {problem}")


def _line(error: Exception) -> str:
    """An error's message on one line (the name of its kind if it has none)."""
    lines = str(error).splitlines()
    return lines[0] if lines else type(error).__name__


# --- every value, before any model reads it ---------------------------------------------------


def _check_values(document: Mapping[str, Any]) -> None:
    """Depth, numbers and texts bounded, looked at without recursion (no input can overflow)."""
    for where, depth, value in _walk(document):
        if depth > MAX_DEPTH:
            raise _bad(f"{where}: nested deeper than {MAX_DEPTH}")
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int) and not -MAX_INT <= value <= MAX_INT:
            raise _bad(f"{where}: {_short(value)} is out of range (at most 2**63-1)")
        if isinstance(value, float) and not math.isfinite(value):
            raise _bad(f"{where}: {value} is not a number a league has")
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise _bad(f"{where}: a text of {len(value):,} characters (at most {MAX_TEXT:,})")
        if not isinstance(value, int | float | str | list | Mapping):
            raise _bad(f"{where}: {type(value).__name__} is not JSON")


def _walk(document: Mapping[str, Any]) -> Iterator[tuple[str, int, Any]]:
    """Every value with where it is and how deep, parents first."""
    stack: list[tuple[str, int, Any]] = [("document", 0, document)]
    while stack:
        where, depth, value = stack.pop()
        yield where, depth, value
        if isinstance(value, Mapping):
            for key, item in value.items():
                if not isinstance(key, str) or len(key) > MAX_TEXT:
                    raise _bad(f"{where}: a key that is not a short text")
                stack.append((key if where == "document" else f"{where}.{key}", depth + 1, item))
        elif isinstance(value, list):
            prefix = "" if where == "document" else f"{where}."
            stack.extend((f"{prefix}{i}", depth + 1, item) for i, item in enumerate(value))


def _short(value: int) -> str:
    digits = len(str(abs(value)))
    return str(value) if digits <= 20 else f"a number of {digits} digits"


# --- the season: a start the rules give, and the log replayed from it ----------------------


def _season(notation: dict[str, Any], where: str) -> SeasonState:
    try:
        return season_from_dict(notation)
    except (ValueError, TypeError, KeyError) as error:
        raise _bad(f"{where}: {_line(error)}") from None


def _check_start(initial: SeasonState) -> None:
    """``initial`` is what ``new_season`` builds from its own setup, drivers and seed."""
    entrants = [Entrant(d.id, d.color, d.kind) for d in initial.drivers]
    # The league's choice made when it was created, as its first season says it (an
    # export from before the setting has none: every race counted).
    drop = initial.drop_worst
    if initial.preset is not None:
        configs = [SeasonConfig.preset(initial.preset, initial.options, drop_worst=drop)]
    else:
        configs = [
            SeasonConfig.random(initial.options, drop_worst=drop),
            SeasonConfig.custom(initial.races, initial.options, drop_worst=drop),
        ]
    problem = ""
    for config in configs:
        try:
            start = new_season(config, entrants, initial.seed)
        except ValueError as error:
            problem = _line(error)
            continue
        if start == initial:
            return
    raise _bad(
        f"season.initial: {problem}"
        if problem
        else "season.initial is not a season's start: a preset, custom or random season"
        " built from its seed, before any decision"
    )


def _decision(index: int, text: str) -> SeasonDecision:
    try:
        return parse_season_decision(text)
    except ValueError as error:
        raise _bad(f"season.decisions.{index}: {_line(error)}") from None


def _replayed(
    initial: SeasonState, decisions: list[SeasonDecision]
) -> tuple[SeasonState, dict[str, int]]:
    """The season after the log, and the race each driver who left left before."""
    season, left_at = initial, {}
    for index, decision in enumerate(decisions):
        if isinstance(decision, LeaveSeason):
            left_at[decision.driver] = season.race_no
        try:
            season, _ = apply_season(season, decision)
        except (ValueError, KeyError, TypeError) as error:  # RulesError is a ValueError
            raise _bad(f"season.decisions.{index}: {_line(error)}") from None
    return season, left_at


# --- every row, checked against the replay --------------------------------------------------


def _members(
    exported: list[ExportedMember], season: SeasonState, left_at: dict[str, int]
) -> list[Member]:
    """One member per person's driver of the season, joined and left when the season says."""
    people = {d.id: d for d in season.drivers if d.kind == "human"}
    members: list[Member] = []
    for index, row in enumerate(exported):
        where = f"members.{index}"
        driver = people.get(row.driver_id)
        if driver is None:
            raise _bad(f"{where}: {row.driver_id} is no person's driver in the season")
        if any(member.driver_id == row.driver_id for member in members):
            raise _bad(f"{where}: driver {row.driver_id} has a member already")
        if row.joined_at != driver.joined:
            raise _bad(f"{where}: joined at race {row.joined_at}; the season says {driver.joined}")
        if row.left_at != left_at.get(row.driver_id):
            said = "has not left" if driver.active else f"left at race {left_at[driver.id]}"
            raise _bad(f"{where}: left_at is {row.left_at}; the season says {driver.id} {said}")
        members.append(Member(**row.model_dump()))
    missing = sorted(set(people) - {member.driver_id for member in members})
    if missing:
        raise _bad(f"members: driver {missing[0]} is a person's, and no member drives it")
    driving = Counter(member.user_id for member in members if member.left_at is None)
    twice = [user for user, count in driving.items() if count > 1]
    if twice:
        raise _bad(f"members: user {twice[0]} drives two of the league's drivers")
    return members


def _results(
    parsed: LeagueExport, season: SeasonState, users: Mapping[str, int]
) -> list[tuple[int, float, list[RacePoints]]]:
    """Each recorded race's points, as the season's results score them."""
    if len(parsed.results) != len(season.results):
        raise _bad(
            f"results: {len(parsed.results)} races, but the season recorded {len(season.results)}"
        )
    results = []
    for index, (row, result) in enumerate(zip(parsed.results, season.results, strict=True)):
        race_no = index + 1
        if row.race_no != race_no:
            raise _bad(f"results.{index}: race {row.race_no} where race {race_no} comes")
        points = recorded_points(result, users)
        given = [RacePoints(**line.model_dump()) for line in row.points]
        if given != points:
            expected = ", ".join(f"{p.driver_id} {p.points}" for p in points)
            raise _bad(
                f"results.{index}: not the points race {race_no}'s result gives ({expected})"
            )
        results.append((race_no, row.at, points))
    return results


def _races(parsed: LeagueExport, season: SeasonState) -> list[int]:
    """The races run: every recorded one, and the one under way if it had started."""
    numbers = [race.race_no for race in parsed.races]
    recorded = set(range(1, len(season.results) + 1))
    running = {season.race_no} if season.phase == "racing" else set()
    twice = sorted(no for no, count in Counter(numbers).items() if count > 1)
    if twice:
        raise _bad(f"races: race {twice[0]} is given twice")
    missing = sorted(recorded - set(numbers))
    if missing:
        raise _bad(f"races: race {missing[0]} is recorded, and not among the races run")
    never = sorted(set(numbers) - recorded - running)
    if never:
        raise _bad(f"races: race {never[0]} never ran in the season")
    return numbers


def _corrections(parsed: LeagueExport, season: SeasonState) -> list[ImportedCorrection]:
    """Corrections of the season's drivers, each a change, with its reason as it was kept."""
    drivers = {driver.id for driver in season.drivers}
    corrections = []
    for index, row in enumerate(parsed.corrections):
        where = f"corrections.{index}"
        if row.driver_id not in drivers:
            raise _bad(f"{where}: the season has no driver {row.driver_id}")
        if row.delta == 0:
            raise _bad(f"{where}: a correction of 0 points changes nothing")
        if row.reason != row.reason.strip():
            raise _bad(f"{where}: the reason starts or ends with spaces")
        corrections.append(ImportedCorrection(**row.model_dump()))
    return corrections


def _corrections_logged(
    corrections: list[ImportedCorrection],
    season: SeasonState,
    logged: list[tuple[SeasonDecision, str, float]],
) -> tuple[SeasonState, list[tuple[SeasonDecision, str, float]]]:
    """The season and its log with every correction in: each line of the audit log is the
    log's ``correct`` decision of the same rank, by its admin at its time.

    A log without any is an export from before corrections were season decisions: its
    lines are added at the end of the log, oldest first, as the store folds them (a grid
    fixed before stays as it was raced).
    """
    made = [(index, entry) for index, entry in enumerate(logged) if _is_correction(entry[0])]
    if not made:
        for index, row in enumerate(corrections):
            fix = CorrectPoints(row.driver_id, row.delta)
            try:
                season, _ = apply_season(season, fix)
            except (ValueError, KeyError, TypeError) as error:  # RulesError is a ValueError
                raise _bad(f"corrections.{index}: {_line(error)}") from None
            logged = [*logged, (fix, f"user:{row.admin_id}", row.at)]
        return season, logged
    if len(made) != len(corrections):
        raise _bad(
            f"corrections: {len(corrections)} lines, but the season's log makes"
            f" {len(made)} corrections"
        )
    for index, (row, (at, (decision, by, when))) in enumerate(zip(corrections, made, strict=True)):
        line = (CorrectPoints(row.driver_id, row.delta), f"user:{row.admin_id}", row.at)
        if line != (decision, by, when):
            raise _bad(
                f"corrections.{index}: {line[0]} by {line[1]}, but the log's correction"
                f" (season.decisions.{at}) is {decision} by {by}"
                + (f" at {when}" if line[:2] == (decision, by) else "")
            )
    return season, logged


def _is_correction(decision: SeasonDecision) -> bool:
    return isinstance(decision, CorrectPoints)
