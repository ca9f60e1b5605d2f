"""The champion: a searching level that decides from its driver's view only.

Its decisions are legal (Garage, weather, championship events), the races it plays
forward are built from the view alone (``view_for`` of each is the view), what the
view hides never changes its decision for the same search seed, its budget is a
count of playouts, and a race of champions ends. No test depends on its win rate.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import engine
from engine import Entrant, Options, RaceState, view_for
from engine.ai import (
    CHAMPION,
    LEVELS,
    Search,
    SearchSettings,
    Worlds,
    decide,
    playouts_for,
    search,
    suggest,
)
from engine.ai.champion import WIDE_BUDGET, _halved, candidates
from engine.ai.sampling import can_determinize, determinize
from engine.championship import ChampionshipSetup, sponsorship_deck
from engine.decisions import Plan
from engine.rng import shuffled
from tests.support.hidden import hide_differently

COLOURS = ("red", "blue", "green", "yellow", "black", "gray")
# Small searches: the tests check what the champion does, not how well.
QUICK = SearchSettings(candidates=3, horizon=1)


def _entrants(kinds: list[str]) -> list[Entrant]:
    return [
        Entrant(chr(ord("A") + i), COLOURS[i], "legend" if kind == "legend" else "ai")
        for i, kind in enumerate(kinds)
    ]


def _race(
    track: str,
    kinds: list[str],
    seed: int,
    options: Options | None = None,
    event: int | None = None,
) -> RaceState:
    championship = None
    if event is not None:
        championship = ChampionshipSetup(event, shuffled(seed, 0, sponsorship_deck(False)))
    state, _ = engine.new_race(
        track, _entrants(kinds), seed, laps=1, options=options, championship=championship
    )
    return state


SETTINGS = [
    ("usa", ["ai", "legend", "legend", "ai"], Options(), None),
    ("italy", ["ai", "ai", "legend"], Options(weather=True), None),
    ("japan", ["ai", "ai", "legend"], Options(garage="both", weather=True), None),
    ("mexico", ["ai", "ai", "legend", "legend"], Options(), 10),
    ("france", ["ai", "ai", "legend"], Options(garage="basic"), 4),
]


@pytest.mark.parametrize(("track", "kinds", "options", "event"), SETTINGS)
def test_built_races_show_the_view_they_were_built_from(
    track: str, kinds: list[str], options: Options, event: int | None
) -> None:
    """Every race the search plays forward is one its driver could be in: its view for the
    driver is the driver's view (its hand and plan, everyone's public state), though the
    hidden cards, the Legends' deck order and the seed are drawn anew."""
    for seed in range(2):
        state = _race(track, kinds, seed, options, event)
        rng = random.Random(seed)
        built = 0
        while (waiting := engine.pending(state)) is not None:
            for car in waiting.cars:
                view = view_for(state, car)
                if can_determinize(view):
                    race = determinize(view, rng)
                    assert view_for(race, car) == view
                    assert engine.pending(race) == waiting
                    built += 1
            car = waiting.cars[-1]
            state, _ = engine.apply(state, decide(view_for(state, car), car, "pro"))
        assert built > 10


@pytest.mark.parametrize(("track", "kinds", "options", "event"), SETTINGS)
def test_every_decision_is_legal_and_blind(
    track: str, kinds: list[str], options: Options, event: int | None
) -> None:
    """In races with Legends, the weather, the Garage and championship events, every decision
    of the champion is among the legal ones, and changing all its view hides (its deck
    order, other hands, the Legends' deck, the seed) changes neither the view nor the
    decision for the same search seed."""
    state = _race(track, kinds, 5, options, event)
    rng = random.Random(5)
    searched = 0
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[-1]
        view = view_for(state, car)
        if state.car(car).kind == "ai" and car == "A":
            found = search(view, car, seed=11, playouts=4, settings=QUICK)
            assert found.decision in engine.legal_decisions(state, car)
            searched += found.playouts > 0
            if rng.random() < 0.3:
                hidden = hide_differently(state, car, rng)
                assert view_for(hidden, car) == view
                again = search(view_for(hidden, car), car, seed=11, playouts=4, settings=QUICK)
                assert again == found
            decision = found.decision
        else:
            decision = decide(view, car, "pro")
        state, _ = engine.apply(state, decision)
    assert searched > 3


