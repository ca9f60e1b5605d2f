"""The AI drivers: legal, blind to what their view hides, able to finish, and sensible."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import data
import engine
from engine import (
    Boost,
    Discard,
    Entrant,
    Options,
    Plan,
    RaceState,
    ReactDone,
    Slipstream,
    view_for,
)
from engine.ai import CHAMPION, LEVELS, decide
from engine.ai.judge import Judge
from engine.ai.lookahead import Lookahead
from engine.cards import speed_value
from engine.state import Car, Turn, Weather
from tests.support.hidden import hide_differently

TRACKS = data.track_ids()
COLOURS = ("black", "blue", "green", "red", "gray", "yellow")
DECK = ("1", "2", "3", "4", "1", "2", "3", "4", "S", "0", "5")
# A 60-space lap takes a lone AI about 9 rounds; this bound leaves room for blocking and bad
# luck. It grows with the lap: España's single lap has 109 spaces.
ROUNDS_PER_60_SPACES = 16
# The levels that judge by the track map: the champion searches (seconds a race, not
# milliseconds), and tests/engine/ai/test_champion.py races it at small budgets.
JUDGING = tuple(level for level in LEVELS if level != CHAMPION)


def _entrants(kinds: list[str]) -> list[Entrant]:
    return [
        Entrant(chr(ord("A") + i), COLOURS[i], "legend" if kind == "legend" else "ai")
        for i, kind in enumerate(kinds)
    ]


def _race(
    kinds: list[str], levels: list[str], track: str, seed: int, laps: int, weather: bool = False
) -> None:
    """Play a race with AI drivers to the end, checking every decision and the round count."""
    options = Options(weather=weather)
    state, _ = engine.new_race(track, _entrants(kinds), seed, laps=laps, options=options)
    rng = random.Random(seed)
    level_of = {car.id: level for car, level in zip(state.cars, levels, strict=True)}
    bound = math.ceil(ROUNDS_PER_60_SPACES * laps * data.track(track).spaces_per_lap / 60)
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[-1]
        view = view_for(state, car)
        decision = decide(view, car, level_of[car])
        assert decision in engine.legal_decisions(state, car), (str(decision), view)
        if rng.random() < 0.1:
            hidden = hide_differently(state, car, rng)
            assert view_for(hidden, car) == view
            assert decide(view_for(hidden, car), car, level_of[car]) == decision
        state, _ = engine.apply(state, decision)
        assert state.round <= bound, f"round {state.round} on {track}"


race_args = st.tuples(
    st.sampled_from(TRACKS),
    st.integers(0, 2**32),
    st.sampled_from((1, 1, 1, 2)),
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(args=race_args, levels=st.lists(st.sampled_from(sorted(JUDGING)), min_size=1, max_size=6))
def test_ai_only_races_finish_with_legal_blind_decisions(
    args: tuple[str, int, int], levels: list[str]
) -> None:
    """Races of AI cars only end in bounded rounds; each decision is legal and view-only."""
    track, seed, laps = args
    _race(["ai"] * len(levels), levels, track, seed, laps)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(args=race_args, kinds=st.lists(st.sampled_from(("ai", "legend")), min_size=2, max_size=6))
def test_ai_and_legend_races_finish(args: tuple[str, int, int], kinds: list[str]) -> None:
    """With Legends on the track too, AI races end in bounded rounds with legal decisions."""
    track, seed, laps = args
    kinds = ["ai", *kinds[1:]]
    _race(kinds, ["pro" if i % 2 else "rookie" for i in range(len(kinds))], track, seed, laps)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(args=race_args, kinds=st.lists(st.sampled_from(("ai", "legend")), min_size=1, max_size=6))
def test_ai_races_with_weather_finish(args: tuple[str, int, int], kinds: list[str]) -> None:
    """With weather and road conditions, AI races end in bounded rounds with legal decisions."""
    track, seed, laps = args
    kinds = ["ai", *kinds[1:]]
    levels = ["pro" if i % 2 else "rookie" for i in range(len(kinds))]
    _race(kinds, levels, track, seed, laps, weather=True)


def _position(
    space: int,
    gear: int,
    heat: int,
    hand: str,
    *,
    turn: Turn | None = None,
    play_area: str = "",
    ahead: int | None = None,
    weather: Weather | None = None,
) -> RaceState:
    """Car A on the USA track (corners after spaces 12, 33, 49, 57), settled to its decision."""
    cars = [
        Car("A", "red", "ai", space, 0, gear=gear, engine=heat, hand=tuple(hand), deck=DECK),
    ]
    cars[0].play_area = tuple(play_area)
    if ahead is not None:
        cars.append(Car("B", "blue", "ai", ahead, 0, gear=3, engine=6, hand=tuple("1234123")))
    order = ("B", "A") if ahead is not None else ()
    options = Options(weather=weather is not None)
    state = RaceState("usa", 1, 7, 4, cars, turn=turn, turn_order=order, options=options)
    state.weather = weather
    return engine.settle(state)[0]


def _decide(state: RaceState, level: str = "pro") -> engine.Decision:
    decision = decide(view_for(state, "A"), "A", level)
    assert decision in engine.legal_decisions(state, "A")
    return decision


@pytest.mark.parametrize("level", sorted(JUDGING))
@pytest.mark.parametrize(
    ("space", "gear", "heat", "hand"),
    [
        (31, 3, 1, "1124445"),
        (28, 4, 2, "1233445"),
        (26, 4, 0, "1233445"),
        (30, 2, 0, "SS11223"),
        (29, 2, 0, "SS11223"),
    ],
)
def test_no_overspeed_before_a_slow_corner(
    level: str, space: int, gear: int, heat: int, hand: str
) -> None:
    """Before the Speed Limit 3 corner it plans a Speed that crosses without Heat or stops short.

    A Stress card could flip too much, so with an empty Engine it is left in hand. This is
    the judging levels' rule of thumb; the champion plays the risk out with the engine
    instead, and its playouts can find a spin-out worth it: the car stops before the corner
    as it would stopping short, in 1st gear for the next corner, and in 1st gear the spin
    costs one Stress card, the one a Stress card played from space 29 or 30 throws away.
    """
    plan = _decide(_position(space, gear, heat, hand), level)
    assert isinstance(plan, Plan)
    assert "S" not in plan.cards
    speed = sum(map(speed_value, plan.cards))
    assert speed <= 3 or space + speed <= 33, str(plan)


@pytest.mark.parametrize(("gear", "heat"), [(2, 0), (3, 2)])
def test_cools_down_a_heat_clogged_hand(gear: int, heat: int) -> None:
    """Four Heat cards in hand: it drops to 1st gear, whose Cooldown takes three back."""
    plan = _decide(_position(36, gear, heat, "HHHH234"))
    assert isinstance(plan, Plan) and plan.gear == 1


def test_takes_a_free_slipstream_on_a_straight() -> None:
    """Right behind a car with no corner line near, the 2 spaces cost nothing."""
    state = _position(20, 2, 3, "12345", turn=Turn("A", "slipstream", 14), play_area="33", ahead=21)
    assert _decide(state) == Slipstream("A", True)


@pytest.mark.parametrize("heat", [0, 5])
def test_no_slipstream_over_a_corner_line_it_cannot_afford(heat: int) -> None:
    """Speed 8 over the Speed Limit 3 line means a spin out, or 5 Heat for 2 spaces."""
    turn = Turn("A", "slipstream", 24)
    state = _position(32, 4, heat, "123", turn=turn, play_area="2222", ahead=33)
    assert _decide(state) == Slipstream("A", False)


def test_no_boost_into_a_spin_out() -> None:
    """On the corner line with 1 Heat: the Boost's card would cross it with no Heat left."""
    state = _position(33, 1, 1, "123456", turn=Turn("A", "react", 30), play_area="3")
    assert _decide(state) == ReactDone("A")


