"""The pure engine and the engine compiled by mypyc, side by side in one run.

Builds the compiled wheel into a venv of its own (as the Docker image builds it; about
2 minutes, printed as ``compile_s``), then runs ``bench/engine.py`` with the pure engine
(this venv's, the work tree's sources) and with the compiled one, each in a process of
its own, alternating (``--rounds``, the first of each pair taking turns) so that a change
in the machine's load falls on both. Prints the median of each figure of both, prefixed
``pure_`` and ``compiled_``, and ``compiled_speedup`` (``_modules``, ``_weather``):
compiled races per second over pure ones in the same round, the median of the rounds
(``_rounds``: each round's). ``--keep DIR`` builds into DIR, or reuses what an earlier run
built there (``compile_s`` is then ``nan``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.compiled import CompiledEngine, assert_compiled, build
from tests.support.paths import ROOT

FIGURES = (
    "races_per_s",
    "races_per_s_apply",
    "apply_p99_ms",
    "races_per_s_modules",
    "races_per_s_weather",
    "playouts_per_s",
)


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
    parser.add_argument("--rounds", type=int, default=3, help="pure and compiled runs each")
    args = parser.parse_args()
    compiled = compiled_engine(args.keep)
    print(f"compile_s: {compiled.build_s:.0f}", flush=True)
    # As a module: run as a file, bench/ would come first on the path, and engine.py in it.
    bench = [sys.executable, "-m", "bench.engine"]

    def pure() -> dict[str, str]:
        done = subprocess.run(bench, cwd=ROOT, check=True, capture_output=True, text=True)
        return figures(done.stdout)

    def fast() -> dict[str, str]:
        return figures(compiled.run(*bench[1:]))

    rounds: list[tuple[dict[str, str], dict[str, str]]] = []
    for number in range(args.rounds):
        if number % 2:  # the compiled engine first, every other round
            compiled_figures = fast()
            rounds.append((pure(), compiled_figures))
        else:
            pure_figures = pure()
            rounds.append((pure_figures, fast()))
    for name in FIGURES:
        print(f"pure_{name}: {median(float(p[name]) for p, _ in rounds):g}")
        print(f"compiled_{name}: {median(float(c[name]) for _, c in rounds):g}")
    for suffix in ("", "_modules", "_weather"):
        name = f"races_per_s{suffix}"
        ratios = [float(c[name]) / float(p[name]) for p, c in rounds]
        print(f"compiled_speedup{suffix}: {median(ratios):.2f}")
        print(f"compiled_speedup{suffix}_rounds: {' '.join(f'{r:.2f}' for r in ratios)}")


if __name__ == "__main__":
    main()
