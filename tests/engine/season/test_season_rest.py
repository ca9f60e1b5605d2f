"""League reserves: a driver sits one race out, or a named reserve drives it in its place.

Issue 36 (point 3): "a driver who does not answer ... is replaced by a named reserve (a
league can list reserve drivers, who score for themselves)". Our choices
(engine/season/rules.py): a rest (``rest E``) or a sub (``sub E G``) is decided in the
lineup before race k; the driver who sits out is off race k's grid and out of its
draft, keeps its upgrades, sponsors and points, scores nothing for the race (None, like
a driver who did not race), and is back once race k is recorded (a cancelled race keeps
the rests: it is run again). A reserve drives in the absent driver's colour and scores
for itself. The next race's field is the drivers not resting, so a driver may join in
a resting driver's seat and colour.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from engine.championship import RaceResult
from engine.errors import IllegalDecision, NotationError
from engine.season import (
    CancelRace,
    JoinSeason,
    LeaveSeason,
    OpenDraft,
    RaceRecorded,
    RestDriver,
    SeasonConfig,
    SeasonDecision,
    SeasonState,
    StandIn,
    StartRace,
    SubDriver,
    apply_season,
    log_from_texts,
    log_to_texts,
    new_season,
    parse_season_decision,
    replay_season,
    season_ai_decision,
    season_from_dict,
    season_legal_decisions,
    season_pending,
    season_race,
    season_to_dict,
    season_view,
    standings,
)
from engine.season.events import DriverJoined, DriverRests, DriverSubbed
from engine.setup import Entrant
from tests.engine.season.test_season import starting_order
from tests.support.playout import COLORS

FOUR = [Entrant("A", "red"), Entrant("B", "blue"), Entrant("C", "black"), Entrant("E", "gray")]
SIX = [Entrant(chr(ord("A") + i), colour) for i, colour in enumerate(COLORS)]


class Season:
    """A season and the log of the decisions that made it, from its first state."""

    def __init__(self, entrants: list[Entrant]) -> None:
        # 1961: Great Britain (event 1), USA (2), Italy (3): no event adds points.
        self.start = new_season(SeasonConfig.preset(1961), entrants, 3)
        self.s = self.start
        self.log: list[SeasonDecision] = []

    def do(self, decision: SeasonDecision) -> list[Any]:
        self.s, events = apply_season(self.s, decision)
        self.log.append(decision)
        return events

    def draft(self) -> None:
        if self.s.phase == "lineup":
            self.do(OpenDraft(self.s.race_no))
        while (waiting := season_pending(self.s)).step in ("draft", "swap"):
            self.do(season_ai_decision(self.s, waiting.drivers[0]))

    def race(self, places: dict[str, int], sponsors: dict[str, Any] | None = None) -> None:
        """Run the next race with these places; ``sponsors`` gives cards off the deck top."""
        self.draft()
        self.do(StartRace(self.s.race_no))
        s = self.s
        carried = {d: s.driver(d).sponsors for d in s.grid if s.driver(d).drafts}
        deck = s.sponsor_deck
        for driver, count in (sponsors or {}).items():
            carried[driver], deck = (*carried[driver], *deck[:count]), deck[count:]
        result = RaceResult(
            s.races[s.race_no - 1].event,
            places,
            sponsors=carried,
            sponsor_deck=deck,
            sponsor_discard=s.sponsor_discard,
        )
        self.do(RaceRecorded(s.race_no, result))


def line(s: SeasonState, driver: str) -> tuple[int, tuple[int | None, ...], tuple[int | None, ...]]:
    found = next(line for line in standings(s) if line.driver == driver)
    return found.points, found.race_points, found.places


def test_a_rested_driver_sits_its_race_out_keeps_its_cards_and_is_back_for_the_next() -> None:
    """Our choice: E rests for race 2: off its grid and its draft (the market is the 3
    drafters + 3), keeping its upgrade, sponsor and 9 points; it scores None for race 2
    (no place) and is on race 3's grid again."""
    season = Season(FOUR)
    season.race({"E": 1, "C": 2, "A": 3, "B": 4}, sponsors={"E": 1})
    erin = season.s.driver("E")
    assert len(erin.upgrades) == 1 and len(erin.sponsors) == 1
    events = season.do(RestDriver("E"))
    assert events == [DriverRests("E", 2)]
    assert season.s.driver("E").resting and [d.id for d in season.s.racing()] == ["A", "B", "C"]
    assert season_view(season.s).drivers[3].resting
    season.do(OpenDraft(2))
    assert season.s.grid == ("C", "A", "B")
    assert season.s.draft is not None
    assert season.s.draft.order == ("B", "A", "C") and len(season.s.draft.market) == 6
    season.draft()
    assert starting_order(season.s) == ["C", "A", "B"]
    season.race({"A": 1, "B": 2, "C": 3})
    assert season.s.driver("E") == replace(erin, resting=False)
    assert line(season.s, "E") == (9, (9, None), (1, None))
    assert line(season.s, "A") == (13, (4, 9), (3, 1))
    season.do(OpenDraft(3))
    assert "E" in season.s.grid
    assert replay_season(season.start, log_from_texts(log_to_texts(season.log))) == season.s


