"""AI drivers on 1-lap races and at the tracks' own lap counts: how often each level wins,
how fast it thinks, and the champion against the expert.

``python bench/drivers.py [RACES] [--per-track N] [--own-laps N] [--champion-races N]
[--h2h N] [--playouts N] [--levels L,L] [--tracks T,T] [--procs N]`` prints ``name: value`` lines
(a win rate with its 95% Wilson interval, ``0.773 [0.746, 0.798]``):

- every level of :data:`engine.ai.LEVELS` races five Legends on the same seeded 1-lap USA
  races, without and with the Garage module (both decks, the 3-round draft, the AI
  drafting too): ``LEVEL_win_rate_vs_legends``, ``LEVEL_win_rate_vs_legends_modules``,
  and the time of one decision over both (``LEVEL_decision_p50_ms``, ``..._p99_ms``) and
  of a plan, the step the champion searches (``LEVEL_plan_p50_ms``, ``..._p99_ms``);
- every level on every track, weather off and on (``--per-track`` races each):
  ``LEVEL_win_rate_vs_legends_TRACK`` and ``..._TRACK_weather``, ``LEVEL_all_tracks``
  (every race), ``LEVEL_mean_of_settings`` and ``LEVEL_lowest_setting``;
- with ``--own-laps N``, the same on N races a setting at each track's own lap count (the
  bot's default race, ``own_laps_TRACK`` laps): ``LEVEL_own_laps_TRACK[_weather]``,
  ``LEVEL_own_laps_all_tracks``, ``LEVEL_own_laps_mean_of_settings`` and
  ``LEVEL_own_laps_lowest_setting``;
- head to head (``--h2h`` races, over the tracks, weather off then on): the champion
  (car A), the expert (car B) and four Legends, the two swapping grid places every other
  seed: ``champion_ahead_of_expert`` (the share of races the champion finishes ahead)
  and each one's win rate;
- the pro level against five random legal drivers: ``ai_win_rate_vs_random`` (and
  ``..._modules``), ``ai_rounds_mean`` and ``ai_spinouts_per_race``;
- the best judging level (:data:`BEST`) gives the headline figures the README's history
  quotes: ``ai_win_rate_vs_legends``, ``..._modules``, ``ai_decision_p99_ms`` and
  ``ai_win_rate_vs_legends_TRACK[_weather]``, ``..._all_tracks``.

The champion's budget is ``--playouts`` playouts a plan beside five cars that plan (default
the bot's, ``HEAT_CHAMPION_PLAYOUTS``; beside Legends it buys more, as in the bot:
:func:`engine.ai.playouts_for`) and it races ``--champion-races`` races a setting (default
small: a champion race takes seconds, a judging level's milliseconds). A race is stopped
once the cars measured have finished: their places are known then. Runs on ``--procs``
processes (2).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import data
import engine
from bot.hosting.settings import CHAMPION_PLAYOUTS
from engine import Entrant, Options, view_for
from engine.ai import CHAMPION, LEVELS, decide
from engine.events import Finished, SpunOut
from engine.state import CarKind

RACES = 1000
# Each track, with the weather off and on, races this share of RACES (1 AI car, 5 Legends).
TRACK_SHARE = 5
CHAMPION_RACES = 4  # a setting's races for the champion (about 5 s a race on one core)
H2H_RACES = 10
PROCESSES = 2
# The Legends deck knows these colours; the AI takes the first, its rivals the rest.
COLOURS = ("black", "blue", "green", "red", "gray", "yellow")
AI = "A"
RIVAL = "B"  # the expert, head to head
# The strongest level that judges without searching: the headline figures are its own.
BEST = "expert"


def lineup(rivals: CarKind = "legend") -> list[Entrant]:
    """The AI car (id AI, the first colour) and five ``rivals`` (``legend`` or ``human``, the
    random drivers): the field every AI bench races."""
    return [Entrant(AI, COLOURS[0], "ai")] + [
        Entrant(chr(ord("B") + i), colour, rivals) for i, colour in enumerate(COLOURS[1:])
    ]


def duel_lineup(seed: int) -> list[Entrant]:
    """The champion (car A) and the expert (car B) on the first two grid places, swapped
    every other seed, and four Legends."""
    first, second = (AI, RIVAL) if seed % 2 == 0 else (RIVAL, AI)
    cars = [Entrant(first, COLOURS[0], "ai"), Entrant(second, COLOURS[1], "ai")]
    cars += [Entrant(chr(ord("C") + i), c, "legend") for i, c in enumerate(COLOURS[2:])]
    return cars


@dataclass(frozen=True)
class Result:
    won: bool
    rounds: int
    spinouts: int
    decide_seconds: tuple[float, ...]
    plan_seconds: tuple[float, ...]
    # Head to head: whether the champion finished ahead of the expert, and the expert won.
    ahead: bool = False
    rival_won: bool = False


@dataclass(frozen=True)
class Job:
    seed: int
    rivals: str  # "legend", "random" or "duel" (the champion, the expert, four Legends)
    level: str
    modules: bool = False
    track: str = "usa"
    weather: bool = False
    playouts: int = CHAMPION_PLAYOUTS
    laps: int | None = 1  # None: the track's own


def race(job: Job) -> Result:
    """One race of the AI car against its rivals, until the cars measured finish."""
    if job.rivals == "duel":
        entrants = duel_lineup(job.seed)
    else:
        entrants = lineup("legend" if job.rivals == "legend" else "human")
    options = Options(garage="both" if job.modules else "off", weather=job.weather)
    state, _ = engine.new_race(job.track, entrants, job.seed, laps=job.laps, options=options)
    rng = random.Random(job.seed)
    spinouts = 0
    times: list[float] = []
    plans: list[float] = []
    places: dict[str, tuple[int, int]] = {}  # car: (place, the round it finished in)
    watched = {AI, RIVAL} if job.rivals == "duel" else {AI}
    while (waiting := engine.pending(state)) is not None and not watched <= set(places):
        car = waiting.cars[0]
        if car == AI:
            start = time.perf_counter()
            decision = decide(view_for(state, car), car, job.level, budget=job.playouts)
            spent = time.perf_counter() - start
            times.append(spent)
            if waiting.step == "plan":
                plans.append(spent)
        elif car == RIVAL and job.rivals == "duel":
            decision = decide(view_for(state, car), car, BEST)
        else:
            decision = rng.choice(engine.legal_decisions(state, car))
        finishing_round = state.round
        state, events = engine.apply(state, decision)
        spinouts += sum(1 for e in events if isinstance(e, SpunOut) and e.car == AI)
        for event in events:
            if isinstance(event, Finished) and event.car is not None:
                places[event.car] = (event.place, finishing_round)
    if AI not in places:
        raise AssertionError(f"seed {job.seed}: the race ended without the AI finishing")
    place, rounds = places[AI]
    rival = places.get(RIVAL, (99, 0))[0]
    return Result(
        place == 1, rounds, spinouts, tuple(times), tuple(plans), place < rival, rival == 1
    )


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(name: str, hits: Sequence[bool]) -> float:
    """Print ``name: share [low, high]`` and return the share."""
    wins, n = sum(hits), len(hits)
    low, high = wilson(wins, n)
    share = wins / max(1, n)
    print(f"{name}: {share:.3f} [{low:.3f}, {high:.3f}]")
    return share


def win_rate(results: list[Result]) -> float:
    return sum(r.won for r in results) / max(1, len(results))


def quantile_ms(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000 if ordered else 0.0


def p99_ms(results: list[Result]) -> float:
    """The 99th percentile of one decision's time, in milliseconds."""
    return quantile_ms([t for result in results for t in result.decide_seconds], 0.99)


