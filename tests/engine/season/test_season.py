"""A championship season: its schedule, lineup, draft, races and notation, as the rules say."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

import data
from engine.championship import RaceResult
from engine.errors import (
    IllegalDecision,
    NotationError,
    NotYourTurn,
    SeasonSetupError,
    StaleDecision,
)
from engine.limits import MAX_SEED
from engine.movement import position_key
from engine.season import (
    CancelRace,
    CorrectPoints,
    DraftKeep,
    DraftPick,
    DraftSwap,
    JoinSeason,
    LeaveSeason,
    OpenDraft,
    RaceRecorded,
    Reseed,
    SeasonConfig,
    SeasonDecision,
    SeasonRace,
    SeasonState,
    StartRace,
    apply_season,
    champion,
    log_from_texts,
    log_to_texts,
    new_season,
    parse_season_decision,
    race_seed,
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
from engine.season.decisions import SEASON_DECISIONS
from engine.setup import Entrant
from engine.state import Options
from tests.support.paths import RULEBOOK

DRIVERS = [Entrant("A", "red"), Entrant("B", "blue", "ai"), Entrant("L", "green", "legend")]


def quoted(source: str, text: str) -> str:
    """The rule, after checking it is in the rulebook file."""
    assert " ".join(text.split()) in " ".join((RULEBOOK / source).read_text().split())
    return text


def drafted(s: SeasonState) -> SeasonState:
    """The season after its next draft (opened if need be), every driver deciding as the AI does."""
    if s.phase == "lineup":
        s, _ = apply_season(s, OpenDraft(s.race_no))
    while (waiting := season_pending(s)).step in ("draft", "swap"):
        s, _ = apply_season(s, season_ai_decision(s, waiting.drivers[0]))
    return s


def recorded(s: SeasonState, places: dict[str, int]) -> SeasonState:
    """The season after its next race, run with these places (sponsors untouched)."""
    s, _ = apply_season(drafted(s), StartRace(s.race_no))
    carried = {d: s.driver(d).sponsors for d in s.grid if s.driver(d).drafts}
    result = RaceResult(
        s.races[s.race_no - 1].event,
        places,
        sponsors=carried,
        sponsor_deck=s.sponsor_deck,
        sponsor_discard=s.sponsor_discard,
    )
    s, _ = apply_season(s, RaceRecorded(s.race_no, result))
    return s


def test_a_preset_season_races_its_printed_tracks_and_events() -> None:
    """1961: Great Britain (event 1), USA (2), Italy (3), from the facts' seasons."""
    quoted("rules-full-en.txt", "there are a group of races each with its own event.")
    s = new_season(SeasonConfig.preset(1961), DRIVERS, 1)
    expected = [(r.track, r.event) for r in data.championship().season(1961).races]
    assert [(r.track, r.event) for r in s.races] == expected
    assert s.preset == 1961


def test_a_custom_season_has_three_races_or_more() -> None:
    """A custom list of tracks needs 3 races; an unknown track or event is refused, with a key
    and values a reader in any language can be told (SeasonSetupError)."""
    two = (SeasonRace("usa", 7), SeasonRace("italy", 4))
    with pytest.raises(SeasonSetupError, match="3 or more races") as too_few:
        new_season(SeasonConfig.custom(two), DRIVERS, 1)
    assert (too_few.value.key, too_few.value.values) == ("too_few_races", {"least": 3, "races": 2})
    with pytest.raises(SeasonSetupError, match="unknown track") as mars:
        new_season(SeasonConfig.custom((*two, SeasonRace("mars", 1))), DRIVERS, 1)
    assert mars.value.key == "unknown_track" and mars.value.values["track"] == "'mars'"
    with pytest.raises(SeasonSetupError, match="unknown event 19") as nineteen:
        new_season(SeasonConfig.custom((*two, SeasonRace("france", 19))), DRIVERS, 1)
    assert nineteen.value.key == "unknown_event" and nineteen.value.values["event"] == 19
    with pytest.raises(SeasonSetupError, match="no season 1970") as year:
        new_season(SeasonConfig.preset(1970), DRIVERS, 1)
    assert year.value.key == "unknown_year" and year.value.values["year"] == 1970
    s = new_season(SeasonConfig.custom((*two, SeasonRace("france", 6))), DRIVERS, 1)
    assert len(s.races) == 3