def test_a_cancelled_race_keeps_its_rests() -> None:
    """Our choice: a cancelled race is run again with the same grid, so E still sits it
    out; the rest ends when the race is recorded."""
    season = Season(FOUR)
    season.do(RestDriver("E"))
    season.draft()
    season.do(StartRace(1))
    season.do(CancelRace(1))
    assert season.s.driver("E").resting and "E" not in season.s.grid
    season.race({"A": 1, "B": 2, "C": 3})
    assert not season.s.driver("E").resting
    assert line(season.s, "E") == (0, (None,), (None,))


def test_a_reserve_drives_in_the_absent_drivers_colour_and_scores_for_itself() -> None:
    """Issue 36: "replaced by a named reserve ... who score for themselves". R joins, then
    drives race 2 for E in E's colour (gray); R's win is R's 9 points, E scores None. E
    keeps its colour: back for race 3, it would race in R's colour, so the league rests
    R or lets R leave before the draft opens."""
    season = Season(FOUR)
    season.race({"E": 1, "C": 2, "A": 3, "B": 4})
    season.do(JoinSeason("R", "white", "human"))
    assert season_legal_decisions(season.s, None).count(RestDriver("R")) == 1
    events = season.do(SubDriver("E", "R"))
    assert events == [DriverSubbed("E", "R", 2)]
    assert season.s.driver("R").color == "gray" and season.s.driver("E").color == "gray"
    assert season.s.driver("E").resting and not season.s.driver("R").resting
    season.draft()
    race, _ = season_race(season.s)
    assert {car.id: car.color for car in race.cars} == {
        "A": "red",
        "B": "blue",
        "C": "black",
        "R": "gray",
    }
    season.race({"R": 1, "A": 2, "B": 3, "C": 4})
    assert line(season.s, "R") == (9, (None, 9), (None, 1))
    assert line(season.s, "E") == (9, (9, None), (1, None))
    with pytest.raises(IllegalDecision, match="two drivers would race in gray"):
        apply_season(season.s, OpenDraft(3))
    season.do(LeaveSeason("R"))
    season.do(OpenDraft(3))
    assert sorted(season.s.grid) == ["A", "B", "C", "E"]
    assert replay_season(season.start, season.log) == season.s


def test_a_driver_may_join_in_a_resting_drivers_seat_and_colour() -> None:
    """The 6-car race and the colours count the next race's field: with F resting, G joins
    in F's gray with 6 cars racing; without the rest the join is refused. F back with G
    still in would make 7 cars, refused when the draft opens."""
    season = Season(SIX)
    join = JoinSeason("G", "gray", "human")
    with pytest.raises(IllegalDecision, match="at most 6 cars"):
        apply_season(season.s, join)
    season.do(RestDriver("F"))
    season.do(join)
    season.race({d: n for n, d in enumerate("ABCDEG", 1)})
    assert line(season.s, "G") == (1, (1,), (6,)) and line(season.s, "F")[1] == (None,)
    with pytest.raises(IllegalDecision, match="7 drivers would race"):
        apply_season(season.s, OpenDraft(2))
    season.do(RestDriver("G"))
    season.do(OpenDraft(2))
    assert sorted(season.s.grid) == list("ABCDEF")


def lineup() -> SeasonState:
    season = Season(FOUR)
    season.do(RestDriver("E"))
    return season.s


@pytest.mark.parametrize(
    ("decision", "says"),
    [
        (RestDriver("E"), "sits race 1 out already"),
        (RestDriver("Z"), "no driver 'Z'"),
        (SubDriver("A", "A"), "cannot stand in for itself"),
        (SubDriver("E", "A"), "sits race 1 out already"),
        (SubDriver("A", "E"), "sits race 1 out already"),
        (SubDriver("A", "Z"), "no driver 'Z'"),
    ],
)
def test_a_rest_or_sub_the_lineup_cannot_make_is_refused_and_changes_nothing(
    decision: SeasonDecision, says: str
) -> None:
    """Our rule: only a driver still in the season and not resting may sit out or stand
    in, and a driver does not stand in for itself."""
    s = lineup()
    before = season_to_dict(s)
    with pytest.raises(IllegalDecision, match=says):
        apply_season(s, decision)
    assert season_to_dict(s) == before


def test_rests_and_subs_come_in_the_lineup_only() -> None:
    """Our rule: the field is fixed when the draft opens, so no rest or sub after it; a
    driver who left neither rests nor stands in."""
    season = Season(FOUR)
    season.do(LeaveSeason("B"))
    for decision in (RestDriver("B"), SubDriver("A", "B"), SubDriver("B", "A")):
        with pytest.raises(IllegalDecision, match="no driver 'B'"):
            apply_season(season.s, decision)
    season.do(OpenDraft(1))
    before = season_to_dict(season.s)
    for decision in (RestDriver("A"), SubDriver("A", "C")):
        with pytest.raises(IllegalDecision, match="needs the lineup phase"):
            apply_season(season.s, decision)
    assert season_to_dict(season.s) == before


