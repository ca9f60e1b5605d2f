"""The AI plans its move for the Slipstream a Legend ahead of it will leave.

"Starting with the frontmost car, closest to the Race Line, complete steps 3 through
9", and a Legend's move is public (its space, colour and the Legend cards left). So
a car planning behind a Legend knows where the Legend may end before it moves itself:
"Slipstreaming is optional if you land next to another car, or in a Space behind a car
or cars. If you choose to Slipstream, you move 2 Spaces forward." A plan that ends on
the Legend's space or just behind it gains those 2 spaces; the AI used to value every
plan as if no car would be there.
"""

from __future__ import annotations

import pytest

import engine
from engine import Plan, RaceState, Slipstream, view_for
from engine.ai import decide
from engine.ai.judge import Judge, Situation
from engine.ai.rivals import Rivals
from engine.cards import speed_value
from engine.state import Car

DECK = ("1", "2", "3", "4", "1", "2", "3", "4", "S", "0", "5")
# USA: corner lines after spaces 12 (limit 7) and 33; the blue Legend's card 6 drives it 10
# spaces on a straight, card 9 11 spaces, card 3 14 spaces (data/legend_cards.json).
LEGEND_AT = 14


def _behind_a_legend(car_at: int, cards_left: tuple[int, ...], spot: int = 0) -> RaceState:
    """Car A planning on ``car_at`` in 2nd gear, no Heat (so 3rd gear at most: 4 4 4 reaches
    12 spaces, 4 4 3 11), the blue Legend B on 14 with ``cards_left`` in the Legends' deck."""
    cars = [
        Car("A", "red", "ai", car_at, spot, gear=2, engine=0, hand=tuple("4443111"), deck=DECK),
        Car("B", "blue", "legend", LEGEND_AT, 1 - spot if car_at == LEGEND_AT else 0),
    ]
    return engine.settle(RaceState("usa", 1, 7, 4, cars, legend_deck=cards_left))[0]


def _lands(state: RaceState, level: str) -> int:
    plan = decide(view_for(state, "A"), "A", level)
    assert isinstance(plan, Plan)
    return state.car("A").space + sum(map(speed_value, plan.cards))


def _odds(rivals: Rivals, space: int) -> float:
    return rivals.followed().get(space, 0.0)


def test_the_odds_follow_the_legend_cards_left() -> None:
    """Card 6 puts the Legend on 24: a move ending on 23 or 24 may Slipstream, surely with
    that card alone, half the time with card 3 (the Legend on 28) as likely."""
    rivals = Rivals.seen_by(view_for(_behind_a_legend(13, (6,)), "A"), "A")
    assert [_odds(rivals, space) for space in (22, 23, 24, 25)] == [0.0, 1.0, 1.0, 0.0]
    rivals = Rivals.seen_by(view_for(_behind_a_legend(13, (6, 3)), "A"), "A")
    assert [_odds(rivals, space) for space in (23, 24, 27, 28)] == [0.5, 0.5, 0.5, 0.5]
    # Next round's crossing is not foreseen this way (where the car starts is not known).
    assert rivals.later().followed() == {}


def test_a_legend_that_moves_after_the_car_leaves_no_slipstream() -> None:
    """A Legend behind the car, or beside it off the race line, takes its turn later."""
    behind = Rivals.seen_by(view_for(_behind_a_legend(15, (6,)), "A"), "A")
    assert behind.followed() == {}
    beside = Rivals.seen_by(view_for(_behind_a_legend(LEGEND_AT, (6,), spot=0), "A"), "A")
    assert beside.followed() == {}
    outside = Rivals.seen_by(view_for(_behind_a_legend(LEGEND_AT, (6,), spot=1), "A"), "A")
    assert _odds(outside, 24) == 1.0


def test_the_plan_step_values_a_landing_by_the_slipstream_after_it() -> None:
    """Ending on 24 behind the Legend is worth what ending on 26 is: the Slipstream is free."""
    view = view_for(_behind_a_legend(13, (6,)), "A")
    judge = Judge.seen_by(view, "A")
    assert not judge.live
    on_legend = judge.settle(Situation(24, 11, 3, 0, 0))
    slipstreamed = judge.corner_check(Situation(26, 11, 3, 0, 0))
    assert on_legend == pytest.approx(slipstreamed)
    assert on_legend > judge.settle(Situation(25, 12, 3, 0, 0))


@pytest.mark.parametrize("level", ["pro", "expert"])
@pytest.mark.parametrize(("cards_left", "legend_ends"), [((6,), 24), ((9,), 25)])
def test_it_stops_behind_the_legend_and_slipstreams_past(
    level: str, cards_left: tuple[int, ...], legend_ends: int
) -> None:
    """4 4 3 (11 spaces, to 24) and a Slipstream to 26 beat 4 4 4 (12 spaces, to 25): played
    through the engine (the car, last, has Adrenaline too), it slipstreams past the Legend."""
    state = _behind_a_legend(13, cards_left)
    assert _lands(state, level) == 24
    made = []
    while (waiting := engine.pending(state)) is not None and waiting.step != "discard":
        car = waiting.cars[0]
        decision = decide(view_for(state, car), car, level)
        made.append(decision)
        state, _ = engine.apply(state, decision)
    assert state.car("B").space == legend_ends
    assert Slipstream("A", True) in made
    assert state.car("A").space > legend_ends + 1


@pytest.mark.parametrize("level", ["pro", "expert"])
def test_it_drives_as_far_as_it_can_where_no_legend_will_be(level: str) -> None:
    """With card 3 the Legend ends on 28, out of reach; behind the car it moves later: the
    car goes as far as its hand allows (25), as it did before it foresaw any Slipstream."""
    assert _lands(_behind_a_legend(13, (3,)), level) == 25
    assert _lands(_behind_a_legend(15, (6,)), level) == 27