@pytest.mark.parametrize("expansions", [False, True])
def test_a_random_season_never_races_the_strike_in_espana(expansions: bool) -> None:
    """4 distinct tracks with distinct events; España never gets event 3; an expansion
    event (11-18) only on the track its printed season races it on."""
    rule = "random = 4 circuits + random events (never España with Drivers' Strike)"
    quoted("modules-notes.md", rule)
    options = Options(garage="advanced", garage_expansions=expansions)
    events = data.championship()
    seen_espana = False
    for seed in range(300):
        s = new_season(SeasonConfig.random(options), DRIVERS, seed)
        assert len(s.races) == 4
        assert len({r.track for r in s.races}) == 4
        assert len({r.event for r in s.races}) == 4
        for race in s.races:
            assert (race.track, race.event) != ("espana", 3)
            seen_espana |= race.track == "espana"
            if race.event > 10:
                assert expansions and events.event(race.event).track == race.track
    assert seen_espana


def test_a_championship_always_races_with_the_garage_and_the_weather() -> None:
    """Garage off is refused; the weather is switched on whatever the options say."""
    quoted("modules-notes.md", "forces weather and draft on; no starting upgrades")
    with pytest.raises(ValueError, match="Garage"):
        new_season(SeasonConfig.preset(1961, Options()), DRIVERS, 1)
    s = new_season(SeasonConfig.preset(1961, Options(garage="both")), DRIVERS, 1)
    assert s.options.weather
    race, _ = season_race(drafted(s))
    assert race.weather is not None
    assert race.garage is None or not race.garage.order


def test_before_the_first_race_the_back_of_the_grid_picks_first() -> None:
    """Race 1's grid is drawn from the seed; its drivers pick from the back of it."""
    rule = "before the first race, reverse turn order"
    quoted("championship.json", rule)
    drivers = [*DRIVERS, Entrant("C", "orange"), Entrant("M", "yellow", "legend")]
    grids = set()
    for seed in range(8):
        s, _ = apply_season(new_season(SeasonConfig.preset(1962), drivers, seed), OpenDraft(1))
        assert s.draft is not None
        drafters = [d for d in s.grid if s.driver(d).drafts]
        assert s.draft.order == tuple(drafters[::-1])
        assert len(s.draft.market) == len(drafters) + 3
        grids.add(s.grid)
        s = drafted(s)
        race, _ = season_race(s)
        assert [c.id for c in sorted(race.cars, key=position_key)] == list(s.grid)
    assert len(grids) > 1, "race 1's grid is random"


def test_a_driver_who_joins_between_races_starts_on_0_points() -> None:
    """Issue 11: "join and leave: a driver who joins between races starts on 0 points"."""
    s = recorded(new_season(SeasonConfig.preset(1961), DRIVERS, 3), {"A": 1, "B": 2, "L": 3})
    s, events = apply_season(s, JoinSeason("E", "orange", "human"))
    assert [e.to_json() for e in events] == [{"car": "E", "type": "joined", "race_no": 2}]
    line = next(line for line in standings(s) if line.driver == "E")
    assert (line.points, line.race_points, line.places) == (0, (None,), (None,))
    assert s.driver("E").joined == 2
    s = drafted(s)
    assert "E" in s.grid and len(s.driver("E").upgrades) == 1
    assert s.grid[-1] == "E", "last in the standings starts at the back"


