"""One hash of a set of seeded races: every decision, event and final state they make.

Two engines that print the same fingerprint played every race the same way, to the
last card drawn; ``python -m tests.support.fingerprint`` prints it for the engine that
``import engine`` finds, so the compiled engine is compared with the pure one.
"""

from __future__ import annotations

import hashlib
import json

import data
from engine import Options
from engine.championship import ChampionshipSetup, sponsorship_deck
from engine.notation import state_json
from engine.rng import shuffled
from tests.support.playout import play

RACES = [
    # (track, drivers, seed, laps, options, championship event or 0 for none)
    ("usa", ["human"] * 6, 1, 2, Options(), 0),
    ("italy", ["human"] * 4 + ["legend"] * 2, 2, 1, Options(garage="both"), 0),
    ("great_britain", ["human"] * 3 + ["ai"] * 2, 3, 1, Options(garage="both", weather=True), 0),
    ("france", ["ai", "ai", "legend", "human"], 4, 1, Options(weather=True), 0),
    ("usa", ["human", "human", "ai", "legend"], 5, 1, Options(), 2),
]


def fingerprint() -> str:
    """The SHA-256 of every race of ``RACES`` as JSON: decisions, events, final state."""
    digest = hashlib.sha256()
    for track, kinds, seed, laps, options, event in RACES:
        championship = None
        if event:
            assert 1 <= event <= len(data.championship().events)
            championship = ChampionshipSetup(event, shuffled(seed, 0, sponsorship_deck(False)))
        playout = play(track, kinds, seed, laps, options=options, championship=championship)
        for decision, events in zip(playout.decisions, playout.events, strict=True):
            digest.update(str(decision).encode())
            digest.update(json.dumps([e.to_json() for e in events], sort_keys=True).encode())
        digest.update(json.dumps(state_json(playout.final), sort_keys=True).encode())
    return digest.hexdigest()


if __name__ == "__main__":
    print(fingerprint())
