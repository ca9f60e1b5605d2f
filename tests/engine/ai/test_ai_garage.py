"""The AI's Garage decisions: what it drafts, the speed it picks, the help it takes."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from engine import Options, view_for
from engine.ai import decide, upgrade_worth
from engine.ai.discard import best_plan
from engine.ai.garage import DRAFT_WORTH
from engine.ai.judge import Judge
from engine.decisions import ChooseSpeed, GiveBack, Pick, Plan, Reduce
from engine.events import SpunOut
from engine.garage.draft import upgrade_deck
from engine.notation import load_state


def position(cars: list[dict[str, Any]], draft: str = "rounds", **fields: Any) -> engine.RaceState:
    """A hand-built Garage position, resolved up to its first decision."""
    document = {
        "notation": "heat-race/1",
        "track": "usa",
        "laps": 1,
        "seed": 3,
        "round": 1,
        "cars": cars,
        "options": {"adrenaline_cars": 0, "garage": "both", "draft": draft},
        **fields,
    }
    state, _ = engine.settle(load_state(json.dumps(document)))
    return state


def driver(car_id: str, space: int, **fields: Any) -> dict[str, Any]:
    car = {"id": car_id, "color": "red", "kind": "ai", "space": space, "spot": 0, "gear": 1}
    car |= {"engine": 6, "hand": [], "deck": [], "discard": [], "finished": None}
    return car | fields


def test_every_upgrade_card_has_a_measured_draft_worth() -> None:
    """The draft table covers both decks and the expansions' upgrades, card for card: no pick
    fails on a card it lacks, and it names no card the decks do not hold."""
    assert set(DRAFT_WORTH) == set(upgrade_deck(Options(garage="both", garage_expansions=True)))


def test_ai_drafts_by_the_measured_worth_not_by_counting_symbols() -> None:
    """Picking, the AI takes Tires 2 (Adjust 1, Scrap 2), which won most when drafted, over
    4wd 0 (a + and three Cooldown: the most symbols, and the least won: counting symbols,
    as the AI once did, took it first); giving back, it returns 4wd 0 first."""
    market = ["4wd-0b", "tires-2b", "rpm-1"]
    garage = {"deck": [], "round": 1, "market": market, "order": ["A"], "box": []}
    state = position([driver("A", 0)], garage=garage)
    assert decide(view_for(state, "A"), "A") == Pick("A", "tires-2b")
    snake = {"deck": [], "round": 3, "market": [], "order": ["A"], "box": []}
    upgrades = ["4wd-4", "4wd-0b", "tires-2b", "turbo-8"]
    state = position([driver("A", 0, upgrades=upgrades)], draft="snake", garage=snake)
    assert decide(view_for(state, "A"), "A") == GiveBack("A", "4wd-0b")
    assert upgrade_worth("tires-2b") > upgrade_worth("rpm-1") > upgrade_worth("4wd-0b")


def test_ai_plays_a_two_speed_card_slow_before_a_tight_corner_and_fast_on_a_straight() -> None:
    """Brakes played as 1 keep a car with an empty Engine out of a spin; on a straight, 5."""
    hand = ["brakes-1-5", "1", "2", "3", "4", "1", "2"]
    deck = ["1", "2", "3", "4"]
    for space, engine_heat, wanted in ((30, 0, 1), (0, 6, 5)):
        car = driver("A", space, gear=2, engine=engine_heat, hand=hand, deck=deck)
        car["plan"] = {"gear": 2, "cards": ["1", "brakes-1-5"]}
        state = position([car], turn_order=["A"])
        waiting = engine.pending(state)
        assert waiting is not None and waiting.step == "reveal"
        assert decide(view_for(state, "A"), "A") == ChooseSpeed("A", "brakes-1-5", wanted)


def test_ai_reduces_all_the_stress_it_may() -> None:
    """Reduce Stress never hurts: the AI discards as many Stress cards as the symbol allows."""
    hand = ["body-3", "S", "S", "S", "1", "2", "3"]
    car = driver("A", 0, hand=hand, deck=["1", "2", "3", "4"])
    car["plan"] = {"gear": 1, "cards": ["body-3"]}
    state = position([car], turn_order=["A"])
    assert decide(view_for(state, "A"), "A") == Reduce("A", 2)


def owing_heat(adrenaline: int, discard: list[str], sector: str) -> engine.RaceState:
    """A car that revealed turbo-8 (1 Heat) with an empty Engine and no Cooldown to use:
    in 2nd gear in a Cloud sector, or in 3rd gear (no gear Cooldown)."""
    cloud = sector == "cloud"
    document = {
        "notation": "heat-race/1",
        "track": "usa",
        "laps": 1,
        "seed": 3,
        "round": 1,
        "cars": [
            driver(
                "A",
                15,
                gear=2,
                engine=0,
                hand=["turbo-8", "air-intake-0", "4", "H", "1", "2", "3"],
                deck=["1", "2", "3", "4", "1", "2", "3", "4"],
                discard=discard,
            )
        ],
        "options": {"adrenaline_cars": adrenaline, "garage": "both", "weather": True},
        "weather": {
            "card": "cloud",
            "tokens": ["weather" if cloud else "overheat", "overheat"] + ["speed_limit_plus_1"] * 2,
        },
    }
    cards = ("air-intake-0", "turbo-8") if cloud else ("1", "air-intake-0", "turbo-8")
    state, _ = engine.apply(load_state(json.dumps(document)), engine.Plan("A", len(cards), cards))
    return state


def test_the_ai_pays_the_cards_heat_before_it_ends_react() -> None:
    """With the cards' Heat owed, the AI takes what fills the Engine, never ends React."""
    cases = ((0, ["H"], "cloud", engine.SuperCool), (1, [], "dry", engine.Adrenaline))
    for adrenaline, discard, sector, wanted in cases:
        state = owing_heat(adrenaline, discard, sector)
        assert state.turn is not None and state.turn.unpaid == ("turbo-8",)
        legal = engine.legal_decisions(state, "A")
        assert engine.ReactDone("A") not in legal
        choice = decide(view_for(state, "A"), "A")
        assert isinstance(choice, wanted) and choice in legal
        after, _ = engine.apply(state, choice)
        assert after.turn is not None and after.turn.unpaid == ()