def test_a_driver_who_leaves_keeps_its_points_but_races_no_more() -> None:
    """Its upgrades leave the game, its sponsors go to the sponsorship discard pile."""
    s = recorded(new_season(SeasonConfig.preset(1961), DRIVERS, 3), {"A": 1, "B": 2, "L": 3})
    upgrades, sponsors = s.driver("B").upgrades, s.driver("B").sponsors
    box, discard = s.garage_box, s.sponsor_discard
    s, _ = apply_season(s, LeaveSeason("B"))
    assert s.garage_box == box + upgrades and s.sponsor_discard == discard + sponsors
    assert next(line for line in standings(s) if line.driver == "B").points == 6
    s = drafted(s)
    assert "B" not in s.grid
    with pytest.raises(IllegalDecision, match="lineup"):
        apply_season(s, LeaveSeason("A"))


def test_join_refuses_a_bad_driver_and_changes_nothing() -> None:
    """A taken id or colour, a season word, a Legend colour the deck lacks, a 7th car."""
    s = new_season(SeasonConfig.preset(1961), DRIVERS, 3)
    for bad, reason in [
        (JoinSeason("A", "orange", "human"), "already takes part"),
        (JoinSeason("E", "red", "human"), "colour red is taken"),
        (JoinSeason("draft", "orange", "human"), "season word"),
        (JoinSeason("E", "pink", "legend"), "no colour 'pink'"),
    ]:
        with pytest.raises(IllegalDecision, match=reason):
            apply_season(s, bad)
    for n, colour in enumerate(["orange", "white", "yellow"]):
        s, _ = apply_season(s, JoinSeason(f"X{n}", colour, "ai"))
    with pytest.raises(IllegalDecision, match="at most 6 cars"):
        apply_season(s, JoinSeason("X9", "purple", "ai"))


def test_the_draft_refuses_what_the_rules_do_not_allow() -> None:
    """Out of turn, a card not in the market, a swap of a card not owned: typed errors."""
    s, _ = apply_season(new_season(SeasonConfig.preset(1961), DRIVERS, 5), OpenDraft(1))
    first = season_pending(s).drivers[0]
    other = next(d for d in ("A", "B") if d != first)
    assert s.draft is not None
    with pytest.raises(NotYourTurn, match=f"car {other}, step draft"):
        apply_season(s, DraftPick(other, s.draft.market[0]))
    with pytest.raises(IllegalDecision, match="market holds"):
        apply_season(s, DraftPick(first, "turbo-8"))
    with pytest.raises(IllegalDecision, match="'start' needs the ready phase"):
        apply_season(s, StartRace(1))
    s, _ = apply_season(s, season_ai_decision(s, first))
    s, _ = apply_season(s, season_ai_decision(s, other))
    assert season_pending(s).drivers == (first,)
    assert DraftKeep(first) in season_legal_decisions(s, first)
    assert season_legal_decisions(s, other) == []
    assert s.draft is not None
    with pytest.raises(IllegalDecision, match="owns no"):
        apply_season(s, DraftSwap(first, "rpm-3", s.draft.market[0]))


def test_stale_decisions_and_wrong_race_numbers_are_refused() -> None:
    """A decision made on an older version, or for another race, changes nothing."""
    s = new_season(SeasonConfig.preset(1961), DRIVERS, 5)
    with pytest.raises(StaleDecision, match="version 3, season is at 0"):
        apply_season(s, OpenDraft(1), expected_version=3)
    with pytest.raises(IllegalDecision, match="race 1 is next, not 2"):
        apply_season(s, OpenDraft(2))


