"""Drop-worst, a league's choice: each driver's worst race left out of the one table.

The rule we chose (engine/season/points.py): "the worst is the lowest-scoring race among
those held since the driver joined; a race among them it did not drive scores 0 and is
dropped before a race driven for 0; among equal worst races the earliest goes. Nothing
is dropped before a driver has 2 such races, a correction is never dropped, and the
tie-breaks read each race's points as scored."
"""

from __future__ import annotations

import json

import pytest

from engine.errors import IllegalDecision
from engine.season import (
    CorrectPoints,
    DropWorst,
    LeaveSeason,
    OpenDraft,
    SeasonConfig,
    SeasonState,
    StartRace,
    apply_season,
    champion,
    log_from_texts,
    new_season,
    parse_season_decision,
    replay_season,
    season_from_dict,
    season_legal_decisions,
    season_to_dict,
    standings,
)
from engine.season.points import worst_race
from engine.setup import Entrant
from tests.engine.season.test_season import drafted, recorded, starting_order

FOUR = [Entrant("A", "red"), Entrant("B", "blue"), Entrant("C", "black"), Entrant("E", "gray")]
# 1961: race 1 Great Britain (event 1), race 2 USA (event 2): no event adds points.
RACE_1 = {"E": 1, "C": 2, "A": 3, "B": 4}  # E 9, C 6, A 4, B 3
RACE_2 = {"A": 1, "C": 2, "B": 3, "E": 4}  # A 9, C 6, B 4, E 3


def two_races(*, drop_worst: bool) -> SeasonState:
    start = new_season(SeasonConfig.preset(1961, drop_worst=drop_worst), FOUR, 3)
    return recorded(recorded(start, RACE_1), RACE_2)


def table(s: SeasonState) -> list[tuple[str, int, int | None]]:
    return [(line.driver, line.points, line.dropped) for line in standings(s)]


def test_off_by_default_every_race_counts() -> None:
    """A league counts every race unless it chose otherwise (the rules drop none)."""
    assert SeasonConfig.preset(1961).drop_worst is False
    assert new_season(SeasonConfig.random(), FOUR, 3).drop_worst is False
    assert table(two_races(drop_worst=False)) == [
        ("A", 13, None),
        ("C", 12, None),
        ("E", 12, None),
        ("B", 7, None),
    ]


def test_two_drivers_swap_places_and_the_draft_and_the_grid_follow() -> None:
    """C (6, 6) leads E (9, 3) on the last race at 12 each; dropping each one's worst race,
    E (9) passes C (6). Race 3's grid is that table and its draft goes from the back of it,
    "last in the standings first" (engine/season/draft.py)."""
    counted = two_races(drop_worst=False)
    dropped = two_races(drop_worst=True)
    assert table(dropped) == [("A", 9, 0), ("E", 9, 1), ("C", 6, 0), ("B", 4, 0)]
    counted, _ = apply_season(counted, OpenDraft(3))
    dropped, _ = apply_season(dropped, OpenDraft(3))
    assert counted.grid == ("A", "C", "E", "B")
    assert dropped.grid == ("A", "E", "C", "B"), "C and E swap, the others stay"
    assert counted.draft is not None and counted.draft.order == ("B", "E", "C", "A")
    assert dropped.draft is not None and dropped.draft.order == ("B", "C", "E", "A")
    assert starting_order(drafted(dropped)) == ["A", "E", "C", "B"]


def test_equal_worst_races_drop_the_earliest_and_a_missed_race_goes_first() -> None:
    """C scored 6 and 6: race 1 goes. A race not driven (None) since joining scores 0 and is
    dropped before a race driven for 0 (event 10 put the driver out of it)."""
    assert worst_race((6, 6), 1) == 0
    assert worst_race((9, 0, 0), 1) == 1
    assert worst_race((9, 0, None, 0), 1) == 2
    assert worst_race((None, 9, 6), 1) == 0, "a missed race is the worst of all"


def test_nothing_is_dropped_before_two_races_since_joining() -> None:
    """One race: nothing to drop. Races held before a driver joined are not its own: a
    driver who joined at race 3 has nothing dropped until it has raced two."""
    assert worst_race((), 1) is None
    assert worst_race((4,), 1) is None
    assert worst_race((None, None, 4), 3) is None
    assert worst_race((None, None, 4, 6), 3) == 2
    one = recorded(new_season(SeasonConfig.preset(1961, drop_worst=True), FOUR, 3), RACE_1)
    assert [line.dropped for line in standings(one)] == [None] * 4
    assert [line.points for line in standings(one)] == [9, 6, 4, 3]


