"""Where an AI level loses to five Legends: by track, weather, corner, Heat and the finish.

Races one AI car against five Legends (1 lap, seeds 0..N-1 on each track, weather off and
on) and prints, per track and weather, ``name: value`` lines: the win rate; of the races
lost, the share lost by whole rounds (a Legend finished a round earlier) rather than on
the line (same round, the Legend further past it); the AI's spin outs per race; the Heat
left in its Engine when it crossed the line; and, per corner, the rounds the AI lost to
the leading Legend between the previous corner and this one (positive: the AI fell back
there). With the weather on, the win rate per weather card (``weather_card_CARD``, over
every track). With ``--modules`` (the Garage), per upgrade card the AI drafted
(``upgrade_CARD``): the races it was in the car, the win rate of those races and how often
it was played per race. Arguments: level (default expert), races per track and weather
(default 40), tracks (comma-separated, default all), ``--modules`` for the Garage,
``--budget=N`` for the champion's budget (the bot's is 24; default
:data:`engine.ai.DEFAULT_PLAYOUTS`). Runs on two processes.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import data
import engine
from bench.drivers import AI, lineup
from engine import Options, view_for
from engine.ai import decide
from engine.course import course
from engine.events import CardsRevealed, DirectPlayed, Finished, SpunOut


@dataclass(frozen=True)
class Record:
    track: str
    weather: bool
    won: bool
    by_rounds: bool
    spins: tuple[int, ...]
    heat_left: int
    # Per corner line (index in the course), the round the AI and the first Legend crossed it.
    ai_crossed: tuple[int, ...]
    legend_crossed: tuple[int, ...]
    margin: int
    # The weather card (None with the weather off), the AI's upgrades and how often each
    # was played (Garage).
    weather_card: str | None
    upgrades: tuple[str, ...]
    played: tuple[tuple[str, int], ...]


def race(job: tuple[int, str, bool, str, bool, int | None]) -> Record:
    seed, track, weather, level, modules, budget = job
    entrants = lineup()
    options = Options(garage="both" if modules else "off", weather=weather)
    state, _ = engine.new_race(track, entrants, seed, laps=1, options=options)
    here = course(track, 1)
    lines = [line.space for line in here.lines if line.space < here.finish]
    ai_crossed = [0] * len(lines)
    legend_crossed = [0] * len(lines)
    spins: list[int] = []
    played: Counter[str] = Counter()
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        decision = decide(view_for(state, car), car, level, budget=budget)
        this_round = state.round
        heat = state.car(AI).engine
        state, events = engine.apply(state, decision)
        spins += [e.position for e in events if isinstance(e, SpunOut) and e.car == AI]
        for e in events:
            if isinstance(e, CardsRevealed) and e.car == AI:
                played.update(e.cards)
            elif isinstance(e, DirectPlayed) and e.car == AI:
                played[e.card] += 1
        for i, line in enumerate(lines):
            ai = state.car(AI)
            if not ai_crossed[i] and (ai.finished or ai.space > line):
                ai_crossed[i] = this_round
            if not legend_crossed[i] and any(
                c.is_legend and (c.finished or c.space > line) for c in state.cars
            ):
                legend_crossed[i] = this_round
        for event in events:
            if isinstance(event, Finished) and event.car == AI:
                winner = min((c for c in state.cars if c.finished), key=lambda c: c.finished or 0)
                first_legend = max(c.space for c in state.cars if c.is_legend)
                return Record(
                    track,
                    weather,
                    event.place == 1,
                    event.place != 1
                    and winner.id != AI
                    and winner.finished == 1
                    and not any(e.car == winner.id for e in events if isinstance(e, Finished)),
                    tuple(spins),
                    heat,
                    tuple(ai_crossed),
                    tuple(legend_crossed),
                    state.car(AI).space - first_legend,
                    None if state.weather is None else state.weather.card,
                    state.car(AI).upgrades,
                    tuple(sorted(played.items())),
                )
    raise AssertionError("the race ended without the AI")


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    level = args[0] if args else "expert"
    count = int(args[1]) if len(args) > 1 else 40
    modules = "--modules" in sys.argv
    budgets = [int(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith("--budget=")]
    budget = budgets[-1] if budgets else None
    tracks = [t for t in data.track_ids()] if len(args) < 3 else args[2].split(",")
    jobs = [
        (seed, track, weather, level, modules, budget)
        for track in tracks
        for weather in (False, True)
        for seed in range(count)
    ]
    with Pool(2) as pool:
        records = pool.map(race, jobs, 5)
    groups: dict[tuple[str, bool], list[Record]] = defaultdict(list)
    for record in records:
        groups[(record.track, record.weather)].append(record)
    total = sum(r.won for r in records) / len(records)
    print(f"level: {level}  modules: {modules}  races: {len(records)}  win_rate: {total:.3f}")
    for (track, weather), rs in groups.items():
        lost = [r for r in rs if not r.won]
        name = track + ("_weather" if weather else "")
        by_rounds = sum(r.by_rounds for r in lost) / max(1, len(lost))
        spins = sum(len(r.spins) for r in rs) / len(rs)
        heat = sum(r.heat_left for r in rs) / len(rs)
        gaps = []
        for i in range(len(rs[0].ai_crossed)):
            before = [(r.ai_crossed[i - 1] - r.legend_crossed[i - 1]) if i else 0 for r in rs]
            now = [r.ai_crossed[i] - r.legend_crossed[i] for r in rs]
            gaps.append(sum(now) / len(rs) - sum(before) / len(rs))
        last = [r.ai_crossed[-1] - r.legend_crossed[-1] for r in rs] if rs[0].ai_crossed else [0]
        spun_at: dict[int, int] = defaultdict(int)
        for r in rs:
            for s in r.spins:
                spun_at[s] += 1
        print(
            f"{name}: win {sum(r.won for r in rs) / len(rs):.2f} lost_by_rounds {by_rounds:.2f}"
            f" spins {spins:.2f} heat_left {heat:.2f} corner_gaps "
            + " ".join(f"{g:+.2f}" for g in gaps)
            + f" last_gap {sum(last) / len(last):+.2f} spun_at {dict(spun_at)}"
        )

    by_weather: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        if record.weather_card is not None:
            by_weather[record.weather_card].append(record)
    for card, rs in sorted(by_weather.items()):
        print(f"weather_card_{card}: races {len(rs)} win {win_rate(rs):.2f}")
    if modules:
        print_upgrades(records)


def print_upgrades(records: list[Record]) -> None:
    """Per upgrade card drafted: races with it, their win rate, its plays per race."""
    drafted: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        for card in set(record.upgrades):
            drafted[card].append(record)
    for card, rs in sorted(drafted.items(), key=lambda item: (-len(item[1]), item[0])):
        plays = sum(dict(r.played).get(card, 0) for r in rs) / len(rs)
        print(f"upgrade_{card}: races {len(rs)} win {win_rate(rs):.2f} played {plays:.2f}")


def win_rate(records: list[Record]) -> float:
    return sum(r.won for r in records) / len(records)


if __name__ == "__main__":
    main()