@pytest.mark.parametrize(
    ("spin_outs", "problem"),
    [({"Z": 1}, "spin_outs name cars of the grid only"), ({"A": 10**29}, "0 to 999 times")],
)
def test_a_result_whose_spin_outs_no_race_gives_is_refused(
    spin_outs: dict[str, int], problem: str
) -> None:
    """A result from an edited log: spin outs for a car not racing, or more than the rounds."""
    s = drafted(new_season(SeasonConfig.preset(1961), DRIVERS, 5))
    s, _ = apply_season(s, StartRace(1))
    result = RaceResult(
        s.races[0].event,
        {car: place for place, car in enumerate(s.grid, start=1)},
        spin_outs=spin_outs,
        sponsor_deck=s.sponsor_deck,
        sponsor_discard=s.sponsor_discard,
    )
    with pytest.raises(IllegalDecision, match=problem):
        apply_season(s, RaceRecorded(1, result))


def test_a_cancelled_race_scores_nothing_and_runs_again_dealt_anew() -> None:
    """Cancel puts the race back to ready; the race run again is the same race (track, grid,
    each driver's upgrades) dealt anew, so no one races a deal whose cards they saw. The
    notation keeps the count; the next race's first run is dealt as if none was cancelled."""
    s = drafted(new_season(SeasonConfig.preset(1961), DRIVERS, 5))
    s, _ = apply_season(s, StartRace(1))
    before, _ = season_race(s)
    s, _ = apply_season(s, CancelRace(1))
    assert s.phase == "ready" and s.results == [] and s.reruns == 1
    assert season_from_dict(json.loads(json.dumps(season_to_dict(s)))).reruns == 1
    again, _ = season_race(s)
    assert (again.track, again.laps) == (before.track, before.laps)
    assert [(c.id, c.upgrades) for c in again.cars] == [(c.id, c.upgrades) for c in before.cars]
    assert again.seed != before.seed
    assert [c.hand for c in again.cars] != [c.hand for c in before.cars]
    s, _ = apply_season(s, StartRace(1))
    result = RaceResult(
        s.races[0].event,
        {car: place for place, car in enumerate(s.grid, start=1)},
        sponsor_deck=s.sponsor_deck,
        sponsor_discard=s.sponsor_discard,
    )
    s, _ = apply_season(s, RaceRecorded(1, result))
    assert s.reruns == 0 and "reruns" not in season_to_dict(s)


def test_decisions_have_a_text_form_that_parses_back() -> None:
    """Every kind of season decision, and a bad text names itself."""
    result = RaceResult(1, {"A": 1, "B": 2}, gave_up=frozenset({"B"}), sponsors={"A": ("sp-rpm",)})
    decisions: list[SeasonDecision] = [
        DraftPick("A", "turbo-8"),
        DraftSwap("A", "turbo-8", "body-3"),
        DraftKeep("A"),
        JoinSeason("E", "red", "human"),
        LeaveSeason("E"),
        OpenDraft(2),
        StartRace(2),
        CancelRace(2),
        RaceRecorded(2, result),
    ]
    texts = log_to_texts(decisions)
    assert texts[:3] == ["A pick turbo-8", "A swap turbo-8 body-3", "A keep"]
    assert texts[3:5] == ["join E red human", "leave E"]
    assert log_from_texts(texts) == decisions
    for bad in ["A pick", "join E red robot", "record x {}", "record 2 {", "A fly"]:
        with pytest.raises(ValueError, match="decision"):
            parse_season_decision(bad)
    with pytest.raises(NotationError, match=r"log\.1"):
        log_from_texts(["draft 1", "A"])


def test_the_notation_refuses_an_unknown_field_and_bad_figures() -> None:
    """Exact round trip; an unknown field, an unknown card or an inconsistent phase is an error."""
    s = drafted(new_season(SeasonConfig.preset(1964), DRIVERS, 9))
    document = season_to_dict(s)
    assert season_from_dict(json.loads(json.dumps(document))) == s
    changes: list[tuple[dict[str, Any], str]] = [
        ({"colour": "red"}, "colour: Extra inputs are not permitted"),
        ({"garage_deck": ["no-such-card"]}, "unknown card"),
        ({"phase": "over"}, "the season is over once every race"),
        ({"options": {"garage": "off", "weather": True}}, "Garage and the weather"),
        ({"grid": ["Z"]}, "grid"),
        ({"races": [{"track": "usa", "event": 19}] * 3}, "unknown event 19"),
        ({"results": [{"event": 11, "places": {"Z": 1}}]}, "no driver 'Z'"),
        (
            {"drivers": [{"id": "L", "color": "green", "kind": "legend", "upgrades": ["H"]}]},
            "Legend",
        ),
    ]
    for change, message in changes:
        with pytest.raises(NotationError, match=message):
            season_from_dict(document | change)


