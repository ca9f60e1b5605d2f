"""Where the AI loses in championship races: by event card, weather card, press corners, sponsors.

Races one AI car (a level of :data:`engine.ai.LEVELS`, default expert) against five
Legends in each of the championship's event cards, on the event's own track and laps,
with the weather on as a championship race has it and the event's starting sponsors
dealt (seeds 0..N-1 per event, the sponsorship deck shuffled by the seed). A race stops
once the AI has finished: its place is known then. Prints ``name: value`` lines, per
event: ``event_E_win_rate``, ``event_E_place_mean``, ``event_E_press_share`` (the press
corner lines the AI crossed that paid it a sponsor, of all it crossed: fast enough, or in
a slipstream, without a spin out), ``event_E_sponsors_gained`` and
``event_E_sponsors_played`` (per race), ``event_E_eliminated`` (the share of races event 10
put the AI out of, counted at place 7); then the same figures over every event, and the
win rate by weather card (``weather_CARD_win_rate``). Arguments: races per event (default
30), level. Runs on two processes.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import data
import engine
from bench.drivers import AI, lineup
from engine import view_for
from engine.ai import decide
from engine.championship import ChampionshipSetup, press_positions, sponsorship_deck
from engine.course import course
from engine.events import Finished, SponsorGained, SponsorsSpent
from engine.rng import shuffled

RACES = 30
PROCESSES = 2
# The place of a car eliminated by event 10 ("out of the race"), after the sixth.
ELIMINATED = 7


@dataclass(frozen=True)
class Record:
    event: int
    weather: str
    place: int
    press_paid: int
    press_crossed: int
    sponsors_gained: int
    sponsors_played: int


def race(job: tuple[int, int, str]) -> Record:
    """One championship race of event ``event`` until the AI car crosses the finish line."""
    seed, event, level = job
    card = data.championship().event(event)
    entrants = lineup()
    setup = ChampionshipSetup(event, shuffled(seed, 0, sponsorship_deck(False)))
    state, _ = engine.new_race(card.track, entrants, seed, championship=setup)
    here = course(card.track, state.laps)
    press = set(press_positions(here.track, card))
    weather = "none" if state.weather is None else state.weather.card
    press_paid = press_crossed = gained = played = 0
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        before = state.car(AI).space
        decision = decide(view_for(state, car), car, level)
        state, events = engine.apply(state, decision)
        after = state.car(AI).space
        crossed = here.corners_crossed(before, after)
        press_crossed += sum(1 for line in crossed if line.corner.position in press)
        for e in events:
            if isinstance(e, SponsorGained) and e.car == AI:
                gained += e.cards
                press_paid += e.reason == "press"
            elif isinstance(e, SponsorsSpent) and e.car == AI:
                played += len(e.cards)
            elif isinstance(e, Finished) and e.car == AI:
                return Record(event, weather, e.place, press_paid, press_crossed, gained, played)
    # Event 10 eliminates a car that spins out: it has no place and scores nothing.
    return Record(event, weather, ELIMINATED, press_paid, press_crossed, gained, played)


def figures(prefix: str, records: list[Record]) -> None:
    """Print one group's figures, each on its own line."""
    n = len(records)
    crossed = sum(r.press_crossed for r in records)
    paid = sum(r.press_paid for r in records)
    print(f"{prefix}_win_rate: {sum(r.place == 1 for r in records) / n:.3f}")
    print(f"{prefix}_place_mean: {sum(r.place for r in records) / n:.2f}")
    print(f"{prefix}_eliminated: {sum(r.place == ELIMINATED for r in records) / n:.3f}")
    print(f"{prefix}_press_share: {paid / crossed if crossed else float('nan'):.3f}")
    print(f"{prefix}_sponsors_gained: {sum(r.sponsors_gained for r in records) / n:.2f}")
    print(f"{prefix}_sponsors_played: {sum(r.sponsors_played for r in records) / n:.2f}")


def main() -> None:
    races = int(sys.argv[1]) if len(sys.argv) > 1 else RACES
    level = sys.argv[2] if len(sys.argv) > 2 else "expert"
    events = range(1, len(data.championship().events) + 1)
    jobs = [(seed, event, level) for event in events for seed in range(races)]
    with Pool(PROCESSES) as pool:
        records = pool.map(race, jobs, 5)
    print(f"level: {level}")
    print(f"races_per_event: {races}")
    for event in events:
        figures(f"event_{event}", [r for r in records if r.event == event])
    figures("all_events", records)
    by_weather: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        by_weather[record.weather].append(record)
    for weather, group in sorted(by_weather.items()):
        rate = sum(r.place == 1 for r in group) / len(group)
        print(f"weather_{weather}_win_rate: {rate:.3f} ({len(group)} races)")


if __name__ == "__main__":
    main()
