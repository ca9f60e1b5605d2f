"""AI drivers on 1-lap races: how often they win, how fast they go, how fast they think.

Every level of :data:`engine.ai.LEVELS` races five Legends on the same seeded 1-lap USA
races, without and with the Garage module (both decks, the 3-round draft, the AI
drafting too): ``LEVEL_win_rate_vs_legends``, ``LEVEL_win_rate_vs_legends_modules`` and
``LEVEL_decision_p99_ms`` (one ``decide`` call, both sets of races). The best level
(:data:`BEST`) gives the headline figures: ``ai_win_rate_vs_legends``, ``..._modules`` and
``ai_decision_p99_ms``, and races on every track, weather off and on
(``ai_win_rate_vs_legends_TRACK`` and ``..._TRACK_weather``, RACES / TRACK_SHARE races
each). The pro level also races five random legal drivers: ``ai_win_rate_vs_random``
(and ``..._modules``), ``ai_rounds_mean`` and ``ai_spinouts_per_race``. No level searches
playouts (``bench/engine.py`` prints the ``playouts_per_s`` one would get). A race is
stopped once the AI has finished: its place is known then. The first argument replaces
RACES (fewer races while tuning). Runs on two processes.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import data
import engine
from engine import Entrant, Options, view_for
from engine.ai import LEVELS, decide
from engine.events import Finished, SpunOut
from engine.state import CarKind

RACES = 1000
# Each track, with the weather off and on, races this share of RACES (1 AI car, 5 Legends).
TRACK_SHARE = 5
PROCESSES = 2
# The Legends deck knows these colours; the AI takes the first, its rivals the rest.
COLOURS = ("black", "blue", "green", "red", "gray", "yellow")
AI = "A"
# The strongest level: the headline figures and the per-track ones are its own.
BEST = "expert"


def lineup(rivals: CarKind = "legend") -> list[Entrant]:
    """The AI car (id AI, the first colour) and five ``rivals`` (``legend`` or ``human``, the
    random drivers): the field every AI bench races."""
    return [Entrant(AI, COLOURS[0], "ai")] + [
        Entrant(chr(ord("B") + i), colour, rivals) for i, colour in enumerate(COLOURS[1:])
    ]


@dataclass(frozen=True)
class Result:
    won: bool
    rounds: int
    spinouts: int
    decide_seconds: tuple[float, ...]


def race(
    seed: int,
    rivals: str,
    level: str,
    modules: bool = False,
    track: str = "usa",
    weather: bool = False,
) -> Result:
    """One race of the AI car against five ``rivals`` ("random" or "legend") until it finishes."""
    entrants = lineup("legend" if rivals == "legend" else "human")
    options = Options(garage="both" if modules else "off", weather=weather)
    state, _ = engine.new_race(track, entrants, seed, laps=1, options=options)
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


Job = tuple[int, str, str, bool, str, bool]


def run(job: Job) -> Result:
    return race(*job)


def win_rate(results: list[Result]) -> float:
    return sum(r.won for r in results) / len(results)


def main() -> None:
    races = int(sys.argv[1]) if len(sys.argv) > 1 else RACES
    per_track = max(1, races // TRACK_SHARE)
    with Pool(PROCESSES) as pool:

        def batch(
            rivals: str,
            level: str,
            modules: bool = False,
            track: str = "usa",
            weather: bool = False,
            count: int = races,
        ) -> list[Result]:
            jobs = [(seed, rivals, level, modules, track, weather) for seed in range(count)]
            return pool.map(run, jobs, 10)

        vs_random = batch("random", "pro")
        random_modules = batch("random", "pro", modules=True)
        levels = {
            (level, modules): batch("legend", level, modules)
            for level in LEVELS
            for modules in (False, True)
        }
        tracks = {
            (track, weather): batch("legend", BEST, False, track, weather, per_track)
            for track in data.track_ids()
            for weather in (False, True)
        }
    print(f"races: {races}")
    print(f"ai_win_rate_vs_random: {win_rate(vs_random):.3f}")
    print(f"ai_win_rate_vs_random_modules: {win_rate(random_modules):.3f}")
    print(f"ai_rounds_mean: {sum(r.rounds for r in vs_random) / races:.2f}")
    print(f"ai_spinouts_per_race: {sum(r.spinouts for r in vs_random) / races:.3f}")
    for level in LEVELS:
        print(f"{level}_win_rate_vs_legends: {win_rate(levels[level, False]):.3f}")
        print(f"{level}_win_rate_vs_legends_modules: {win_rate(levels[level, True]):.3f}")
        print(f"{level}_decision_p99_ms: {p99_ms(levels[level, False] + levels[level, True]):.2f}")
    print(f"ai_level: {BEST}")
    print(f"ai_win_rate_vs_legends: {win_rate(levels[BEST, False]):.3f}")
    print(f"ai_win_rate_vs_legends_modules: {win_rate(levels[BEST, True]):.3f}")
    print(f"ai_decision_p99_ms: {p99_ms(levels[BEST, False] + levels[BEST, True]):.2f}")
    print(f"races_per_track: {per_track}")
    for (track, weather), results in tracks.items():
        name = f"ai_win_rate_vs_legends_{track}" + ("_weather" if weather else "")
        print(f"{name}: {win_rate(results):.3f}")
    every = [result for results in tracks.values() for result in results]
    print(f"ai_win_rate_vs_legends_all_tracks: {win_rate(every):.3f}")


def p99_ms(results: list[Result]) -> float:
    """The 99th percentile of one decision's time, in milliseconds."""
    times = sorted(t for result in results for t in result.decide_seconds)
    return times[int(len(times) * 0.99)] * 1000


if __name__ == "__main__":
    main()
