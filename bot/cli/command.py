"""The ``heat`` command: run the Discord bot, or work with races offline.

Each subcommand refuses bad input with one line on stderr, ``heat <command>: ...``,
and exit status 2.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import textwrap
from collections.abc import Sequence
from importlib.metadata import version

from pydantic import ValidationError

from bot.cli import db, health, league, offline, season
from bot.cli.inputs import BadInput, Parser, notation_command, read_race_file, refuse

DESCRIPTION = """\
Race Heat: Pedal to the Metal on Discord, or offline.

  heat run                      start the Discord bot (needs DISCORD_TOKEN)
  heat scenario FILE.json       apply a race file's decisions and print the result
  heat season FILE.json         apply a season file's decisions and print the standings
  heat render FILE.json -o PNG  draw a race file as a board image
  heat simulate --out FOLDER    race AI drivers and draw every round
  heat league check FILE        check a league export as /league import would
  heat db copy --to URL         copy the SQLite database into PostgreSQL
  heat health                   exit 0 if the bot running here is healthy, 1 if not

Every command exits 0 on success, and 2 with one line on stderr for bad input
(heat health: 0 healthy, 1 not, with one line).
Run heat COMMAND --help for what each accepts."""

SCENARIO_HELP = """\
Prints, as JSON on stdout: "state" (the race after the file's decisions, in the
same notation), "pending" (null, or the car and the decision the race waits for:
plan, react, slipstream or discard) and "events" (what happened, in order). Cars
of kind "ai" decide for themselves whenever the file does not speak for them.

A test scenario of tests/engine/scenarios, which wraps a race in "scenario"
beside "rule", "source" and "expect", runs its race (the test suite checks
"expect"; this command prints what happens).

Exit status: 0 when every decision applied; 2, with one line on stderr, for a
file that cannot be read, is not a valid race (a value out of its range, see
engine/notation.py), or lists a decision the rules do not allow."""

VARIABLE_COLUMN = 26

RUN_EXIT = """\
Exit status: 2, with one line on stderr, when a variable is missing or invalid,
Discord refuses the token, or Discord cannot be reached."""


def run_help() -> str:
    """heat run's epilog: every environment variable Settings reads, with its default,
    read off the model so a new setting shows up here."""
    from bot.hosting.settings import Settings, env_variable

    lines = ["Environment variables (every setting; each is optional but DISCORD_TOKEN):"]
    for name, field in Settings.model_fields.items():
        variable = env_variable(name)
        said = field.description or ""  # tests/cli/test_cli_help.py: every field has one
        default = field.get_default(call_default_factory=True)
        if default is not None:
            shown = f"{default:g}" if isinstance(default, float) else str(default)
            said += f" (default: {shown})"
        head = f"  {variable:<{VARIABLE_COLUMN - 4}}  "
        lines += textwrap.wrap(
            said, width=79, initial_indent=head, subsequent_indent=" " * VARIABLE_COLUMN
        )
    return "\n".join([*lines, "", RUN_EXIT])


NO_TOKEN = (
    "DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications"
    " (Bot > Reset Token) and export DISCORD_TOKEN, or try the offline demo:"
    " heat simulate --track usa --cars 6 --out demo"
)
READER_GONE = 128 + signal.SIGPIPE

BAD_TOKEN = (
    "Discord refused DISCORD_TOKEN: copy the token again from"
    " https://discord.com/developers/applications (Bot > Reset Token)"
)


def scenario_command(args: argparse.Namespace) -> int:
    """Print the scenario's result as JSON; exit 2 with one line on bad input."""
    from engine.errors import NotationError, RulesError
    from engine.notation import to_text
    from engine.scenario import run_scenario

    try:
        result = run_scenario(read_race_file(args.file))
    except BadInput as exc:
        return refuse("scenario", str(exc))
    except (NotationError, RulesError) as exc:
        return refuse("scenario", f"{args.file}: {exc}")
    print(to_text(result))
    return 0


def run_command(args: argparse.Namespace) -> int:
    """Start the Discord bot; a missing or bad setting is one line saying how to fix it."""
    from bot.hosting.settings import Settings, settings_error

    try:
        settings = Settings()
    except ValidationError as exc:
        return refuse("run", settings_error(exc))
    if settings.discord_token is None:
        return refuse("run", NO_TOKEN)
    import aiohttp
    import discord

    from bot.discord.app import run_bot

    try:
        run_bot(settings)
    except discord.LoginFailure:
        return refuse("run", BAD_TOKEN)
    except aiohttp.ClientConnectionError as exc:
        return refuse("run", f"cannot reach Discord ({exc})")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The ``heat`` command line: run, scenario, season, render, simulate, db."""
    parser = Parser(
        prog="heat", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--version", action="version", version=f"heat {version('heat-discord')}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    run = commands.add_parser(
        "run",
        help="start the Discord bot (needs DISCORD_TOKEN)",
        description="Start the Discord bot; it runs until stopped.",
        epilog=run_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    run.set_defaults(func=run_command)
    scenario = notation_command(
        commands,
        "scenario",
        summary="apply a race file's decisions and print the result",
        description="Apply the decisions of a race notation file (heat-race/1) in order.",
        epilog=SCENARIO_HELP,
        file_help="a heat-race/1 JSON file, usually with decisions",
    )
    scenario.set_defaults(func=scenario_command)
    season.register(commands)
    offline.register(commands)
    db.register(commands)
    league.register(commands)
    health.register(commands)
    _describe(parser)
    return parser


def _describe(parser: argparse.ArgumentParser) -> None:
    """Give every command without a description its one-line summary as one, so that no
    ``heat COMMAND --help`` says nothing of what the command does."""
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        summaries = {choice.dest: choice.help for choice in action._choices_actions}
        for name, command in action.choices.items():
            summary = summaries.get(name)
            if not command.description and summary:
                command.description = f"{summary[0].upper()}{summary[1:]}."
            _describe(command)


VOICE_WARNINGS = ("PyNaCl is not installed", "davey is not installed")
"""What discord.py logs at every start about voice, which the bot never uses."""


def _not_about_voice(record: logging.LogRecord) -> bool:
    return not record.getMessage().startswith(VOICE_WARNINGS)


def quiet_voice_warnings() -> None:
    """Drop discord.client's two warnings about voice support, and nothing else it logs."""
    logging.getLogger("discord.client").addFilter(_not_about_voice)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one ``heat`` command; returns its exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    quiet_voice_warnings()
    parser = build_parser()
    if len(argv) > 1 and _asks_version(argv[0]):
        # argparse prints the version and exits 0 before it reads the rest of the line.
        parser.error(f"--version stands alone, not with: {' '.join(argv[1:])}")
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        extra = " ".join(unknown)
        # ``heat db copy``, ``heat league check``: the command and its action.
        command = " ".join(filter(None, (args.command, getattr(args, "action", None))))
        return refuse(command, f"unrecognized arguments: {extra} (see heat {command} --help)")
    try:
        code: int = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (``heat scenario F | head``): quiet, as Unix tools are.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return READER_GONE
    return code


def _asks_version(argument: str) -> bool:
    """``--version``, or an abbreviation argparse would take for it (``--vers``)."""
    return len(argument) > 2 and "--version".startswith(argument)
