"""Random legal playouts: the engine driven by drivers that pick any legal decision.

Shared by the property tests and the engine benchmark.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import engine
from engine import Decision, Entrant, Options, RaceState
from engine.ai import decide
from engine.cards import speed_value
from engine.championship import ChampionshipSetup
from engine.course import course
from engine.decisions import Adrenaline, Boost, GiveUp, Plan, Slipstream
from engine.events import Event
from engine.view import view_for

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


def dawdle(options: list[Decision]) -> Decision:
    """The slowest choice: the slowest plan that still moves, no Boost, Adrenaline or Slipstream.

    A car driven like this on its first lap is lapped by the others: lapped traffic
    for the property tests.
    """

    def pace(decision: Decision) -> tuple[int, int]:
        if isinstance(decision, Plan):
            return decision.gear, sum(map(speed_value, decision.cards)) or 99
        if isinstance(decision, Boost | Slipstream) or (
            isinstance(decision, Adrenaline) and decision.speed
        ):
            return 9, 99
        return 0, 0

    return min(options, key=pace)


def play(
    track: str,
    kinds: list[str],
    seed: int,
    laps: int,
    on_step: Callable[[RaceState, Decision, RaceState, list[Event]], None] | None = None,
    max_decisions: int = 20_000,
    dawdlers: frozenset[str] = frozenset(),
    options: Options | None = None,
    championship: ChampionshipSetup | None = None,
    give_up_chance: float = 0.0,
) -> Playout:
    """Play a race to the end with random legal decisions (seeded), calling ``on_step``.

    Cars of kind ``ai`` drive with the engine's AI; cars in ``dawdlers`` drive
    their first lap as slowly as they can; a random driver gives up with
    ``give_up_chance`` at each of its decisions.
    """
    state, _ = engine.new_race(
        track, entrants(kinds), seed, laps=laps, options=options, championship=championship
    )
    lap_length = course(track, laps).lap_length
    playout = Playout(state, state)
    rng = random.Random(seed)
    while (waiting := engine.pending(state)) is not None:
        car = rng.choice(waiting.cars)
        options = engine.legal_decisions(state, car)
        if car in dawdlers and state.car(car).space <= lap_length:
            decision = dawdle(options)
        elif state.car(car).kind == "ai":
            decision = decide(view_for(state, car), car)
        elif give_up_chance and rng.random() < give_up_chance:
            decision = GiveUp(car)
        else:
            decision = rng.choice(options)
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


def garage_states(seeds: range) -> Iterator[RaceState]:
    """Every state of AI races with both Garage decks and the weather, at a live decision."""
    options = Options(garage="both", weather=True)
    for seed in seeds:
        state, _ = engine.new_race("usa", entrants(["ai"] * 3), seed, laps=1, options=options)
        while (waiting := engine.pending(state)) is not None:
            if waiting.step != "plan":
                yield state
            state, _ = engine.apply(state, decide(view_for(state, waiting.car), waiting.car))
