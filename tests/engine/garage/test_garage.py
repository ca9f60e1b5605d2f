"""The Garage module: the draft and its variants, the new decisions, views and the AI."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import data
import engine
from engine import Options, view_for
from engine.ai import decide
from engine.decisions import (
    Accelerate,
    ChooseSpeed,
    DirectPlay,
    DraftMove,
    GiveBack,
    Pick,
    Plan,
    ReactDone,
    Reduce,
    Refresh,
    Salvage,
    SuperCool,
)
from engine.errors import IllegalDecision, NotYourTurn
from engine.garage import garage_deck
from engine.notation import load_scenario, load_state, state_json
from engine.scenario import run_scenario
from tests.support.paths import SAMPLE_RACE, SCENARIO_FOLDER
from tests.support.playout import entrants
from tests.support.scenarios import car_doc

KINDS = ["human", "human", "human", "legend"]


def garage_race(draft: str = "rounds", decks: str = "both", seed: int = 5) -> engine.RaceState:
    options = Options(garage=decks, draft=draft)  # type: ignore[arg-type]
    state, _ = engine.new_race("usa", entrants(KINDS), seed, laps=1, options=options)
    return state


def draft_all(state: engine.RaceState) -> engine.RaceState:
    """Every driver takes the first upgrade it is offered until the draft is over."""
    while state.drafting:
        waiting = engine.pending(state)
        assert waiting is not None and waiting.step == "draft"
        state, _ = engine.apply(state, engine.legal_decisions(state, waiting.car)[0])
    return state


def grid_order(state: engine.RaceState) -> list[str]:
    drivers = [car for car in state.cars if not car.is_legend]
    return [car.id for car in sorted(drivers, key=lambda car: (-car.space, car.spot))]


def test_the_garage_decks_match_the_rulebook_counts() -> None:
    """34 basic and 62 advanced upgrade cards (each with 2 Heat cards), as the rulebook counts."""
    for decks, size in (("basic", 34), ("advanced", 62), ("both", 96)):
        cards = garage_deck(garage_race(decks=decks))
        assert len(cards) == size
        assert cards.count("H") == (4 if decks == "both" else 2)
    options = Options(garage="advanced", garage_expansions=True)
    state, _ = engine.new_race("usa", entrants(KINDS), 1, laps=1, options=options)
    assert len(garage_deck(state)) == 62 + 12 + 12


def test_the_draft_reveals_drivers_plus_three_and_starts_at_the_back() -> None:
    """Round 1: a market of drafting cars + 3 (Legends do not draft), the back of the grid first."""
    state = garage_race()
    garage = state.garage
    assert garage is not None and garage.round == 1
    assert len(garage.market) == 3 + 3
    assert list(garage.order) == grid_order(state)[::-1]
    assert engine.legal_decisions(state, garage.order[0]) == [
        Pick(garage.order[0], card) for card in sorted(set(garage.market))
    ]
    assert all(
        not engine.legal_decisions(state, car.id)
        for car in state.cars[1:]
        if car.id != garage.order[0]
    )


def test_round_two_picks_from_pole_and_leftovers_go_to_the_box() -> None:
    """After every driver picked once, the 3 cards left go to the box; round 2 starts at pole."""
    state = garage_race()
    for _ in range(3):
        waiting = engine.pending(state)
        assert waiting is not None
        state, _ = engine.apply(state, engine.legal_decisions(state, waiting.car)[0])
    garage = state.garage
    assert garage is not None and garage.round == 2
    assert len(garage.box) == 3
    assert list(garage.order) == grid_order(state)


def test_after_the_draft_each_deck_has_the_upgrades_instead_of_0_5_and_heat() -> None:
    """With the Garage module the drafted upgrades replace the starting 0, 5 and Heat."""
    state = draft_all(garage_race())
    stress = data.track("usa").stress_in_deck
    for car in state.cars:
        if car.is_legend:
            assert car.upgrades == ()
            continue
        assert len(car.upgrades) == 3
        expected = Counter({"1": 3, "2": 3, "3": 3, "4": 3, "S": stress}) + Counter(car.upgrades)
        assert Counter(car.hand + car.deck) == expected
        assert len(car.hand) == 7
    assert engine.pending(state) == engine.Pending("plan", ("A", "B", "C"))
    garage = state.garage
    assert garage is not None and len(garage.box) == 9


def test_random_variant_deals_three_upgrades_without_a_decision() -> None:
    """The random variant: 3 random upgrades each; the race starts with the plans."""
    state = garage_race(draft="random")
    waiting = engine.pending(state)
    assert waiting is not None and waiting.step == "plan"
    assert [len(car.upgrades) for car in state.cars] == [3, 3, 3, 0]
    other = garage_race(draft="random", seed=6)
    assert [c.upgrades for c in state.cars] != [c.upgrades for c in other.cars]


def test_snake_variant_picks_there_and_back_then_gives_one_back() -> None:
    """Snake draft: 2 rounds of 2N+3 cards in snake order, then each gives 1 of its 4 back."""
    state = garage_race(draft="snake")
    garage = state.garage
    assert garage is not None
    back_first = grid_order(state)[::-1]
    assert len(garage.market) == 2 * 3 + 3
    assert list(garage.order) == back_first + back_first[::-1]
    for _ in range(6):
        waiting = engine.pending(state)
        assert waiting is not None
        state, _ = engine.apply(state, engine.legal_decisions(state, waiting.car)[0])
    assert state.garage is not None and list(state.garage.order) == back_first[::-1] + back_first
    for _ in range(6):
        waiting = engine.pending(state)
        assert waiting is not None
        state, _ = engine.apply(state, engine.legal_decisions(state, waiting.car)[0])
    waiting = engine.pending(state)
    assert waiting is not None and waiting.step == "draft"
    car = state.car(waiting.car)
    assert len(car.upgrades) == 4
    options = engine.legal_decisions(state, car.id)
    assert options == [GiveBack(car.id, card) for card in sorted(set(car.upgrades))]
    with pytest.raises(IllegalDecision, match="this draft round is to give an upgrade back"):
        engine.apply(state, Pick(car.id, car.upgrades[0]))
    state = draft_all(state)
    assert [len(c.upgrades) for c in state.cars if not c.is_legend] == [3, 3, 3]
    assert state.garage is not None and len(state.garage.box) == 3 + 3 + 3


def test_nobody_plans_during_the_draft() -> None:
    """The race waits for the draft's next pick; a plan now is out of turn."""
    state = garage_race()
    with pytest.raises(NotYourTurn, match="picking in the draft"):
        engine.apply(state, engine.Plan("A", 1, ("1",)))