def test_a_driver_who_left_drops_a_race_it_missed() -> None:
    """E leaves after race 1 (9 points) and misses race 2: that race, 0, is the one dropped,
    so its total stays 9; it cannot drop its one real result."""
    s = recorded(new_season(SeasonConfig.preset(1961, drop_worst=True), FOUR, 3), RACE_1)
    s, _ = apply_season(s, LeaveSeason("E"))
    s = recorded(s, {"A": 1, "C": 2, "B": 3})
    erin = next(line for line in standings(s) if line.driver == "E")
    assert (erin.race_points, erin.dropped, erin.points) == ((9, None), 1, 9)


def test_a_correction_is_never_dropped_and_ties_read_the_races_as_scored() -> None:
    """E (9, 3) has a -3 correction: its 3 is dropped, the correction stays: 6. B (3, 6),
    C (6, 4) and E tie at 6; the last race's points as scored order them B 6, C 4, E 3 (had
    the dropped races counted 0 there, race 1 would have put E first)."""
    s = new_season(SeasonConfig.preset(1961, drop_worst=True), FOUR, 3)
    s = recorded(recorded(s, RACE_1), {"A": 1, "B": 2, "C": 3, "E": 4})
    s, events = apply_season(s, CorrectPoints("E", -3))
    assert [e.to_json() for e in events] == [
        {"car": "E", "type": "points_corrected", "points": -3, "total": 6}
    ]
    assert table(s) == [("A", 9, 0), ("B", 6, 0), ("C", 6, 1), ("E", 6, 1)]
    erin = standings(s)[-1]
    assert erin.correction == -3 and erin.race_points == (9, 3)
    s, _ = apply_season(s, OpenDraft(3))
    assert s.grid == ("A", "B", "C", "E")


def test_the_league_switches_it_between_races_only() -> None:
    """``drop-worst on`` in the lineup: the table changes at once, and the next grid with it.
    Refused: the same setting again, while a race's draft or race is on (its grid is fixed),
    and once the season is over (the champion was crowned on the table as it stood)."""
    s = two_races(drop_worst=False)
    assert DropWorst(True) in season_legal_decisions(s, None)
    on, events = apply_season(s, DropWorst(True))
    assert [e.to_json() for e in events] == [
        {"car": None, "type": "drop_worst_switched", "on": True}
    ]
    assert on.drop_worst and on.version == s.version + 1
    assert table(on) == table(two_races(drop_worst=True))
    with pytest.raises(IllegalDecision, match="drop-worst is on already"):
        apply_season(on, DropWorst(True))
    off, _ = apply_season(on, DropWorst(False))
    assert table(off) == table(s)
    drafting, _ = apply_season(s, OpenDraft(3))
    with pytest.raises(IllegalDecision, match="'drop-worst' needs the lineup phase"):
        apply_season(drafting, DropWorst(True))
    racing, _ = apply_season(drafted(s), StartRace(3))
    with pytest.raises(IllegalDecision, match="needs the lineup phase"):
        apply_season(racing, DropWorst(True))
    over = recorded(s, {"C": 1, "A": 2, "B": 3, "E": 4})
    assert over.phase == "over" and champion(over) == "C"
    with pytest.raises(IllegalDecision, match="needs the lineup phase"):
        apply_season(over, DropWorst(True))


def test_it_reads_and_writes_in_the_notation_and_the_log() -> None:
    """``drop-worst on`` / ``drop-worst off``; the season's ``drop_worst`` is written only
    when on, so a document from before reads as off, and a replay of the log gives it."""
    assert str(DropWorst(True)) == "drop-worst on"
    assert str(DropWorst(False)) == "drop-worst off"
    assert log_from_texts(["drop-worst on", "drop-worst off"]) == [
        DropWorst(True),
        DropWorst(False),
    ]
    for bad in ["drop-worst", "drop-worst yes", "drop-worst on off"]:
        with pytest.raises(ValueError, match="decision"):
            parse_season_decision(bad)
    off = two_races(drop_worst=False)
    assert "drop_worst" not in season_to_dict(off)
    on = two_races(drop_worst=True)
    document = json.loads(json.dumps(season_to_dict(on)))
    assert document["drop_worst"] is True
    assert season_from_dict(document) == on
    del document["drop_worst"]
    assert season_from_dict(document) == off
    start = new_season(SeasonConfig.preset(1961), FOUR, 3)
    replayed = replay_season(start, [DropWorst(True), OpenDraft(1)])
    assert replayed.drop_worst and season_from_dict(season_to_dict(replayed)) == replayed
