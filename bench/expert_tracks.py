"""The expert on every track: its win rate against five Legends, dry and with weather.

One AI car at :data:`bench.drivers.BEST` (the expert) races five Legends on the seeded races
``--seeds START:END`` (default 0:100) of each track, weather off and on, at 1 lap and at the
track's own lap count (``--laps 1``, ``own`` or ``both``, the default), without the Garage or
with it (``--garage``: both decks, the 3-round draft). It prints ``name: value`` lines:
``win_rate_TRACK[_weather]_1lap`` and ``..._own_laps`` with the 95% Wilson interval,
``races``, per lap setting the mean (``mean_1lap``, ``mean_own_laps``) and the lowest
(``lowest_...``) over the settings raced, and ``decision_p99_ms`` over every decision of
the AI (the first decisions on a new weather's corners build its track map: they count).
``--tracks a,b`` races only those tracks; ``--level`` another level. A race is stopped
once the AI has finished. Runs on two processes.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import data
import engine
from bench.drivers import AI, BEST, lineup, wilson
from engine import Options, view_for
from engine.ai import decide
from engine.events import Finished

# (seed, track, weather, laps or None for the track's own, garage, level)
Job = tuple[int, str, bool, int | None, bool, str]


def race(job: Job) -> tuple[bool, tuple[float, ...]]:
    """One race until the AI finishes: whether it won, and each of its decisions' seconds."""
    seed, track, weather, laps, garage, level = job
    options = Options(garage="both" if garage else "off", weather=weather)
    state, _ = engine.new_race(track, lineup(), seed, laps=laps, options=options)
    times: list[float] = []
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        start = time.perf_counter()
        decision = decide(view_for(state, car), car, level)
        if car == AI:
            times.append(time.perf_counter() - start)
        state, events = engine.apply(state, decision)
        for event in events:
            if isinstance(event, Finished) and event.car == AI:
                return event.place == 1, tuple(times)
    raise AssertionError(f"seed {seed}: the race ended without the AI finishing")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0:100", help="START:END, END excluded")
    parser.add_argument("--laps", choices=("1", "own", "both"), default="both")
    parser.add_argument("--tracks", default=",".join(data.track_ids()))
    parser.add_argument("--weather", choices=("off", "on", "both"), default="both")
    parser.add_argument("--garage", action="store_true")
    parser.add_argument("--level", default=BEST)
    args = parser.parse_args()
    first, last = (int(part) for part in args.seeds.split(":"))
    tracks = args.tracks.split(",")
    lap_choices: dict[str, list[int | None]] = {"1": [1], "own": [None], "both": [1, None]}
    lap_settings = lap_choices[args.laps]
    weathers = {"off": [False], "on": [True], "both": [False, True]}[args.weather]
    settings = [(t, w, laps) for laps in lap_settings for t in tracks for w in weathers]
    jobs = [
        (seed, track, weather, laps, args.garage, args.level)
        for track, weather, laps in settings
        for seed in range(first, last)
    ]
    with Pool(2) as pool:
        results = pool.map(race, jobs, 4)
    print(f"level: {args.level}")
    print(f"garage: {args.garage}")
    print(f"seeds: {first}:{last}")
    print(f"races: {len(results)}")
    for track in tracks:
        print(f"own_laps_{track}: {data.track(track).laps}")
    per = last - first
    rates: dict[int | None, list[float]] = {}
    for i, (track, weather, laps) in enumerate(settings):
        won = sum(w for w, _ in results[i * per : (i + 1) * per])
        low, high = wilson(won, per)
        lap_name = "1lap" if laps == 1 else "own_laps"
        name = f"win_rate_{track}" + ("_weather" if weather else "") + f"_{lap_name}"
        print(f"{name}: {won / per:.3f} [{low:.3f}, {high:.3f}]")
        rates.setdefault(laps, []).append(won / per)
    for laps, values in rates.items():
        tag = "1lap" if laps == 1 else "own_laps"
        print(f"mean_{tag}: {sum(values) / len(values):.3f}")
        print(f"lowest_{tag}: {min(values):.3f}")
    times = sorted(t for _, ts in results for t in ts)
    print(f"decisions: {len(times)}")
    print(f"decision_p99_ms: {times[int(len(times) * 0.99)] * 1000:.2f}")


if __name__ == "__main__":
    main()
