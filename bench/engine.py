"""Engine speed: full 6-car, 2-lap USA races with random legal drivers.

The drivers are the engine's own (:func:`engine.playout.random_decision`), so in the
compiled build they run compiled too.

Prints ``races_per_s`` (whole races, drivers included, on one core) and
``apply_p99_ms`` (the 99th percentile of one ``engine.apply`` call), then
``races_per_s_modules``: the same races with the Garage module on (both decks,
the 3-round draft included), and ``races_per_s_weather``: Garage and weather on
(the road conditions are asked about on every move).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine import Options
from engine.playout import random_decision
from tests.support.playout import entrants

RACES = 300
MODULES = Options(garage="both")
WEATHER = Options(garage="both", weather=True)


def race(seed: int, apply_times: list[float], options: Options | None = None) -> None:
    state, _ = engine.new_race("usa", entrants(["human"] * 6), seed, laps=2, options=options)
    rng = random.Random(seed)
    while (waiting := engine.pending(state)) is not None:
        decision = random_decision(state, waiting, rng)
        start = time.perf_counter()
        state, _ = engine.apply(state, decision)
        apply_times.append(time.perf_counter() - start)


def main() -> None:
    apply_times: list[float] = []
    start = time.perf_counter()
    for seed in range(RACES):
        race(seed, apply_times)
    elapsed = time.perf_counter() - start
    apply_times.sort()
    p99 = apply_times[int(len(apply_times) * 0.99)]
    print(f"races: {RACES}")
    print(f"decisions_per_race: {len(apply_times) / RACES:.0f}")
    print(f"races_per_s: {RACES / elapsed:.0f}")
    print(f"apply_p99_ms: {p99 * 1000:.3f}")
    start = time.perf_counter()
    for seed in range(RACES):
        race(seed, [], MODULES)
    print(f"races_per_s_modules: {RACES / (time.perf_counter() - start):.0f}")
    start = time.perf_counter()
    for seed in range(RACES):
        race(seed, [], WEATHER)
    print(f"races_per_s_weather: {RACES / (time.perf_counter() - start):.0f}")


if __name__ == "__main__":
    main()
