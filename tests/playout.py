"""Random legal playouts: the engine driven by drivers that pick any legal decision.

Shared by the property tests and the engine benchmark.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import engine
from engine import Decision, Entrant, RaceState
from engine.events import Event

COLORS = ("red", "blue", "green", "yellow", "black", "gray")


@dataclass
class Playout:
    """One race from its first state, with every decision and the events it caused."""

    initial: RaceState
    final: RaceState
    decisions: list[Decision] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)


def entrants(kinds: list[str]) -> list[Entrant]:
    return [
        Entrant(chr(ord("A") + i), COLORS[i % len(COLORS)], kind) for i, kind in enumerate(kinds)
    ]  # type: ignore[arg-type]


def play(
    track: str,
    kinds: list[str],
    seed: int,
    laps: int,
    on_step: Callable[[RaceState, Decision, RaceState, list[Event]], None] | None = None,
    max_decisions: int = 20_000,
    options: engine.Options | None = None,
) -> Playout:
    """Play a race to the end with random legal decisions (seeded), calling ``on_step``."""
    state, _ = engine.new_race(track, entrants(kinds), seed, laps=laps, options=options)
    playout = Playout(state, state)
    rng = random.Random(seed)
    while (waiting := engine.pending(state)) is not None:
        car = rng.choice(waiting.cars)
        decision = rng.choice(engine.legal_decisions(state, car))
        after, events = engine.apply(state, decision)
        if on_step is not None:
            on_step(state, decision, after, events)
        playout.decisions.append(decision)
        playout.events.append(events)
        state = after
        if len(playout.decisions) > max_decisions:
            raise AssertionError(f"race did not end within {max_decisions} decisions")
    playout.final = state
    return playout
