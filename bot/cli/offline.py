"""The offline commands ``heat render`` and ``heat simulate``: board images without Discord.

``heat render`` draws a race notation file: a position, or a scenario (a
position plus decisions), whose last round is shown with its trails. ``heat
simulate`` races AI drivers (at any level, the searching champion too) or random
ones on a track and writes a board per round, the Hall of Fame and an animated GIF
of the whole race.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import data
import engine
from bot.cli.inputs import (
    IMAGE_FORMATS,
    BadInput,
    Parser,
    bounded_int,
    driver_names,
    image_file,
    locale_argument,
    locale_help,
    path_argument,
    race_folder,
    read_race_file,
    refuse,
    track_argument,
)
from bot.cli.outputs import write_file, write_image
from bot.hosting.settings import CHAMPION_PLAYOUTS, MOST_PLAYOUTS
from bot.service.round_ends import NextDecision, ai_drivers, round_ends
from engine.ai import LEVELS
from engine.errors import NotationError, RulesError
from engine.events import Event
from engine.limits import MAX_CARS, MAX_LAPS, MAX_SEED
from engine.notation import load_scenario
from render import board_image, finish_image, last_round, png_bytes
from render.animation import GIF_WIDTH, gif_bytes

FORCE_IMAGE = "replace the image if the file exists (without it, an existing file is refused)"
"""The one rule of every command that writes a file: it never replaces one unless --force."""
COLOURS = ("red", "blue", "green", "yellow", "black", "gray")
DRIVERS = ("Ada", "Bruno", "Chiara", "Dev", "Emma", "Farid")


def register(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Add the ``render`` and ``simulate`` commands to the ``heat`` command line."""
    render = subparsers.add_parser(
        "render",
        help="draw a race notation file as a board image",
        description="Draw a race notation file (a position, or a scenario whose last round"
        " is shown with its trails) as a board image.",
        epilog="Exit status: 0 when the image is written; 2, with one line on stderr, for"
        " a file that is not a valid race, or an image that cannot be written or already"
        " exists (without --force).",
    )
    render.add_argument(
        "file", type=path_argument, help="a heat-race/1 JSON file (a position, or with decisions)"
    )
    render.add_argument(
        "-o",
        "--output",
        required=True,
        type=path_argument,
        help=f"the image to write, in an existing folder; the extension picks the format"
        f" ({', '.join(IMAGE_FORMATS)})",
    )
    render.add_argument("--force", action="store_true", help=FORCE_IMAGE)
    render.add_argument(
        "--name",
        action="append",
        default=[],
        metavar="CAR=NAME",
        help="a driver's name for the panel (repeatable), for a car of the race, e.g. --name A=Ada",
    )
    render.add_argument("--locale", type=locale_argument, default="en", help=locale_help())
    render.set_defaults(func=render_command)

    simulate = subparsers.add_parser(
        "simulate",
        help="race AI drivers and draw every round",
        description="Race AI (or random) drivers to the finish and write round-NNN.png per"
        " round, finish.png (the Hall of Fame) and race.gif (the whole race).",
        epilog="Exit status: 0 when the race is drawn; 2, with one line on stderr, for a value"
        " out of range or a folder that cannot be written.",
    )
    simulate.add_argument(
        "--track",
        default="usa",
        type=track_argument,
        help=f"the track (default: usa): {', '.join(data.track_ids())}; or its name as the"
        " pictures show it, in English or Italian, in any case (USA, Italia, Paesi Bassi)",
    )
    simulate.add_argument(
        "--cars",
        type=bounded_int(1, MAX_CARS),
        default=MAX_CARS,
        help=f"1 to {MAX_CARS} cars (default: {MAX_CARS})",
    )
    simulate.add_argument(
        "--seed",
        type=bounded_int(0, MAX_SEED),
        default=1,
        help="race seed, 0 to 2**63-1 (default: 1)",
    )
    simulate.add_argument(
        "--laps",
        type=bounded_int(1, MAX_LAPS),
        default=None,
        help=f"1 to {MAX_LAPS} laps (default: the track's)",
    )
    simulate.add_argument(
        "--driver",
        choices=(*reversed(LEVELS), "random"),
        default="pro",
        help="who drives: the AI at a level (champion searches: seconds a round), or random"
        " legal decisions (default: pro)",
    )
    simulate.add_argument(
        "--playouts",
        type=bounded_int(1, MOST_PLAYOUTS),
        default=CHAMPION_PLAYOUTS,
        help=f"the playouts a champion plays for each plan beside five cars that plan (more"
        f" beside Legends), 1 to {MOST_PLAYOUTS} (default: {CHAMPION_PLAYOUTS}, as the bot's"
        " HEAT_CHAMPION_PLAYOUTS)",
    )
    simulate.add_argument(
        "--out",
        required=True,
        type=path_argument,
        help="the folder to write the images to, created if missing (not an existing file);"
        " a folder that already holds a race is refused",
    )
    simulate.add_argument(
        "--force",
        action="store_true",
        help="replace the race a folder holds: its round-*.png, finish.png and race.gif are"
        " deleted first, other files left alone",
    )
    simulate.add_argument("--locale", type=locale_argument, default="en", help=locale_help())
    simulate.set_defaults(func=simulate_command)


