"""The race's pictures as PNG bytes, from a spectator's view (run in the CPU worker processes)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import engine
from engine import RaceState
from engine.events import Event
from render import board_image, finish_image, hand_description, hand_image, png_bytes


def board_png(state: RaceState, events: Sequence[Event], names: Mapping[str, str]) -> bytes:
    return png_bytes(board_image(engine.view_for(state, None), list(events), names=dict(names)))


def finish_png(state: RaceState, names: Mapping[str, str]) -> bytes:
    return png_bytes(finish_image(engine.view_for(state, None), names=dict(names)))


def hand_png(state: RaceState, car_id: str) -> tuple[bytes, str]:
    """The driver's hand from their own view, and the same hand in words for screen readers."""
    view = engine.view_for(state, car_id)
    return png_bytes(hand_image(view, car_id)), hand_description(view, car_id)
