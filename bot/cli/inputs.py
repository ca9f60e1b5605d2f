"""What the ``heat`` command reads from its user, checked before any work starts.

A command refuses bad input with one line, ``heat <command>: <what is wrong>``,
and exit status 2, and leaves every file as it was.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import NoReturn

from engine.errors import cut, quoted

BAD_INPUT = 2
IMAGE_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}
"""What ``heat render -o`` writes, by the file's extension."""


class BadInput(ValueError):
    """Input the command refuses; the message is the line the user sees."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line in the ``heat <command>:`` form."""

    def error(self, message: str) -> NoReturn:
        self.exit(BAD_INPUT, f"{self.prog}: {message} (see {self.prog} --help)\n")


def notation_command(
    commands: argparse._SubParsersAction[Parser],
    name: str,
    *,
    summary: str,
    description: str,
    epilog: str,
    file_help: str,
) -> Parser:
    """A command that reads one notation file (its ``file`` argument), its epilog as written."""
    command = commands.add_parser(
        name,
        help=summary,
        description=description,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument("file", help=file_help)
    return command


def refuse(command: str, message: str) -> int:
    """Say what is wrong in one line and return the exit status for bad input."""
    print(f"heat {command}: {message}", file=sys.stderr)
    return BAD_INPUT


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low} to {high}, not {value}")
        return value

    return parse


def read_notation_file(path: str) -> str:
    """The text of a race or season notation file, which must be UTF-8."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise BadInput(f"{path}: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput(f"{path}: not UTF-8 text (byte {exc.start})") from None
    return text


def read_race_file(path: str) -> str:
    """The race notation text of a file, which must be UTF-8.

    A test scenario (tests/engine/scenarios: the race wrapped in ``scenario``, beside
    ``rule``, ``source`` and ``expect``) gives its race; a season scenario is refused.
    """
    return _unwrapped(path, read_notation_file(path))


def _unwrapped(path: str, text: str) -> str:
    """The race inside a test scenario, or the text as it is (the notation judges it)."""
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return text
    if not isinstance(document, dict) or "notation" in document:
        return text
    if "scenario" in document:
        return json.dumps(document["scenario"])
    if "season" in document:
        raise BadInput(
            f'{path}: a season scenario (it wraps a season in "season"), not a race;'
            " the test suite runs it (tests/engine/season), heat season runs a season file"
        )
    return text


def image_file(path: str) -> tuple[Path, str]:
    """Where to write an image and its format, from the extension; the folder must exist."""
    target = Path(path)
    if target.is_dir():
        raise BadInput(f"{path}: is a folder; name the image file to write")
    image_format = IMAGE_FORMATS.get(target.suffix.lower())
    if image_format is None:
        known = ", ".join(IMAGE_FORMATS)
        raise BadInput(f"{path}: name the image {known} (the extension picks the format)")
    if not target.parent.is_dir():
        raise BadInput(f"{path}: the folder {target.parent} does not exist")
    return target, image_format


RACE_FILES = ("round-*.png", "finish.png", "race.gif")
"""What ``heat simulate`` writes into its folder: a folder holding any of them holds a race."""


def race_folder(path: str) -> Path:
    """A folder for one race's images, created if missing; one that holds a race is refused.

    A second race in the same folder would replace the first one's images and leave
    its later rounds beside the new ones, so an existing file is never replaced.
    """
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise BadInput(f"{path}: is a file, not a folder")
    held = sorted(found.name for pattern in RACE_FILES for found in folder.glob(pattern))
    if held:
        raise BadInput(
            f"{path}: already holds a race ({held[0]}); name a new folder"
            " (an existing file is never replaced)"
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"{path}: cannot create the folder ({exc.strerror})") from None
    return folder


def driver_names(pairs: Sequence[str], cars: Collection[str]) -> dict[str, str]:
    """Drivers' names from ``--name CAR=NAME`` options, each for a car of the race."""
    names: dict[str, str] = {}
    for pair in pairs:
        car, sep, name = pair.partition("=")
        if not sep or not car or not name:
            raise BadInput(f"--name wants CAR=NAME, not {quoted(pair)}")
        if car not in cars:
            known = ", ".join(cars)
            raise BadInput(f"--name {cut(pair)}: no car {quoted(car)} in the race (cars: {known})")
        names[car] = name
    return names
