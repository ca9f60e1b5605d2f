"""A played card's Heat symbol left unpaid: its other symbols never happen.

modules-notes.md: "Heat symbol (pay N, mandatory). Unpayable: car back to its start
of move, pay what it can, each unpaid card discarded and replaced by one "+" flip,
move again." BGA's choice (ReactTrait: while the Heat is more than the Engine holds
it offers only Cooldown, Direct Play, Boost and Adrenaline; actPayHeats discards the
unpaid cards and rebuilds the symbols from the cards left in play): a card's symbols
wait for its Heat, an unpaid card is discarded with them, and a paid card's Scrap
comes after the + flips and the new move.
"""

from __future__ import annotations

import json
from typing import Any

import engine
from engine.events import CarMoved, HeatUnpaid
from engine.notation import load_state

DECK = ["4", "1", "2", "3", "1", "2", "3", "4", "1", "2"]


def revealed(
    cards: tuple[str, ...],
    *,
    engine_heat: int,
    hand: list[str],
    adrenaline: int = 0,
) -> tuple[engine.RaceState, list[engine.Event]]:
    """Car A alone on USA space 13, in 3rd gear (no gear Cooldown), reveals ``cards``."""
    car: dict[str, Any] = {
        "id": "A",
        "color": "red",
        "kind": "human",
        "space": 13,
        "spot": 0,
        "gear": 3,
        "engine": engine_heat,
        "hand": hand,
        "deck": list(DECK),
        "discard": [],
        "finished": None,
    }
    document = {
        "notation": "heat-race/1",
        "track": "usa",
        "laps": 1,
        "seed": 1,
        "round": 1,
        "cars": [car],
        "legend_deck": [],
        "options": {"adrenaline_cars": adrenaline, "garage": "advanced"},
    }
    state = load_state(json.dumps(document))
    return engine.apply(state, engine.Plan("A", len(cards), cards))


def kinds(events: list[engine.Event]) -> list[str]:
    return [event.to_json()["type"] for event in events]


def test_pay_what_it_can_pays_the_cheapest_and_voids_the_unpaid_cards_symbols() -> None:
    """1 Heat in the Engine for Turbo 8 (1 Heat, Scrap 6) and Wings 6 (2 Heat, Adjust +3):
    Turbo 8 is paid, Wings 6 goes to the discard pile with its Adjust, one + flip takes
    the top card (a 4, not a card under six scrapped ones), the car moves 8 + 1 + 4 from
    its start, and only then does Turbo 8 scrap its 6 cards."""
    state, events = revealed(
        ("turbo-8", "wings-6", "1"), engine_heat=1, hand=["turbo-8", "wings-6", "1", "2", "3"]
    )
    car, turn = state.car("A"), state.turn
    assert turn is not None and turn.unpaid == () and turn.adjust == 0
    assert car.engine == 0 and car.space == 13 + 8 + 1 + 4
    assert sorted(car.play_area) == ["1", "4", "turbo-8"]
    assert car.discard == ("H", "wings-6", *DECK[1:7])
    order = kinds(events)
    last_move = max(i for i, kind in enumerate(order) if kind == "moved")
    assert order.index("heat_unpaid") < order.index("flipped") < last_move < order.index("scrapped")
    moves = [e for e in events if isinstance(e, CarMoved)]
    assert (moves[0].from_space, moves[0].to_space) == (13, 13 + 8 + 6 + 1)
    unpaid = [e for e in events if isinstance(e, HeatUnpaid)]
    assert [e.cards for e in unpaid] == [("wings-6",)]
    paid = [e.to_json() for e in events if e.to_json()["type"] == "heat_paid"]
    assert paid == [{"car": "A", "type": "heat_paid", "amount": 1, "reason": "card"}]


def test_pay_what_it_can_pays_as_many_cards_as_it_can_cheapest_first() -> None:
    """2 Heat in the Engine for Turbo 7 (2 Heat) and Turbo 8 (1 Heat): one card can be paid
    (1 + 2 > 2). BGA lets the driver pick which of the largest payable sets; the engine
    pays the cheapest first, so Turbo 8 is paid (and scraps) and Turbo 7 goes unpaid."""
    state, events = revealed(
        ("turbo-7", "turbo-8", "1"), engine_heat=2, hand=["turbo-7", "turbo-8", "1", "2", "3"]
    )
    car = state.car("A")
    assert car.engine == 1 and "turbo-7" in car.discard and "turbo-8" in car.play_area
    unpaid = [e for e in events if isinstance(e, HeatUnpaid)]
    assert [e.cards for e in unpaid] == [("turbo-7",)]
    assert kinds(events).count("scrapped") == 1


def test_nothing_paid_voids_every_symbol() -> None:
    """No Heat anywhere: both Wings 4 (1 Heat, Adjust +2, Scrap 2) and Turbo 8 go unpaid,
    two + flips replace them, and neither Scrap nor Adjust happens."""
    state, events = revealed(
        ("wings-4", "turbo-8", "1"), engine_heat=0, hand=["wings-4", "turbo-8", "1", "2", "3"]
    )
    car, turn = state.car("A"), state.turn
    assert turn is not None and turn.adjust == 0
    assert sorted(car.discard) == ["turbo-8", "wings-4"] and car.engine == 0
    assert len(car.deck) == len(DECK) - 2 and car.space == 13 + 1 + 4 + 1
    assert "scrapped" not in kinds(events)


def test_a_payable_cards_scrap_follows_its_heat() -> None:
    """With the Heat in the Engine the card is paid at once and scraps at once, as before."""
    state, events = revealed(("turbo-8", "1", "2"), engine_heat=1, hand=["turbo-8", "1", "2", "3"])
    car = state.car("A")
    assert car.engine == 0 and car.space == 13 + 11
    assert car.discard == ("H", *DECK[:6])
    order = kinds(events)
    assert order.index("moved") < order.index("heat_paid") < order.index("scrapped")
    assert "heat_unpaid" not in order


def test_an_owed_cards_symbols_wait_for_its_heat() -> None:
    """Body 6 (1 Heat, Reduce Stress 3) revealed with an empty Engine and a Heat card in
    hand: its Reduce Stress is not offered until Adrenaline's Cooldown lets it be paid."""
    state, _ = revealed(
        ("body-6", "1", "2"), engine_heat=0, hand=["body-6", "1", "2", "S", "H"], adrenaline=1
    )
    turn = state.turn
    assert turn is not None and turn.unpaid == ("body-6",) and turn.reduce == 0
    legal = engine.legal_decisions(state, "A")
    assert not any(isinstance(d, engine.Reduce) for d in legal)
    state, events = engine.apply(state, engine.Adrenaline("A", False, True))
    turn = state.turn
    assert turn is not None and turn.unpaid == () and turn.reduce == 3
    assert "heat_paid" in kinds(events)
    assert engine.Reduce("A", 1) in engine.legal_decisions(state, "A")
