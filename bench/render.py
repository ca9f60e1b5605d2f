"""How long one round's board takes, from engine view to PNG bytes, against Pillow's floor.

Races six AI cars on the USA track, then renders and encodes every round's board
(1600x1000) a few times over. The floor is the time Pillow alone takes to encode
the same images with the same settings: drawing can only add to it. The track
layer is drawn once before timing starts, as a running bot keeps it cached.

Prints ``render_median_ms``, ``png_kb`` and ``floor_ratio`` (targets: under 50 ms,
under 300 KB, within 2x of the floor), then the floor and the image size.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would
# shadow the render package: put the project root before it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine.ai import decide
from engine.events import Event, RaceEnded, RoundStarted
from render import board_image, png_bytes
from render.layout import BOARD_SIZE

PASSES = 3
COLOURS = ("red", "blue", "green", "yellow", "black", "gray")
NAMES = {"A": "Ada", "B": "Bruno", "C": "Chiara", "D": "Dev", "E": "Emma", "F": "Farid"}


def race_rounds(track: str = "usa", seed: int = 7) -> list[tuple[engine.RaceView, list[Event]]]:
    """Every round of an AI race: the spectator's view after it, and its events."""
    entrants = [
        engine.Entrant(car, colour, "ai") for car, colour in zip(NAMES, COLOURS, strict=True)
    ]
    state, events = engine.new_race(track, entrants, seed)
    rounds: list[tuple[engine.RaceView, list[Event]]] = []
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        state, more = engine.apply(state, decide(engine.view_for(state, car), car))
        events += more
        if any(isinstance(event, RoundStarted | RaceEnded) for event in more):
            rounds.append((engine.view_for(state, None), events))
            events = []
    return rounds


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def main() -> None:
    rounds = race_rounds()
    board_image(*rounds[0], names=NAMES)
    render_times: list[float] = []
    encode_times: list[float] = []
    sizes: list[int] = []
    for _ in range(PASSES):
        for view, events in rounds:
            start = time.perf_counter()
            image = board_image(view, events, names=NAMES)
            png = png_bytes(image)
            render_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            png_bytes(image)
            encode_times.append(time.perf_counter() - start)
            sizes.append(len(png))
    render_ms, floor_ms = median_ms(render_times), median_ms(encode_times)
    print(f"render_median_ms: {render_ms:.1f}")
    print(f"png_kb: {statistics.median(sizes) / 1024:.0f}")
    print(f"floor_ratio: {render_ms / floor_ms:.2f}")
    print(f"floor_ms: {floor_ms:.1f}")
    print(f"size: {BOARD_SIZE[0]}x{BOARD_SIZE[1]}")
    print(f"rounds: {len(rounds)} x {PASSES} passes")


if __name__ == "__main__":
    main()
