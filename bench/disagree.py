"""Where a deep search disagrees with the expert: a teacher for the expert's judge.

The expert races five Legends (1 lap, ``--tracks``, weather off and on, ``--seeds``). At
each of its plans the champion's search also decides, with ``--playouts`` playouts (the
expert's 8 best plans, a plan other than the expert's own only with a sure gain,
:meth:`engine.ai.SearchSettings.for_budget`), and the race goes on with the expert's plan,
so the positions are the expert's own. Where the two differ says what the expert's judge
misses, by kind:

- ``positions``, ``differ`` (the share of plans where the search picked another);
- ``more_stress``, ``fewer_stress``, ``same_stress``: of those, the search's plan plays more
  Stress cards than the expert's, fewer, or as many;
- ``higher_gear``, ``lower_gear``, ``same_gear`` likewise;
- ``more_stress_WHERE`` and ``fewer_stress_WHERE``: the Stress counts again by where the car
  stands against the frontmost Legend (``behind`` it by 2 spaces or more, ``level`` within a
  space, ``ahead`` by 2 or more);
- ``mean_gain``: the search's pick over the expert's, in its own playouts' worth (rounds;
  the best of several plans by its draws, so above what it is really worth).

``python bench/disagree.py [--seeds 21000:21008] [--playouts 200] [--tracks a,b]
[--procs 2]``; from the compiled tree, ``python -m bench.disagree`` (1.4 to 1.8 s a plan on
each process at 200 playouts compiled: 6 to 8 minutes for the default 503 plans on two).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from bench.drivers import lineup
from engine import Options, view_for
from engine.ai import SearchSettings, decide, search
from engine.cards import STRESS
from engine.decisions import Plan

WEAK_TRACKS = "italy,great_britain,japan,france"

# (seed, track, weather, playouts)
Job = tuple[int, str, bool, int]
# Per plan of the expert: (the expert's plan and the search's, or None where they agreed;
# the search's gain in rounds; where the car stands against the frontmost Legend)
Found = list[tuple[tuple[Plan, Plan] | None, float, str]]


def race(job: Job) -> Found:
    """One race of the expert, each of its plans searched too."""
    seed, track, weather, playouts = job
    state, _ = engine.new_race(track, lineup(), seed, laps=1, options=Options(weather=weather))
    me = next(car.id for car in state.cars if car.kind != "legend")
    settings = SearchSettings.for_budget(playouts)
    found: Found = []
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        view = view_for(state, car)
        decision = decide(view, car, "expert")
        if car == me and waiting.step == "plan" and isinstance(decision, Plan):
            searched = search(view, car, seed, playouts, settings)
            values = {c.decision: c.value for c in searched.candidates}
            picked = searched.decision
            where = _where(view.car(me).space, [c.space for c in view.cars if c.kind == "legend"])
            if picked == decision or not isinstance(picked, Plan):
                found.append((None, 0.0, where))
            else:
                gain = values[picked] - values.get(decision, 0.0)
                found.append(((decision, picked), gain, where))
        state, _ = engine.apply(state, decision)
    return found


def _where(space: int, legends: list[int]) -> str:
    """The car against the frontmost Legend: behind, level (within a space) or ahead."""
    gap = space - max(legends)
    return "behind" if gap < -1 else "ahead" if gap > 1 else "level"


def _sign(difference: int) -> str:
    return "more" if difference > 0 else "fewer" if difference < 0 else "same"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", default="21000:21008", help="START:END, END excluded")
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--tracks", default=WEAK_TRACKS)
    parser.add_argument("--procs", type=int, default=2)
    args = parser.parse_args()
    start, end = map(int, args.seeds.split(":"))
    jobs = [
        (seed, track, weather, args.playouts)
        for seed in range(start, end)
        for track in args.tracks.split(",")
        for weather in (False, True)
    ]
    with Pool(args.procs) as pool:
        plans = [plan for found in pool.map(race, jobs) for plan in found]
    kinds: Counter[str] = Counter()
    gains = []
    for pair, gain, where in plans:
        if pair is None:
            continue
        expert, picked = pair
        stress = _sign(picked.cards.count(STRESS) - expert.cards.count(STRESS))
        kinds[f"{stress}_stress"] += 1
        kinds[f"{stress}_stress_{where}"] += 1
        gear = {"more": "higher", "fewer": "lower", "same": "same"}
        kinds[f"{gear[_sign(picked.gear - expert.gear)]}_gear"] += 1
        gains.append(gain)
    print(f"races: {len(jobs)}")
    print(f"playouts: {args.playouts}")
    print(f"positions: {len(plans)}")
    print(f"differ: {len(gains) / max(1, len(plans)):.3f}")
    for kind in ("more_stress", "fewer_stress", "same_stress"):
        print(f"{kind}: {kinds[kind]}")
    for kind in ("higher_gear", "lower_gear", "same_gear"):
        print(f"{kind}: {kinds[kind]}")
    for where in ("behind", "level", "ahead"):
        for stress in ("more", "fewer"):
            print(f"{stress}_stress_{where}: {kinds[f'{stress}_stress_{where}']}")
    print(f"mean_gain: {sum(gains) / max(1, len(gains)):.3f}")


if __name__ == "__main__":
    main()