def render_command(args: argparse.Namespace) -> int:
    """Draw the file's position, with the trails of its last round; exit 2 on bad input."""
    try:
        target, image_format = image_file(args.output, force=args.force)
        state, decisions = load_scenario(read_race_file(args.file))
        names = driver_names(args.name, [car.id for car in state.cars])
        state, events = engine.settle(state)
        for decision in decisions:
            state, more = engine.apply(state, decision)
            events += more
        view = engine.view_for(state, None)
        image = board_image(view, last_round(events), names=names, locale=args.locale)
        write_image(image, target, image_format, replace=args.force)
    except BadInput as exc:
        return refuse("render", str(exc))
    except (NotationError, RulesError) as exc:
        return refuse("render", f"{args.file}: {exc}")
    return 0


def simulate_command(args: argparse.Namespace) -> int:
    """Race to the end, writing round-NNN.png per round, finish.png and race.gif."""
    entrants = [engine.Entrant(chr(ord("A") + i), COLOURS[i], "ai") for i in range(args.cars)]
    names = {entrant.id: DRIVERS[i] for i, entrant in enumerate(entrants)}
    try:
        out = race_folder(args.out, force=args.force)
        state, events = engine.new_race(args.track, entrants, args.seed, laps=args.laps)
        driver = _driver(args.driver, args.seed, args.playouts)
        end, rounds = _race(state, events, driver, names, out, args.locale)
    except BadInput as exc:
        return refuse("simulate", str(exc))
    for line in finishing_order(end, names):
        print(line)
    print(f"{rounds} rounds: {out}/round-001.png to round-{rounds:03d}.png, finish.png, race.gif")
    return 0


def finishing_order(state: engine.RaceState, names: dict[str, str]) -> list[str]:
    """A line per car, as a player reads a result: "1st Ada (red, car A)", winner first;
    a car that did not finish comes last, saying so."""
    places = sorted(
        ((car.finished, car) for car in state.cars if car.finished is not None),
        key=lambda pair: pair[0],
    )
    lines = [
        f"{_ordinal(place)} {names.get(car.id, car.id)} ({car.color}, car {car.id})"
        for place, car in places
    ]
    lines += [
        f"did not finish: {names.get(car.id, car.id)} ({car.color}, car {car.id})"
        for car in state.cars
        if car.finished is None
    ]
    return lines


def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _race(
    state: engine.RaceState,
    events: list[Event],
    next_decision: NextDecision,
    names: dict[str, str],
    out: Path,
    locale: str = "en",
) -> tuple[engine.RaceState, int]:
    """Drive the race to its end, writing the images (in the locale's language) into
    ``out``; returns the last state and the rounds raced."""
    grid = engine.view_for(state, None)
    frames = [board_image(grid, names=names, width=GIF_WIDTH, locale=locale)]
    rounds = 0
    end = state
    for end, round_events in round_ends(state, events, next_decision):
        view = engine.view_for(end, None)
        rounds += 1
        board = board_image(view, round_events, names=names, locale=locale)
        write_file(out / f"round-{rounds:03d}.png", png_bytes(board), replace=False)
        small = board_image(view, round_events, names=names, width=GIF_WIDTH, locale=locale)
        frames.append(small)
    finish = finish_image(engine.view_for(end, None), names=names, locale=locale)
    write_file(out / "finish.png", png_bytes(finish), replace=False)
    write_file(out / "race.gif", gif_bytes(frames), replace=False)
    return end, rounds


def _driver(kind: str, seed: int, playouts: int) -> NextDecision:
    """What each car the race waits for does: a random legal decision, or the AI's."""
    if kind != "random":
        return ai_drivers(kind, playouts)
    rng = random.Random(seed)

    def random_decision(state: engine.RaceState) -> engine.Decision | None:
        waiting = engine.pending(state)
        return (
            None if waiting is None else rng.choice(engine.legal_decisions(state, waiting.cars[0]))
        )

    return random_decision
