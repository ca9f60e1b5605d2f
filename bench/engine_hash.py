"""Whether the engine still plays the bench's races exactly: one hash of every race.

Plays ``bench/engine.py``'s races (6 cars, 2 laps, USA; base, Garage, Garage and weather)
and random 1-lap playouts with every rule on, each with the engine's random driver, and
prints a SHA-256 over every decision's text form, every event's notation and every
state's notation, per kind of race and all together. Run it in two trees (as a module,
``python -m bench.engine_hash``, so that a compiled engine is found before bench/engine.py):
a change that keeps the rules keeps every hash.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine import Options
from engine.ai import random_decision
from engine.notation import decision_json, state_json
from tests.support.playout import entrants

KINDS = {
    "base": (None, 2),
    "modules": (Options(garage="both"), 2),
    "weather": (Options(garage="both", weather=True), 2),
    "weather_1lap": (Options(garage="both", weather=True), 1),
}


def race_hash(track: str, seed: int, options: Options | None, laps: int) -> str:
    """The hash of one race: its first state, then each decision, its events and state."""
    digest = hashlib.sha256()

    def add(document: object) -> None:
        digest.update(json.dumps(document, sort_keys=True).encode())

    state, events = engine.new_race(
        track, entrants(["human"] * 6), seed, laps=laps, options=options
    )
    add(state_json(state))
    add([event.to_json() for event in events])
    rng = random.Random(seed)
    while (waiting := engine.pending(state)) is not None:
        decision = random_decision(state, waiting, rng)
        add(decision_json(decision))
        state, events = engine.apply(state, decision)
        add([event.to_json() for event in events])
        add(state_json(state))
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--races", type=int, default=100, help="seeds per kind of race")
    parser.add_argument("--track", default="usa")
    args = parser.parse_args()
    total = hashlib.sha256()
    for kind, (options, laps) in KINDS.items():
        digest = hashlib.sha256()
        for seed in range(args.races):
            digest.update(race_hash(args.track, seed, options, laps).encode())
        print(f"{kind}: {digest.hexdigest()}", flush=True)
        total.update(digest.digest())
    print(f"all: {total.hexdigest()}")


if __name__ == "__main__":
    main()
