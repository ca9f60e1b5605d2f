"""What the ``heat`` command reads from its user, checked before any work starts.

A command refuses bad input with one line, ``heat <command>: <what is wrong>``,
and exit status 2, and leaves every file as it was.
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import NoReturn

import data
from data import words
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
    command.add_argument("file", type=path_argument, help=file_help)
    return command


def path_argument(text: str) -> str:
    """An argparse type for every path the command reads or writes: an empty one is refused
    (``--out ""`` meant the current folder, ``heat scenario ""`` said ``: Is a directory``)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path names no file or folder")
    return text


TRACK_NAMES = {
    "usa": ("United States", "Stati Uniti"),
    "france": ("Francia",),
    "great_britain": ("Britain", "Gran Bretagna"),
    "italy": ("Italia",),
    "japan": ("Giappone",),
    "mexico": ("Messico",),
    "nederland": ("Netherlands", "Olanda", "Paesi Bassi"),
    "espana": ("Spain", "Spagna"),
    "deutschland": ("Germany", "Germania"),
    "south_africa": ("Sudafrica", "Sud Africa"),
}
"""Each track's names beside its id and the name its pictures show: in English and in
Italian (the game's Italian edition names the countries in Italian)."""


def _name_key(name: str) -> str:
    """A name as it is compared: any case, no accents, ``_`` and ``-`` as spaces."""
    plain = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(char for char in plain if not unicodedata.combining(char))
    return " ".join(plain.replace("_", " ").replace("-", " ").split())


def track_named(name: str) -> str:
    """The id of the track called ``name``: its id, its pictures' name ("USA", "España") or
    its English or Italian name ("Italia", "Paesi Bassi"), in any case; ValueError if none."""
    key = _name_key(name)
    for track in data.track_ids():
        names = (track, data.track(track).name, *TRACK_NAMES.get(track, ()))
        if key in map(_name_key, names):
            return track
    raise ValueError(f"no track {quoted(name)} (tracks: {', '.join(data.track_ids())})")


def track_argument(text: str) -> str:
    """An argparse type: a track by any of its names (see ``track_named``)."""
    try:
        return track_named(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


LOCALE_HELP = (
    "the pictures' language: a language with a catalog ({languages}; default: en), or"
    " pseudo (English 40%% longer and accented: does a layout have room for a translation?)"
)


def locale_argument(text: str) -> str:
    """An argparse type: a language tag (``it``, ``it-IT``) whose language has a catalog, or
    the pseudo-language (``pseudo``, ``qps-ploc``)."""
    language = words.language(text)
    if language == words.SOURCE and text.replace("_", "-").split("-")[0].lower() != "en":
        raise argparse.ArgumentTypeError(
            f"no catalog for {quoted(text)} (languages: {', '.join(words.languages())})"
        )
    return language


def locale_help() -> str:
    return LOCALE_HELP.format(languages=", ".join(words.languages()))


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


def read_season_file(path: str) -> str:
    """The season notation text of a file, which must be UTF-8.

    A test scenario (tests/engine/season/scenarios: the season wrapped in ``season``,
    its ``decisions`` beside it with ``rule``, ``source`` and ``expect``) gives its season
    with those decisions; a race test scenario is refused.
    """
    text = read_notation_file(path)
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return text
    if not isinstance(document, dict) or "notation" in document:
        return text
    if isinstance(document.get("season"), dict):
        season = dict(document["season"])
        if "decisions" in document:
            season["decisions"] = document["decisions"]
        return json.dumps(season)
    if "scenario" in document:
        raise BadInput(
            f'{path}: a race test scenario (it wraps a race in "scenario"), not a season;'
            " heat scenario runs it"
        )
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


def image_file(path: str, *, force: bool = False) -> tuple[Path, str]:
    """Where to write an image and its format, from the extension; the folder must exist,
    and the file must not, unless ``force`` (``--force``) lets the image replace it."""
    target = Path(path)
    if target.is_dir():
        raise BadInput(f"{path}: is a folder; name the image file to write")
    if target.exists() and not force:
        raise BadInput(f"{path}: {ALREADY_EXISTS}")
    image_format = IMAGE_FORMATS.get(target.suffix.lower())
    if image_format is None:
        known = ", ".join(IMAGE_FORMATS)
        raise BadInput(f"{path}: name the image {known} (the extension picks the format)")
    if not target.parent.is_dir():
        raise BadInput(f"{path}: the folder {target.parent} does not exist")
    return target, image_format


ALREADY_EXISTS = "already exists (--force replaces it)"
"""What a command says of a file it would replace: none replaces a file unless told to."""

RACE_FILES = ("round-*.png", "finish.png", "race.gif")
"""What ``heat simulate`` writes into its folder: a folder holding any of them holds a race."""


def race_folder(path: str, *, force: bool = False) -> Path:
    """A folder for one race's images, created if missing; one that holds a race is refused,
    unless ``force`` (``--force``), which deletes that race's images and nothing else.

    A second race written over the first would replace its images and leave its later
    rounds beside the new ones, so the older race goes whole or stays whole.
    """
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise BadInput(f"{path}: is a file, not a folder")
    held = sorted(found for pattern in RACE_FILES for found in folder.glob(pattern))
    if held and not force:
        raise BadInput(
            f"{path}: already holds a race ({held[0].name}); name a new folder,"
            " or --force to replace that race"
        )
    for image in held:
        try:
            image.unlink()
        except OSError as exc:
            raise BadInput(f"{image}: cannot replace ({exc.strerror})") from None
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
