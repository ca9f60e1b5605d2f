"""The race's pictures as PNG bytes, from a spectator's view (run in the CPU worker processes)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import engine
from engine import Plan, RaceState
from engine.events import Event
from engine.forecast import landings
from render import (
    board_image,
    closeup_description,
    closeup_image,
    finish_image,
    hand_description,
    hand_image,
    png_bytes,
)

# A picture's PNG bytes and the same in words (its alt text).
Picture = tuple[bytes, str]


def board_png(state: RaceState, events: Sequence[Event], names: Mapping[str, str]) -> bytes:
    return png_bytes(board_image(engine.view_for(state, None), list(events), names=dict(names)))


def finish_png(state: RaceState, names: Mapping[str, str]) -> bytes:
    return png_bytes(finish_image(engine.view_for(state, None), names=dict(names)))


def hand_pngs(state: RaceState, car_id: str) -> tuple[Picture, Picture]:
    """The driver's hand and their stretch of road with where each plan the rules allow
    would land, from their own view, each with its words for screen readers."""
    view = engine.view_for(state, car_id)
    plans = [d.cards for d in engine.legal_decisions(state, car_id) if isinstance(d, Plan)]
    reach = landings(view, view.car(car_id), plans)
    hand = png_bytes(hand_image(view, car_id)), hand_description(view, car_id)
    road = png_bytes(closeup_image(view, car_id, reach)), closeup_description(view, car_id, reach)
    return hand, road
