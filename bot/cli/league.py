"""``heat league check FILE``: whether a league export would import, checked offline.

The same checks as ``/league import`` (bot.storage's ``checked_file``: the season
replayed from a start the rules give, every row derived from it), with no bot and no
database: a server admin can try a file before importing it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bot.cli.inputs import Parser, refuse
from bot.storage import BadLeagueExport, check_export_size, checked_file

CHECK_HELP = """\
Exit status: 0, with one line on stdout, when /league import would take the file;
2, with one line on stderr, when it would refuse it (and why)."""


def register(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Add the ``league`` command (``league check``) to the ``heat`` command line."""
    league = subparsers.add_parser("league", help="work with league export files")
    actions = league.add_subparsers(dest="action", required=True)
    check = actions.add_parser(
        "check",
        help="check a league export file as /league import would",
        description="Check a league export (the JSON file /league end posts) as /league"
        " import would: its season replayed, every row checked against it.",
        epilog=CHECK_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    check.add_argument("file", help="the heat-league JSON file")
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
        return refuse("league check", f"{args.file}: {error}")
    season = imported.current
    print(
        f"{args.file}: imports as {imported.name!r}: {len(season.results)} of"
        f" {len(season.races)} races scored, {len(imported.members)} members,"
        f" {len(imported.decisions)} season decisions replayed"
    )
    return 0
