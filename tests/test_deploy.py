"""The Dockerfile, compose.yaml and the lock, read as files: there is no Docker daemon here,
so what a build and a ``docker compose up`` rely on is checked statically."""

from __future__ import annotations

import importlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from packaging.requirements import Requirement

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


# --- the build context (.dockerignore) -----------------------------------------------------


def ignore_patterns() -> list[tuple[bool, re.Pattern[str]]]:
    """``.dockerignore`` as Docker reads it: (is an exception ``!``, the pattern as a regex).

    Docker cleans each pattern (a leading ``/`` dropped), matches it against the whole path
    from the context's root (Go's ``filepath.Match`` with ``**`` for any depth), and a path
    is left out when the last pattern matching it or one of its folders is not an exception.
    """
    path = ROOT / ".dockerignore"
    assert path.is_file(), "without .dockerignore, docker build sends .venv and .git"
    found = []
    for line in path.read_text().splitlines():
        pattern = line.strip()
        if not pattern or pattern.startswith("#"):
            continue
        exception = pattern.startswith("!")
        pattern = posixpath.normpath(pattern.removeprefix("!").strip()).lstrip("/")
        found.append((exception, re.compile(docker_regex(pattern))))
    return found


def docker_regex(pattern: str) -> str:
    """A regex for one cleaned pattern, as moby's patternmatcher builds it."""
    out, i = "^", 0
    while i < len(pattern):
        char = pattern[i]
        if char == "*" and pattern[i + 1 : i + 2] == "*":
            i += 1
            if pattern[i + 1 : i + 2] == "/":
                i += 1
                out += "(.*/)?"
            else:
                out += ".*"
        elif char == "*":
            out += "[^/]*"
        elif char == "?":
            out += "[^/]"
        elif char == "[":
            end = pattern.index("]", i)
            out += pattern[i : end + 1]
            i = end
        elif char == "\\":
            i += 1
            out += re.escape(pattern[i])
        else:
            out += re.escape(char)
        i += 1
    return out + "$"


def left_out(path: str, patterns: list[tuple[bool, re.Pattern[str]]]) -> bool:
    """Whether ``docker build .`` leaves ``path`` (relative, with ``/``) out of the context."""
    parts = path.split("/")
    candidates = ["/".join(parts[:n]) for n in range(1, len(parts) + 1)]
    excluded = False
    for exception, regex in patterns:
        if any(regex.match(candidate) for candidate in candidates):
            excluded = not exception
    return excluded


def build_context() -> set[str]:
    """Every file ``docker build .`` would send from this checkout."""
    patterns = ignore_patterns()
    prune = not any(exception for exception, _ in patterns)
    sent = set()
    for folder, folders, files in os.walk(ROOT):
        here = Path(folder).relative_to(ROOT).as_posix()
        prefix = "" if here == "." else here + "/"
        if prune:  # nothing can bring a file of a left-out folder back
            folders[:] = [f for f in folders if not left_out(prefix + f, patterns)]
        sent |= {prefix + f for f in files if not left_out(prefix + f, patterns)}
    return sent


def copy_sources() -> list[str]:
    """What the Dockerfile's COPY instructions take from the build context."""
    sources = []
    for keyword, args in instructions():
        words = args.split()
        if keyword != "COPY" or any(word.startswith("--from") for word in words):
            continue
        sources += [word.rstrip("/") for word in words[:-1] if not word.startswith("--")]
    return sources


def test_the_build_context_leaves_out_the_virtualenv_the_history_and_local_files() -> None:
    patterns = ignore_patterns()
    for path in (
        ".venv/bin/python",
        ".git/HEAD",
        "bot/__pycache__/app.cpython-311.pyc",
        "engine/ai/__pycache__/search.cpython-311.pyc",
        ".mypy_cache/3.11/bot.json",
        ".ruff_cache/CACHEDIR.TAG",
        ".pytest_cache/README.md",
        ".hypothesis/examples/x",
        "build/lib/engine/state.py",
        "dist/heat_discord-0.1.0-py3-none-any.whl",
        "heat_discord.egg-info/PKG-INFO",
        "engine/state.cpython-311-x86_64-linux-gnu.so",
        "heat.sqlite3",
        "tests/tmp/heat.sqlite3-wal",
        "heat-solo.heartbeat",
    ):
        assert left_out(path, patterns), f"{path} is sent to the Docker daemon"
    sent = build_context()
    for name in (".venv", ".git", "__pycache__", ".mypy_cache"):
        assert not [p for p in sent if name in p.split("/")], f"{name} in the build context"
    assert not [p for p in sent if p.endswith(".sqlite3")], "a database in the build context"


