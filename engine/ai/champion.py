"""The champion: the expert's best plans played forward with the engine, picked by outcome.

At the plan step the champion takes the plans the expert rates best (its candidates),
builds races its driver could be in from its view alone (:mod:`engine.ai.sampling`:
the unseen cards drawn from what could be there), plays each candidate forward in
each of them with the engine itself (the car by the expert, every other car by
``pro``), and keeps the candidate whose outcomes are worth the most on average. The
candidates a round plays are played in the same drawn races (common random numbers), so
a difference comes from the plan, not from the luck of the draw.

The playouts are spent by sequential halving: every candidate is played in the first
drawn races, then the better half by their means (and the expert's own choice, against
which every other plan is measured) in more races, round after round, until the last
two to four candidates standing share what is left. A budget weighs the plans that
could be best on several times the races an even share would give them (600 1-lap races
of Italy, Great Britain and Japan at 60 playouts, seeds 5000:5100: 0.662 against 0.625
with an even share, 87 races won that the even share lost and 65 the reverse).

Far from the finish a playout stops at the plan step ``horizon`` rounds later and
values where the car stands by the best plan its hand then allows, as the expert's
lookahead values hands (rounds to go, Heat in the Engine, Heat in hand); near the
finish it runs until the car crosses the line and counts the place. The other steps
(reveal, React, Slipstream, discard, the draft) are the expert's.

How widely it looks follows its budget (:meth:`SearchSettings.for_budget`): with a few
playouts, the expert's 4 best plans and the best mean; with 48 or more, its 8 best, and
another plan replaces the expert's own choice only when it gains surely (a standard error
above nothing, drawn race by drawn race), since the more plans, the likelier one of them
looks best by the luck of its draws. Its budget is a count of playouts, not a clock:
that many beside five cars that plan, more beside fewer (:func:`playouts_for`), and its
chance comes from a seed it is given (or one the view fixes): the same view, seed and
budget give the same decision. :class:`Search` keeps what the playouts found
(the figures a suggestion may word: "best in 14 of 16 playouts").
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from random import Random

from engine.ai import driver
from engine.ai.discard import best_plan
from engine.ai.explain import Reason, explain
from engine.ai.judge import Judge
from engine.ai.sampling import can_determinize, determinize
from engine.apply import apply_in_place
from engine.decisions import Decision, Plan
from engine.events import Event, Finished
from engine.pending import pending, plan_options
from engine.state import RaceState
from engine.view import RaceView, view_for

CHAMPION = "champion"
LEVELS: tuple[str, ...] = (*driver.LEVELS, CHAMPION)
"""Every level a race can be set up with, weakest first: the driver's (rookie, pro, expert)
and the champion, which searches."""
# The budget unless told (playouts beside five cars that plan): under 2 s at the 99th
# percentile on this 2-core machine shared by other work (bench/champion.py measures it).
DEFAULT_PLAYOUTS = 40

# What each other car that plans (an AI car or a person, played by ``pro`` in a playout)
# adds to a playout's cost, as a share of a playout beside Legends only (a Legend's move
# is a card flip): a search of 192 playouts took 1,305 ms at the 99th percentile beside
# five Legends and 3,196 ms beside five expert cars, 2.45 times as long (p50 810 and
# 2,575 ms; bench/champion.py --field, the same 36 races of Italy, Great Britain and Japan,
# compiled). The 99th percentile is what a budget must keep under its time.
PLANNING_CAR_COST = 0.3
# The cars beside the champion in the fullest race (six cars): what a budget is counted for.
FULL_FIELD = 5


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How the champion searches (bench/champion.py tries others)."""

    # The expert's best plans that are played out (the expert's own choice among them).
    candidates: int = 4
    # Rounds a playout runs before its end is valued, far from the finish.
    horizon: int = 2
    # Rounds to go (the track map's, for the car where it stands) under which every
    # playout runs to the car's finish.
    near: float = 3.0
    # The levels that drive the car itself and every other car in a playout: the expert
    # plans the car's own next rounds as it will play them (0.74 against 0.70 with pro on
    # 100 races of five tracks, at three times the cost); pro drives the others.
    own_policy: str = "expert"
    other_policy: str = "pro"
    # How much more (in rounds) another candidate's mean must be worth than the expert's
    # own choice for the champion to play it instead.
    margin: float = 0.0
    # And by how many standard errors of its difference from the expert's choice, race by
    # drawn race (0: any): the draws' spread can make a worse plan look best.
    confidence: float = 0.0

    @classmethod
    def for_budget(cls, playouts: int) -> SearchSettings:
        """How the champion searches with ``playouts`` playouts a decision: from WIDE_BUDGET on,
        the expert's 8 best plans, and a plan other than the expert's own choice only with
        a sure gain (bench/champion.py on Italy, Great Britain and Japan, dry and weather,
        the same 180 1-lap races, each plan played as often: 4 plans at 24 playouts won
        0.672; 8 sure plans at 48, 0.711; at 192, 0.772; 4 sure plans at 96, 0.706)."""
        if playouts < WIDE_BUDGET:
            return cls()
        return cls(candidates=8, confidence=1.0)


