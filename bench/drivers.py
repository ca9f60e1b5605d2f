"""AI drivers on 1-lap USA races: how often they win, how fast they go, how fast they think.

One AI car (the best level) races five random legal drivers, then five Legends,
on the same seeds; the rookie also races the Legends for comparison. A race is
stopped once the AI has finished: its place is known then. Prints, one per line:
``ai_win_rate_vs_random``, ``ai_rounds_mean`` and ``ai_spinouts_per_race`` (both
from the races against random drivers), ``ai_win_rate_vs_legends``,
``rookie_win_rate_vs_legends`` and ``ai_decision_p99_ms`` (one ``decide`` call).
Then the same with the Garage module on (both decks, the 3-round draft, the AI
drafting too): ``ai_win_rate_vs_random_modules`` and ``ai_win_rate_vs_legends_modules``.
Runs on two processes.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine import Entrant, Options, view_for
from engine.ai import decide
from engine.events import Finished, SpunOut

RACES = 1000
PROCESSES = 2
# The Legends deck knows these colours; the AI takes the first, its rivals the rest.
COLOURS = ("black", "blue", "green", "red", "gray", "yellow")
AI = "A"
MODULES = Options(garage="both")


@dataclass(frozen=True)
class Result:
    won: bool
    rounds: int
    spinouts: int
    decide_seconds: tuple[float, ...]


def race(seed: int, rivals: str, level: str, modules: bool = False) -> Result:
    """One race of the AI car against five ``rivals`` ("random" or "legend") until it finishes."""
    kind = "legend" if rivals == "legend" else "human"
    entrants = [Entrant(AI, COLOURS[0], "ai")] + [
        Entrant(chr(ord("B") + i), colour, kind) for i, colour in enumerate(COLOURS[1:])
    ]
    options = MODULES if modules else None
    state, _ = engine.new_race("usa", entrants, seed, laps=1, options=options)
    rng = random.Random(seed)
    spinouts = 0
    times: list[float] = []
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        if car == AI:
            start = time.perf_counter()
            decision = decide(view_for(state, car), car, level)
            times.append(time.perf_counter() - start)
        else:
            decision = rng.choice(engine.legal_decisions(state, car))
        finishing_round = state.round
        state, events = engine.apply(state, decision)
        spinouts += sum(1 for e in events if isinstance(e, SpunOut) and e.car == AI)
        for event in events:
            if isinstance(event, Finished) and event.car == AI:
                return Result(event.place == 1, finishing_round, spinouts, tuple(times))
    raise AssertionError(f"seed {seed}: the race ended without the AI finishing")


def run(job: tuple[int, str, str, bool]) -> Result:
    return race(*job)


def main() -> None:
    with Pool(PROCESSES) as pool:
        vs_random = pool.map(run, [(seed, "random", "pro", False) for seed in range(RACES)], 20)
        vs_legends = pool.map(run, [(seed, "legend", "pro", False) for seed in range(RACES)], 20)
        rookie = pool.map(run, [(seed, "legend", "rookie", False) for seed in range(RACES)], 20)
        random_modules = pool.map(run, [(seed, "random", "pro", True) for seed in range(RACES)], 20)
        legends_modules = pool.map(
            run, [(seed, "legend", "pro", True) for seed in range(RACES)], 20
        )
    times = sorted(t for result in vs_random + vs_legends for t in result.decide_seconds)
    print(f"races: {RACES}")
    print(f"ai_win_rate_vs_random: {sum(r.won for r in vs_random) / RACES:.3f}")
    print(f"ai_rounds_mean: {sum(r.rounds for r in vs_random) / RACES:.2f}")
    print(f"ai_spinouts_per_race: {sum(r.spinouts for r in vs_random) / RACES:.3f}")
    print(f"ai_win_rate_vs_legends: {sum(r.won for r in vs_legends) / RACES:.3f}")
    print(f"rookie_win_rate_vs_legends: {sum(r.won for r in rookie) / RACES:.3f}")
    print(f"ai_decision_p99_ms: {times[int(len(times) * 0.99)] * 1000:.2f}")
    print(f"ai_win_rate_vs_random_modules: {sum(r.won for r in random_modules) / RACES:.3f}")
    print(f"ai_win_rate_vs_legends_modules: {sum(r.won for r in legends_modules) / RACES:.3f}")


if __name__ == "__main__":
    main()