def test_a_custom_season_pairing_espana_with_the_drivers_strike_is_refused() -> None:
    """España's one lap less one is no race (BGA bug 197392): refused naming both, at setup
    and when a season file is read."""
    races = (SeasonRace("usa", 7), SeasonRace("espana", 3), SeasonRace("italy", 4))
    with pytest.raises(ValueError, match=r"España \(1 lap\) cannot race event 3"):
        new_season(SeasonConfig.custom(races), DRIVERS, 1)
    document = season_to_dict(new_season(SeasonConfig.preset(1961), DRIVERS, 1))
    document["races"][1] = {"track": "espana", "event": 3}
    with pytest.raises(NotationError, match=r"races\.1: España \(1 lap\) cannot race event 3"):
        season_from_dict(document)


def test_a_result_naming_another_event_is_refused_when_the_season_is_read() -> None:
    """A recorded result must be its race's: event 99 (or another race's event) is refused
    with the field named, not found later by the standings."""
    s = new_season(SeasonConfig.preset(1961), DRIVERS, 1)
    document = season_to_dict(s) | {"phase": "lineup"}
    for event in (99, 2):
        document["results"] = [{"event": event, "places": {"A": 1, "B": 2, "L": 3}}]
        with pytest.raises(NotationError, match=r"results\.0\.event: race 1 races event 1"):
            season_from_dict(document)
    document["results"] = [{"event": 1, "places": {"A": 0, "B": 2, "L": 3}}]
    with pytest.raises(NotationError, match="greater than or equal to 1"):
        season_from_dict(document)


def test_a_season_stopped_before_its_draft_opens_it_from_the_state() -> None:
    """Phase draft, a grid, no draft written: the market is the top of the Garage deck
    (drafting drivers + 3) and the order the grid's drafting drivers from the back."""
    s = new_season(SeasonConfig.preset(1961), [*DRIVERS, Entrant("C", "orange")], 4)
    document = season_to_dict(s) | {"phase": "draft", "grid": ["C", "L", "A", "B"]}
    read = season_from_dict(document)
    assert read.draft is not None
    assert read.draft.market == s.garage_deck[:6]
    assert read.draft.order == ("B", "A", "C")
    assert read.garage_deck == s.garage_deck[6:]
    assert season_pending(read).drivers == ("B",)
    assert season_from_dict(season_to_dict(read)) == read


def test_a_deeply_nested_record_is_a_notation_error() -> None:
    """A record decision's JSON nested past any result is refused in one line, not a crash."""
    for opening in ("[", '{"a":'):
        with pytest.raises(NotationError, match=r"log\.0: .*nested too deeply") as refused:
            log_from_texts(["record 1 " + opening * 100_000])
        assert len(str(refused.value)) < 300


DRIVER_WORDS = {"pick", "swap", "keep"}