def test_the_build_context_holds_everything_the_dockerfile_copies() -> None:
    patterns = ignore_patterns()
    sources = copy_sources()
    assert {"pyproject.toml", "requirements.lock", *SOURCE} <= set(sources)
    sent = build_context()
    for source in sources:
        if (ROOT / source).is_file():
            assert source in sent, f"COPY {source}: left out of the build context"
        else:
            assert any(p.startswith(source + "/") for p in sent), f"COPY {source}: empty"
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("no git here to list the tracked sources")
    tracked = subprocess.run(
        ["git", "ls-files", "--", *sources],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert tracked
    missing = [path for path in tracked if left_out(path, patterns)]
    assert not missing, f"tracked files the build would not see: {missing[:10]}"


# --- what the image runs -----------------------------------------------------------------


def test_the_healthcheck_command_is_the_wheels_console_script() -> None:
    """``heat health`` (HEALTHCHECK) and ``heat run`` (CMD): ``heat`` is the console script
    pyproject.toml declares for the wheel, and ``health`` one of its commands."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["heat"] == "bot.cli:main"
    module, _, function = project["scripts"]["heat"].partition(":")
    assert callable(getattr(importlib.import_module(module), function))
    from bot.cli.command import build_parser

    assert build_parser().parse_args(["health"]).command == "health"
    steps = dict(instructions())
    assert json.loads(steps["HEALTHCHECK"].split("CMD", 1)[1]) == ["heat", "health"]
    for bot in compose()["services"].values():
        if "healthcheck" in bot and bot["image"].startswith("heat-discord"):
            assert bot["healthcheck"]["test"] == ["CMD", "heat", "health"]


def test_the_lock_agrees_with_the_versions_pyproject_allows() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pinned = {
        normal(name): version
        for name, _, version in (
            line.partition("==")
            for line in (ROOT / "requirements.lock").read_text().splitlines()
            if line and line[0] != "#"
        )
    }
    for text in project["dependencies"]:
        requirement = Requirement(text)
        name = normal(requirement.name)
        assert name in pinned, f"{name} is not in requirements.lock"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"requirements.lock pins {name}=={pinned[name]}, pyproject asks {requirement}"
        )


# --- compose.yaml: volumes and metrics ----------------------------------------------------


def test_compose_creates_its_volumes_and_uses_the_single_bots_own() -> None:
    """A fresh host runs ``docker compose up`` without creating a volume by hand; the copy
    still reads the volume ``docker run -v heat-data:/var/lib/heat`` made (same name)."""
    volumes = compose()["volumes"]
    for name, volume in volumes.items():
        assert not (volume or {}).get("external"), f"{name} must exist before compose up"
    assert volumes["heat-data"]["name"] == "heat-data", "not prefixed by the project's name"


def test_compose_serves_each_bot_processs_figures_on_a_port_of_its_own() -> None:
    services = compose()["services"]
    bots = {name: s for name, s in services.items() if name.startswith("bot-")}
    published = []
    for name, bot in bots.items():
        env = bot["environment"]
        port = int(env["HEAT_METRICS_PORT"])
        assert env["HEAT_METRICS_ADDRESS"] == "0.0.0.0", f"{name}: a scraper is another container"
        for mapping in bot.get("ports", []):
            host, _, inside = str(mapping).rpartition(":")
            assert int(inside) == port, f"{name}: {mapping} is not its metrics port"
            assert host.startswith("127.0.0.1:"), f"{name}: figures published to the world"
            published.append(host)
    assert len(published) == len(set(published)), "two bots on one host port"
