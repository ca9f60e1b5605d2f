"""A championship season: a pure state above its races, with its own notation.

Like a race, one question drives every caller: :func:`season_pending`.
:func:`season_legal_decisions` lists the choices, :func:`apply_season` makes one,
:func:`season_race` builds the next race, :func:`replay_season` rebuilds a
season from its first state and its decision log, :func:`standings` and
:func:`champion` score it, :func:`progress` tells each total race by race, and
:func:`season_view` is what anyone may see.
Inside: ``state`` (the season at one moment), ``rules`` (the phases and
decisions), ``schedule`` (preset, custom and random seasons), ``draft`` (one
pick each before a race), ``points`` (points and ties), ``decisions`` and
``events`` (their text forms), ``notation`` (``heat-season/1``), ``progress`` (the
totals race by race), ``view``, and
``scenario`` (a season file plus decisions, run as ``heat season`` runs it).
"""

from engine.season.decisions import (
    CancelRace,
    CorrectPoints,
    DraftKeep,
    DraftPick,
    DraftSwap,
    DriverDecision,
    DropWorst,
    JoinSeason,
    LeaveSeason,
    OpenDraft,
    RaceRecorded,
    Reseed,
    RestDriver,
    SeasonDecision,
    StandIn,
    StartRace,
    SubDriver,
    parse_season_decision,
)
from engine.season.notation import (
    decisions_from_json,
    log_from_texts,
    log_to_texts,
    season_from_dict,
    season_to_dict,
)
from engine.season.points import Standing, champion, race_points, standings
from engine.season.progress import progress
from engine.season.rules import (
    SeasonPending,
    apply_season,
    new_season,
    race_seed,
    replay_season,
    season_ai_decision,
    season_legal_decisions,
    season_pending,
    season_race,
)
from engine.season.scenario import load_season_scenario, run_season_scenario, season_report
from engine.season.state import SeasonConfig, SeasonDriver, SeasonRace, SeasonState
from engine.season.view import SeasonDriverView, SeasonView, season_view
from engine.state import pickle_by_fields

__all__ = [
    "CancelRace",
    "CorrectPoints",
    "DraftKeep",
    "DraftPick",
    "DraftSwap",
    "DriverDecision",
    "DropWorst",
    "JoinSeason",
    "LeaveSeason",
    "OpenDraft",
    "RaceRecorded",
    "Reseed",
    "RestDriver",
    "SeasonConfig",
    "SeasonDecision",
    "SeasonDriver",
    "SeasonDriverView",
    "SeasonPending",
    "SeasonRace",
    "SeasonState",
    "SeasonView",
    "StandIn",
    "Standing",
    "StartRace",
    "SubDriver",
    "apply_season",
    "champion",
    "decisions_from_json",
    "load_season_scenario",
    "log_from_texts",
    "log_to_texts",
    "new_season",
    "parse_season_decision",
    "progress",
    "race_points",
    "race_seed",
    "replay_season",
    "run_season_scenario",
    "season_ai_decision",
    "season_from_dict",
    "season_legal_decisions",
    "season_pending",
    "season_race",
    "season_report",
    "season_to_dict",
    "season_view",
    "standings",
]

# Its classes cross to the bot's worker processes, compiled too (see engine.state.pickle_by_fields).
pickle_by_fields()
