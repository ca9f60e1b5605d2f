"""A championship race: its data, its setup (the event's deck and lap changes), its result.

The in-race rules have scenarios (tests/engine/scenarios/c*.json); these tests cover
what a scenario cannot show: the setup from ``new_race`` and the result a
season records. Each event's rule is quoted from the facts
(tests/engine/rulebook/championship.json) and checked to be there word for word.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import data
import engine
from engine import Entrant
from engine.ai import decide
from engine.cards import KNOWN_CARDS, speed_choices, speed_value, symbols
from engine.championship import ChampionshipSetup, RaceResult, race_result, sponsorship_deck
from engine.choices import discardable_after
from engine.decisions import Plan
from engine.errors import NotYourTurn
from engine.notation import load_state, state_json
from engine.rng import shuffled
from engine.state import RaceState
from tests.support.paths import RULEBOOK

FACTS = json.loads((RULEBOOK / "championship.json").read_text())


def summary(event: int) -> str:
    """The event's rule as the facts word it (the data file copies it)."""
    text: str = FACTS["events"][event - 1]["summary"]
    assert data.championship().event(event).summary == text
    return text


def championship_race(
    event: int,
    track: str = "usa",
    entrants: tuple[Entrant, ...] = (Entrant("A", "red"), Entrant("B", "blue")),
    seed: int = 3,
) -> RaceState:
    deck = shuffled(seed, 0, sponsorship_deck(False))
    state, _ = engine.new_race(
        track, entrants, seed, championship=ChampionshipSetup(event, deck), grid="as_listed"
    )
    return state


def own_cards(state: RaceState, car_id: str) -> Counter[str]:
    car = state.car(car_id)
    return Counter(car.hand + car.deck + car.discard)


def test_data_file_matches_the_facts() -> None:
    """Events, seasons, points and sponsorship cards as the facts list them."""
    module = data.championship()
    assert module.points_by_place == tuple(FACTS["points_by_place"])
    for fact, event in zip(FACTS["events"], module.events, strict=True):
        assert (event.id, event.title, event.track) == (fact["id"], fact["title"], fact["track"])
        assert event.sponsorship_cards_at_start == fact["sponsorship_cards_at_start"]
        assert event.press_corner_numbers == tuple(fact["press_corner_numbers"])
        assert event.press_corner_positions == tuple(fact["press_corner_positions"])
    seasons = FACTS["seasons"]
    years = [(s["season"], [(r["track"], r["event"]) for r in s["races"]]) for s in seasons]
    assert years == [(s.season, [(r.track, r.event) for r in s.races]) for s in module.seasons]


def test_press_corner_numbers_give_the_facts_positions_on_each_events_track() -> None:
    """ "0-based, counting corner lines in lap order from the start line, a chicane counts once
    (its press corner is the chicane's SECOND line); a number >= the count wraps around"."""
    from engine.championship import press_positions

    for event in data.championship().events:
        assert press_positions(data.track(event.track), event) == event.press_corner_positions


def test_sponsorship_cards_are_cards_everywhere() -> None:
    """Sponsor ids have the speeds and symbols of the card facts, wherever a card is asked."""
    assert {"sp-brakes", "sp-air", "sp-eole-wings"} <= KNOWN_CARDS
    assert speed_choices("sp-brakes") == (1, 2, 3, 4)
    assert speed_value("sp-turbo") == 6
    assert symbols("sp-cooling") == {"cooldown": 2}
    assert symbols("sp-eole-wings") == {"draft": 2}


def test_sponsorship_deck_is_35_base_cards_and_the_expansions_with_their_option() -> None:
    """ "35 in the base game (5 kinds x 7)"; our choice: the expansions' sponsors come with
    ``options.garage_expansions``, the switch for the expansions' Garage cards."""
    assert FACTS["sponsorship_cards"]["deck"].startswith("35 in the base game")
    assert len(sponsorship_deck(False)) == 35
    both = Counter(sponsorship_deck(True))
    assert both["sp-air"] == both["sp-eole-wings"] == 7 and both.total() == 49


def test_a_championship_deck_is_speed_cards_upgrades_sponsors_and_stress() -> None:
    """ "no starting upgrades (12 Speed cards + 1 drafted per race)" (BGA); weather is on."""
    carried = Entrant("A", "red", upgrades=("turbo-8", "body-3"), sponsors=("sp-rpm",))
    state = championship_race(7, entrants=(carried, Entrant("B", "blue")))
    assert state.options.weather and state.weather is not None and state.garage is None
    track = data.track("usa")
    weather = data.weather().card(state.weather.card)
    cards = own_cards(state, "A")
    assert cards["turbo-8"] == cards["body-3"] == 1
    # The car shows its carried upgrades, as a drafted car does (views and the AI read them).
    assert state.car("A").upgrades == ("turbo-8", "body-3")
    assert cards["0"] == cards["5"] == 0
    assert cards["S"] == track.stress_in_deck + weather.stress_in_deck
    assert sum(cards[c] for c in "1234") == 12
    # New title sponsor: 3 sponsorship cards at the start, on top of the carried one.
    sponsors = sum(n for card, n in cards.items() if card.startswith("sp-"))
    assert sponsors == 1 + 3
    # BGA deals the sponsors, then fills the hand up to the event's hand size.
    assert len(state.car("A").hand) == 7


