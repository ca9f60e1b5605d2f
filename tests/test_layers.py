"""The house's rooms point one way, with no import cycle.

The bot: cli → discord → service → storage → hosting. The engine: the race core at the top of
``engine/``, one subpackage per module of the game (its ``__init__`` is its face),
the subpackages pointing one way; everything outside a room enters it by its face.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "engine", "render", "data")
ENGINE = ROOT / "engine"
ROOMS = sorted(path.name for path in ENGINE.iterdir() if (path / "__init__.py").is_file())
# The engine's subpackages, each importing only rooms after it (the README says the same).
ROOM_ORDER = ["season", "ai", "garage", "championship", "conditions"]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every module the file imports at run time (``if TYPE_CHECKING`` blocks included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def source_files(*folders: str) -> list[Path]:
    return [path for folder in folders for path in (ROOT / folder).rglob("*.py")]


def run_time_imports(path: Path, modules: set[str]) -> set[str]:
    """The modules of ours that importing ``path`` runs: ``from p import m`` runs ``p.m``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.add(submodule if submodule in modules else node.module)
    return found & modules


def graph() -> dict[str, set[str]]:
    """Our modules and the modules each makes Python run when it is imported.

    Importing ``engine.garage.symbols`` runs ``engine/garage/__init__`` first, so that
    package counts as imported too, except where the importer lives inside it (Python
    is already running that package) and for a top package, which its first importer
    always runs before anything inside it.
    """
    paths = {module_name(path): path for path in source_files(*PACKAGES)}
    edges: dict[str, set[str]] = {}
    for name, path in paths.items():
        targets: set[str] = set()
        for target in run_time_imports(path, set(paths)):
            targets.add(target)
            parts = target.split(".")
            for depth in range(2, len(parts)):
                package = ".".join(parts[:depth])
                if not name.startswith(package + "."):
                    targets.add(package)
        targets.discard(name)
        edges[name] = targets
    return edges


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A depth-first walk: the first path that comes back to a module on it, or None."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        for target in sorted(edges.get(module, ())):
            cycle = visit(target, [*path, module])
            if cycle:
                return cycle
        done.add(module)
        return None

    for module in sorted(edges):
        cycle = visit(module, [])
        if cycle:
            return cycle
    return None


def room_of(module: str) -> str | None:
    """The engine subpackage a module belongs to, None for the race core and the rest."""
    parts = module.split(".")
    if len(parts) >= 2 and parts[0] == "engine" and parts[1] in ROOMS:
        return parts[1]
    return None


def test_the_service_and_storage_never_import_discord() -> None:
    for layer in ("bot/service", "bot/storage", "engine", "render"):
        for path in (ROOT / layer).rglob("*.py"):
            tops = {name.split(".")[0] for name in imports_of(path)}
            assert "discord" not in tops, path
            assert not any(name.startswith("bot.discord") for name in imports_of(path)), path


def test_storage_does_not_reach_up_into_the_service() -> None:
    for path in (ROOT / "bot/storage").rglob("*.py"):
        assert not any(name.startswith("bot.service") for name in imports_of(path)), path


def test_hosting_imports_no_other_room_of_the_bot() -> None:
    """Settings, metrics, logs and the heartbeat sit under everything, so all may use them."""
    for path in (ROOT / "bot/hosting").rglob("*.py"):
        ours = {name for name in imports_of(path) if name.startswith("bot.")}
        assert all(name.startswith("bot.hosting") for name in ours), (path, ours)


def test_only_the_cli_imports_the_cli() -> None:
    """The ``heat`` command sits on top of the bot: no other room reaches up into it."""
    outside = [path for path in source_files("bot", "render", "engine") if "cli" not in path.parts]
    assert any(path.parts[-2] == "discord" for path in outside)
    for path in outside:
        assert not any(name.startswith("bot.cli") for name in imports_of(path)), path


def test_the_bot_keeps_its_modules_in_rooms() -> None:
    """``bot/`` holds only its rooms (and its own ``__init__``): no loose module beside them."""
    loose = sorted(path.name for path in (ROOT / "bot").glob("*.py") if path.name != "__init__.py")
    assert loose == [], loose
    rooms = sorted(
        path.name for path in (ROOT / "bot").iterdir() if (path / "__init__.py").exists()
    )
    assert rooms == ["cli", "discord", "hosting", "service", "storage"], rooms


def test_no_import_cycle() -> None:
    """No module of the bot, the engine, the renderer or the data leads back to itself."""
    edges = graph()
    assert "bot.discord.clicks" in edges and "engine.garage.symbols" in edges
    cycle = find_cycle(edges)
    assert cycle is None, "import cycle: " + " → ".join(cycle or [])


def test_the_cycle_check_sees_a_room_that_imports_its_own_face() -> None:
    """A module importing its own package's face would run that face half-built."""
    edges = graph()
    edges["engine.garage.steps"] = {*edges["engine.garage.steps"], "engine.garage"}
    assert find_cycle(edges) is not None


def test_the_engine_rooms_point_one_way() -> None:
    """Between the engine's subpackages the imports form no loop."""
    between: dict[str, set[str]] = {room: set() for room in ROOMS}
    for path in source_files("engine"):
        here = room_of(module_name(path))
        if here is None:
            continue
        between[here] |= {
            there for there in map(room_of, imports_of(path)) if there is not None and there != here
        }
    assert find_cycle(between) is None, between
    assert sorted(ROOM_ORDER) == ROOMS, "a new room needs its place in ROOM_ORDER"
    for room, targets in between.items():
        for target in targets:
            assert ROOM_ORDER.index(room) < ROOM_ORDER.index(target), f"{room} → {target}"
    assert "championship" in between["season"] and "conditions" in between["ai"]


def test_the_engine_is_a_house_of_rooms() -> None:
    """The race core at the top (at most 25 modules) and at least three subpackages."""
    top = list(ENGINE.glob("*.py"))
    assert len(top) <= 25, sorted(path.name for path in top)
    assert len(ROOMS) >= 3, ROOMS


def test_each_room_states_its_face() -> None:
    """Each subpackage's ``__init__`` has a docstring and an ``__all__`` of names it has."""
    for room in ROOMS:
        face = importlib.import_module(f"engine.{room}")
        assert face.__doc__ and len(face.__doc__.split()) >= 20, room
        assert face.__all__, room
        for name in face.__all__:
            assert hasattr(face, name), f"engine.{room}.__all__ names {name}, which it lacks"


def test_other_rooms_enter_a_room_by_its_face() -> None:
    """Outside a subpackage, code imports ``engine.<room>`` and the names it offers."""
    faces = {room: set(importlib.import_module(f"engine.{room}").__all__) for room in ROOMS}
    for path in source_files("bot", "render", "engine", "bench"):
        here = room_of(module_name(path))
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                continue
            for module in modules:
                room = room_of(module)
                if room is None or room == here:
                    continue
                assert module == f"engine.{room}", f"{path}: imports {module}, inside a room"
                if isinstance(node, ast.ImportFrom):
                    names = {alias.name for alias in node.names}
                    assert names <= faces[room], f"{path}: {names - faces[room]} not in its face"