def _planning(seed: int = 2) -> tuple[RaceState, str]:
    """A plan step of car A, a few rounds into a race against Legends, with plans to weigh."""
    state = _race("usa", ["ai", "legend", "legend", "legend"], seed)
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        if waiting.step == "plan" and car == "A" and state.round >= 3:
            return state, car
        state, _ = engine.apply(state, decide(view_for(state, car), car, "expert"))
    raise AssertionError("no plan step")


def test_budget_is_a_count_of_playouts() -> None:
    """It plays exactly the playouts it is given; the same view, seed and budget give the same
    search (no clock decides it: a loaded machine can make a smaller search the slower one)."""
    state, car = _planning()
    view = view_for(state, car)
    small = search(view, car, seed=1, playouts=3, settings=QUICK)
    large = search(view, car, seed=1, playouts=12, settings=QUICK)
    assert isinstance(large, Search)
    assert small.playouts == 3 and large.playouts == 12
    assert sum(c.playouts for c in large.candidates) == 12
    assert len(large.candidates) == QUICK.candidates
    assert search(view, car, seed=1, playouts=12, settings=QUICK) == large
    assert isinstance(large.decision, Plan)
    assert large.decision == large.candidates[0].decision
    assert all(
        first.value >= second.value
        for first, second in zip(large.candidates, large.candidates[1:], strict=False)
    )
    assert all(c.best <= c.playouts and c.won <= c.playouts for c in large.candidates)


def _recording(asked: list[engine.RaceView]) -> Worlds:
    """:func:`determinize`, noting in ``asked`` each view it draws a race from."""

    def recording(seen: engine.RaceView, rng: random.Random) -> RaceState:
        asked.append(seen)
        return determinize(seen, rng)

    return recording


def test_it_halves_the_plans_it_searches_and_keeps_the_expert_s_choice() -> None:
    """Sequential halving: every plan is played in the first drawn races, then the better
    half by their means goes on, round after round, so the last plans standing are weighed
    on the most races; the expert's own choice stays to the end (every other plan is
    measured against it), and the plan chosen is one of the last standing."""
    state, car = _planning()
    view = view_for(state, car)
    asked: list[engine.RaceView] = []
    recording = _recording(asked)
    found = search(view, car, seed=3, playouts=WIDE_BUDGET, worlds=recording)
    played = [c.playouts for c in found.candidates]
    expert = candidates(view, car, 8)[0]
    assert len(played) == 8 and sum(played) == WIDE_BUDGET
    assert next(c for c in found.candidates if c.decision == expert).playouts == len(asked)
    # The last round's last race may be short of a plan or two (the expert's choice first).
    last = [c for c in found.candidates if c.playouts >= max(played) - 1]
    assert 2 <= len(last) <= 4 and found.decision in {c.decision for c in last}
    assert found.candidates[: len(last)] == tuple(last), "the last standing first"
    rest = played[len(last) :]
    assert rest == sorted(rest, reverse=True) and rest[0] < max(played) - 1
    assert min(played) == WIDE_BUDGET // 3 // 8, "all 8 in the first of 3 rounds' races"
    assert 3 <= played.count(min(played)) <= 4, "the first round drops the worse half"


