"""The champion (a searching level) against five Legends, and head to head with the expert.

``python bench/champion.py [--seeds 0:20] [--tracks usa,italy] [--weather both]
[--playouts N] [--candidates N] [--horizon N] [--near R] [--own pro] [--other pro]
[--margin M] [--confidence Z] [--level champion] [--h2h] [--field legends]
[--laps 1] [--procs 2] [--sees view]`` prints ``name: value``
lines (``--sees own|legends|all``: the champion's search plays out races that hold the true
order of its own deck, of the Legends' deck, or the true race itself, which no driver may
see: what the hidden cards are worth to the search; ``--candidates`` and ``--confidence``
default to what the budget calls for, :meth:`engine.ai.SearchSettings.for_budget`, as in
the bot):

- without ``--h2h``: one AI car (``--level``, default the champion) races five Legends on
  the seeded races of each track, weather off and on (1 lap): ``win_rate_TRACK[_weather]``
  with its 95% Wilson interval, ``mean`` and ``lowest`` over the settings, and ``win_rate``
  over all races;
- with ``--h2h``: the champion (car A), the expert (car B) and four Legends race, the two
  swapping grid places every other seed: ``champion_ahead_of_expert`` (the share of races
  the champion finishes ahead) with its interval, and each one's win rate;
- ``--field ai``: the other cars are expert AI cars instead of Legends (the bot's dearest
  race for a champion: its playouts plan for each of them), for the search's time there;
- always ``decision_p50_ms``, ``decision_p99_ms`` and ``decision_max_ms`` over the
  champion's decisions (its plans that searched and the steps it leaves to the expert),
  ``search_p99_ms`` over the searching ones, and ``playouts_per_decision`` (mean over
  the searching ones). A race stops once the cars measured have finished.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from random import Random
from typing import Literal, get_args

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import data
import engine
from bench.drivers import rate
from engine import Entrant, Options, RaceState, RaceView, view_for
from engine.ai import (
    CHAMPION,
    DEFAULT_PLAYOUTS,
    DEFAULT_SEARCH,
    SearchSettings,
    Worlds,
    decide,
    determinize,
    search,
)
from engine.events import Finished

COLOURS = ("red", "blue", "green", "yellow", "black", "gray")

Sees = Literal["view", "own", "legends", "all"]
Field = Literal["legends", "ai"]
# (seed, track, weather, laps, level, h2h, field, playouts, settings, what the search sees)
Job = tuple[int, str, bool, int, str, bool, Field, int, SearchSettings, Sees]
# won (or ahead of the expert), expert won, decision seconds, (search seconds, playouts)
Result = tuple[bool, bool, list[float], list[tuple[float, int]]]


def _entrants(h2h: bool, field: Field, seed: int) -> tuple[list[Entrant], str, str | None]:
    kind: Literal["legend", "ai"] = "legend" if field == "legends" else "ai"
    if not h2h:
        cars = [Entrant("A", COLOURS[0], "ai")]
        cars += [Entrant(chr(ord("B") + i), c, kind) for i, c in enumerate(COLOURS[1:])]
        return cars, "A", None
    first, second = ("A", "B") if seed % 2 == 0 else ("B", "A")
    cars = [Entrant(first, COLOURS[0], "ai"), Entrant(second, COLOURS[1], "ai")]
    cars += [Entrant(chr(ord("C") + i), c, kind) for i, c in enumerate(COLOURS[2:])]
    return cars, "A", "B"


def clairvoyant(state: RaceState, me: str, sees: Sees) -> Worlds:
    """The races the champion's search plays out: drawn from its view (``view``: all it may
    know), or with its own draw deck and discard pile as they truly are (``own``), the
    Legends' deck as it is (``legends``), or the true race itself (``all``): what the hidden
    cards are worth."""
    if sees == "view":
        return determinize
    if sees == "all":
        return lambda view, rng: state

    def drawn(view: RaceView, rng: Random) -> RaceState:
        race = determinize(view, rng).copy()
        if sees == "legends":
            race.legend_deck, race.legend_card = state.legend_deck, state.legend_card
        else:
            mine, truth = race.edit_car(me), state.car(me)
            mine.deck, mine.discard = truth.deck, truth.discard
        return race

    return drawn


def race(job: Job) -> Result:
    seed, track, weather, laps, level, h2h, field, playouts, settings, sees = job
    cars, me, rival = _entrants(h2h, field, seed)
    state, _ = engine.new_race(track, cars, seed, laps=laps, options=Options(weather=weather))
    times: list[float] = []
    searches: list[tuple[float, int]] = []
    places: dict[str, int] = {}
    watched = {me} if rival is None else {me, rival}
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        view = view_for(state, car)
        start = time.perf_counter()
        if car == me and level == CHAMPION:
            worlds = clairvoyant(state, me, sees)
            found = search(view, car, playouts=playouts, settings=settings, worlds=worlds)
            decision = found.decision
            spent = time.perf_counter() - start
            if found.playouts:
                searches.append((spent, found.playouts))
        else:
            decision = decide(view, car, level if car == me else "expert")
            spent = time.perf_counter() - start
        if car == me:
            times.append(spent)
        state, events = engine.apply(state, decision)
        for event in events:
            if isinstance(event, Finished) and event.car is not None:
                places[event.car] = event.place
        if watched <= set(places):
            break
    mine = places.get(me, 99)
    if rival is None:
        return mine == 1, False, times, searches
    return mine < places.get(rival, 99), places.get(rival) == 1, times, searches


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0:20", help="START:END, END excluded")
    parser.add_argument("--tracks", default=",".join(data.track_ids()))
    parser.add_argument("--weather", choices=("off", "on", "both"), default="both")
    parser.add_argument("--laps", type=int, default=1)
    parser.add_argument("--level", default=CHAMPION)
    parser.add_argument("--h2h", action="store_true")
    parser.add_argument("--field", choices=get_args(Field), default="legends")
    parser.add_argument("--playouts", type=int, default=None)
    # Unset: as many as the budget calls for (SearchSettings.for_budget), as the bot searches.
    parser.add_argument("--candidates", type=int, default=None)
    parser.add_argument("--horizon", type=int, default=DEFAULT_SEARCH.horizon)
    parser.add_argument("--near", type=float, default=DEFAULT_SEARCH.near)
    parser.add_argument("--own", default=DEFAULT_SEARCH.own_policy)
    parser.add_argument("--other", default=DEFAULT_SEARCH.other_policy)
    parser.add_argument("--margin", type=float, default=DEFAULT_SEARCH.margin)
    parser.add_argument("--confidence", type=float, default=None)
    parser.add_argument("--procs", type=int, default=2)
    parser.add_argument("--sees", choices=get_args(Sees), default="view")
    args = parser.parse_args()

    playouts = DEFAULT_PLAYOUTS if args.playouts is None else args.playouts
    budgeted = SearchSettings.for_budget(playouts)
    settings = SearchSettings(
        budgeted.candidates if args.candidates is None else args.candidates,
        args.horizon,
        args.near,
        args.own,
        args.other,
        args.margin,
        budgeted.confidence if args.confidence is None else args.confidence,
    )
    first, last = (int(part) for part in args.seeds.split(":"))
    tracks = args.tracks.split(",")
    weathers = {"off": [False], "on": [True], "both": [False, True]}[args.weather]
    grid = [(t, w) for t in tracks for w in weathers]
    jobs: list[Job] = [
        (seed, t, w, args.laps, args.level, args.h2h, args.field, playouts, settings, args.sees)
        for t, w in grid
        for seed in range(first, last)
    ]
    began = time.perf_counter()
    with Pool(args.procs) as pool:
        results = pool.map(race, jobs, 1)
    print(f"level: {args.level}")
    print(f"playouts: {playouts}")
    print(f"settings: {settings}")
    print(f"sees: {args.sees}")
    print(f"field: {args.field}")
    print(f"seeds: {first}:{last}")
    print(f"races: {len(results)}")
    per = last - first
    if args.h2h:
        rate("champion_ahead_of_expert", [r[0] for r in results])
        rate("expert_win_rate", [r[1] for r in results])
    else:
        rates = []
        for i, (track, weather) in enumerate(grid):
            hits = [r[0] for r in results[i * per : (i + 1) * per]]
            rates.append(rate(f"win_rate_{track}" + ("_weather" if weather else ""), hits))
        print(f"mean: {sum(rates) / len(rates):.3f}")
        print(f"lowest: {min(rates):.3f}")
        rate("win_rate", [r[0] for r in results])
    times = [t for r in results for t in r[2]]
    searched = [s for r in results for s in r[3]]
    print(f"decisions: {len(times)}")
    print(f"decision_p50_ms: {_quantile(times, 0.5) * 1000:.1f}")
    print(f"decision_p99_ms: {_quantile(times, 0.99) * 1000:.1f}")
    print(f"decision_max_ms: {max(times, default=0.0) * 1000:.1f}")
    print(f"searches: {len(searched)}")
    print(f"search_p50_ms: {_quantile([s for s, _ in searched], 0.5) * 1000:.1f}")
    print(f"search_p99_ms: {_quantile([s for s, _ in searched], 0.99) * 1000:.1f}")
    mean = sum(n for _, n in searched) / max(1, len(searched))
    print(f"playouts_per_decision: {mean:.1f}")
    print(f"wall_s: {time.perf_counter() - began:.0f}")


if __name__ == "__main__":
    main()
