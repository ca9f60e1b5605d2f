"""The engine compiled by mypyc, in a virtualenv of its own, for its check and its bench.

The wheel is built as the Docker image builds it (``HEAT_COMPILE=1``), from a copy of
the sources so that the work tree gets no ``build/`` and no compiled file. The venv gets
the same package versions as the running one (its ``pip freeze`` as constraints, so pip
takes them from its cache), and the tests and benches run from a copy of ``tests/`` and
``bench/`` in a folder with no ``engine/``: ``import engine`` finds the compiled one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tests.support.paths import ROOT

SOURCES = ("bot", "engine", "render", "data", "build_support")
SOURCE_FILES = ("pyproject.toml", "setup.py", "README.md", "requirements.lock")
TREE = ("tests", "bench", "docs")
"""What the tests and benches read beside the installed package (docs: the sample race)."""
IGNORE = shutil.ignore_patterns("__pycache__", "*.so", ".hypothesis")


@dataclass(frozen=True)
class CompiledEngine:
    """A venv with the compiled wheel installed, and a tree to run tests and benches from."""

    python: Path
    tree: Path
    build_s: float
    """Wall seconds of ``pip wheel`` alone (mypy, mypyc and the C compiler)."""

    def run(self, *args: str) -> str:
        """``python ARGS`` in the tree, with the compiled engine: its output, or an
        AssertionError with the output if it fails."""
        done = subprocess.run(
            [str(self.python), *args], cwd=self.tree, capture_output=True, text=True
        )
        assert done.returncode == 0, f"python {' '.join(args)}:\n{done.stdout}\n{done.stderr}"
        return done.stdout


def build(where: Path) -> CompiledEngine:
    """Build the compiled wheel and a venv with it under ``where`` (an empty folder)."""
    source = where / "source"
    for name in SOURCES:
        shutil.copytree(ROOT / name, source / name, ignore=IGNORE)
    for name in SOURCE_FILES:
        shutil.copy2(ROOT / name, source / name)
    wheels = where / "wheels"
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", wheels, source],
        env={**os.environ, "HEAT_COMPILE": "1"},
        check=True,
    )
    build_s = time.perf_counter() - start
    (wheel,) = wheels.glob("*.whl")
    venv = where / "venv"
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    constraints = where / "constraints.txt"
    constraints.write_text(
        subprocess.run(
            [sys.executable, "-m", "pip", "freeze", "--exclude", "heat-discord"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    python = venv / "bin" / "python"
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "-c", constraints, f"{wheel}[test]"], check=True)
    tree = where / "tree"
    for name in TREE:
        shutil.copytree(ROOT / name, tree / name, ignore=IGNORE)
    shutil.copy2(ROOT / "pyproject.toml", tree / "pyproject.toml")
    engine = CompiledEngine(python, tree, build_s)
    assert_compiled(engine)
    return engine


CHECK_COMPILED = """
import importlib, importlib.machinery, sys
for name in sys.argv[1:]:
    origin = importlib.import_module(name).__spec__.origin
    if not origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        sys.exit(f"{name} is not compiled: {origin}")
"""

HOT_MODULES = ("engine.state", "engine.apply", "engine.steps", "engine.pending", "engine.ai.driver")


def assert_compiled(engine: CompiledEngine) -> None:
    """The venv's engine is the compiled one, not sources found on the way."""
    engine.run("-c", CHECK_COMPILED, *HOT_MODULES)