# The budget from which the champion plays out more plans, and asks a sure gain of them.
WIDE_BUDGET = 48
DEFAULT_SEARCH = SearchSettings()

# A playout's worth once the car has crossed the line: above any unfinished end, a win
# above every other place, and each car beaten worth a little.
FINISHED = 2.0
WIN = 1.0
BEATEN = 0.1
ELIMINATED = -30.0
# Rounds a playout to the finish may last at most (a stalled car is valued where it is).
LONGEST = 30


@dataclass(frozen=True, slots=True)
class Candidate:
    """One decision the champion played out: in how many playouts, how many of them the car
    won the race in (ran to the finish) or did best in among the candidates (the same drawn
    race), and their mean worth."""

    decision: Decision
    playouts: int
    won: int
    best: int
    value: float


@dataclass(frozen=True, slots=True)
class Search:
    """The decision the champion made, the playouts it cost, and each candidate's figures
    (best first); no candidates where the expert decided alone."""

    decision: Decision
    playouts: int
    candidates: tuple[Candidate, ...]


def decide(
    view: RaceView,
    car_id: str,
    level: str = "pro",
    seed: int | None = None,
    budget: int | None = None,
) -> Decision:
    """The decision of ``car_id`` at ``level``: the champion searches, any other level is
    :func:`engine.ai.driver.decide` (``seed`` and ``budget`` are the champion's: the
    playouts it searches beside five cars that plan, more beside fewer, :func:`playouts_for`)."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
    if level != CHAMPION:
        return driver.decide(view, car_id, level)
    return search(view, car_id, seed, playouts_for(view, car_id, budget)).decision


def playouts_for(view: RaceView, car_id: str, budget: int | None) -> int:
    """The playouts a ``budget`` buys at this view: the budget is what a plan beside five
    other cars that plan costs (the dearest race: every playout plans for each of them), and
    beside fewer the same time plays more, up to 2.5 times as many beside Legends only
    (:data:`PLANNING_CAR_COST`). The count follows from the view alone, so the same view
    and budget still give the same decision."""
    budget = DEFAULT_PLAYOUTS if budget is None else budget
    planning = sum(
        1 for car in view.cars if car.id != car_id and car.kind != "legend" and car.racing
    )
    full = 1 + PLANNING_CAR_COST * FULL_FIELD
    return round(budget * full / (1 + PLANNING_CAR_COST * planning))


def suggest(
    view: RaceView,
    car_id: str,
    level: str = "pro",
    seed: int | None = None,
    budget: int | None = None,
) -> tuple[Plan, Reason]:
    """The plan ``level`` makes for ``car_id`` at the plan step, with its :class:`Reason`: at
    the champion level the plan its search picked (with ``budget``, as :func:`decide`), the
    Reason carrying what the playouts found for it (:func:`engine.ai.driver.suggest` for any
    other level)."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
    if level != CHAMPION:
        return driver.suggest(view, car_id, level)
    me, _, step = driver._deciding(view, car_id, "expert")
    if step != "plan":
        raise ValueError(f"car {car_id}: the race is not waiting for its plan")
    found = search(view, car_id, seed, playouts_for(view, car_id, budget))
    plan = found.decision
    assert isinstance(plan, Plan)
    judge = Judge.seen_by(view, car_id)
    known = driver._plan_value(me, plan, judge, True, car_id in view.adrenaline)[1]
    reason = explain(judge, me, plan, known)
    chosen = next((c for c in found.candidates if c.decision == plan), None)
    if chosen is None:
        return plan, reason
    return plan, replace(
        reason,
        playouts=chosen.playouts,
        won=chosen.won,
        best=chosen.best,
        plans=len(found.candidates),
    )


