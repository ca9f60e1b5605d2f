"""What each Garage upgrade is worth to an AI driver: its win rate with the card and without.

Races one AI car (an AI level, default expert) against five Legends, 1 lap, the Garage
on (both decks and the Heavy Rain and Tunnel Vision upgrades: every card the AI may be
offered), on every track with the weather off and on, seeds 0..N-1 per track and weather
(default 600, what the table was set from: 12,000 races, about 20 minutes). The AI plays
every step as in a race but the draft, where it picks a card of the market at random (a
seeded choice): so which upgrades a car holds does not depend on how good it is, and each
card's worth reads straight off the races, ``upgrade_worth_CARD``: the win rate of the
races that card was in the car minus that of the races it was not (positive: the card
helps). Also prints ``races_with_CARD`` and ``win_rate_random_draft``. The figures are
what :data:`engine.ai.garage.DRAFT_WORTH` was set from. Runs on two processes.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import data
import engine
from bench.drivers import AI, lineup
from engine import Options, view_for
from engine.ai import decide
from engine.decisions import Pick
from engine.events import Finished

RACES = 600

Job = tuple[int, str, bool, str]


def race(job: Job) -> tuple[tuple[str, ...], bool]:
    """The AI's upgrades and whether it won one race."""
    seed, track, weather, level = job
    entrants = lineup()
    options = Options(garage="both", garage_expansions=True, weather=weather)
    state, _ = engine.new_race(track, entrants, seed, laps=1, options=options)
    pick = random.Random(f"{track}/{weather}/{seed}")
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        if waiting.step == "draft":
            picks = [d for d in engine.legal_decisions(state, car) if isinstance(d, Pick)]
            decision = (
                pick.choice(sorted(picks, key=str))
                if picks
                else decide(view_for(state, car), car, level)
            )
        else:
            decision = decide(view_for(state, car), car, level)
        state, events = engine.apply(state, decision)
        for event in events:
            if isinstance(event, Finished) and event.car == AI:
                return state.car(AI).upgrades, event.place == 1
    raise AssertionError("the race ended without the AI")


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else RACES
    level = sys.argv[2] if len(sys.argv) > 2 else "expert"
    jobs = [
        (seed, track, weather, level)
        for track in data.track_ids()
        for weather in (False, True)
        for seed in range(count)
    ]
    with Pool(2) as pool:
        results = pool.map(race, jobs, 10)
    wins = sum(won for _, won in results)
    print(f"races: {len(results)}")
    print(f"win_rate_random_draft: {wins / len(results):.3f}")
    held: dict[str, list[bool]] = defaultdict(list)
    for upgrades, won in results:
        for card in set(upgrades):
            held[card].append(won)
    worth = {
        card: sum(won_with) / len(won_with)
        - (wins - sum(won_with)) / (len(results) - len(won_with))
        for card, won_with in held.items()
    }
    for card in sorted(worth, key=lambda card: -worth[card]):
        print(f"races_with_{card}: {len(held[card])}")
        print(f"upgrade_worth_{card}: {worth[card]:+.3f}")


if __name__ == "__main__":
    main()
