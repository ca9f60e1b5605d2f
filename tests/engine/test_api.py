"""The engine's public surface: pending, legal decisions, typed errors, views, decision text."""

from __future__ import annotations

import random

import pytest

import engine
from engine import (
    Adrenaline,
    Boost,
    Discard,
    IllegalDecision,
    NotYourTurn,
    Plan,
    RaceOver,
    ReactDone,
    Slipstream,
    StaleDecision,
)
from tests.support.playout import entrants, play


def planned_race() -> engine.RaceState:
    state, _ = engine.new_race("usa", entrants(["human", "human", "human"]), seed=21)
    return state


def test_legal_plans_are_exactly_the_ones_apply_accepts() -> None:
    """``legal_decisions`` and ``apply`` agree on every plan a car could name."""
    state = planned_race()
    car = state.car("A")
    legal = engine.legal_decisions(state, "A")
    assert legal and all(isinstance(d, Plan) for d in legal)
    for gear in range(1, 5):
        for size in range(1, 5):
            for cards in {tuple(random.Random(i).sample(car.hand, size)) for i in range(20)}:
                plan = Plan("A", gear, cards)
                try:
                    engine.apply(state, plan)
                except IllegalDecision:
                    assert plan not in legal
                else:
                    assert plan in legal


def test_only_pending_cars_have_legal_decisions() -> None:
    state = planned_race()
    assert engine.legal_decisions(state, "Z") == []
    state, _ = engine.apply(state, engine.legal_decisions(state, "A")[0])
    assert engine.legal_decisions(state, "A") == []
    assert engine.pending(state) == engine.Pending("plan", ("B", "C"))


def test_errors_name_car_step_and_reason() -> None:
    state = planned_race()
    plan = engine.legal_decisions(state, "A")[0]
    after, _ = engine.apply(state, plan)
    with pytest.raises(NotYourTurn, match=r"^car A, step plan: already planned this round$"):
        engine.apply(after, plan)
    with pytest.raises(NotYourTurn, match=r"^car B, step boost: the race waits for its plan"):
        engine.apply(after, Boost("B"))
    with pytest.raises(NotYourTurn, match="no such car"):
        engine.apply(after, Boost("Q"))
    with pytest.raises(StaleDecision, match="made on version 0, race is at 1"):
        engine.apply(after, engine.legal_decisions(after, "B")[0], expected_version=0)
    assert isinstance(NotYourTurn("A", "plan", "x"), ValueError)


def test_a_decision_never_changes_the_state_it_was_given() -> None:
    playout = play("france", ["human", "human", "legend"], seed=8, laps=1)
    state = playout.initial
    for decision in playout.decisions:
        before = repr(state)
        after, _ = engine.apply(state, decision)
        assert repr(state) == before
        state = after


def test_a_finished_race_refuses_decisions() -> None:
    final = play("italy", ["human"], seed=4, laps=1).final
    assert engine.pending(final) is None
    with pytest.raises(RaceOver, match="the race is over"):
        engine.apply(final, Plan("A", 1, ("1",)))


def test_view_hides_other_hands_plans_decks_and_the_seed() -> None:
    state = planned_race()
    a_plan = engine.legal_decisions(state, "A")[-1]
    state, _ = engine.apply(state, a_plan)
    own = engine.view_for(state, "A")
    other = engine.view_for(state, "B")
    spectator = engine.view_for(state, None)
    car_a = state.car("A")
    assert own.car("A").hand == car_a.hand
    assert own.car("A").plan is not None and own.car("A").plan.cards == a_plan.cards
    for view in (other, spectator):
        assert view.car("A").hand is None and view.car("A").plan is None
        assert view.car("A").hand_count == 7
        assert view.car("A").planned
    assert own.car("B").hand is None
    shown = repr(spectator)
    assert "seed" not in shown and "rng" not in shown and "deck=" not in shown
    assert spectator.car("A").deck_count == len(car_a.deck)


def test_view_hides_the_legend_deck_order() -> None:
    state, _ = engine.new_race("usa", entrants(["human", "legend"]), seed=2)
    view = engine.view_for(state, None)
    assert view.legend_deck_count == 10
    assert "legend_deck=" not in repr(view)


@pytest.mark.parametrize(
    "decision",
    [
        Plan("A", 3, ("4", "1", "S")),
        Plan("B", 2, ("1", "H")),
        Boost("A"),
        Adrenaline("A", True, False),
        Adrenaline("A", False, True),
        Adrenaline("A", True, True),
        Adrenaline("A", False, False),
        ReactDone("C"),
        Slipstream("A", True),
        Slipstream("A", False),
        Discard("A", ()),
        Discard("A", ("5", "0")),
    ],
)
def test_decisions_read_back_from_their_text(decision: engine.Decision) -> None:
    assert engine.parse_decision(str(decision)) == decision


def test_decision_text_examples() -> None:
    assert str(Plan("A", 3, ("4", "1", "2"))) == "A plan 3 1 2 4"
    assert str(Discard("B", ())) == "B discard -"
    assert str(Adrenaline("C", True, True)) == "C adrenaline speed cooldown"


@pytest.mark.parametrize(
    "text", ["", "A", "A fly", "A plan x 1", "A slipstream maybe", "A boost now"]
)
def test_unreadable_decision_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="decision"):
        engine.parse_decision(text)