# Draws a race the searching car could be in: from its view alone (:func:`determinize`).
Worlds = Callable[[RaceView, Random], RaceState]


def search(
    view: RaceView,
    car_id: str,
    seed: int | None = None,
    playouts: int | None = None,
    settings: SearchSettings | None = None,
    worlds: Worlds = determinize,
) -> Search:
    """The champion's decision for ``car_id`` with ``playouts`` playouts (the default budget
    if None) drawn from ``seed`` (fixed by the view if None).

    ``worlds`` draws the races played out; anything but :func:`determinize` knows more than
    the driver may (bench/champion.py's ``--sees`` measures what the hidden cards are worth
    to the search with it). ``settings`` default to those the budget calls for."""
    budget = DEFAULT_PLAYOUTS if playouts is None else playouts
    if settings is None:
        settings = SearchSettings.for_budget(budget)
    if seed is None:
        seed = zlib.crc32(f"{view.track}/{view.round}/{view.version}/{car_id}".encode())
    if not can_determinize(view) or budget <= 0:
        return Search(driver.decide(view, car_id, "expert"), 0, ())
    options = candidates(view, car_id, settings.candidates)
    if len(options) == 1:
        return Search(options[0], 0, ())
    rng = Random(seed)
    to_finish = _rounds_to_go(view, car_id) <= settings.near
    sums = [0.0] * len(options)
    counts = [0] * len(options)
    won = [0] * len(options)
    best = [0] * len(options)
    # Each candidate's worth less the expert's choice's, in every drawn race both played.
    gains: list[list[float]] = [[] for _ in options]
    # The halving's rounds each candidate stayed in (the last candidates standing, all).
    reached = [0] * len(options)
    alive = list(range(len(options)))
    rounds = max(1, math.ceil(math.log2(len(options))))
    done = 0
    for round_ in range(rounds):
        # The rest of the budget shared among the rounds left; the last round plays it all
        # (its last race, what is left: the expert's choice first).
        share = (budget - done) // (rounds - round_)
        races = share // len(alive) if round_ < rounds - 1 else -(-share // len(alive))
        for _ in range(max(1, races)):
            if done == budget:
                break
            race = worlds(view, Random(rng.getrandbits(64)))
            values: list[tuple[float, int]] = []
            for index in alive:
                if done == budget:
                    break
                value, first = _playout(race, car_id, options[index], settings, to_finish)
                sums[index] += value
                counts[index] += 1
                won[index] += first
                values.append((value, index))
                done += 1
            for value, index in values:
                gains[index].append(value - values[0][0])
            top = max(value for value, _ in values)
            for value, index in values:
                if value == top:
                    best[index] += 1
        for index in alive:
            reached[index] = round_
        if round_ < rounds - 1:
            alive = _halved(alive, sums, counts)
    found = [
        Candidate(option, counts[i], won[i], best[i], sums[i] / counts[i] if counts[i] else 0.0)
        for i, option in enumerate(options)
    ]
    # The candidates that stayed longest first, each round's by its mean (a candidate left
    # unplayed, worth nothing known, last); a tie goes to the plan the expert rates higher.
    order = sorted(
        range(len(found)), key=lambda i: (not found[i].playouts, -reached[i], -found[i].value)
    )
    sure = [i for i in order if i == 0 or _surely_better(gains[i], settings.confidence)]
    chosen = found[sure[0]]
    if chosen.value < found[0].value + settings.margin:
        chosen = found[0]
    return Search(chosen.decision, done, tuple(found[i] for i in order))


