"""What one Heat in the Engine and a few spaces are worth in wins, measured against the judge.

The expert chooses by the judge's value of where a move ends (:mod:`engine.ai.judge`):
rounds to go from the track map, plus what the Heat in the Engine is worth. Whether that
value trades Heat against spaces as the races do is a question of fact, and this measures
it. Each race (one AI car against five Legends, seeds the other benches never race) is
played once by the level; one of its plan steps after round 1 (drawn from the race's seed)
is taken, and the race is played on from there as it stood and from changed copies of it:

- ``heat-1``: one Heat less in the Engine, in the discard pile instead (a Heat spent for
  nothing: it comes back to the hand as spent Heat does);
- ``heat+1``: one Heat from the discard pile back in the Engine (where the pile holds one);
- ``space+2``, ``space+4``: the car that many spaces further on, where the space is free
  and no corner line lies between.

A copy wins or loses where the race as it stood did not (the Legends' decks are shuffled
with the same seed, so much of the luck is shared). Prints, for each change and Engine
level (``eng_N``, the Heat the car held; ``all`` over every level): ``worth_CHANGE_LEVEL``,
the wins it adds per race (only the copy won, less only the race as it stood), with ``z``
(that difference over the square root of the races that changed: luck alone gives
``|z| >= 2`` about one time in twenty); then ``judge_CHANGE_LEVEL``, the judge's own value of
the same change at the same positions (rounds), and ``spaces_per_heat_LEVEL`` both ways: the
spaces one Heat is worth, in wins (``races``: ``-worth_heat-1`` over a space's worth, the
mean of ``worth_space+2`` and ``worth_space+4`` per space) and by the judge (``judge``).

``python bench/heat_worth.py [LEVEL] [N] [TRACKS] [--laps own|1]``: N seeds from 9000 (default
60) per track, dry and weather; tracks comma-separated (default the five the expert wins
least: Italy, Great Britain, Japan, USA, France); the tracks' own lap counts by default.
Runs on two processes; about 2 minutes for the defaults with the compiled engine.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import data
import engine
from bench.drivers import AI, BEST, lineup
from engine import Options, RaceState, view_for
from engine.ai import Judge, decide
from engine.cards import HEAT
from engine.events import Event, Finished
from engine.movement import free_spot_at_or_behind

FIRST_SEED = 9000
HARD_TRACKS = "italy,great_britain,japan,usa,france"
# Each change as (Heat in the Engine, spaces) the judge is asked about.
CHANGES = {"heat-1": (-1, 0), "heat+1": (1, 0), "space+2": (0, 2), "space+4": (0, 4)}
# Engine levels shown one by one; a fuller Engine counts with the last.
TOP_LEVEL = 7

Job = tuple[str, int, int, bool, str]
# Engine level; whether the race as it stood was won; per change made: whether its copy
# won, and the judge's value of the change (rounds).
Probe = tuple[int, bool, dict[str, tuple[bool, float]]]


def won(state: RaceState, level: str, events: list[Event] | None = None) -> bool:
    """Whether the AI car wins the race played on from ``state`` (Legends and the level)."""
    while True:
        for event in events or ():
            if isinstance(event, Finished) and event.car == AI:
                return event.place == 1
        waiting = engine.pending(state)
        assert waiting is not None, "the race ended before the AI car finished"
        car = waiting.cars[0]
        state, events = engine.apply(state, decide(view_for(state, car), car, level))


def changed(position: RaceState) -> dict[str, RaceState]:
    """The copies of ``position`` each change makes, where it can be made."""
    copies: dict[str, RaceState] = {}
    me = position.car(AI)
    if me.engine >= 1:
        spent = position.copy()
        car = spent.edit_car(AI)
        car.engine -= 1
        car.discard = (*car.discard, HEAT)
        copies["heat-1"] = spent
    if HEAT in me.discard:
        back = position.copy()
        car = back.edit_car(AI)
        pile = list(car.discard)
        pile.remove(HEAT)
        car.discard, car.engine = tuple(pile), car.engine + 1
        copies["heat+1"] = back
    for spaces in (2, 4):
        ahead = position.copy()
        car = ahead.edit_car(AI)
        here = ahead.course
        space, spot = free_spot_at_or_behind(ahead.cars, car, car.space + spaces, here.lap_length)
        if space == car.space + spaces and not here.corners_crossed(car.space, space + 1):
            car.space, car.spot = space, spot
            copies[f"space+{spaces}"] = ahead
    return copies


def judged(position: RaceState, change: str) -> float:
    """The judge's value of ``change`` at ``position`` (rounds), as the car plans there."""
    view = view_for(position, AI)
    me = view.car(AI)
    assert me.hand is not None
    judge = Judge.seen_by(view, AI)
    heat = me.hand.count(HEAT)
    more_heat, more_spaces = CHANGES[change]
    base = judge.value(me.space, me.gear, me.engine, heat)
    return judge.value(me.space + more_spaces, me.gear, me.engine + more_heat, heat) - base


