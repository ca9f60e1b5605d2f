"""Round by round in 1-lap races: how far an AI level stands from the Legends, and its Heat.

``bench/lap_times.py`` places a loss in a lap; this places it in a round of a 1-lap race,
where most of the 20 settings are lost. ``python bench/round_gaps.py [LEVEL] [N] [TRACKS]``
races one AI car (default the expert) against five Legends on seeds 0..N-1 (default 40)
of each track (comma-separated, default all), weather off and on, 1 lap, and prints per
track, for each round's end while every race of the track is still running:

- ``gap_best_TRACK``: the AI's space minus the frontmost Legend's (negative: behind it);
- ``gap_mean_TRACK``: the AI's space minus the Legends' mean space;
- ``engine_TRACK``: the Heat left in the AI's Engine;

then ``win_rate_TRACK``. Runs on two processes.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from bench.drivers import AI, lineup
from bench.lap_times import Job, races_by_track
from engine import Options, view_for
from engine.ai import decide
from engine.events import Finished

# At the end of a round: the AI's gap to the frontmost Legend and to their mean, its Heat.
Gaps = tuple[float, float, int]


def race(job: Job) -> tuple[bool, list[Gaps]]:
    """Whether the AI won, and its gaps at the end of each round until it finished."""
    track, seed, weather, level = job
    state, _ = engine.new_race(track, lineup(), seed, laps=1, options=Options(weather=weather))
    rounds: list[Gaps] = []
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        this_round = state.round
        state, events = engine.apply(state, decide(view_for(state, car), car, level))
        for event in events:
            if isinstance(event, Finished) and event.car == AI:
                return event.place == 1, rounds
        if state.round != this_round:
            me = state.car(AI)
            legends = [c.space for c in state.cars if c.is_legend]
            rounds.append((me.space - max(legends), me.space - sum(legends) / 5, me.engine))
    raise AssertionError(f"{track} seed {seed}: the race ended before the AI finished")


def main() -> None:
    for track, mine in races_by_track(race):
        # Rounds every race of the track ended with the AI still racing.
        shown = min(len(gaps) for _, gaps in mine)
        for name, index in (("gap_best", 0), ("gap_mean", 1)):
            means = [sum(g[r][index] for _, g in mine) / len(mine) for r in range(shown)]
            print(f"{name}_{track}: " + " ".join(f"{x:+.2f}" for x in means))
        heat = [sum(g[r][2] for _, g in mine) / len(mine) for r in range(shown)]
        print(f"engine_{track}: " + " ".join(f"{x:.2f}" for x in heat))
        print(f"win_rate_{track}: {sum(won for won, _ in mine) / len(mine):.3f}")


if __name__ == "__main__":
    main()