def test_errors_quote_at_most_about_80_characters_of_an_input() -> None:
    """A 10 MB card, driver or decision word comes back cut to a short line."""
    huge = "x" * 10_000_000
    s = new_season(SeasonConfig.preset(1961), DRIVERS, 1)
    drafting, _ = apply_season(s, OpenDraft(1))
    bad: list[tuple[SeasonDecision, type[Exception]]] = [
        (JoinSeason(huge, "red", "human"), IllegalDecision),
        (DraftPick(huge, "body-3"), NotYourTurn),
        (DraftPick(season_pending(drafting).drivers[0], huge), IllegalDecision),
        (CorrectPoints(huge, 2), IllegalDecision),
    ]
    for decision, error in bad:
        with pytest.raises(error) as refused:
            apply_season(s if isinstance(decision, JoinSeason) else drafting, decision)
        assert len(str(refused.value)) < 300
    texts = (f"A pick {huge}", f"{huge} pick body-3", f"draft {huge}", f"A {huge}")
    for text in (*texts, f"correct {huge} +2", f"correct A {huge}"):
        try:
            log_from_texts([text])
        except NotationError as exc:
            # 2 inputs cut to about 80, and the list of every decision's word.
            assert len(str(exc)) < 250 + len(", ".join(SEASON_DECISIONS.first_words | DRIVER_WORDS))
    document = season_to_dict(s)
    for change in ({"garage_deck": [huge]}, {"results": [{"event": 1, "places": {huge: 1}}]}):
        with pytest.raises(NotationError) as refused:
            season_from_dict(document | change)
        assert len(str(refused.value)) < 300


def test_replay_of_the_log_gives_the_season() -> None:
    """Initial season + decision log == state, through the text forms."""
    initial = new_season(SeasonConfig.preset(1961), DRIVERS, 11)
    log: list[SeasonDecision] = []
    s = initial
    for places in ({"A": 1, "B": 2, "L": 3}, {"B": 1, "L": 2, "A": 3}):
        s, _ = apply_season(s, OpenDraft(s.race_no))
        log.append(OpenDraft(s.race_no))
        while (waiting := season_pending(s)).step in ("draft", "swap"):
            pick = season_ai_decision(s, waiting.drivers[0])
            s, _ = apply_season(s, pick)
            log.append(pick)
        ending: tuple[SeasonDecision, ...] = (
            StartRace(s.race_no),
            RaceRecorded(
                s.race_no,
                RaceResult(
                    s.races[s.race_no - 1].event,
                    places,
                    sponsors={d: s.driver(d).sponsors for d in ("A", "B")},
                    sponsor_deck=s.sponsor_deck,
                ),
            ),
        )
        for decision in ending:
            s, _ = apply_season(s, decision)
            log.append(decision)
    assert replay_season(initial, log_from_texts(log_to_texts(log))) == s


def test_the_season_view_hides_the_decks_and_counts_the_sponsors() -> None:
    """The view names no card of the Garage or sponsorship decks and no carried sponsor."""
    s = recorded(new_season(SeasonConfig.preset(1961), DRIVERS, 3), {"A": 1, "B": 2, "L": 3})
    s = replace(s, drivers=[replace(s.driver("A"), sponsors=("sp-turbo",)), *s.drivers[1:]])
    s, _ = apply_season(s, OpenDraft(2))
    view = season_view(s)
    shown = repr(view)
    assert "sp-" not in shown
    assert view.garage_deck == len(s.garage_deck) and view.sponsor_deck == len(s.sponsor_deck)
    assert [d.sponsors for d in view.drivers] == [1, 0, 0]
    assert s.draft is not None
    assert view.pending == season_pending(s) and view.market == s.draft.market
    assert [line.driver for line in view.standings] == ["A", "B", "L"]


FOUR = [Entrant("A", "red"), Entrant("B", "blue"), Entrant("C", "black"), Entrant("E", "gray")]


def starting_order(s: SeasonState) -> list[str]:
    """The next race's cars, pole first, as the race the bot runs has them."""
    race, _ = season_race(s)
    return [car.id for car in sorted(race.cars, key=position_key)]


