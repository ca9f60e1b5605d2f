"""The bot's layers point one way (discord → service → storage), with no import cycle."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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


def graph() -> dict[str, set[str]]:
    """The bot's modules and the bot modules each imports."""
    files = list((ROOT / "bot").rglob("*.py"))
    modules = {module_name(path): path for path in files}
    return {
        name: {target for target in imports_of(path) if target in modules and target != name}
        for name, path in modules.items()
    }


def test_the_service_and_storage_never_import_discord() -> None:
    for layer in ("bot/service", "bot/storage", "engine", "render"):
        for path in (ROOT / layer).rglob("*.py"):
            tops = {name.split(".")[0] for name in imports_of(path)}
            assert "discord" not in tops, path
            assert not any(name.startswith("bot.discord") for name in imports_of(path)), path


def test_storage_does_not_reach_up_into_the_service() -> None:
    for path in (ROOT / "bot/storage").rglob("*.py"):
        assert not any(name.startswith("bot.service") for name in imports_of(path)), path


def test_no_import_cycle_in_the_bot() -> None:
    """A depth-first walk of the bot's imports never comes back to a module on its path."""
    edges = graph()
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            cycle = " → ".join([*path[path.index(module) :], module])
            raise AssertionError(f"import cycle: {cycle}")
        if module in done:
            return
        for target in sorted(edges.get(module, ())):
            visit(target, [*path, module])
        done.add(module)

    for module in sorted(edges):
        visit(module, [])
    assert "bot.discord.clicks" in edges and "bot.service.races" in edges
