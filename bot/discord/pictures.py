"""The race's pictures as PNG bytes, from a spectator's view (run in the CPU worker processes)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import engine
from engine import Decision, RaceState
from engine.events import Event, RaceEnded, RoundStarted
from render import board_image, finish_image, hand_description, hand_image, png_bytes
from render.animation import GIF_SIZE, gif_bytes


def board_png(state: RaceState, events: Sequence[Event], names: Mapping[str, str]) -> bytes:
    return png_bytes(board_image(engine.view_for(state, None), list(events), names=dict(names)))


def finish_png(state: RaceState, names: Mapping[str, str]) -> bytes:
    return png_bytes(finish_image(engine.view_for(state, None), names=dict(names)))


def hand_png(state: RaceState, car_id: str) -> tuple[bytes, str]:
    """The driver's hand from their own view, and the same hand in words for screen readers."""
    view = engine.view_for(state, car_id)
    return png_bytes(hand_image(view, car_id)), hand_description(view, car_id)


def replay_gif(
    initial: RaceState, decisions: Sequence[Decision], names: Mapping[str, str]
) -> bytes:
    """A finished race as an animated GIF, replayed from its first state and its decisions:
    the grid, then the board at the end of every round (as ``heat simulate`` draws it)."""
    state, events = engine.settle(initial)
    frames = [board_image(engine.view_for(state, None), names=dict(names), size=GIF_SIZE)]
    round_events: list[Event] = list(events)
    for decision in decisions:
        state, more = engine.apply(state, decision)
        round_events += more
        if any(isinstance(event, RoundStarted | RaceEnded) for event in more):
            view = engine.view_for(state, None)
            frames.append(board_image(view, round_events, names=dict(names), size=GIF_SIZE))
            round_events = []
    return gif_bytes(frames)