@pytest.mark.parametrize(
    "decision",
    [
        Pick("A", "turbo-8"),
        GiveBack("A", "rpm-1"),
        ChooseSpeed("A", "brakes-1-3", 3),
        DirectPlay("A", "gas-pedal-2", 2),
        Accelerate("A"),
        Reduce("A", 2),
        Salvage("A", ("4", "3", "4")),
        SuperCool("A"),
        DraftMove("A"),
        Refresh("A", "suspension-4"),
    ],
    ids=str,
)
def test_garage_decisions_read_back_from_their_text(decision: engine.Decision) -> None:
    """Every Garage decision has a one-line text form that parses back to it."""
    assert engine.parse_decision(str(decision)) == decision


def test_a_spectator_sees_the_market_and_the_upgrades_but_no_hand() -> None:
    """The draft and the upgrades are public; hands and the discard pile stay hidden."""
    state = draft_all(garage_race())
    view = view_for(state, None)
    assert all(car.hand is None and car.discard is None for car in view.cars)
    assert [car.upgrades for car in view.cars] == [car.upgrades for car in state.cars]
    drafting = view_for(garage_race(), None)
    assert drafting.draft is not None and len(drafting.draft.market) == 6


def test_ai_drivers_draft_and_make_every_garage_decision_legally() -> None:
    """AI cars play whole Garage races; each of their decisions is one the engine lists."""
    used: Counter[str] = Counter()
    for seed in range(12):
        variant = ("rounds", "snake", "random")[seed % 3]
        options = Options(garage="both", draft=variant, garage_expansions=seed % 2 == 1)
        state, _ = engine.new_race(
            "usa", entrants(["ai", "ai", "ai"]), seed, laps=1, options=options
        )
        while (waiting := engine.pending(state)) is not None:
            car = waiting.cars[0]
            decision = decide(view_for(state, car), car)
            assert decision in engine.legal_decisions(state, car)
            used[decision.do] += 1
            state, _ = engine.apply(state, decision)
        assert state.over
    assert {"pick", "give_back", "plan", "speed", "direct", "reduce", "refresh"} <= set(used)


