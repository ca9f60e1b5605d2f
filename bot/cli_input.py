"""What the ``heat`` command reads from its user, checked before any work starts.

A command refuses bad input with one line, ``heat <command>: <what is wrong>``,
and exit status 2, and leaves every file as it was.
"""

from __future__ import annotations

import argparse
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
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput(f"{path}: not UTF-8 text (byte {exc.start})") from None


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


def output_folder(path: str) -> Path:
    """A folder to write into, created if missing; an existing file is never replaced."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise BadInput(f"{path}: is a file, not a folder")
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
