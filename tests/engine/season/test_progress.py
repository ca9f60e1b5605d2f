"""Each driver's total race by race, as the standings chart draws it (engine/season/progress.py).

Our choice, in the module's words: "a correction counts from the race after which it was
made (before race 1: from the start). Without the log ... it counts at the last figure
only", and the last figure is the total the table shows.
"""

from __future__ import annotations

from engine.season import (
    CorrectPoints,
    DropWorst,
    JoinSeason,
    RaceRecorded,
    SeasonConfig,
    SeasonDecision,
    apply_season,
    new_season,
    progress,
    standings,
)
from engine.setup import Entrant
from tests.engine.season.test_season import recorded

THREE = [Entrant("A", "red"), Entrant("B", "blue"), Entrant("C", "black")]


def test_a_figure_before_race_1_and_after_each_race_the_last_the_table() -> None:
    """1961, no event adds points: A 9 then 9, B 6 then 4, C 4 then 6 (cumulative)."""
    s = new_season(SeasonConfig.preset(1961), THREE, 3)
    s = recorded(recorded(s, {"A": 1, "B": 2, "C": 3}), {"A": 1, "C": 2, "B": 3})
    assert progress(s) == {"A": (0, 9, 18), "B": (0, 6, 10), "C": (0, 4, 10)}
    assert {line.driver: line.points for line in standings(s)} == {"A": 18, "B": 10, "C": 10}


def test_a_correction_counts_from_the_race_after_which_it_was_made() -> None:
    """C +2 before race 1 and B -1 after race 1, as the log says; without the log both count
    at the end, on the same totals."""
    s = new_season(SeasonConfig.preset(1961), THREE, 3)
    s, _ = apply_season(s, CorrectPoints("C", 2))
    s = recorded(s, {"A": 1, "B": 2, "C": 3})
    s, _ = apply_season(s, CorrectPoints("B", -1))
    s = recorded(s, {"A": 1, "C": 2, "B": 3})
    # The log's corrections and records in their order (the drafts between move no total).
    log: list[SeasonDecision] = [
        CorrectPoints("C", 2),
        RaceRecorded(1, s.results[0]),
        CorrectPoints("B", -1),
        RaceRecorded(2, s.results[1]),
    ]
    assert progress(s, log) == {"A": (0, 9, 18), "B": (0, 5, 9), "C": (2, 6, 12)}
    assert progress(s) == {"A": (0, 9, 18), "B": (0, 6, 9), "C": (0, 4, 12)}


def test_drop_worst_applies_to_the_races_held_by_then() -> None:
    """With drop-worst on, after race 1 nothing is dropped (one race), after race 2 each
    driver's worse race is out: A 9 (9, 9), B 6 (6, 4), C 6 (4, 6)."""
    s = new_season(SeasonConfig.preset(1961), THREE, 3)
    s, _ = apply_season(s, DropWorst(True))
    s = recorded(recorded(s, {"A": 1, "B": 2, "C": 3}), {"A": 1, "C": 2, "B": 3})
    assert progress(s) == {"A": (0, 9, 9), "B": (0, 6, 6), "C": (0, 4, 6)}
    assert [progress(s)[line.driver][-1] for line in standings(s)] == [
        line.points for line in standings(s)
    ]


def test_a_driver_who_joined_later_is_on_0_until_its_first_race() -> None:
    """E joins before race 2: 0 before and after race 1, then its race 2 points."""
    s = recorded(new_season(SeasonConfig.preset(1961), THREE, 3), {"A": 1, "B": 2, "C": 3})
    s, _ = apply_season(s, JoinSeason("E", "gray", "human"))
    s = recorded(s, {"E": 1, "A": 2, "B": 3, "C": 4})
    assert progress(s)["E"] == (0, 0, 9)