def test_boosts_on_the_last_straight() -> None:
    """Past the last corner with Heat to spare, a Boost only brings the finish closer."""
    state = _position(64, 4, 5, "123", turn=Turn("A", "react", 58), play_area="2211")
    assert _decide(state) == Boost("A")


def test_discards_high_cards_before_a_slow_corner() -> None:
    """Three spaces before the Speed Limit 3 line with no Heat, only 1s and 2s are of use."""
    state = _position(30, 2, 0, "11445", turn=Turn("A", "discard", 26), play_area="22")
    assert _decide(state) == Discard("A", ("4", "4", "5"))


def test_discards_slow_cards_on_a_straight() -> None:
    """With 19 spaces to the next corner line, the 0 and the 1 only hold the car back."""
    state = _position(14, 3, 3, "0145", turn=Turn("A", "discard", 8), play_area="222")
    assert _decide(state) == Discard("A", ("0", "1"))


def test_rejects_an_unknown_level_and_a_car_not_deciding() -> None:
    """Asking for a level that does not exist, or for a car nobody waits for, is an error."""
    state = _position(36, 3, 3, "0145123")
    with pytest.raises(ValueError, match="unknown AI level"):
        decide(view_for(state, "A"), "A", "legend")
    with pytest.raises(ValueError, match="not waiting"):
        decide(view_for(state, "B"), "B")


def _usa_tokens(*tokens: str) -> Weather:
    """Cloud, with these tokens at the USA corners 12, 33, 49 and 57."""
    return Weather("cloud", tokens)