def _halved(alive: list[int], sums: list[float], counts: list[int]) -> list[int]:
    """The better half of the candidates still searched (by their means over the same drawn
    races), and the expert's choice (0) always: every other plan is measured against it."""
    ranked = sorted(alive, key=lambda i: -sums[i] / counts[i] if counts[i] else math.inf)
    kept = set(ranked[: math.ceil(len(alive) / 2)]) | {0}
    return sorted(kept)


def _surely_better(gains: list[float], confidence: float) -> bool:
    """Whether gains over the expert's choice are above 0 by ``confidence`` standard errors
    (any gain at all when 0, as the means alone say)."""
    if not confidence:
        return True
    n = len(gains)
    if n < 2:
        return False
    mean = sum(gains) / n
    spread = sum((gain - mean) ** 2 for gain in gains) / (n - 1)
    return mean > confidence * math.sqrt(spread / n)


def candidates(view: RaceView, car_id: str, count: int) -> list[Decision]:
    """The ``count`` plans the expert rates best, best first (the expert's own choice first)."""
    me = view.car(car_id)
    assert me.hand is not None
    skill = driver.LEVELS["expert"]
    judge = Judge.seen_by(view, car_id)
    adrenaline = car_id in view.adrenaline
    rated: list[tuple[float, Plan, int]] = []
    for option in plan_options(car_id, me.gear, me.engine, me.hand, judge.flooded):
        assert isinstance(option, Plan)
        value, known = driver._plan_value(me, option, judge, True, adrenaline)
        rated.append((value, option, known))
    looked = driver._looked_ahead(view, me, skill, rated, adrenaline)
    looked.sort(key=_first, reverse=True)
    return [option for _, option, _ in looked[:count]]


def _first(rated: tuple[float, Plan, int]) -> float:
    return rated[0]


def _rounds_to_go(view: RaceView, car_id: str) -> float:
    me = view.car(car_id)
    return Judge.seen_by(view, car_id).rounds(me.space, me.gear, me.engine)


def _playout(
    race: RaceState, car_id: str, first: Decision, settings: SearchSettings, to_finish: bool
) -> tuple[float, int]:
    """Play ``first`` in ``race``, then every car by its policy, to the horizon or (``to_finish``)
    the car's finish: the end's worth and whether the car won."""
    start = race.round
    last = start + (LONGEST if to_finish else settings.horizon)
    state = race.copy()
    events = apply_in_place(state, first)
    place = _place(events, car_id)
    while place is None:
        waiting = pending(state)
        if waiting is None or (waiting.step == "plan" and state.round >= last):
            break
        if state.car(car_id).eliminated:
            return ELIMINATED, 0
        mover = waiting.cars[0]
        policy = settings.own_policy if mover == car_id else settings.other_policy
        events = apply_in_place(state, driver.decide(view_for(state, mover), mover, policy))
        place = _place(events, car_id)
    if place is not None:
        beaten = len(state.cars) - place
        return FINISHED + (WIN if place == 1 else 0.0) + BEATEN * beaten, int(place == 1)
    if state.car(car_id).eliminated:
        return ELIMINATED, 0
    return _standing(state, car_id), 0


def _place(events: list[Event], car_id: str) -> int | None:
    for event in events:
        if isinstance(event, Finished) and event.car == car_id:
            return event.place
    return None


def _standing(state: RaceState, car_id: str) -> float:
    """Where the car stands at a playout's end (see :func:`position_worth`)."""
    return position_worth(view_for(state, car_id), car_id)


def position_worth(view: RaceView, car_id: str) -> float:
    """The worth of where the car stands: the best plan its hand allows there (minus the
    rounds to go, and what its Heat means), as the expert values the hands its plans keep."""
    hand = view.car(car_id).hand
    assert hand is not None, "the car's own view"
    return best_plan(Judge.seen_by(view, car_id), hand)