def test_starting_sponsors_come_from_the_top_of_the_shared_deck_pole_first() -> None:
    """ "before each race every player draws the event's sponsorship_cards_at_start into hand"."""
    deck = ("sp-turbo", "sp-rpm", "sp-wings", "sp-brakes", "sp-cooling")
    entrants = (Entrant("A", "red"), Entrant("B", "blue"))
    state, _ = engine.new_race(
        "usa", entrants, 1, championship=ChampionshipSetup(1, deck), grid="as_listed"
    )
    assert state.car("A").hand[:2] == ("sp-turbo", "sp-rpm")
    assert state.car("B").hand[:2] == ("sp-wings", "sp-brakes")
    assert state.championship is not None
    assert state.championship.sponsor_deck == ("sp-cooling",)


def test_grid_as_listed_puts_the_first_entrant_on_pole() -> None:
    entrants = tuple(Entrant(c, "red") for c in "ABCD")
    state = championship_race(7, entrants=entrants)
    assert [(car.space, car.spot) for car in state.cars] == [(0, 0), (0, 1), (-1, 0), (-1, 1)]


@pytest.mark.parametrize(("event", "delta"), [(3, -1), (5, 1), (18, 1), (7, 0)])
def test_events_change_the_laps(event: int, delta: int) -> None:
    """Drivers' strike: 1 lap fewer; Record crowds and the pressure cooker: 1 lap more."""
    text = summary(event)
    assert ("1 lap fewer" in text) == (delta < 0) and ("1 lap more" in text) == (delta > 0)
    assert championship_race(event).laps == data.track("usa").laps + delta


def test_engine_restrictions_lifted_one_more_heat() -> None:
    assert "1 extra Heat card in the Engine" in summary(4)
    plain, lifted = championship_race(7), championship_race(4)
    assert lifted.car("A").engine == plain.car("A").engine + 1


def test_new_safety_regulations_two_heat_and_one_stress_fewer_hand_of_six() -> None:
    assert "2 Heat cards fewer in the Engine and 1 Stress card fewer" in summary(9)
    plain, safe = championship_race(7), championship_race(9)
    assert safe.car("A").engine == plain.car("A").engine - 2
    assert own_cards(safe, "A")["S"] == own_cards(plain, "A")["S"] - 1
    # The event's 1 sponsorship card, then the hand drawn up to 6.
    assert len(safe.car("A").hand) == 6


def test_title_sponsor_withdraws_one_more_stress() -> None:
    assert "1 extra Stress card in the deck" in summary(10)
    plain, withdrawn = championship_race(7), championship_race(10)
    assert own_cards(withdrawn, "A")["S"] == own_cards(plain, "A")["S"] + 1


def test_points_bonuses_are_data_for_the_season() -> None:
    """Drivers' strike: "the winner scores 2 extra championship points"; Corruption: "The
    1st, 2nd and 3rd placed drivers each score 1 extra championship point"."""
    assert "the winner scores 2 extra championship points" in summary(3)
    assert "each score 1 extra championship point" in summary(6)
    assert data.championship().event(3).winner_bonus == 2
    assert data.championship().event(6).podium_bonus == 1


def test_bad_championship_setups_are_refused_with_one_line() -> None:
    entrants = (Entrant("A", "red"),)
    with pytest.raises(ValueError, match="there is no event 19"):
        engine.new_race("usa", entrants, 1, championship=ChampionshipSetup(19, ()))
    with pytest.raises(ValueError, match="'turbo-8' is not a sponsorship card"):
        engine.new_race("usa", entrants, 1, championship=ChampionshipSetup(1, ("turbo-8",)))
    carried = (Entrant("A", "red", sponsors=("sp-rpm",)),)
    with pytest.raises(ValueError, match="only into a championship race"):
        engine.new_race("usa", carried, 1)


def test_give_up_is_legal_whenever_the_race_waits_on_the_car_but_never_listed() -> None:
    state = championship_race(7)
    assert engine.can_give_up(state, "A") and engine.can_give_up(state, "B")
    assert not any(isinstance(d, engine.GiveUp) for d in engine.legal_decisions(state, "A"))
    plan = engine.legal_decisions(state, "A")[0]
    state, _ = engine.apply(state, plan)
    assert not engine.can_give_up(state, "A")
    with pytest.raises(NotYourTurn):
        engine.apply(state, engine.GiveUp("A"))
    assert engine.parse_decision("B give_up") == engine.GiveUp("B")