def test_a_halving_keeps_the_better_half_by_mean_and_the_expert_s_choice() -> None:
    """A round of the halving keeps the better half of the plans by their means over the
    same drawn races (rounded up), and the expert's choice (0) even when it is worse."""
    sums, counts = [1.0, 8.0, 6.0, 2.0, 4.0], [2] * 5
    assert _halved([0, 1, 2, 3, 4], sums, counts) == [0, 1, 2, 4]
    assert _halved([0, 1, 2, 4], sums, counts) == [0, 1, 2]
    assert _halved([0, 1, 2], [9.0, 8.0, 6.0], [2] * 3) == [0, 1]


def test_it_plays_only_the_races_its_worlds_draw_from_the_view_by_default() -> None:
    """The races played out come from ``worlds`` alone, each drawn from the view (the expert's
    choice is played in every one); left alone, ``worlds`` is :func:`determinize` (the view and
    nothing more), so the search with it named is the same search."""
    state, car = _planning()
    view = view_for(state, car)
    asked: list[engine.RaceView] = []
    recording = _recording(asked)
    found = search(view, car, seed=5, playouts=12, settings=QUICK, worlds=recording)
    assert len(asked) == max(c.playouts for c in found.candidates)
    assert all(seen is view for seen in asked)
    assert found == search(view, car, seed=5, playouts=12, settings=QUICK)


def test_with_confidence_it_leaves_the_expert_s_choice_only_for_a_sure_gain() -> None:
    """``confidence`` asks another plan to beat the expert's choice by that many standard
    errors of their difference, drawn race by drawn race: where the means alone pick
    another plan, a confidence no spread can meet keeps the expert's, and 0 is the means."""
    deviating = []
    for race_seed in (4, 5):
        state, car = _planning(race_seed)
        view = view_for(state, car)
        expert = candidates(view, car, QUICK.candidates)[0]
        for seed in range(6):
            plain = search(view, car, seed=seed, playouts=12, settings=QUICK)
            if plain.decision != expert:
                deviating.append((view, car, seed, plain, expert))
    assert deviating, "no search in these positions left the expert's choice"
    for view, car, seed, plain, expert in deviating:
        sure = search(view, car, seed=seed, playouts=12, settings=replace(QUICK, confidence=1e9))
        assert sure.decision == expert
        same = search(view, car, seed=seed, playouts=12, settings=replace(QUICK, confidence=0))
        assert same == plain


def test_a_larger_budget_weighs_more_plans_and_asks_them_a_sure_gain() -> None:
    """Below WIDE_BUDGET a search weighs the expert's 4 best plans by their means; from it
    on, its 8 best, and a plan other than the expert's own choice needs a sure gain. A
    search told no settings takes those of its budget."""
    assert SearchSettings.for_budget(WIDE_BUDGET - 1) == SearchSettings()
    wide = SearchSettings.for_budget(WIDE_BUDGET)
    assert (wide.candidates, wide.confidence) == (8, 1.0)
    assert replace(wide, candidates=4, confidence=0.0) == SearchSettings()
    assert SearchSettings.for_budget(5 * WIDE_BUDGET) == wide
    state, car = _planning()
    view = view_for(state, car)
    assert len(candidates(view, car, 8)) == 8, "a position with 8 plans to weigh"
    found = search(view, car, seed=3, playouts=WIDE_BUDGET)
    assert len(found.candidates) == 8
    assert min(c.playouts for c in found.candidates) >= 1
    assert found == search(view, car, seed=3, playouts=WIDE_BUDGET, settings=wide)
    assert len(search(view, car, seed=3, playouts=WIDE_BUDGET - 1).candidates) == 4


def test_a_budget_below_the_candidates_picks_among_those_played() -> None:
    """With fewer playouts than candidates, a candidate never played (its worth unknown) is
    never chosen, nor listed before one that was."""
    state, car = _planning()
    view = view_for(state, car)
    for playouts in (1, 2, 3):
        for seed in range(4):
            found = search(view, car, seed=seed, playouts=playouts)
            played = [c for c in found.candidates if c.playouts]
            assert len(played) == playouts and found.candidates[:playouts] == tuple(played)
            assert found.decision == played[0].decision