def test_the_lineup_lists_a_rest_for_each_driver_racing_but_no_sub() -> None:
    """A sub names two drivers, like a join names a new one, so it is not listed."""
    s = lineup()
    legal = season_legal_decisions(s, None)
    assert [d for d in legal if isinstance(d, RestDriver)] == [RestDriver(x) for x in "ABC"]
    assert not any(isinstance(d, SubDriver) for d in legal)
    assert LeaveSeason("E") in legal and OpenDraft(1) in legal


def test_rest_and_sub_have_a_text_form_that_parses_back() -> None:
    """``rest E`` and ``sub E G`` (absent, then reserve): the league's word first."""
    assert str(RestDriver("E")) == "rest E"
    assert str(SubDriver("E", "G")) == "sub E G"
    for decision in (RestDriver("E"), SubDriver("E", "G")):
        assert parse_season_decision(str(decision)) == decision
    with pytest.raises(ValueError):
        parse_season_decision("sub E")


def test_the_notation_writes_a_rest_only_while_it_lasts() -> None:
    """``"resting": true`` on a resting driver only, so an older season reads and writes
    unchanged; a driver who left cannot be resting."""
    s = lineup()
    document = json.loads(json.dumps(season_to_dict(s)))
    assert [d.get("resting") for d in document["drivers"]] == [None, None, None, True]
    assert season_from_dict(document) == s
    assert "resting" not in json.dumps(season_to_dict(Season(FOUR).s))
    document["drivers"][3]["active"] = False
    with pytest.raises(NotationError, match="a driver who left sits no race out"):
        season_from_dict(document)


def test_a_reserve_stands_in_for_the_driver_the_draft_waits_on() -> None:
    """Issue 36, our choice: the draft waits on a driver who did not answer in time; a
    reserve new to the season (G) takes that driver's slot in the grid and the draft order,
    in its colour, joining on 0 points; the absent driver rests. G picks in its place and
    races; the absent driver scores None for the race and is back for the next."""
    season = Season(FOUR)
    season.do(OpenDraft(1))
    waiting = season_pending(season.s).drivers[0]
    colour, grid = season.s.driver(waiting).color, season.s.grid
    events = season.do(StandIn(waiting, "G"))
    assert events == [DriverJoined("G", 1), DriverSubbed(waiting, "G", 1)]
    s = season.s
    assert season_pending(s).drivers == ("G",)
    assert s.grid == tuple("G" if car == waiting else car for car in grid)
    assert s.driver("G").color == colour and s.driver("G").joined == 1
    assert s.driver(waiting).resting and waiting not in [d.id for d in s.racing()]
    places = {car: place for place, car in enumerate(s.grid, start=1)}
    season.race(places)
    assert line(season.s, waiting)[1] == (None,)
    assert line(season.s, "G")[1][0] is not None
    assert not season.s.driver(waiting).resting
    assert replay_season(season.start, season.log) == season.s
    assert log_from_texts(log_to_texts(season.log)) == season.log


def test_a_reserve_of_the_season_stands_in_again() -> None:
    """A reserve already in the season, resting this race, stands in without joining again
    and takes the absent driver's colour."""
    season = Season(FOUR)
    season.do(JoinSeason("G", "green", "human"))
    season.do(RestDriver("G"))
    season.do(OpenDraft(1))
    waiting = season_pending(season.s).drivers[0]
    events = season.do(StandIn(waiting, "G"))
    assert events == [DriverSubbed(waiting, "G", 1)]
    assert season.s.driver("G").color == season.s.driver(waiting).color
    assert not season.s.driver("G").resting and "G" in season.s.grid


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (lambda s, waiting, other: StandIn(other, "G"), "does not wait on"),
        (lambda s, waiting, other: StandIn(waiting, waiting), "cannot stand in for itself"),
        (lambda s, waiting, other: StandIn(waiting, other), "not free to stand in"),
        (lambda s, waiting, other: StandIn(waiting, "record"), "season word"),
    ],
)
def test_what_a_stand_in_refuses(make: Any, why: str) -> None:
    """Only the driver the draft waits on is stood in for, by someone free (not on the grid),
    never by itself; a refusal changes nothing."""
    season = Season(FOUR)
    season.do(OpenDraft(1))
    waiting = season_pending(season.s).drivers[0]
    other = next(car for car in season.s.grid if car != waiting)
    before = season.s
    with pytest.raises(IllegalDecision) as refused:
        apply_season(before, make(before, waiting, other))
    assert why in str(refused.value)
    assert season.s == before


def test_a_stand_in_is_a_draft_decision_only() -> None:
    season = Season(FOUR)
    with pytest.raises(IllegalDecision, match="needs the draft phase"):
        apply_season(season.s, StandIn("A", "G"))
