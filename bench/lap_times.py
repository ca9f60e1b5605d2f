"""Lap by lap at each track's own lap count: the rounds an AI level takes against the first
Legend's, so a loss can be placed in the lap that makes it.

``python bench/lap_times.py [LEVEL] [N] [TRACKS]`` races one AI car (default the expert)
against five Legends on seeds 0..N-1 (default 40) of each track (comma-separated, default
all), weather off and on, at the track's own laps, until the AI and a Legend have both
crossed every lap line. Per track it prints ``lap_rounds_TRACK_ai`` and
``lap_rounds_TRACK_legend`` (the mean rounds of each lap: from the start, then from the
round the previous lap line was crossed, for the AI and for whichever Legend crossed each
line first) and ``lap_gain_TRACK`` (the Legend's rounds minus the AI's: negative where the
AI falls behind), then ``win_rate_TRACK``. Runs on two processes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import data
import engine
from bench.drivers import AI, BEST, lineup
from engine import Options, view_for
from engine.ai import decide
from engine.events import Finished

Job = tuple[str, int, bool, str]  # track, seed, weather, level
T = TypeVar("T")


def race(job: Job) -> tuple[bool, tuple[int, ...], tuple[int, ...]]:
    """Whether the AI won, and the round each lap line was crossed by it and by a Legend."""
    track, seed, weather, level = job
    state, _ = engine.new_race(track, lineup(), seed, options=Options(weather=weather))
    length = state.course.lap_length
    lines = [length * lap for lap in range(1, state.laps + 1)]
    ai: list[int] = []
    legend: list[int] = []
    won = False
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        this_round = state.round
        state, events = engine.apply(state, decide(view_for(state, car), car, level))
        won = won or any(isinstance(e, Finished) and e.car == AI and e.place == 1 for e in events)
        me = state.car(AI)
        while len(ai) < len(lines) and (me.finished or me.space > lines[len(ai)]):
            ai.append(this_round)
        while len(legend) < len(lines) and any(
            c.is_legend and (c.finished or c.space > lines[len(legend)]) for c in state.cars
        ):
            legend.append(this_round)
        if len(ai) == len(legend) == len(lines):
            return won, tuple(ai), tuple(legend)
    raise AssertionError(f"{track} seed {seed}: the race ended before every lap was timed")


def per_lap(crossed: list[tuple[int, ...]]) -> list[float]:
    """The mean rounds of each lap, from the rounds its lines were crossed in."""
    laps = len(crossed[0])
    return [
        sum(rounds[lap] - (rounds[lap - 1] if lap else 0) for rounds in crossed) / len(crossed)
        for lap in range(laps)
    ]


def races_by_track(race_one: Callable[[Job], T]) -> list[tuple[str, list[T]]]:
    """``race_one`` run on every job the command line's ``[LEVEL] [N] [TRACKS]`` name (seeds
    0..N-1 of each track, weather off and on) on two processes, the results by track; the
    level and the races per track printed first."""
    args = sys.argv[1:]
    level = args[0] if args else BEST
    count = int(args[1]) if len(args) > 1 else 40
    tracks = args[2].split(",") if len(args) > 2 else list(data.track_ids())
    jobs = [(t, seed, w, level) for t in tracks for w in (False, True) for seed in range(count)]
    with Pool(2) as pool:
        results = pool.map(race_one, jobs, 4)
    print(f"level: {level}")
    print(f"races_per_track: {2 * count}")
    return [(track, results[i * 2 * count : (i + 1) * 2 * count]) for i, track in enumerate(tracks)]


def main() -> None:
    for track, mine in races_by_track(race):
        ai = per_lap([r[1] for r in mine])
        legend = per_lap([r[2] for r in mine])
        print(f"lap_rounds_{track}_ai: " + " ".join(f"{x:.2f}" for x in ai))
        print(f"lap_rounds_{track}_legend: " + " ".join(f"{x:.2f}" for x in legend))
        gains = (b - a for a, b in zip(ai, legend, strict=True))
        print(f"lap_gain_{track}: " + " ".join(f"{gain:+.2f}" for gain in gains))
        print(f"win_rate_{track}: {sum(r[0] for r in mine) / len(mine):.3f}")


if __name__ == "__main__":
    main()
