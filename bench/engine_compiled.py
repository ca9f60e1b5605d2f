"""The pure engine and the engine compiled by mypyc, side by side in one run.

Builds the compiled wheel into a venv of its own (as the Docker image builds it; about
2 minutes, printed as ``compile_s``), then runs ``bench/engine.py`` once with the pure
engine (this venv's, the work tree's sources) and once with the compiled one, each in a
process of its own, one after the other. Prints each figure of both, prefixed ``pure_``
and ``compiled_``, and ``compiled_speedup`` (``_modules``, ``_weather``): compiled races
per second over pure ones. ``--keep DIR`` builds into DIR, or reuses what an earlier run
built there (``compile_s`` is then that build's).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.compiled import CompiledEngine, assert_compiled, build
from tests.support.paths import ROOT

FIGURES = ("races_per_s", "apply_p99_ms", "races_per_s_modules", "races_per_s_weather")


def figures(output: str) -> dict[str, str]:
    """The ``name: value`` lines of a bench's output."""
    pairs = (line.split(": ", 1) for line in output.splitlines() if ": " in line)
    return {name: value for name, value in pairs}


def compiled_engine(keep: Path | None) -> CompiledEngine:
    if keep is None:
        return build(Path(tempfile.mkdtemp(prefix="heat-compiled-")))
    if not (keep / "venv").exists():
        keep.mkdir(parents=True, exist_ok=True)
        return build(keep)
    engine = CompiledEngine(keep / "venv" / "bin" / "python", keep / "tree", float("nan"))
    assert_compiled(engine)
    return engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--keep", type=Path, help="build into (or reuse) this folder")
    keep = parser.parse_args().keep
    compiled = compiled_engine(keep)
    print(f"compile_s: {compiled.build_s:.0f}", flush=True)
    # As a module: run as a file, bench/ would come first on the path, and engine.py in it.
    bench = [sys.executable, "-m", "bench.engine"]
    pure_run = subprocess.run(bench, cwd=ROOT, check=True, capture_output=True, text=True)
    pure = figures(pure_run.stdout)
    fast = figures(compiled.run(*bench[1:]))
    for name in FIGURES:
        print(f"pure_{name}: {pure[name]}")
        print(f"compiled_{name}: {fast[name]}")
    for suffix in ("", "_modules", "_weather"):
        ratio = float(fast[f"races_per_s{suffix}"]) / float(pure[f"races_per_s{suffix}"])
        print(f"compiled_speedup{suffix}: {ratio:.2f}")


if __name__ == "__main__":
    main()
