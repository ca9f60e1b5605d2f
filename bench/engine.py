"""Engine speed: full 6-car, 2-lap USA races with random legal drivers.

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
from engine import Decision, Discard, Options, Plan, RaceState
from engine.cards import is_discardable, is_playable
from engine.pending import is_cluttered, reachable_gears
from tests.support.playout import entrants

RACES = 300
MODULES = Options(garage="both")
WEATHER = Options(garage="both", weather=True)


def random_decision(state: RaceState, car_id: str, step: str, rng: random.Random) -> Decision:
    """A random legal decision, sampled without listing every plan or discard."""
    car = state.car(car_id)
    if step == "plan" and not is_cluttered(car.gear, car.engine, car.hand):
        playable = [card for card in car.hand if is_playable(card)]
        gears = [g for g in reachable_gears(car.gear, car.engine) if g <= len(playable)]
        gear = rng.choice(gears)
        return Plan(car_id, gear, tuple(rng.sample(playable, gear)))
    if step == "discard":
        cards = [card for card in car.hand if is_discardable(card) and rng.random() < 0.5]
        return Discard(car_id, tuple(cards))
    return rng.choice(engine.legal_decisions(state, car_id))


def race(seed: int, apply_times: list[float], options: Options | None = None) -> None:
    state, _ = engine.new_race("usa", entrants(["human"] * 6), seed, laps=2, options=options)
    rng = random.Random(seed)
    while (waiting := engine.pending(state)) is not None:
        decision = random_decision(state, rng.choice(waiting.cars), waiting.step, rng)
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