def probe(job: Job) -> Probe:
    """One race: a plan step of it drawn, played on as it stood and from each change."""
    track, seed, laps, weather, level = job
    state, events = engine.new_race(
        track, lineup(), seed, laps=laps, options=Options(weather=weather)
    )
    positions: list[RaceState] = []
    while not any(isinstance(e, Finished) and e.car == AI for e in events):
        waiting = engine.pending(state)
        assert waiting is not None
        if waiting.step == "plan" and waiting.cars == (AI,) and state.round >= 2:
            positions.append(state)
        car = waiting.cars[0]
        state, events = engine.apply(state, decide(view_for(state, car), car, level))
    position = Random(seed).choice(positions)
    results = {
        change: (won(copy, level), judged(position, change))
        for change, copy in changed(position).items()
    }
    return position.car(AI).engine, won(position, level), results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("level", nargs="?", default=BEST)
    parser.add_argument("races", nargs="?", type=int, default=60)
    parser.add_argument("tracks", nargs="?", default=HARD_TRACKS)
    parser.add_argument("--laps", choices=("own", "1"), default="own")
    args = parser.parse_args()
    jobs = [
        (track, seed, data.track(track).laps if args.laps == "own" else 1, weather, args.level)
        for track in args.tracks.split(",")
        for seed in range(FIRST_SEED, FIRST_SEED + args.races)
        for weather in (False, True)
    ]
    with Pool(2) as pool:
        probes = pool.map(probe, jobs, 2)
    print(f"level: {args.level}")
    print(f"races: {len(probes)}")
    # Per change and level: races, only the copy won, only the race as it stood, judge's sum.
    tally: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0, 0, 0.0])
    for engine_heat, base, results in probes:
        for change, (copy_won, judge_value) in results.items():
            for level in ("all", f"eng_{min(engine_heat, TOP_LEVEL)}"):
                row = tally[change, level]
                row[0] += 1
                row[1] += copy_won and not base
                row[2] += base and not copy_won
                row[3] += judge_value
    levels = ["all"] + [f"eng_{n}" for n in range(TOP_LEVEL + 1)]
    worth: dict[tuple[str, str], float] = {}
    judge: dict[tuple[str, str], float] = {}
    for change in CHANGES:
        for level in levels:
            n, gained, lost, judge_sum = tally.get((change, level), (0, 0, 0, 0.0))
            if not n:
                continue
            worth[change, level] = (gained - lost) / n
            judge[change, level] = judge_sum / n
            z = (gained - lost) / math.sqrt(gained + lost) if gained + lost else 0.0
            print(f"worth_{change}_{level}: {worth[change, level]:+.3f} (n {int(n)}, z {z:+.2f})")
            print(f"judge_{change}_{level}: {judge[change, level]:+.3f}")
    for level in levels:
        if ("heat-1", level) in worth and ("space+2", level) in worth:
            races = -worth["heat-1", level] / space_worth(worth, level)
            by_judge = -judge["heat-1", level] / space_worth(judge, level)
            print(f"spaces_per_heat_{level}: races {races:.2f} judge {by_judge:.2f}")


def space_worth(worth: dict[tuple[str, str], float], level: str) -> float:
    """A space's worth at ``level``: the two changes' worth per space, averaged over those with
    races there (NaN where it comes out at nothing or less: a ratio to it says nothing)."""
    each = [
        worth[change, level] / spaces
        for change, spaces in (("space+2", 2), ("space+4", 4))
        if (change, level) in worth
    ]
    mean = sum(each) / len(each)
    return mean if mean > 0 else math.nan


if __name__ == "__main__":
    main()
