"""The engine's helpers for showing choices agree with legal_decisions, on random playouts."""

from __future__ import annotations

from collections import Counter

import engine
from engine import Discard, Plan, RaceState
from engine.choices import card_choices, discard_choices, gear_options, wait_began
from engine.events import Event
from tests.support.playout import play


def test_gears_cards_and_discards_cover_every_legal_decision_and_no_more() -> None:
    """Every legal plan picks its cards from its gear's choices; a forced gear has one plan."""
    checked = Counter[str]()

    def check(state: RaceState, _: engine.Decision, __: RaceState, ___: list[Event]) -> None:
        waiting = engine.pending(state)
        assert waiting is not None
        for car in waiting.cars:
            legal = engine.legal_decisions(state, car)
            plans = [d for d in legal if isinstance(d, Plan)]
            gear = state.car(car).gear
            options = gear_options(legal, gear)
            assert [o.gear for o in options] == sorted({p.gear for p in plans})
            for option in options:
                in_gear = [p for p in plans if p.gear == option.gear]
                assert option.heat == (1 if abs(option.gear - gear) == 2 else 0)
                assert (option.forced is not None) == (len(in_gear) == 1)
                choices = Counter(card_choices(legal, option.gear))
                assert all(Counter(p.cards) <= choices for p in in_gear)
                checked["gear"] += 1
            discards = [d for d in legal if isinstance(d, Discard)]
            if discards:
                everything = Counter(discard_choices(legal))
                assert all(Counter(d.cards) <= everything for d in discards)
                assert Discard(car, discard_choices(legal)) in discards
                checked["discard"] += 1

    for seed in (1, 2):
        play("usa", ["human", "human", "legend"], seed=seed, laps=1, on_step=check)
    assert checked["gear"] > 20 and checked["discard"] > 5


def test_a_plan_stays_current_while_others_plan_but_a_react_does_not() -> None:
    """Drivers plan at once: planning began before the first plan of the round."""
    seen: list[tuple[int, int, str]] = []

    def check(state: RaceState, _: engine.Decision, after: RaceState, __: list[Event]) -> None:
        waiting = engine.pending(state)
        assert waiting is not None
        seen.append((wait_began(state), state.version, waiting.step))
        after_waiting = engine.pending(after)
        same_planning = after_waiting is not None and after_waiting.step == waiting.step == "plan"
        if same_planning and after.round == state.round:
            assert wait_began(after) == wait_began(state) < after.version

    play("france", ["human", "human", "human"], seed=4, laps=1, on_step=check)
    assert all(began == version for began, version, step in seen if step != "plan")
    assert any(began < version for began, version, step in seen if step == "plan")
