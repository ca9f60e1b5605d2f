"""``heat league check FILE``: whether a league export would import, checked offline.

The same checks as ``/league import`` (bot.storage's ``checked_file``: the season
replayed from a start the rules give, every row derived from it), with no bot and no
database: a server admin can try a file before importing it.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bot.cli.inputs import Parser, path_argument, refuse
from bot.storage import BadLeagueExport, check_export_size, checked_file

CHECK_HELP = """\
Exit status: 0, with one line on stdout, when /league import would take the file;
2, with one line on stderr, when it would refuse it (and why)."""


def register(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Add the ``league`` command (``league check``) to the ``heat`` command line."""
    league = subparsers.add_parser(
        "league",
        help="work with league export files",
        description="Work with league export files (the JSON file /league end posts);"
        " heat league check FILE tells whether /league import would take one.",
    )
    actions = league.add_subparsers(dest="action", required=True)
    check = actions.add_parser(
        "check",
        help="check a league export file as /league import would",
        description="Check a league export (the JSON file /league end posts) as /league"
        " import would: its season replayed, every row checked against it.",
        epilog=CHECK_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    check.add_argument(
        "file",
        type=path_argument,
        help="the heat-league JSON file (docs/sample-league.json is one to try)",
    )
    check.set_defaults(func=check_command)


def check_command(args: argparse.Namespace) -> int:
    """One line saying what the file holds, or one line saying why it would be refused."""
    path = Path(args.file)
    try:
        check_export_size(path.stat().st_size)
        imported = checked_file(path.read_bytes())
    except OSError as error:
        return refuse("league check", f"{args.file}: {error.strerror}")
    except BadLeagueExport as error:
        return refuse("league check", f"{args.file}: {other_notation(path) or error}")
    season = imported.current
    print(
        f"{args.file}: imports as {imported.name!r}: {len(season.results)} of"
        f" {len(season.races)} races scored, {len(imported.members)} members,"
        f" {len(imported.decisions)} season decisions replayed"
    )
    return 0


OTHER_NOTATIONS = {
    "heat-race/1": "a race (heat-race/1), not a league export; try heat scenario",
    "heat-season/1": "a season (heat-season/1), not a league export; try heat season",
}


def other_notation(path: Path) -> str | None:
    """What a file the import refuses is instead, when it is one of the other files ``heat``
    reads (a race, a season, a test scenario of either); None for anything else."""
    try:
        check_export_size(path.stat().st_size)
        document = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError, BadLeagueExport):
        return None
    if not isinstance(document, dict) or "format" in document:
        return None
    notation = document.get("notation")
    if isinstance(notation, str) and notation in OTHER_NOTATIONS:
        return f"is {OTHER_NOTATIONS[notation]}"
    if "scenario" in document:
        return "is a race test scenario, not a league export; try heat scenario"
    if "season" in document:
        return "is a season test scenario, not a league export; try heat season"
    return None
