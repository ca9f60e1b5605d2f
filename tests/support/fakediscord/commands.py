"""Builds the ``data`` of an APPLICATION_COMMAND interaction from a test's call.

``fake.slash(user, channel, "heat new", track="usa", laps=1)`` is checked against
the command tree the bot registered, the way Discord's client only lets a user
send options that exist, with the declared types, choices and ranges.
"""

from __future__ import annotations

from typing import Any

from .errors import DriverError
from .models import FakeChannel, FakeMember, FakeRole, FakeUser, StoredAttachment
from .resolved import Resolved

Json = dict[str, Any]

SUBCOMMAND = 1
SUBCOMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
ATTACHMENT = 11


def find_command(commands: list[Json], name: str) -> Json:
    for command in commands:
        if command["name"] == name and command["type"] == 1:
            return command
    known = sorted(c["name"] for c in commands if c["type"] == 1)
    raise DriverError(f"/{name} is not registered by the bot (registered: {known})")


def command_data(
    command: Json, path: str, values: dict[str, Any], resolved: Resolved, invoker: FakeUser
) -> Json:
    """``path`` is the full invocation name, e.g. ``"heat new"``."""
    data: Json = {"id": command["id"], "name": command["name"], "type": 1}
    if "guild_id" in command:
        data["guild_id"] = command["guild_id"]
    parent = data
    specs: list[Json] = command.get("options") or []
    for name in path.split()[1:]:
        spec = next(
            (s for s in specs if s["type"] in (SUBCOMMAND, SUBCOMMAND_GROUP) and s["name"] == name),
            None,
        )
        if spec is None:
            raise DriverError(f"/{path}: {name!r} is not a subcommand here")
        node: Json = {"type": spec["type"], "name": name}
        parent["options"] = [node]
        parent, specs = node, spec.get("options") or []
    nested = [s["name"] for s in specs if s["type"] in (SUBCOMMAND, SUBCOMMAND_GROUP)]
    if nested:
        raise DriverError(f"/{path} needs a subcommand, one of {nested}")
    parent["options"] = _option_values(path, specs, values, resolved, invoker)
    if resolved:
        data["resolved"] = resolved.payload()
    return data


def _option_values(
    path: str, specs: list[Json], values: dict[str, Any], resolved: Resolved, invoker: FakeUser
) -> list[Json]:
    given = {name: value for name, value in values.items() if value is not None}
    unknown = sorted(set(given) - {spec["name"] for spec in specs})
    if unknown:
        raise DriverError(f"/{path} has no option(s) {unknown}")
    options = []
    for spec in specs:
        name = spec["name"]
        if name not in given:
            if spec.get("required"):
                raise DriverError(f"/{path} requires option {name!r}")
            continue
        value = _convert(path, spec, given[name], resolved, invoker)
        options.append({"type": spec["type"], "name": name, "value": value})
    return options


def _convert(path: str, spec: Json, value: Any, resolved: Resolved, invoker: FakeUser) -> Any:
    kind, name = spec["type"], spec["name"]
    where = f"/{path} option {name!r}"
    if isinstance(value, FakeMember):
        value = value.user
    numeric = not isinstance(value, bool) and (
        (kind == INTEGER and isinstance(value, int))
        or (kind == NUMBER and isinstance(value, int | float))
    )
    if kind == STRING and isinstance(value, str):
        _check_range(where, len(value), spec.get("min_length"), spec.get("max_length"), "length")
    elif numeric:
        _check_range(where, value, spec.get("min_value"), spec.get("max_value"), "value")
    elif kind == BOOLEAN and isinstance(value, bool):
        pass
    elif kind in (USER, MENTIONABLE) and isinstance(value, FakeUser):
        return resolved.add_user(value)
    elif kind in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
        return resolved.add_role(value)
    elif kind == CHANNEL and isinstance(value, FakeChannel):
        return resolved.add_channel(value, invoker)
    elif kind == ATTACHMENT and isinstance(value, StoredAttachment):
        return resolved.add_attachment(value)
    else:
        raise DriverError(f"{where} (type {kind}) cannot take {value!r}")
    choices = spec.get("choices")
    if choices and value not in [choice["value"] for choice in choices]:
        allowed = [choice["value"] for choice in choices]
        raise DriverError(f"{where} must be one of {allowed}, not {value!r}")
    return value


def _check_range(
    where: str, value: float, low: float | None, high: float | None, what: str
) -> None:
    if (low is not None and value < low) or (high is not None and value > high):
        raise DriverError(f"{where}: {what} {value} is outside {low}..{high}")
