"""The ``heat`` command: run the bot, or work with races offline.

``heat run`` starts the Discord bot; ``heat scenario FILE.json`` runs a race
notation scenario; ``heat render`` and ``heat simulate`` draw races.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="heat", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    scenario = commands.add_parser("scenario", help="run a race notation scenario")
    scenario.add_argument("file", help="a heat-race/1 JSON file with decisions")
    scenario.set_defaults(func=scenario_command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
