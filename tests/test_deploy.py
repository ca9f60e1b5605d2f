"""The Dockerfile, compose.yaml and the lock, read as files: there is no Docker daemon here,
so what a build and a ``docker compose up`` rely on is checked statically."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ("bot", "engine", "render", "data")


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions, in order, as (KEYWORD, arguments)."""
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text().splitlines()]
    found = [line.split(maxsplit=1) for line in lines if line and not line.startswith("#")]
    return [(parts[0].upper(), parts[1] if len(parts) > 1 else "") for parts in found]


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    return loaded


def test_the_base_image_is_pinned_to_a_patch_version() -> None:
    (base,) = [args for keyword, args in instructions() if keyword == "FROM"]
    assert re.fullmatch(r"python:3\.11\.\d+-slim-bookworm", base), base


def test_the_dependencies_are_installed_from_the_lock_before_any_source_is_copied() -> None:
    steps = instructions()
    lock = steps.index(("RUN", "pip install -r requirements.lock"))
    first_source = min(
        i for i, (k, args) in enumerate(steps) if k == "COPY" and args.split()[0] in SOURCE
    )
    assert steps.index(("COPY", "requirements.lock ./")) < lock < first_source
    assert ("RUN", "pip install --no-deps .") in steps[first_source:], "the bot alone, after"


def test_the_image_checks_its_health_runs_unprivileged_and_makes_no_anonymous_volume() -> None:
    steps = dict(instructions())
    assert steps["HEALTHCHECK"].endswith('CMD ["heat", "health"]')
    assert steps["USER"] == "nobody" and steps["CMD"] == '["heat", "run"]'
    assert "VOLUME" not in steps, "a cluster bot on PostgreSQL would get an unused volume"


def test_the_lock_pins_every_dependency_of_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {
        re.split(r"[<>=!;\[ ]", requirement, maxsplit=1)[0]
        for requirement in project["dependencies"]
    }
    lines = [
        line
        for line in (ROOT / "requirements.lock").read_text().splitlines()
        if line and line[0] != "#"
    ]
    pinned = {}
    for line in lines:
        name, _, version = line.partition("==")
        assert re.fullmatch(r"\d+(\.\d+)+", version), line
        pinned[normal(name)] = version
    assert {normal(name) for name in wanted} <= set(pinned), "every dependency is pinned"


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_compose_builds_one_image_for_every_bot_with_health_checks_and_bounded_restarts() -> None:
    services = compose()["services"]
    bots = {name: s for name, s in services.items() if name.startswith("bot-")}
    assert len(bots) == 2
    assert {s["image"] for s in bots.values()} == {"heat-discord:local"}
    assert [name for name, s in services.items() if "build" in s] == ["bot-0"], "built once"
    for name, bot in bots.items():
        if "build" not in bot:
            assert bot["pull_policy"] == "never", f"{name} runs the image bot-0 built"
        assert bot["healthcheck"]["test"] == ["CMD", "heat", "health"]
        retries = re.fullmatch(r"on-failure:(\d+)", bot["restart"])
        assert retries and int(retries[1]) <= 10, f"{name}: a bad token must not restart for ever"
        assert not bot.get("volumes"), f"{name} keeps nothing on disk (PostgreSQL holds it)"
        assert bot["depends_on"]["db"]["condition"] == "service_healthy"
        assert bot["environment"]["HEAT_DATABASE"].startswith("postgresql://heat:")


def test_compose_pins_postgres_and_names_every_volume_it_mounts() -> None:
    loaded = compose()
    assert re.fullmatch(r"postgres:15\.\d+(-bookworm)?", loaded["services"]["db"]["image"])
    declared = set(loaded["volumes"])
    for name, service in loaded["services"].items():
        for mount in service.get("volumes", []):
            source = mount.split(":")[0]
            assert source in declared, f"{name}: {mount} is an anonymous or undeclared volume"


def test_compose_copies_the_sqlite_volume_inside_its_network_before_the_bots_start() -> None:
    copy = compose()["services"]["db-copy"]
    assert copy["profiles"] == ["copy"], "never started by a plain `up`"
    assert copy["command"][:3] == ["heat", "db", "copy"]
    assert "@db:5432/heat" in copy["command"][-1], "the database's name inside the network"
    assert copy["depends_on"]["db"]["condition"] == "service_healthy"


def test_the_readme_gives_the_docker_lines_and_the_move_in_an_order_that_works() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "docker build -t heat-discord:local ." in readme
    assert "-v heat-data:/var/lib/heat" in readme
    steps = [
        "docker compose build",
        "docker compose up -d db",
        "docker compose run --rm db-copy",
        "docker compose up -d\n",
    ]
    move = readme[readme.index("docker compose build") :]
    at = 0
    for step in steps:  # each after the one before: build, database, copy, then the bots
        at = move.index(step, at) + len(step)
