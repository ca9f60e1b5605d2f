"""The race's pictures as PNG bytes, from a spectator's view (run in the CPU worker processes)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import engine
from engine import RaceState
from engine.events import Event
from render import board_image, finish_image, png_bytes


def board_png(state: RaceState, events: Sequence[Event], names: Mapping[str, str]) -> bytes:
    return png_bytes(board_image(engine.view_for(state, None), list(events), names=dict(names)))


def finish_png(state: RaceState, names: Mapping[str, str]) -> bytes:
    return png_bytes(finish_image(engine.view_for(state, None), names=dict(names)))
