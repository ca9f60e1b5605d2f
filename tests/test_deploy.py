"""The Dockerfile, compose.yaml and the lock, read as files: there is no Docker daemon here,
so what a build and a ``docker compose up`` rely on is checked statically."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import yaml

from build_support import heat_build

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ("bot", "engine", "render", "data")


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions, in order, as (KEYWORD, arguments), continued lines joined."""
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    lines = [" ".join(line.split()) for line in text.splitlines()]
    found = [line.split(maxsplit=1) for line in lines if line and not line.startswith("#")]
    return [(parts[0].upper(), parts[1] if len(parts) > 1 else "") for parts in found]


def stages() -> list[list[tuple[str, str]]]:
    """The instructions of each build stage, each list starting with its FROM."""
    found: list[list[tuple[str, str]]] = []
    for step in instructions():
        if step[0] == "FROM":
            found.append([])
        found[-1].append(step)
    return found


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    return loaded


def test_every_stage_starts_from_one_base_image_pinned_to_a_patch_version() -> None:
    bases = {args.split()[0] for keyword, args in instructions() if keyword == "FROM"}
    (base,) = bases
    assert re.fullmatch(r"python:3\.11\.\d+-slim-bookworm", base), base


def test_the_dependencies_are_installed_from_the_lock_before_the_bot() -> None:
    image = stages()[-1]
    lock = image.index(("RUN", "pip install -r requirements.lock"))
    first_copy = min(i for i, (k, args) in enumerate(image) if k == "COPY")
    assert image[first_copy] == ("COPY", "requirements.lock ./")
    later_copies = [i for i, (k, args) in enumerate(image) if k == "COPY" and i != first_copy]
    assert later_copies and lock < min(later_copies), "the bot's files come after the lock"
    assert ("RUN", "pip install --no-deps /wheels/*.whl && rm -r /wheels") in image[lock:]


def test_the_image_runs_the_engine_compiled_and_no_c_compiler() -> None:
    """The wheel is built with the switch that compiles the engine (the build backend's),
    from every file the build reads, in a stage of its own: the image gets the wheel alone."""
    *builds, image = stages()
    (build,) = builds
    alias = build[0][1].split()[-1]
    assert build[0][1].split()[1].upper() == "AS"
    assert ("RUN", f"{heat_build.SWITCH}=1 pip wheel --no-deps -w /wheels .") in build
    copied = {word for k, args in build if k == "COPY" for word in args.split()[:-1]}
    # setup.py says what compiles; the backend pins pydantic from the lock for mypy.
    reads = {"pyproject.toml", "setup.py", "requirements.lock", "build_support"}
    assert {*SOURCE, *reads} <= copied
    installs = " ".join(args for k, args in build if k == "RUN")
    assert "gcc" in installs and "gcc" not in " ".join(args for k, args in image if k == "RUN")
    assert ("COPY", f"--from={alias} /wheels /wheels") in image


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