def test_a_correction_counts_in_the_standings_the_grid_and_the_draft_order() -> None:
    """Issue 36: the table the league shows orders the next draft and grid, corrections in.

    After race 1 Carla (C, 4th: 3 points) trails Erin (E, 3rd: 4); an admin gives C
    +2. C is then ahead of E in the standings, so E picks before C and C starts ahead."""
    s = recorded(new_season(SeasonConfig.preset(1961), FOUR, 3), {"A": 1, "B": 2, "E": 3, "C": 4})
    s, events = apply_season(s, CorrectPoints("C", 2))
    assert [e.to_json() for e in events] == [
        {"car": "C", "type": "points_corrected", "points": 2, "total": 5}
    ]
    lines = standings(s)
    assert [(line.driver, line.points, line.correction) for line in lines] == [
        ("A", 9, 0),
        ("B", 6, 0),
        ("C", 5, 2),
        ("E", 4, 0),
    ]
    s, _ = apply_season(s, OpenDraft(2))
    assert s.grid == ("A", "B", "C", "E")
    assert s.draft is not None and s.draft.order == ("E", "C", "B", "A")
    assert starting_order(drafted(s)) == ["A", "B", "C", "E"]


def test_a_tie_made_by_a_correction_is_broken_by_the_last_race() -> None:
    """Totals with the corrections in tie; the last race's points order them (then the one
    before), for the standings, the grid and the draft alike."""
    s = new_season(SeasonConfig.preset(1961), FOUR, 3)
    s = recorded(s, {"A": 1, "B": 2, "C": 3, "E": 4})  # A 9, B 6, C 4, E 3
    s = recorded(s, {"E": 1, "C": 2, "B": 3, "A": 4})  # A 12, B 10, C 10, E 12
    s, _ = apply_season(s, CorrectPoints("A", -2))  # A 10: three tied at 10
    lines = standings(s)
    assert [(line.driver, line.points) for line in lines] == [
        ("E", 12),
        ("C", 10),
        ("B", 10),
        ("A", 10),
    ]
    assert lines[-1].correction == -2
    s, _ = apply_season(s, OpenDraft(3))
    assert s.grid == ("E", "C", "B", "A")
    assert s.draft is not None and s.draft.order == ("A", "B", "C", "E")
    assert starting_order(drafted(s)) == ["E", "C", "B", "A"]


def test_a_correction_comes_in_any_phase_and_a_grid_already_fixed_stays() -> None:
    """During a draft the correction changes the table, not the grid fixed when it opened;
    after the last race it can change the champion. Refused: 0 points, more than 100, an
    unknown driver."""
    s = recorded(new_season(SeasonConfig.preset(1961), FOUR, 3), {"A": 1, "B": 2, "E": 3, "C": 4})
    drafting, _ = apply_season(s, OpenDraft(2))
    corrected, _ = apply_season(drafting, CorrectPoints("C", 2))
    assert corrected.grid == drafting.grid == ("A", "B", "E", "C")
    assert corrected.draft == drafting.draft and corrected.version == drafting.version + 1
    assert [line.driver for line in standings(corrected)] == ["A", "B", "C", "E"]
    for bad, reason in [
        (CorrectPoints("C", 0), "0 points changes nothing"),
        (CorrectPoints("C", 101), "1 to 100 points"),
        (CorrectPoints("Z", 2), "no driver 'Z'"),
    ]:
        with pytest.raises(IllegalDecision, match=reason):
            apply_season(drafting, bad)
    over = s
    while over.phase != "over":
        over = recorded(over, {"A": 1, "B": 2, "E": 3, "C": 4})
    assert champion(over) == "A"
    over, _ = apply_season(over, CorrectPoints("B", 30))
    assert champion(over) == "B" and season_view(over).champion == "B"


