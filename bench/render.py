"""How long one round's board takes, from engine view to PNG bytes, against Pillow's floor.

Races six AI cars on each base track, then renders and encodes every round's
board a few times over. The floor is the time Pillow alone takes to encode the
same images with the same settings: drawing can only add to it. The track layer
is drawn once before timing starts, as a running bot keeps it cached. Then the
same races with the weather module on (the weather card and the road-condition
tokens on every board), and the hand picture of every driver of every round.

Prints, per track, ``<track>_render_median_ms``, ``<track>_png_kb`` and
``<track>_floor_ratio``; then ``render_median_ms``, ``png_kb_max`` and
``floor_ratio`` over all tracks (targets: under 50 ms, under 300 KB, within 2x
of the floor); ``weather_render_median_ms``, ``weather_png_kb_max`` and
``weather_floor_ratio`` with the weather on (same targets); and
``hand_median_ms``, ``hand_png_kb`` and ``hand_floor_ratio``; then ``road_median_ms``
and ``road_png_kb`` for every driver's stretch of road (the close-up beside the hand,
with the landings of every legal plan).
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
from bot.service.round_ends import ai_drivers, round_ends
from engine.events import Event
from engine.forecast import landings
from engine.state import Options
from render import board_image, closeup_image, hand_image, png_bytes

PASSES = 3
TRACKS = ("usa", "france", "great_britain", "italy")
COLOURS = ("red", "blue", "green", "yellow", "black", "gray")
NAMES = {"A": "Ada", "B": "Bruno", "C": "Chiara", "D": "Dev", "E": "Emma", "F": "Farid"}

Round = tuple[engine.RaceState, list[Event]]


def race_rounds(track: str, seed: int = 7, *, weather: bool = False) -> list[Round]:
    """Every round of an AI race (with the weather module if asked): each state, its events."""
    entrants = [
        engine.Entrant(car, colour, "ai") for car, colour in zip(NAMES, COLOURS, strict=True)
    ]
    state, events = engine.new_race(track, entrants, seed, options=Options(weather=weather))
    return list(round_ends(state, events, ai_drivers()))


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def time_boards(rounds: list[Round]) -> tuple[list[float], list[float], list[int]]:
    """Render and encode times, Pillow-only encode times and PNG sizes of every board."""
    views = [(engine.view_for(state, None), events) for state, events in rounds]
    board_image(*views[0], names=NAMES)
    render_times: list[float] = []
    encode_times: list[float] = []
    sizes: list[int] = []
    for _ in range(PASSES):
        for view, events in views:
            start = time.perf_counter()
            image = board_image(view, events, names=NAMES)
            png = png_bytes(image)
            render_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            png_bytes(image)
            encode_times.append(time.perf_counter() - start)
            sizes.append(len(png))
    return render_times, encode_times, sizes


def time_hands(rounds: list[Round]) -> tuple[list[float], list[float], list[int]]:
    """The same for the hand picture of every driver still racing, round after round."""
    views = [
        engine.view_for(state, car.id)
        for state, _ in rounds
        for car in state.cars
        if car.finished is None
    ]
    render_times: list[float] = []
    encode_times: list[float] = []
    sizes: list[int] = []
    for _ in range(PASSES):
        for view in views:
            assert view.viewer is not None
            start = time.perf_counter()
            image = hand_image(view, view.viewer)
            png = png_bytes(image)
            render_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            png_bytes(image)
            encode_times.append(time.perf_counter() - start)
            sizes.append(len(png))
    return render_times, encode_times, sizes


def time_roads(rounds: list[Round]) -> tuple[list[float], list[int]]:
    """Landings, drawing and encoding of every racing driver's stretch of road, and PNG sizes."""
    states = [(state, car.id) for state, _ in rounds for car in state.cars if car.finished is None]
    times: list[float] = []
    sizes: list[int] = []
    for state, car in states:
        start = time.perf_counter()
        view = engine.view_for(state, car)
        plans = [d.cards for d in engine.legal_decisions(state, car) if isinstance(d, engine.Plan)]
        png = png_bytes(closeup_image(view, car, landings(view, view.car(car), plans)))
        times.append(time.perf_counter() - start)
        sizes.append(len(png))
    return times, sizes


def main() -> None:
    all_render: list[float] = []
    all_encode: list[float] = []
    all_sizes: list[int] = []
    hand_rounds: list[Round] = []
    for track in TRACKS:
        rounds = race_rounds(track)
        hand_rounds += rounds
        render_times, encode_times, sizes = time_boards(rounds)
        render_ms, floor_ms = median_ms(render_times), median_ms(encode_times)
        print(f"{track}_render_median_ms: {render_ms:.1f}")
        print(f"{track}_png_kb: {max(sizes) / 1024:.0f}")
        print(f"{track}_floor_ratio: {render_ms / floor_ms:.2f}")
        all_render += render_times
        all_encode += encode_times
        all_sizes += sizes
    render_ms, floor_ms = median_ms(all_render), median_ms(all_encode)
    print(f"render_median_ms: {render_ms:.1f}")
    print(f"png_kb_max: {max(all_sizes) / 1024:.0f}")
    print(f"floor_ratio: {render_ms / floor_ms:.2f}")
    print(f"floor_ms: {floor_ms:.1f}")
    weather_render: list[float] = []
    weather_encode: list[float] = []
    weather_sizes: list[int] = []
    for track in TRACKS:
        render_times, encode_times, sizes = time_boards(race_rounds(track, weather=True))
        weather_render += render_times
        weather_encode += encode_times
        weather_sizes += sizes
    weather_ms = median_ms(weather_render)
    print(f"weather_render_median_ms: {weather_ms:.1f}")
    print(f"weather_png_kb_max: {max(weather_sizes) / 1024:.0f}")
    print(f"weather_floor_ratio: {weather_ms / median_ms(weather_encode):.2f}")
    hand_render, hand_encode, hand_sizes = time_hands(hand_rounds)
    hand_ms = median_ms(hand_render)
    print(f"hand_median_ms: {hand_ms:.1f}")
    print(f"hand_png_kb: {max(hand_sizes) / 1024:.0f}")
    print(f"hand_floor_ratio: {hand_ms / median_ms(hand_encode):.2f}")
    road_times, road_sizes = time_roads(hand_rounds)
    print(f"road_median_ms: {median_ms(road_times):.1f}")
    print(f"road_png_kb: {max(road_sizes) / 1024:.0f}")
    print(f"boards: {len(all_render)}, hands: {len(hand_render)}, roads: {len(road_times)}")


if __name__ == "__main__":
    main()
