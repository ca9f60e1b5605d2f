"""Flooded and tunnel spots reach every caller: legal decisions, the view, the AI, the hand."""

from __future__ import annotations

import json

import pytest

import engine
from bot.discord.hand import Draft, Hand, hand_embed
from engine.ai import decide
from engine.decisions import Plan, Reduce
from engine.map_spots import in_tunnel, on_flooded_spot, shift_heat
from engine.notation import dump_state, load_state


def race(track: str, space: int, gear: int, engine_heat: int, spot: int = 0) -> engine.RaceState:
    """One car waiting to plan on ``space`` of ``track``."""
    document = {
        "notation": "heat-race/1",
        "track": track,
        "laps": 1,
        "seed": 7,
        "round": 1,
        "cars": [
            {
                "id": "A",
                "color": "red",
                "kind": "human",
                "space": space,
                "spot": spot,
                "gear": gear,
                "engine": engine_heat,
                "hand": ["1", "2", "3", "4", "1", "2", "3"],
                "deck": ["4", "4", "4"],
                "discard": [],
                "finished": None,
            }
        ],
    }
    return load_state(json.dumps(document))


def planned_gears(state: engine.RaceState) -> set[int]:
    return {d.gear for d in engine.legal_decisions(state, "A") if isinstance(d, Plan)}


def test_the_track_data_lanes_become_spots() -> None:
    """Japan floods both lanes of 6-11; spaces on later laps and the grid map to the lap."""
    assert on_flooded_spot("japan", 6, 0) and on_flooded_spot("japan", 6, 1)
    assert on_flooded_spot("japan", 66, 1)
    assert not on_flooded_spot("japan", 5, 0) and not on_flooded_spot("japan", 12, 0)
    assert in_tunnel("espana", 17, 0) and not in_tunnel("espana", 16, 1)
    assert not on_flooded_spot("usa", 6, 0) and not in_tunnel("usa", 17, 0)


@pytest.mark.parametrize(
    ("gear", "to_gear", "flooded", "heat"),
    [(3, 2, False, 0), (3, 1, False, 1), (3, 2, True, 1), (3, 1, True, 2), (1, 3, True, 1)],
)
def test_shift_heat(gear: int, to_gear: int, flooded: bool, heat: int) -> None:
    """Two gears cost 1; a downshift from a flooded spot costs 1 more; an upshift never."""
    assert shift_heat(gear, to_gear, flooded) == heat


def test_legal_decisions_offer_no_downshift_without_the_heat() -> None:
    """ "Without the Heat, it cannot shift down": no lower gear is offered on a flooded spot."""
    assert planned_gears(race("japan", 8, 3, 0)) == {3, 4}
    assert planned_gears(race("japan", 8, 3, 1)) == {2, 3, 4}
    assert planned_gears(race("japan", 8, 3, 2)) == {1, 2, 3, 4}
    assert planned_gears(race("japan", 12, 3, 0)) == {2, 3, 4}


def test_the_view_and_the_hand_know_the_spot_is_flooded() -> None:
    """The driver's hand offers the same gears as the engine, and the view says why."""
    wet = Hand.of(1, race("japan", 8, 3, 0), "A")
    assert wet.car.flooded
    assert [option.gear for option in wet.gears] == [3, 4]
    dry = Hand.of(1, race("japan", 5, 3, 0), "A")
    assert not dry.car.flooded and [option.gear for option in dry.gears] == [2, 3, 4]
    costs = {o.gear: o.heat for o in Hand.of(1, race("japan", 8, 3, 2), "A").gears}
    assert costs[2] == 1 and costs[1] == 2, "a flooded downshift costs 1 Heat more"


def test_the_hand_tells_the_driver_the_spot_is_flooded() -> None:
    flooded = Hand.of(1, race("japan", 8, 3, 2), "A")
    dry = Hand.of(1, race("japan", 5, 3, 2), "A")
    wet_text = hand_embed(flooded, Draft(3), "en-US").description or ""
    dry_text = hand_embed(dry, Draft(3), "en-US").description or ""
    assert "Flooded spot" in wet_text
    assert "Flooded spot" not in dry_text


def test_the_ai_plans_only_what_the_flood_allows() -> None:
    """With an empty Engine on a flooded spot, the AI keeps its gear or shifts up."""
    state = race("japan", 40, 3, 0)
    decision = decide(engine.view_for(state, "A"), "A")
    assert isinstance(decision, Plan) and decision.gear >= 3
    assert decision in engine.legal_decisions(state, "A")


def reducing(space: int) -> engine.RaceState:
    """Car A reacting on España's ``space``: a Reduce Stress symbol unused, Stress in hand."""
    document = json.loads(dump_state(race("espana", space, 2, 3)))
    document["options"] = {"garage": "basic"}
    document["cars"][0]["hand"] = ["S", "S", "1", "2", "3"]
    document["turn_order"] = ["A"]
    document["turn"] = {
        "car": "A",
        "step": "react",
        "start_space": space - 2,
        "boosted": True,
        "adrenaline": False,
        "adrenaline_speed": False,
        "reduce": 2,
    }
    return load_state(json.dumps(document))


def test_no_reduce_stress_on_a_tunnel_spot() -> None:
    """ "As long as your car is on a tunnel space, you cannot discard any cards from your
    hand. This rule takes precedence over any effect that would allow you to discard."
    Reduce Stress discards Stress from the hand, so a tunnel spot forbids it (BGA too)."""
    outside, inside = reducing(16), reducing(17)
    assert in_tunnel("espana", 17, 0) and not in_tunnel("espana", 16, 0)
    assert Reduce("A", 2) in engine.legal_decisions(outside, "A")
    assert not any(isinstance(d, Reduce) for d in engine.legal_decisions(inside, "A"))
    with pytest.raises(engine.IllegalDecision, match="no card may be discarded in a tunnel"):
        engine.apply(inside, Reduce("A", 1))
