"""The CPU workers (pictures, AI moves) give way to the event loop that acknowledges clicks."""

from __future__ import annotations

import os
import random

import engine
from bot.discord.pictures import board_png
from bot.service import cpu
from bot.service.autoplay import ai_decision
from engine import Entrant
from engine.ai import random_decision

HIGHEST_NICENESS = 19


async def test_workers_run_below_the_event_loops_priority() -> None:
    """A worker's niceness is above the event loop's, so the loop wins a contended core."""
    # On 2 cores a busy worker took the loop's core at each wake-up: ack p50 2.8 ms, 1.3 nice.
    expected = min(HIGHEST_NICENESS, os.nice(0) + cpu.WORKER_NICENESS)
    assert await cpu.run(os.nice, 0) == expected
    assert os.nice(0) < expected


async def test_an_ai_move_and_a_board_cross_to_the_workers_and_back() -> None:
    """A race under way (plans face down, a turn begun) goes to a worker and a decision and
    a picture come back: with the compiled engine (tests/test_compiled.py runs this file
    there) pickle's default way could not rebuild the race in the worker."""
    cars = [Entrant("A", "red", "ai"), Entrant("B", "blue", "human"), Entrant("C", "green", "ai")]
    state, _ = engine.new_race("usa", cars, 3, laps=1)
    rng = random.Random(3)
    for car in ("A", "B"):
        state, _ = engine.apply(state, random_decision(state, engine.Pending("plan", (car,)), rng))
    assert engine.pending(state) == engine.Pending("plan", ("C",)), "two plans face down"
    decision = await cpu.run(ai_decision, state, "C", "expert")
    assert decision in engine.legal_decisions(state, "C")
    png = await cpu.run(board_png, state, [], {}, "en")
    assert png.startswith(b"\x89PNG")
    cpu.stop()
