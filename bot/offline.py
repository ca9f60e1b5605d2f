"""``heat render`` and ``heat simulate``: board images without Discord.

``heat render STATE.json -o board.png`` draws a race notation file: a position,
or a scenario (a position plus decisions), whose last round is shown with its
trails. ``heat simulate`` races AI (or random) drivers on a track and writes a
board per round, the Hall of Fame and an animated GIF of the whole race
(``engine.ai`` drives, at the pro level unless told otherwise).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from PIL import Image

import engine
from data import DataError
from engine.ai import decide
from engine.errors import NotationError, RulesError
from engine.events import Event, RaceEnded, RoundStarted
from engine.notation import load_scenario
from render import board_image, finish_image, last_round, png_bytes

BAD_INPUT = 2
COLOURS = ("red", "blue", "green", "yellow", "black", "gray")
DRIVERS = ("Ada", "Bruno", "Chiara", "Dev", "Emma", "Farid")
# The animation is smaller than the round boards, to keep the file light for a README.
GIF_SIZE = (960, 600)
FRAME_MS = 900
LAST_FRAME_MS = 4000


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``render`` and ``simulate`` commands to the ``heat`` command line."""
    render = subparsers.add_parser("render", help="draw a race notation file as a board image")
    render.add_argument("file", help="a heat-race/1 JSON file (a position, or with decisions)")
    render.add_argument("-o", "--output", required=True, help="the PNG file to write")
    render.add_argument(
        "--name",
        action="append",
        default=[],
        metavar="CAR=NAME",
        help="a driver's name for the panel (repeatable), e.g. --name A=Ada",
    )
    render.set_defaults(func=render_command)

    simulate = subparsers.add_parser("simulate", help="race AI drivers and draw every round")
    simulate.add_argument("--track", default="usa", help="track id (default: usa)")
    simulate.add_argument("--cars", type=int, default=6, help="1 to 6 cars (default: 6)")
    simulate.add_argument("--seed", type=int, default=1, help="race seed (default: 1)")
    simulate.add_argument("--laps", type=int, default=None, help="laps (default: the track's)")
    simulate.add_argument(
        "--driver",
        choices=("pro", "rookie", "random"),
        default="pro",
        help="who drives: the AI at a level, or random legal decisions (default: pro)",
    )
    simulate.add_argument("--out", required=True, help="the folder to write the images to")
    simulate.set_defaults(func=simulate_command)


def render_command(args: argparse.Namespace) -> int:
    """Draw the file's position, with the trails of its last round; exit 2 on bad input."""
    try:
        names = _names(args.name)
        state, decisions = load_scenario(Path(args.file).read_text(encoding="utf-8"))
        state, events = engine.settle(state)
        for decision in decisions:
            state, more = engine.apply(state, decision)
            events += more
    except OSError as exc:
        return _bad_input(f"{args.file}: {exc.strerror}")
    except (NotationError, RulesError, ValueError) as exc:
        return _bad_input(f"{args.file}: {exc}")
    image = board_image(engine.view_for(state, None), last_round(events), names=names)
    Path(args.output).write_bytes(png_bytes(image))
    return 0


def simulate_command(args: argparse.Namespace) -> int:
    """Race to the end, writing round-NNN.png per round, finish.png and race.gif."""
    if not 1 <= args.cars <= len(COLOURS):
        return _bad_input(f"--cars must be 1 to {len(COLOURS)}, not {args.cars}")
    entrants = [engine.Entrant(chr(ord("A") + i), COLOURS[i], "ai") for i in range(args.cars)]
    names = {entrant.id: DRIVERS[i] for i, entrant in enumerate(entrants)}
    try:
        state, events = engine.new_race(args.track, entrants, args.seed, laps=args.laps)
    except (ValueError, DataError) as exc:
        return _bad_input(str(exc))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    choose = _driver(args.driver, args.seed)
    frames = [board_image(engine.view_for(state, None), names=names, size=GIF_SIZE)]
    rounds = 0
    round_events: list[Event] = list(events)
    while (waiting := engine.pending(state)) is not None:
        state, more = engine.apply(state, choose(state, waiting.cars[0]))
        round_events += more
        if any(isinstance(event, RoundStarted | RaceEnded) for event in more):
            view = engine.view_for(state, None)
            rounds += 1
            board = board_image(view, round_events, names=names)
            (out / f"round-{rounds:03d}.png").write_bytes(png_bytes(board))
            frames.append(board_image(view, round_events, names=names, size=GIF_SIZE))
            round_events = []
    finish = finish_image(engine.view_for(state, None), names=names)
    (out / "finish.png").write_bytes(png_bytes(finish))
    _write_animation(out / "race.gif", frames)
    print(f"{rounds} rounds: {out}/round-001.png to round-{rounds:03d}.png, finish.png, race.gif")
    return 0


Driver = Callable[[engine.RaceState, str], engine.Decision]


def _driver(kind: str, seed: int) -> Driver:
    """A function picking the decision for the car the race waits for."""
    if kind == "random":
        rng = random.Random(seed)
        return lambda state, car: rng.choice(engine.legal_decisions(state, car))
    return lambda state, car: decide(engine.view_for(state, car), car, kind)


def _write_animation(path: Path, frames: Sequence[Image.Image]) -> None:
    """The race as an animated GIF: the grid, then every round; the last one stays up longer."""
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=durations, loop=0)


def _names(pairs: Sequence[str]) -> dict[str, str]:
    """Drivers' names from ``--name CAR=NAME`` options."""
    names: dict[str, str] = {}
    for pair in pairs:
        car, sep, name = pair.partition("=")
        if not sep or not car or not name:
            raise ValueError(f"--name wants CAR=NAME, not {pair!r}")
        names[car] = name
    return names


def _bad_input(message: str) -> int:
    print(f"heat: {message}", file=sys.stderr)
    return BAD_INPUT
