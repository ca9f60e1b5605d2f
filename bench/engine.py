"""Engine speed: full 6-car, 2-lap USA races with random legal drivers.

The drivers are the engine's own (:func:`engine.ai.random_decision`), so in the
compiled build they run compiled too.

Prints ``races_per_s``: whole races, drivers included, on one core, each decision made
with :func:`engine.apply_in_place` on the race's own state, as a search's playouts make
them. ``races_per_s_apply`` plays the same races with :func:`engine.apply`, a new state
at every decision as the bot keeps them (and each call timed), and ``apply_p99_ms`` is
the 99th percentile of one such call. ``races_per_s_modules``: the same races with the
Garage module on (both decks, the 3-round draft included), and ``races_per_s_weather``:
Garage and weather on (the road conditions are asked about on every move), both in
place. ``playouts_per_s`` is what a driver that searches would get: random playouts to
the end of a 1-lap, 6-car race with all the rules on, each from a position at the start
of round 3 (``playout_rounds``: the rounds a playout races, on average).
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


def race(seed: int, options: Options | None = None) -> int:
    """One race made decision by decision in its own state; returns its decisions."""
    state, _ = engine.new_race("usa", entrants(["human"] * 6), seed, laps=2, options=options)
    rng = random.Random(seed)
    decisions = 0
    while (waiting := engine.pending(state)) is not None:
        engine.apply_in_place(state, random_decision(state, waiting, rng))
        decisions += 1
    return decisions


def race_applied(seed: int, apply_times: list[float]) -> None:
    """The same race with a new state at every decision, each ``engine.apply`` timed."""
    state, _ = engine.new_race("usa", entrants(["human"] * 6), seed, laps=2)
    rng = random.Random(seed)
    while (waiting := engine.pending(state)) is not None:
        decision = random_decision(state, waiting, rng)
        start = time.perf_counter()
        state, _ = engine.apply(state, decision)
        apply_times.append(time.perf_counter() - start)


def play_to_end(state: RaceState, rng: random.Random, until_round: int | None = None) -> RaceState:
    """The race after random decisions, to its end or up to the start of ``until_round``
    (a copy: ``state`` is not changed)."""
    state = state.copy()
    while (waiting := engine.pending(state)) is not None:
        if until_round is not None and state.round >= until_round:
            break
        engine.apply_in_place(state, random_decision(state, waiting, rng))
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
    start = time.perf_counter()
    decisions = sum(race(seed) for seed in range(RACES))
    elapsed = time.perf_counter() - start
    print(f"races: {RACES}")
    print(f"decisions_per_race: {decisions / RACES:.0f}")
    print(f"races_per_s: {RACES / elapsed:.0f}")
    apply_times: list[float] = []
    start = time.perf_counter()
    for seed in range(RACES):
        race_applied(seed, apply_times)
    print(f"races_per_s_apply: {RACES / (time.perf_counter() - start):.0f}")
    apply_times.sort()
    print(f"apply_p99_ms: {apply_times[int(len(apply_times) * 0.99)] * 1000:.3f}")
    start = time.perf_counter()
    for seed in range(RACES):
        race(seed, MODULES)
    print(f"races_per_s_modules: {RACES / (time.perf_counter() - start):.0f}")
    start = time.perf_counter()
    for seed in range(RACES):
        race(seed, WEATHER)
    print(f"races_per_s_weather: {RACES / (time.perf_counter() - start):.0f}")
    per_s, rounds = playouts()
    print(f"playouts_per_s: {per_s:.0f}")
    print(f"playout_rounds: {rounds:.1f}")


if __name__ == "__main__":
    main()
