"""Every bad setting is refused in one line naming its environment variable.

The settings and their bad values are read off the Settings model (its fields, their
bounds and types), so a setting added later is checked too, by ``heat run`` and ``heat
health`` alike; a secret is never repeated.
"""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any, get_args

import pytest
from pydantic import SecretStr, ValidationError
from pydantic.fields import FieldInfo

from bot.hosting.settings import Settings, settings_error
from tests.support.heatcli import heat, refused

TOKEN = "token-never-repeated-7f3a"
JUNK = ("not-a-number", "", " ", "-1", "0", "[99]", ".", "/no/such/folder/heat.sqlite3")
"""Tried on every setting: whichever of them a setting refuses must be said naming it."""
PLAIN = {str, Path, SecretStr, type(None)}
"""Types that take any text: a setting of these alone may have nothing to refuse."""


def variable(name: str, info: FieldInfo) -> str:
    alias = info.validation_alias
    return alias if isinstance(alias, str) else f"HEAT_{name.upper()}"


def bad_values(info: FieldInfo) -> list[str]:
    """The junk, and each bound of the field just crossed."""
    values = list(JUNK)
    for rule in info.metadata:
        for bound, step in (("ge", -1), ("gt", 0), ("le", 1), ("lt", 0)):
            limit = getattr(rule, bound, None)
            if limit is not None:
                values.append(str(limit + step))
    return values


def constrained(info: FieldInfo) -> bool:
    """A bound, or a type that not every text is (a number, a list, one of some words)."""
    annotation = info.annotation
    kinds = set(get_args(annotation)) if isinstance(annotation, types.UnionType) else {annotation}
    return bool(info.metadata) or not kinds <= PLAIN


SETTINGS = sorted(Settings.model_fields.items())


def test_the_model_has_settings_with_constraints() -> None:
    """The derivation finds the bounded settings (it would check nothing if it found none)."""
    names = {variable(name, info) for name, info in SETTINGS if constrained(info)}
    assert {"HEAT_METRICS_PORT", "HEAT_RETENTION_DAYS", "HEAT_HEALTH_MAX_AGE"} <= names


@pytest.mark.parametrize(("name", "info"), SETTINGS, ids=[variable(*item) for item in SETTINGS])
def test_every_bad_value_is_one_line_naming_its_variable(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str, info: FieldInfo
) -> None:
    """``HEAT_METRICS_PORT=70000`` said only ``Input should be less than or equal to 65535``."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    env = variable(name, info)
    refused_values = []
    for value in bad_values(info):
        monkeypatch.setenv(env, value)
        try:
            Settings()
        except ValidationError:
            refused_values.append(value)
        else:
            continue  # a good value: heat run would start the bot
        code, _, err = heat("run")
        line = refused("run", code, err)
        assert env in line, f"{env}={value!r}: {line}"
        code, out, _ = heat("health")
        assert code == 1 and out.startswith("unhealthy: ") and out.count("\n") == 1, out
        assert env in out, f"{env}={value!r}: {out}"
        assert TOKEN not in err + out
    if constrained(info):
        assert refused_values, f"no value of {bad_values(info)} is refused for {env}"


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ({"DISCORD_TOKEN": 12345}, "DISCORD_TOKEN: Input should be a valid string"),
        ({"database": 12345}, "HEAT_DATABASE: Input should be a valid string"),
    ],
    ids=["token", "database"],
)
def test_a_secret_is_never_repeated(given: dict[str, Any], said: str) -> None:
    """The token, and a database (a URL may carry a password), are named but not echoed."""
    with pytest.raises(ValidationError) as refusal:
        Settings(**given)
    assert settings_error(refusal.value) == said


@pytest.mark.parametrize(
    ("command", "variable", "value", "line"),
    [
        (
            "run",
            "HEAT_METRICS_PORT",
            "70000",
            "heat run: HEAT_METRICS_PORT: Input should be less than or equal to 65535"
            " (got 70000)\n",
        ),
        (
            "run",
            "HEAT_RETENTION_DAYS",
            "0",
            "heat run: HEAT_RETENTION_DAYS: Input should be greater than 0 (got 0)\n",
        ),
        (
            "health",
            "HEAT_HEALTH_MAX_AGE",
            "-5",
            "unhealthy: HEAT_HEALTH_MAX_AGE: Input should be greater than 0 (got -5)\n",
        ),
    ],
    ids=["run-metrics-port", "run-retention", "health-max-age"],
)
def test_the_issue_s_lines(
    monkeypatch: pytest.MonkeyPatch, command: str, variable: str, value: str, line: str
) -> None:
    """The three lines issue 37 quotes, each now naming its variable and the value given."""
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv(variable, value)
    _, out, err = heat(command)
    assert out + err == line
