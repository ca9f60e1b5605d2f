"""The offline command ``heat season``: run a season file's decisions, print the outcome.

A season file is a ``heat-season/1`` document (docs/season-notation.md) with an
optional ``decisions`` list; ``--standings`` also draws the standings picture the
bot posts in a league's channel.
"""

from __future__ import annotations

import argparse

from bot.cli.inputs import (
    BadInput,
    Parser,
    image_file,
    locale_argument,
    locale_help,
    notation_command,
    path_argument,
    read_season_file,
    refuse,
)
from bot.cli.outputs import write_image
from data import words
from engine.errors import NotationError, RulesError
from engine.notation import to_text
from engine.season import SeasonState, run_season_scenario, season_report, standings
from render import StandingRow, Standings, standings_image

SEASON_HELP = """\
Prints, as JSON on stdout: "season" (the season after the file's decisions, in
the same notation), "pending" (what the season waits for: its step, the race
and the drivers who owe a draft decision), "standings" (leader first, with each
race's points and place) and "events" (what happened, in order). AI drivers make
their own draft decisions whenever the file does not speak for them.

The file's "decisions" are text forms ("draft 1", "A pick body-3", "start 1",
"record 1 {...}") or, for a race result, {"record": 1, "result": {...}}. A file
in the "draft" phase without its "draft" field has its market and pick order
drawn from the season's Garage deck and grid.

Exit status: 0 when every decision applied; 2, with one line on stderr, for a
file that cannot be read, is not a valid season, or lists a decision the season
does not allow, or a picture that cannot be written or already exists (without
--force).

A test scenario of tests/engine/season/scenarios, which wraps a season in
"season" beside its "decisions", "rule", "source" and "expect", runs its season
with those decisions (the test suite checks "expect"; this command prints what
happens)."""


def register(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Add the ``season`` command to the ``heat`` command line."""
    season = notation_command(
        subparsers,
        "season",
        summary="apply a season file's decisions and print the result",
        description="Apply the decisions of a season notation file (heat-season/1) in order.",
        epilog=SEASON_HELP,
        file_help="a heat-season/1 JSON file, usually with decisions",
    )
    season.add_argument(
        "--standings",
        metavar="IMAGE",
        type=path_argument,
        help="also draw the standings to this image, in an existing folder (.png, .jpg)",
    )
    season.add_argument(
        "--force",
        action="store_true",
        help="replace the standings image if the file exists (without it, an existing file"
        " is refused)",
    )
    season.add_argument("--locale", type=locale_argument, default="en", help=locale_help())
    season.set_defaults(func=season_command)


def season_command(args: argparse.Namespace) -> int:
    """Print the season's outcome as JSON (and draw its standings); exit 2 on bad input."""
    try:
        target = None if args.standings is None else image_file(args.standings, force=args.force)
        s, events = run_season_scenario(read_season_file(args.file))
        if target is not None:
            image = standings_image(season_table(s, args.locale), args.locale)
            write_image(image, *target, replace=args.force)
    except BadInput as exc:
        return refuse("season", str(exc))
    except (NotationError, RulesError) as exc:
        return refuse("season", f"{args.file}: {exc}")
    print(to_text(season_report(s, events)))
    return 0


def season_table(s: SeasonState, locale: str = "en") -> Standings:
    """The standings picture's table: a row per driver (by id), a column per race of the season
    under its track's name, its title in the locale's language."""
    rows = [
        StandingRow(
            line.driver,
            line.points,
            line.places,
            s.driver(line.driver).color,
            line.eliminated,
            line.race_points,
            line.bonuses,
            not line.active,
        )
        for line in standings(s)
    ]
    title = (
        words.text("standings_season", locale)
        if s.preset is None
        else words.text("standings_season_year", locale, year=s.preset)
    )
    return Standings(title, rows, [words.track_name(race.track, locale) for race in s.races])
