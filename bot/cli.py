"""The ``heat`` command: run the bot, or work with races offline.

``heat run`` starts the Discord bot; ``heat scenario FILE.json`` runs a race
notation scenario; ``heat render`` and ``heat simulate`` draw races.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bot import db_command, offline

BAD_INPUT = 2


def scenario_command(args: argparse.Namespace) -> int:
    """Print the scenario's result as JSON; exit 2 with one line on bad input."""
    from engine.errors import NotationError, RulesError
    from engine.notation import to_text
    from engine.scenario import run_scenario

    try:
        text = Path(args.file).read_text(encoding="utf-8")
        result = run_scenario(text)
    except OSError as exc:
        print(f"heat scenario: {args.file}: {exc.strerror}", file=sys.stderr)
        return BAD_INPUT
    except (NotationError, RulesError) as exc:
        print(f"heat scenario: {args.file}: {exc}", file=sys.stderr)
        return BAD_INPUT
    print(to_text(result))
    return 0


NO_TOKEN = (
    "heat run: DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications"
    " (Bot > Reset Token) and export DISCORD_TOKEN, or try the offline demo:"
    " heat simulate --track usa --cars 6 --out demo"
)


def run_command(args: argparse.Namespace) -> int:
    """Start the Discord bot; without a token, say in one line how to get one."""
    from bot.settings import Settings

    settings = Settings()
    if settings.discord_token is None:
        print(NO_TOKEN, file=sys.stderr)
        return BAD_INPUT
    from bot.discord.app import run_bot

    run_bot(settings)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="heat", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="start the Discord bot (needs DISCORD_TOKEN)")
    run.set_defaults(func=run_command)
    scenario = commands.add_parser("scenario", help="run a race notation scenario")
    scenario.add_argument("file", help="a heat-race/1 JSON file with decisions")
    scenario.set_defaults(func=scenario_command)
    offline.register(commands)
    db_command.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
