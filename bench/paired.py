"""An AI change against its base revision, race by race on the same seeded races.

Two runs of ``bench/expert_tracks.py`` differ by the change and by luck together: a change
to one constant of the expert flips the result of one race in seven or so, in both
directions, so a difference of 20 wins in 1,500 races is what luck alone often gives.
Here every race is raced twice, on the same seed and against the same Legends: once by
the AI of the work tree, once by the AI of ``--base`` (default ``HEAD``, checked out in a
temporary git worktree; the expert weighs chances without drawing, so a race run twice
by the same AI ends the same). A race both win or both lose says nothing of the change;
the figures are the races only one of them won:

- ``head_only`` and ``base_only``: won by the work tree's AI and not the base's, and the
  reverse; ``gain`` their difference (``gain_TRACK[_weather]_LAPS`` per setting);
- ``z``: the gain over the square root of the races that changed (a sign test): luck alone
  gives ``|z| >= 2`` about one time in twenty, so a change tried among many needs more;
- ``win_rate_head`` and ``win_rate_base`` over all the races.

``python bench/paired.py [--base REV] [--seeds 5000:5060] [--laps both] [--tracks a,b]
[--weather both] [--level expert] [--budget N] [--event N] [--procs 2] [--compiled]``. The
default seeds are ones no other bench races, so a change tuned on those benches' seeds is
judged on races it never saw. ``--budget`` is the champion's (its search is seeded by the
view, so it too ends a race run twice the same; the bot's is 24,
:data:`engine.ai.DEFAULT_PLAYOUTS` if not given). ``--event`` races every race as a
championship race under that event card (the sponsorship deck dealt from the race's seed;
weather on, as a championship race has it).
``--compiled`` races both trees' engines built by mypyc, as the Docker image has them (a
few minutes a build): the same races and decisions, the champion about twice as fast.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from random import Random
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the engine is imported where the tree to race is known
    from engine.state import CarKind

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# (seed, track, weather, laps or None for the track's own); the field (id, colour, kind),
# the AI car first; the level that drives it, the champion's budget (None: its default)
# and the championship event raced (None: none).
Job = tuple[int, str, bool, int | None]
Field = list[tuple[str, str, "CarKind"]]
Driver = tuple[str, int | None, int | None]


def race(work: tuple[Job, Field, Driver]) -> bool:
    """Whether the AI car (the field's first) wins one race, with the engine of the tree
    this process imported."""
    import engine
    from engine.ai import decide
    from engine.events import Finished

    (seed, track, weather, laps), field, (level, budget, event) = work
    entrants = [engine.Entrant(car, colour, kind) for car, colour, kind in field]
    me = field[0][0]
    options = engine.Options(weather=weather)
    championship = None
    if event is not None:
        from engine.championship import ChampionshipSetup, sponsorship_deck

        sponsors = list(sponsorship_deck(False))
        Random(seed).shuffle(sponsors)
        championship = ChampionshipSetup(event, tuple(sponsors))
    state, _ = engine.new_race(
        track, entrants, seed, laps=laps, options=options, championship=championship
    )
    while (waiting := engine.pending(state)) is not None:
        car = waiting.cars[0]
        decision = decide(engine.view_for(state, car), car, level, budget=budget)
        state, events = engine.apply(state, decision)
        for event in events:
            if isinstance(event, Finished) and event.car == me:
                return event.place == 1
    raise AssertionError(f"seed {seed}: the race ended without the AI finishing")


def worker(root: Path, procs: int) -> None:
    """Race the jobs read from standard input with the engine of ``root``; print the wins.
    This file's own tree and folder are dropped from the path: a compiled build's tree has
    no ``engine/`` folder (its engine is the one installed in the running venv), and the
    folder holds ``bench/engine.py``."""
    own = {str(ROOT), str(Path(__file__).resolve().parent)}
    sys.path[:] = [str(root)] + [path for path in sys.path if path not in own]
    jobs, field, driver = json.load(sys.stdin)
    work = [((s, t, w, laps), field, (driver[0], driver[1], driver[2])) for s, t, w, laps in jobs]
    with Pool(procs) as pool:
        print(json.dumps(pool.map(race, work, 4)))


def wins_of(tree: Path, payload: str, procs: int, compiled: Path | None = None) -> list[bool]:
    """The races the AI of ``tree`` wins, run in a process that imports that tree's engine
    (built by mypyc under ``compiled`` first, if given)."""
    python, root = sys.executable, str(tree)
    if compiled is not None:
        python, root = compile_tree(tree, compiled)
    command = [python, str(Path(__file__)), "--worker", root, "--procs", str(procs)]
    done = subprocess.run(command, input=payload, capture_output=True, text=True, check=True)
    wins: list[bool] = json.loads(done.stdout)
    return wins


def compile_tree(tree: Path, where: Path) -> tuple[str, str]:
    """The python of a venv with ``tree``'s engine compiled (the Docker image's build, by
    that tree's own ``tests.support.compiled``) and the folder to race from."""
    script = (
        "import sys; from pathlib import Path; from tests.support.compiled import build; "
        "built = build(Path(sys.argv[1])); print(built.python); print(built.tree)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(where)],
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    python, root = done.stdout.split()[-2:]
    return python, root


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="HEAD", help="the revision the work tree is paired with")
    parser.add_argument("--seeds", default="5000:5060", help="START:END, END excluded")
    parser.add_argument("--laps", choices=("1", "own", "both"), default="both")
    parser.add_argument("--tracks", default=None, help="a,b (default: every track)")
    parser.add_argument("--weather", choices=("off", "on", "both"), default="both")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--budget", type=int, default=None, help="the champion's budget")
    parser.add_argument("--event", type=int, default=None, help="a championship event card")
    parser.add_argument("--procs", type=int, default=2)
    parser.add_argument(
        "--compiled", action="store_true", help="race both trees' engines compiled by mypyc"
    )
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        worker(args.worker, args.procs)
        return

    import data
    from bench.drivers import lineup

    first, last = (int(part) for part in args.seeds.split(":"))
    tracks = args.tracks.split(",") if args.tracks else list(data.track_ids())
    laps_of: dict[str, list[int | None]] = {"1": [1], "own": [None], "both": [1, None]}
    weathers = {"off": [False], "on": [True], "both": [False, True]}[args.weather]
    if args.event is not None:
        weathers = [True]  # a championship race has the weather on (engine.setup)
    jobs: list[Job] = [
        (seed, track, weather, laps)
        for laps in laps_of[args.laps]
        for track in tracks
        for weather in weathers
        for seed in range(first, last)
    ]
    field = [(car.id, car.color, car.kind) for car in lineup()]
    payload = json.dumps([jobs, field, [args.level, args.budget, args.event]])
    revision = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", args.base],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="heat-paired-") as folder:
        builds = Path(folder)
        base_tree = builds / "base"
        worktree("add", "--detach", str(base_tree), revision)
        try:
            base = wins_of(
                base_tree, payload, args.procs, builds / "base-compiled" if args.compiled else None
            )
        finally:
            worktree("remove", "--force", str(base_tree))
        head = wins_of(
            ROOT, payload, args.procs, builds / "head-compiled" if args.compiled else None
        )
    report(jobs, revision, head, base)


def worktree(*arguments: str) -> None:
    """A ``git worktree`` command on this repository, its chatter kept off the figures."""
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", *arguments], check=True, capture_output=True
    )


def report(jobs: list[Job], revision: str, head: list[bool], base: list[bool]) -> None:
    gains: Counter[str] = Counter()
    for (_, track, weather, laps), mine, theirs in zip(jobs, head, base, strict=True):
        name = f"gain_{track}" + ("_weather" if weather else "") + ("_1lap" if laps else "_own")
        gains[name] += int(mine) - int(theirs)
    head_only = sum(mine and not theirs for mine, theirs in zip(head, base, strict=True))
    base_only = sum(theirs and not mine for mine, theirs in zip(head, base, strict=True))
    changed = head_only + base_only
    print(f"base: {revision}")
    print(f"races: {len(jobs)}")
    print(f"win_rate_head: {sum(head) / len(jobs):.3f}")
    print(f"win_rate_base: {sum(base) / len(jobs):.3f}")
    print(f"head_only: {head_only}")
    print(f"base_only: {base_only}")
    print(f"gain: {head_only - base_only:+d}")
    print(f"z: {(head_only - base_only) / math.sqrt(changed) if changed else 0.0:.2f}")
    for name, gain in gains.items():
        print(f"{name}: {gain:+d}")


if __name__ == "__main__":
    main()