def print_settings(
    prefix: str,
    summary: str,
    results: dict[tuple[str, str, bool], list[Result]],
    level: str,
    settings: list[tuple[str, bool]],
) -> None:
    """Print ``PREFIX_TRACK[_weather]`` for every setting, then ``SUMMARY_all_tracks``,
    ``SUMMARY_mean_of_settings`` and ``SUMMARY_lowest_setting``."""
    shares = []
    for track, weather in settings:
        name = f"{prefix}_{track}" + ("_weather" if weather else "")
        shares.append(rate(name, [r.won for r in results[level, track, weather]]))
    every = [r.won for track, weather in settings for r in results[level, track, weather]]
    rate(f"{summary}_all_tracks", every)
    print(f"{summary}_mean_of_settings: {sum(shares) / len(shares):.3f}")
    print(f"{summary}_lowest_setting: {min(shares):.3f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "races", type=int, nargs="?", default=RACES, help="USA races per level and module"
    )
    parser.add_argument("--per-track", type=int, help="races per track and weather")
    parser.add_argument(
        "--own-laps", type=int, default=0, help="races per track and weather at its own laps"
    )
    parser.add_argument("--champion-races", type=int, default=CHAMPION_RACES)
    parser.add_argument("--h2h", type=int, default=H2H_RACES, help="champion vs expert races")
    parser.add_argument("--playouts", type=int, default=CHAMPION_PLAYOUTS)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--tracks", default=",".join(data.track_ids()))
    parser.add_argument("--procs", type=int, default=PROCESSES)
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    tracks = args.tracks.split(",")
    per_track = args.per_track or max(1, args.races // TRACK_SHARE)
    settings = [(track, weather) for track in tracks for weather in (False, True)]

    def count(level: str, judging: int) -> int:
        return args.champion_races if level == CHAMPION else judging

    def jobs_of(
        level: str, modules: bool, track: str, weather: bool, n: int, laps: int | None = 1
    ) -> list[Job]:
        return [
            Job(seed, "legend", level, modules, track, weather, args.playouts, laps)
            for seed in range(n)
        ]

    began = time.perf_counter()
    with Pool(args.procs) as pool:

        def batch(jobs: list[Job]) -> list[Result]:
            searching = any(job.level == CHAMPION for job in jobs)
            return pool.map(race, jobs, 1 if searching else 10)

        vs_random = batch([Job(seed, "random", "pro") for seed in range(args.races)])
        random_modules = batch([Job(seed, "random", "pro", True) for seed in range(args.races)])
        usa = {
            (level, modules): batch(jobs_of(level, modules, "usa", False, count(level, args.races)))
            for level in levels
            for modules in (False, True)
        }
        by_track = {
            (level, track, weather): batch(
                jobs_of(level, False, track, weather, count(level, per_track))
            )
            for level in levels
            for track, weather in settings
        }
        own_laps = {
            (level, track, weather): batch(
                jobs_of(level, False, track, weather, count(level, args.own_laps), None)
            )
            for level in levels
            for track, weather in settings
            if args.own_laps
        }
        duels = batch(
            [
                Job(
                    seed,
                    "duel",
                    CHAMPION,
                    track=tracks[seed % len(tracks)],
                    weather=(seed // len(tracks)) % 2 == 1,
                    playouts=args.playouts,
                )
                for seed in range(args.h2h)
            ]
        )
    print(f"races: {args.races}")
    print(f"races_per_track: {per_track}")
    print(f"champion_races: {args.champion_races}")
    print(f"champion_playouts: {args.playouts}")
    if own_laps:
        print(f"races_per_track_own_laps: {args.own_laps}")
        for track in tracks:
            print(f"own_laps_{track}: {data.track(track).laps}")
    if vs_random:
        print(f"ai_win_rate_vs_random: {win_rate(vs_random):.3f}")
        print(f"ai_win_rate_vs_random_modules: {win_rate(random_modules):.3f}")
        print(f"ai_rounds_mean: {sum(r.rounds for r in vs_random) / len(vs_random):.2f}")
        spinouts = sum(r.spinouts for r in vs_random) / len(vs_random)
        print(f"ai_spinouts_per_race: {spinouts:.3f}")
    for level in levels:
        base, modules = usa[level, False], usa[level, True]
        rate(f"{level}_win_rate_vs_legends", [r.won for r in base])
        rate(f"{level}_win_rate_vs_legends_modules", [r.won for r in modules])
        both = base + modules
        decisions = [t for r in both for t in r.decide_seconds]
        plans = [t for r in both for t in r.plan_seconds]
        print(f"{level}_decision_p50_ms: {quantile_ms(decisions, 0.5):.2f}")
        print(f"{level}_decision_p99_ms: {quantile_ms(decisions, 0.99):.2f}")
        print(f"{level}_plan_p50_ms: {quantile_ms(plans, 0.5):.2f}")
        print(f"{level}_plan_p99_ms: {quantile_ms(plans, 0.99):.2f}")
        print_settings(f"{level}_win_rate_vs_legends", f"{level}", by_track, level, settings)
        if own_laps:
            print_settings(f"{level}_own_laps", f"{level}_own_laps", own_laps, level, settings)
    if duels:
        print(f"h2h_races: {len(duels)}")
        rate("champion_ahead_of_expert", [r.ahead for r in duels])
        rate("h2h_champion_win_rate", [r.won for r in duels])
        rate("h2h_expert_win_rate", [r.rival_won for r in duels])
    if BEST in levels and args.races:
        print(f"ai_level: {BEST}")
        print(f"ai_win_rate_vs_legends: {win_rate(usa[BEST, False]):.3f}")
        print(f"ai_win_rate_vs_legends_modules: {win_rate(usa[BEST, True]):.3f}")
        print(f"ai_decision_p99_ms: {p99_ms(usa[BEST, False] + usa[BEST, True]):.2f}")
        for track, weather in settings:
            name = f"ai_win_rate_vs_legends_{track}" + ("_weather" if weather else "")
            print(f"{name}: {win_rate(by_track[BEST, track, weather]):.3f}")
        every_best = [r for key, results in by_track.items() if key[0] == BEST for r in results]
        print(f"ai_win_rate_vs_legends_all_tracks: {win_rate(every_best):.3f}")
    print(f"wall_s: {time.perf_counter() - began:.0f}")


if __name__ == "__main__":
    main()