def test_face_decides_at_the_champion_level() -> None:
    """``decide`` with the champion level searches (its default seed fixed by the view)."""
    state, car = _planning()
    view = view_for(state, car)
    decision = decide(view, car, CHAMPION, budget=4)
    assert decision in engine.legal_decisions(state, car)
    assert decide(view, car, CHAMPION, budget=4) == decision


def test_a_budget_buys_more_playouts_beside_fewer_cars_that_plan() -> None:
    """The budget is the playouts of a plan beside five cars that plan (AI cars or people:
    each is planned for in every playout); a Legend costs next to nothing, so beside
    Legends the same budget plays 2.5 times as many, and a car that has finished or is out
    plans no more. The champion's face searches what the budget buys."""
    field = _race("usa", ["ai"] * 6, 4)
    assert playouts_for(view_for(field, "A"), "A", 24) == 24
    legends = _race("usa", ["ai", "legend", "legend", "legend", "legend", "legend"], 4)
    assert playouts_for(view_for(legends, "A"), "A", 24) == round(24 * 2.5) == 60
    mixed = _race("usa", ["ai", "ai", "ai", "legend", "legend", "legend"], 4)
    assert 24 < playouts_for(view_for(mixed, "A"), "A", 24) < 60
    view = view_for(field, "A")
    gone = replace(
        view,
        cars=tuple(
            replace(car, finished=1)
            if car.id in ("B", "D")
            else replace(car, eliminated=car.id == "C")
            for car in view.cars
        ),
    )
    assert playouts_for(gone, "A", 24) == playouts_for(view_for(mixed, "A"), "A", 24)
    state, car = _planning()
    planning = view_for(state, car)
    bought = playouts_for(planning, car, 2)
    assert bought == 5
    assert decide(planning, car, CHAMPION, seed=7, budget=2) == (
        search(planning, car, seed=7, playouts=bought).decision
    )


def test_the_champion_is_the_strongest_level_a_race_is_set_up_with() -> None:
    """``LEVELS`` lists the champion last, and an unknown level is refused naming them all."""
    assert LEVELS == ("rookie", "pro", "expert", CHAMPION)
    state, car = _planning()
    with pytest.raises(ValueError, match="known: rookie, pro, expert, champion"):
        decide(view_for(state, car), car, "legend")


def test_its_suggestion_is_its_search_with_what_the_playouts_found() -> None:
    """At the champion level the suggestion is the plan the search picks, and its reason
    carries that plan's playouts, wins and best outcomes; other levels' reasons carry none."""
    state, car = _planning()
    view = view_for(state, car)
    plan, reason = suggest(view, car, CHAMPION, seed=5, budget=3)
    found = search(view, car, seed=5, playouts=playouts_for(view, car, 3))
    assert plan == found.decision and plan in engine.legal_decisions(state, car)
    (chosen,) = [c for c in found.candidates if c.decision == plan]
    figures = (reason.playouts, reason.won, reason.best, reason.plans)
    assert figures == (chosen.playouts, chosen.won, chosen.best, len(found.candidates))
    assert found.playouts == 8 and reason.plans == 4
    assert (reason.gear, reason.cards) == (plan.gear, plan.cards)
    for level in ("rookie", "pro", "expert"):
        assert suggest(view, car, level)[1].playouts == 0


def test_a_race_of_six_champions_ends() -> None:
    """Six champions searching at a small budget drive a race to its end."""
    state = _race("mexico", ["ai"] * 6, 3)
    decisions = 0
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        decision = search(view_for(state, car), car, seed=decisions, playouts=2, settings=QUICK)
        assert decision.decision in engine.legal_decisions(state, car)
        state, _ = engine.apply(state, decision.decision)
        decisions += 1
        assert decisions < 2000
    assert all(car.finished is not None for car in state.cars)