def test_corrections_read_and_write_in_the_notation_and_the_log() -> None:
    """``correct C +2`` (signed, always); a driver's ``correction`` is written when not 0
    and read back exactly; out of range it is refused."""
    assert str(CorrectPoints("C", 2)) == "correct C +2"
    assert str(CorrectPoints("A", -3)) == "correct A -3"
    assert log_from_texts(["correct C +2", "correct A -3"]) == [
        CorrectPoints("C", 2),
        CorrectPoints("A", -3),
    ]
    for bad in ["correct C 2", "correct C +x", "correct C", "correct C +2 3"]:
        with pytest.raises(ValueError, match="decision"):
            parse_season_decision(bad)
    start = new_season(SeasonConfig.preset(1961), FOUR, 3)
    s = replay_season(start, [CorrectPoints("E", 5), CorrectPoints("E", -1), OpenDraft(1)])
    document = season_to_dict(s)
    assert [d.get("correction") for d in document["drivers"]] == [None, None, None, 4]
    assert "correction" not in json.dumps(season_to_dict(start))
    assert season_from_dict(json.loads(json.dumps(document))) == s
    document["drivers"][3]["correction"] = 2**31
    with pytest.raises(NotationError, match=r"drivers\.3\.correction"):
        season_from_dict(document)


def test_a_race_deals_sponsors_from_a_deck_shuffled_anew() -> None:
    """A finished race's notation file shows the order its sponsorship deck ended in, the
    deck the next race takes over: that race shuffles it with its own seed first, so no one
    reads the sponsors it deals from the last race's file. The cards are the same."""
    s = recorded(new_season(SeasonConfig.preset(1961), DRIVERS, 5), {"A": 1, "B": 2, "L": 3})
    s = drafted(s)
    race, _ = season_race(s)
    assert race.championship is not None
    dealt = race.championship.sponsor_deck
    carried = s.sponsor_deck
    assert len(dealt) <= len(carried) and Counter(dealt) <= Counter(carried)
    assert dealt != carried[len(carried) - len(dealt) :], "not the order the last race left"
    assert season_race(s)[0].championship == race.championship, "the same race each time"


def test_a_reseed_deals_every_later_market_and_race_from_its_own_seed() -> None:
    """``reseed`` (what an import of a league's public export makes): the Garage cards still to
    come are shuffled with the new seed, the market on the table stays, and the next grid and
    race are dealt from it; the same seed deals the same, and the log replays it."""
    s = drafted(new_season(SeasonConfig.preset(1961), DRIVERS, 5))
    s = recorded(s, {"A": 1, "B": 2, "L": 3})
    s, _ = apply_season(s, OpenDraft(2))
    reseeded, _ = apply_season(s, Reseed(77))
    assert str(Reseed(77)) == "reseed 77" and parse_season_decision("reseed 77") == Reseed(77)
    assert reseeded.seed == 77 and reseeded.draft == s.draft
    assert Counter(reseeded.garage_deck) == Counter(s.garage_deck)
    assert reseeded.garage_deck != s.garage_deck
    assert race_seed(reseeded) != race_seed(s)
    assert apply_season(s, Reseed(77))[0] == reseeded
    assert apply_season(s, Reseed(78))[0].garage_deck != reseeded.garage_deck
    assert season_from_dict(json.loads(json.dumps(season_to_dict(reseeded)))) == reseeded
    ready_before, ready_after = drafted(s), drafted(reseeded)
    before, _ = season_race(apply_season(ready_before, StartRace(2))[0])
    after, _ = season_race(apply_season(ready_after, StartRace(2))[0])
    assert [c.hand for c in after.cars] != [c.hand for c in before.cars]


def test_a_reseed_is_refused_out_of_range_and_once_the_season_is_over() -> None:
    """A seed is 0 to MAX_SEED; an ended season deals nothing more, so it takes no reseed."""
    s = new_season(SeasonConfig.preset(1961), DRIVERS, 5)
    with pytest.raises(IllegalDecision, match="a seed is 0 to"):
        apply_season(s, Reseed(MAX_SEED + 1))
    over = s
    while over.phase != "over":
        over = recorded(over, {"A": 1, "B": 2, "L": 3})
    with pytest.raises(IllegalDecision, match="an ended season deals nothing more"):
        apply_season(over, Reseed(1))
