"""Discord's limits on application command definitions (bulk overwrite bodies), in every
locale a command is translated to.

A bad command tree makes ``CommandTree.sync()`` fail against Discord; the fake
answers with the same 400 so the failure shows up in tests, not in production.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import FormErrors, too_many_commands

Json = dict[str, Any]
Path = tuple[str | int, ...]

CHAT_INPUT = 1
SUBCOMMAND = 1
SUBCOMMAND_GROUP = 2
MAX_CHAT_INPUT_COMMANDS = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_COMMAND_SIZE = 4000
_VALUE_TYPES = frozenset(range(3, 12))
_NAME = re.compile(r"^[-_'\w]{1,32}$")


def validate_commands(commands: list[Json]) -> None:
    """Raise the error Discord would give for this bulk overwrite, if any."""
    if sum(1 for c in commands if c.get("type", CHAT_INPUT) == CHAT_INPUT) > (
        MAX_CHAT_INPUT_COMMANDS
    ):
        raise too_many_commands(MAX_CHAT_INPUT_COMMANDS)
    errors = FormErrors()
    seen: set[tuple[int, str]] = set()
    for index, command in enumerate(commands):
        kind = command.get("type", CHAT_INPUT)
        key = (kind, command.get("name", ""))
        if key in seen:
            errors.add(
                (index, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                "Command names must be unique",
            )
        seen.add(key)
        _validate_command(command, errors, (index,))
    errors.raise_if_any()


def _validate_command(command: Json, errors: FormErrors, path: Path) -> None:
    if command.get("type", CHAT_INPUT) != CHAT_INPUT:
        # Context menus: free-form name, no description, no options.
        errors.check_length((*path, "name"), command.get("name"), 1, 32)
        return
    _check_name(command.get("name"), errors, (*path, "name"))
    errors.check_length((*path, "description"), command.get("description"), 1, 100)
    _check_localizations(command, errors, path)
    _validate_options(
        command.get("options") or [], errors, path, allowed={SUBCOMMAND, SUBCOMMAND_GROUP}
    )
    if _size(command) > MAX_COMMAND_SIZE:
        errors.add(path, "APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (4000)")


def _validate_options(
    options: list[Json], errors: FormErrors, path: Path, *, allowed: set[int]
) -> None:
    """``allowed`` holds the nesting types permitted at this depth (besides values)."""
    errors.check_length((*path, "options"), options, 0, MAX_OPTIONS)
    kinds = {option.get("type") for option in options}
    nested = kinds & {SUBCOMMAND, SUBCOMMAND_GROUP}
    if nested and (kinds - nested or not nested <= allowed):
        errors.add(
            (*path, "options"),
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Sub-command and sub-command group option types are mutually exclusive to all "
            "other types",
        )
    names: set[str] = set()
    optional_seen = False
    for index, option in enumerate(options):
        at: Path = (*path, "options", index)
        name = option.get("name")
        _check_name(name, errors, (*at, "name"))
        errors.check_length((*at, "description"), option.get("description"), 1, 100)
        _check_localizations(option, errors, at)
        if name in names:
            errors.add(
                (*at, "name"),
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            )
        names.add(str(name))
        kind = option.get("type")
        if kind == SUBCOMMAND_GROUP:
            _validate_options(option.get("options") or [], errors, at, allowed={SUBCOMMAND})
        elif kind == SUBCOMMAND:
            _validate_options(option.get("options") or [], errors, at, allowed=set())
        elif kind in _VALUE_TYPES:
            if option.get("required"):
                if optional_seen:
                    errors.add(
                        (*at, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
            else:
                optional_seen = True
            _validate_choices(option.get("choices") or [], errors, at)
        else:
            errors.add((*at, "type"), "BASE_TYPE_CHOICES", "Value must be one of 1..11.")


def _validate_choices(choices: list[Json], errors: FormErrors, path: Path) -> None:
    errors.check_length((*path, "choices"), choices, 0, MAX_CHOICES)
    for index, choice in enumerate(choices):
        at: Path = (*path, "choices", index)
        errors.check_length((*at, "name"), choice.get("name"), 1, 100)
        for locale, name in (choice.get("name_localizations") or {}).items():
            errors.check_length((*at, "name_localizations", locale), name, 1, 100)
        value = choice.get("value")
        if isinstance(value, str):
            errors.check_length((*at, "value"), value, 1, 100)


def _check_localizations(item: Json, errors: FormErrors, path: Path) -> None:
    """A name or description per locale obeys the same rules as the default one."""
    for locale, name in (item.get("name_localizations") or {}).items():
        _check_name(name, errors, (*path, "name_localizations", locale))
    for locale, said in (item.get("description_localizations") or {}).items():
        errors.check_length((*path, "description_localizations", locale), said, 1, 100)


def _check_name(name: object, errors: FormErrors, path: Path) -> None:
    if not isinstance(name, str) or not _NAME.match(name) or name != name.lower():
        errors.add(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")


def _size(command: Json) -> int:
    """Characters Discord counts towards the 4000 limit (names, descriptions, choices), each
    field at its longest in any locale."""
    total = _longest(command, "name") + _longest(command, "description")
    for option in command.get("options") or []:
        total += _size(option)
        for choice in option.get("choices") or []:
            total += _longest(choice, "name") + len(str(choice.get("value", "")))
    return total


def _longest(item: Json, key: str) -> int:
    said = [str(item.get(key) or ""), *(item.get(f"{key}_localizations") or {}).values()]
    return max(len(str(one)) for one in said)