@pytest.mark.parametrize("level", ["pro", "expert"])
def test_the_cards_heat_is_not_there_for_the_corner(level: str) -> None:
    """Wings 6 (Adjust +3, 2 Heat) and a 1 from space 29 in 2nd gear cross USA's Speed Limit 3
    corner (6 with the Adjust) at Speed 7: 1 Heat over the limit. The Engine holds 2 Heat,
    but the React step pays the card's 2 first, so the corner finds it empty and the car
    spins out. The AI used to count those 2 Heat for the corner too and played the Wings."""
    hand = ["wings-6", "1", "1", "1", "2", "1", "1"]
    deck = ["1", "2", "3", "4", "3", "4", "3", "4"]
    car = driver("A", 29, gear=2, engine=2, hand=hand, deck=deck, upgrades=["wings-6"])
    state = position([car])
    choice = decide(view_for(state, "A"), "A", level)
    assert isinstance(choice, Plan)
    assert "wings-6" not in choice.cards
    # The Wings plan does spin out, as the engine plays it.
    wings = Plan("A", 2, ("1", "wings-6"))
    assert wings in engine.legal_decisions(state, "A")
    after, events = engine.apply(state, wings)
    while (waiting := engine.pending(after)) is not None and waiting.step != "discard":
        after, more = engine.apply(after, decide(view_for(after, "A"), "A", level))
        events += more
    assert any(isinstance(event, SpunOut) and event.car == "A" for event in events)


def test_a_cooldown_card_cools_in_any_gear() -> None:
    """Two Heat cards in hand, 1 Heat in the Engine, 7 spaces before USA's first corner:
    2nd gear's 3 + 4 gets there with 1 Cooldown (1 Heat card left in hand), 3rd gear's
    3 + 4 + Cooling 1 goes 1 space past the corner for 1 Heat and its 2 Cooldown take both
    Heat cards back (2 Heat left, a clean hand). The AI used to count a Cooldown symbol as a
    tenth of a round and kept the card. (The expert now keeps it, with a Heat card, for next
    round: its next plan from 2nd gear is worth more by its lookahead.)"""
    hand = ["cooling-1", "H", "H", "2", "3", "4", "4"]
    deck = ["1", "2", "3", "4", "3", "4", "3", "4"]
    car = driver("A", 5, gear=2, engine=1, hand=hand, deck=deck, upgrades=["cooling-1"])
    state = position([car])
    choice = decide(view_for(state, "A"), "A", "pro")
    assert isinstance(choice, Plan) and "cooling-1" in choice.cards
    after, _ = engine.apply(state, choice)
    while (waiting := engine.pending(after)) is not None and waiting.step != "discard":
        after, _ = engine.apply(after, decide(view_for(after, "A"), "A", "pro"))
    assert (after.car("A").space, after.car("A").engine) == (13, 2)
    assert "H" not in after.car("A").hand


def test_next_rounds_plans_pay_their_cards_heat() -> None:
    """The expert's look two rounds ahead and the discard value a hand by its best plan:
    with an empty Engine, Turbo 8's Heat cannot be paid, so a hand holding it is worth
    what the hand is worth without it (the AI used to count it as 8 free Speed); with 3
    Heat, on USA's last straight, it is worth more."""
    rest = ("1", "1", "2", "2", "3", "3")
    car = driver("A", 58, gear=3, engine=0, hand=["turbo-8", *rest], upgrades=["turbo-8"])
    view = view_for(position([car]), "A")
    judge = Judge.seen_by(view, "A", next_round=True)
    assert best_plan(judge, ("turbo-8", *rest)) == best_plan(judge, rest)
    car["engine"] = 3
    judge = Judge.seen_by(view_for(position([car]), "A"), "A", next_round=True)
    assert best_plan(judge, ("turbo-8", *rest)) > best_plan(judge, rest)
