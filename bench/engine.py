"""Engine speed: full 6-car, 2-lap USA races with random legal drivers.

The drivers are the engine's own (:func:`engine.ai.random_decision`), so in the
compiled build they run compiled too.

Prints ``races_per_s`` (whole races, drivers included, on one core) and
``apply_p99_ms`` (the 99th percentile of one ``engine.apply`` call), then
``races_per_s_modules``: the same races with the Garage module on (both decks,
the 3-round draft included), and ``races_per_s_weather``: Garage and weather on
(the road conditions are asked about on every move). ``playouts_per_s`` is what a driver
that searches would get: random playouts to the end of a 1-lap, 6-car race with all the
rules on, each from a position at the start of round 3 (``playout_rounds``: the rounds
a playout races, on average).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine import Options, RaceState
from engine.ai import random_decision
from tests.support.playout import entrants

RACES = 300
MODULES = Options(garage="both")
WEATHER = Options(garage="both", weather=True)
PLAYOUT_POSITIONS = 50
PLAYOUTS_EACH = 10


def race(seed: int, apply_times: list[float], options: Options | None = None) -> None:
    state, _ = engine.new_race("usa", entrants(["human"] * 6), seed, laps=2, options=options)
    rng = random.Random(seed)
    while (waiting := engine.pending(state)) is not None:
        decision = random_decision(state, waiting, rng)
        start = time.perf_counter()
        state, _ = engine.apply(state, decision)
        apply_times.append(time.perf_counter() - start)


def play_to_end(state: RaceState, rng: random.Random, until_round: int | None = None) -> RaceState:
    """The race after random decisions, to its end or up to the start of ``until_round``."""
    while (waiting := engine.pending(state)) is not None:
        if until_round is not None and state.round >= until_round:
            break
        state, _ = engine.apply(state, random_decision(state, waiting, rng))
    return state


def playouts() -> tuple[float, float]:
    """Random playouts per second from positions at the start of round 3, and their rounds."""
    positions = []
    for seed in range(PLAYOUT_POSITIONS):
        state, _ = engine.new_race("usa", entrants(["human"] * 6), seed, laps=1, options=WEATHER)
        positions.append(play_to_end(state, random.Random(seed), until_round=3))
    rounds = 0
    start = time.perf_counter()
    for number, position in enumerate(positions):
        for playout in range(PLAYOUTS_EACH):
            end = play_to_end(position, random.Random(number * PLAYOUTS_EACH + playout))
            rounds += end.round - position.round + 1
    count = PLAYOUT_POSITIONS * PLAYOUTS_EACH
    return count / (time.perf_counter() - start), rounds / count


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
    per_s, rounds = playouts()
    print(f"playouts_per_s: {per_s:.0f}")
    print(f"playout_rounds: {rounds:.1f}")


if __name__ == "__main__":
    main()