def test_race_result_places_sponsors_and_its_json_form() -> None:
    """Every car's place, who gave up, spin outs, and each driver's unplayed sponsors."""
    entrants = (Entrant("A", "red", "ai"), Entrant("B", "blue"), Entrant("C", "green", "legend"))
    state = championship_race(7, entrants=entrants)
    with pytest.raises(ValueError, match="not over"):
        race_result(state)
    state, _ = engine.apply(state, engine.GiveUp("B"))
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        state, _ = engine.apply(state, decide(engine.view_for(state, car), car))
    result = race_result(state)
    assert result.places["B"] == 3 and sorted(result.places.values()) == [1, 2, 3]
    assert result.gave_up == frozenset({"B"}) and result.eliminated == frozenset()
    assert set(result.spin_outs) == {"A", "B"}
    for car_id in ("A", "B"):
        car = state.car(car_id)
        held = [c for c in car.hand + car.deck + car.discard if c.startswith("sp-")]
        assert sorted(result.sponsors[car_id]) == sorted(held)
    assert RaceResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result
    with pytest.raises(ValueError, match="'turbo-8' is not a sponsorship card"):
        RaceResult.from_dict(result.to_dict() | {"sponsor_deck": ["turbo-8"]})
    with pytest.raises(ValueError, match="places"):
        RaceResult.from_dict({"event": 7})


def test_give_up_in_any_race_takes_the_last_free_place() -> None:
    """BGA giveUp outside a championship too: the car leaves, the others race on for the
    places before it."""
    state, _ = engine.new_race("usa", (Entrant("A", "red"), Entrant("B", "blue")), 1)
    state, events = engine.apply(state, engine.GiveUp("B"))
    assert state.car("B").finished == 2 and state.turn_order == ("A",)
    assert events[0].to_json() == {"car": "B", "type": "gave_up", "place": 2}
    assert engine.pending(state) == engine.Pending("plan", ("A",))
    state, _ = engine.apply(state, engine.GiveUp("A"))
    assert engine.pending(state) is None and state.car("A").finished == 1


@pytest.mark.parametrize(
    ("championship", "message"),
    [
        ({"event": 30}, "championship: there is no event 30"),
        ({"event": 1, "sponsor_deck": ["turbo-8"]}, "'turbo-8' is not a sponsorship card"),
        ({"event": 1, "pressed": {"Z": [12]}}, "championship names an unknown car"),
    ],
)
def test_the_notation_refuses_a_bad_championship(
    championship: dict[str, object], message: str
) -> None:
    from engine.notation import load_state, state_json

    document = state_json(championship_race(7)) | {"championship": championship}
    with pytest.raises(engine.NotationError, match=message):
        load_state(json.dumps(document))


@pytest.mark.parametrize(
    ("event", "heat", "stress"), [(7, False, False), (13, True, False), (17, False, True)]
)
def test_the_hand_view_discard_preview_follows_the_event(
    event: int, heat: bool, stress: bool
) -> None:
    """ "In the discard step (step 8) Heat cards may be discarded from the hand this race"
    (event 13; Stress for event 17): the planning hand's discard preview says so too."""
    state = championship_race(event)
    car = state.edit_car("A")
    car.hand = ("1", "2", "H", "S", "3", "4", "4")
    preview = discardable_after(state, Plan("A", 1, ("1",)))
    assert ("H" in preview, "S" in preview) == (heat, stress)
    assert "2" in preview


def test_a_track_and_event_that_leave_no_lap_are_refused_naming_both() -> None:
    """The Drivers' strike takes one lap from España's one (BGA bug 197392): refused, never
    clamped to one lap; Record crowds past 5 laps likewise."""
    with pytest.raises(
        ValueError, match=r"España \(1 lap\) cannot race event 3 \(Drivers' strike\)"
    ):
        championship_race(3, track="espana")
    deck = shuffled(1, 0, sponsorship_deck(False))
    with pytest.raises(ValueError, match=r"USA \(5 laps\) cannot race event 5 \(Record crowds\)"):
        engine.new_race(
            "usa", [Entrant("A", "red")], 1, laps=5, championship=ChampionshipSetup(5, deck)
        )
    assert championship_race(3, track="italy").laps == data.track("italy").laps - 1


def test_an_eliminated_car_is_off_the_board_and_out_of_the_turn_order() -> None:
    """Event 10: once eliminated, a car holds no spot, plans no more and has no place; a file
    written before this rule (its eliminated car in a place) still loads and keeps it."""
    state = championship_race(10, track="italy")
    document = state_json(state)
    document["championship"]["eliminated"] = ["A"]
    document["turn_order"] = ["B"]
    a, b = document["cars"]
    b["space"], b["spot"] = a["space"], a["spot"]  # A no longer holds its spot
    out = load_state(json.dumps(document))
    assert out.car("A").eliminated and not out.car("A").racing and out.car("A").finished is None
    assert engine.pending(out) == engine.Pending("plan", ("B",))
    with pytest.raises(NotYourTurn, match="out of the race"):
        engine.apply(out, engine.legal_decisions(state, "A")[0])
    assert load_state(json.dumps(state_json(out))) == out
    a["finished"] = 2
    legacy = load_state(json.dumps(document))
    assert legacy.car("A").finished == 2 and not legacy.car("A").racing
    assert state_json(legacy) == document