def test_random_garage_races_are_replayed_exactly() -> None:
    """A Garage race's first state and decision log rebuild its last state."""
    rng = random.Random(3)
    state = initial = garage_race(draft="snake", seed=9)
    log = []
    while (waiting := engine.pending(state)) is not None:
        decision = rng.choice(engine.legal_decisions(state, rng.choice(waiting.cars)))
        log.append(decision)
        state, _ = engine.apply(state, decision)
    assert engine.replay(initial, log) == state


def test_base_game_files_load_replay_and_write_back_without_garage_fields() -> None:
    """Every heat-race/1 file written before the Garage module still loads, replays, and is
    written back with none of the module's fields."""
    files = [SAMPLE_RACE, *sorted(SCENARIO_FOLDER.glob("*.json"))]
    checked = 0
    for path in files:
        document = json.loads(path.read_text(encoding="utf-8"))
        scenario = document.get("scenario", document)
        if "garage" in scenario.get("options", {}) or "error" in document.get("expect", {}):
            continue
        state, _ = load_scenario(json.dumps(scenario))
        written = state_json(state)
        assert load_state(json.dumps(written)) == state
        replayed = run_scenario(json.dumps(scenario))["state"]
        for document_state in (written, replayed):
            assert "garage" not in document_state and "garage" not in document_state["options"]
            assert all("upgrades" not in car for car in document_state["cars"])
        checked += 1
    assert checked >= 60


def test_each_slipstream_distance_is_a_decision_of_its_own() -> None:
    """With a Slipstream boost the car may stop short: one decision per distance, each
    named in the view, and each moves the car that far (R:152 "may be increased")."""
    scenario = json.loads((SCENARIO_FOLDER / "g105-garage-slipstream-boost.json").read_text())
    state, decisions = load_scenario(json.dumps(scenario["scenario"]))
    for decision in decisions[:-1]:
        state, _ = engine.apply(state, decision)
    legal = engine.legal_decisions(state, "B")
    assert legal == [
        engine.Slipstream("B", True),
        engine.Slipstream("B", True, 2),
        engine.Slipstream("B", False),
    ]
    view = view_for(state, "B")
    assert view.turn is not None and view.turn.slipstream_distances == (2, 4)
    landed = {str(d): engine.apply(state, d)[0].car("B").space for d in legal}
    assert landed == {"B slipstream yes": 5, "B slipstream yes 2": 3, "B slipstream no": 1}


def test_a_discard_pile_looked_through_for_salvage_is_hidden_again_after_react() -> None:
    """ "Nobody can browse through the discard piles (including their own)": Salvage lets its
    driver look through it in the React step; left unused, the pile is hidden again after."""
    doc = {
        "notation": "heat-race/1",
        "track": "usa",
        "laps": 1,
        "seed": 1,
        "round": 1,
        "cars": [
            car_doc("A", "red", 0, 1, 0, ["1", "2", "3", "4", "1", "2", "3"], ["1", "2", "3", "4"]),
            car_doc(
                "B",
                "blue",
                10,
                1,
                0,
                ["fuel-2", "1", "1", "1", "2", "2", "3"],
                ["1", "2", "3", "4"],
                discard=("H", "4", "S", "2"),
            ),
        ],
        "legend_deck": [],
        "options": {"adrenaline_cars": 0, "garage": "advanced"},
    }
    state = load_state(json.dumps(doc))
    state, _ = engine.apply(state, Plan("B", 1, ("fuel-2",)))
    state, _ = engine.apply(state, Plan("A", 1, ("1",)))
    assert any(isinstance(d, Salvage) for d in engine.legal_decisions(state, "B"))
    assert view_for(state, "B").car("B").discard == ("H", "4", "S", "2")
    state, _ = engine.apply(state, ReactDone("B"))
    waiting = engine.pending(state)
    assert waiting is not None and waiting.step != "react"
    assert view_for(state, "B").car("B").discard is None