def test_slows_more_for_a_speed_limit_minus_one() -> None:
    """From space 31 with its last Heat it crosses the Speed Limit 3 line at 3, but not a
    limit 2 one (with 2 Heat it pays 1 for the space gained)."""
    base = _decide(_position(31, 2, 1, "1112223"))
    assert isinstance(base, Plan) and sum(map(speed_value, base.cards)) == 3
    minus = _usa_tokens("overheat", "speed_limit_minus_1", "weather", "heat_control")
    plan = _decide(_position(31, 2, 1, "1112223", weather=minus))
    assert isinstance(plan, Plan) and sum(map(speed_value, plan.cards)) <= 2, str(plan)


def test_counts_the_overheat_heat() -> None:
    """With 1 Heat, Speed 4 over a Speed Limit 3 line costs 1, but 2 on Overheat: a spin out."""
    base = _decide(_position(31, 3, 1, "2233445"))
    assert isinstance(base, Plan) and sum(map(speed_value, base.cards)) == 4
    hot = _usa_tokens("speed_limit_minus_1", "overheat", "weather", "heat_control")
    plan = _decide(_position(31, 3, 1, "2233445", weather=hot))
    assert isinstance(plan, Plan) and sum(map(speed_value, plan.cards)) <= 3, str(plan)


def test_boosts_for_free_in_a_heat_control_sector() -> None:
    """On the straight after corner 12 with an empty Engine, a Heat control Boost is free."""
    turn = Turn("A", "react", 14)
    free = _usa_tokens("heat_control", "overheat", "weather", "speed_limit_plus_1")
    state = _position(20, 3, 0, "1234", turn=turn, play_area="222", weather=free)
    assert _decide(state) == Boost("A")


def test_expert_values_the_cards_a_plan_keeps_for_next_round() -> None:
    """The expert's lookahead rates a move's end by the hand it leaves: keeping a 5 and a 4
    for a straight is worth more than keeping two 1s, and Heat kept in hand costs."""
    view = view_for(_position(14, 3, 3, "5411234"), "A")
    ahead = Lookahead.planning(view, "A")
    fast = ahead.keeping(tuple("54")).value(20, 4, 3, 0)
    slow = ahead.keeping(tuple("11")).value(20, 4, 3, 0)
    clogged = ahead.keeping(tuple("54HH")).value(20, 4, 3, 2)
    assert fast > slow
    assert fast > clogged
    # Past the line nothing is left to plan: the plain judge's value (distance past it).
    finish = ahead.course.finish
    assert ahead.keeping(tuple("11")).value(finish + 3, 4, 0, 0) == Judge.seen_by(view, "A").value(
        finish + 3, 4, 0, 0
    )


def test_the_lookaheads_work_counts_each_hand_once_over_all_its_plans() -> None:
    """The expert's budget counts the next-round hands valued for every plan of a decision
    (the copies for each plan share the count), each hand once however often it is asked."""
    ahead = Lookahead.planning(view_for(_position(14, 3, 3, "5411234"), "A"), "A")
    keeping_fast, keeping_slow = ahead.keeping(tuple("54")), ahead.keeping(tuple("11"))
    keeping_fast.value(20, 4, 3, 0)
    keeping_fast.value(20, 4, 3, 0)
    assert ahead.hands_valued == keeping_slow.hands_valued == 1
    keeping_slow.value(20, 4, 3, 0)
    keeping_slow.value(21, 4, 3, 0)
    assert ahead.hands_valued == 3


def test_expert_looks_past_the_maps_four_best_plans_where_that_is_cheap() -> None:
    """Where the moves open few positions, the expert values up to eight of the plans the
    map rates best by the hand each keeps (issue 24): from space 20 in 3rd gear with 3 Heat
    it plays 3+4+4, which the map alone rates fifth, and keeps 1, 2 and both Stress for the
    corner after space 33. With the map's four best only, it played another plan."""
    assert _decide(_position(20, 3, 3, "1234SS4"), "expert") == Plan("A", 3, ("3", "4", "4"))


@pytest.mark.parametrize("seed", range(3))
def test_expert_decides_from_its_view_only_against_legends(seed: int) -> None:
    """Every expert decision in a race against Legends is legal and unchanged when all that
    its view hides (its deck order, the seed, the Legends' deck) is permuted."""
    kinds = ["ai", "legend", "legend", "legend"]
    state, _ = engine.new_race("japan", _entrants(kinds), seed, laps=1)
    rng = random.Random(seed)
    checked = 0
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[-1]
        decision = decide(view_for(state, car), car, "expert")
        assert decision in engine.legal_decisions(state, car)
        hidden = hide_differently(state, car, rng)
        assert decide(view_for(hidden, car), car, "expert") == decision
        checked += 1
        state, _ = engine.apply(state, decision)
    assert checked > 10
