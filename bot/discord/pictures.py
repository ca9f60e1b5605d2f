"""The race's pictures as PNG bytes, from a spectator's view (run in the CPU worker processes)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import engine
from bot.service.round_ends import round_ends
from engine import Decision, Plan, RaceState
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
from render.animation import GIF_WIDTH, gif_bytes

# A picture's PNG bytes and the same in words (its alt text).
Picture = tuple[bytes, str]


def board_png(
    state: RaceState, events: Sequence[Event], names: Mapping[str, str], locale: str
) -> bytes:
    view = engine.view_for(state, None)
    return png_bytes(board_image(view, list(events), names=dict(names), locale=locale))


def finish_png(state: RaceState, names: Mapping[str, str], locale: str) -> bytes:
    view = engine.view_for(state, None)
    return png_bytes(finish_image(view, names=dict(names), locale=locale))


def hand_pngs(state: RaceState, car_id: str, locale: str) -> tuple[Picture, Picture]:
    """The driver's hand and their stretch of road with where each plan the rules allow
    would land, from their own view, each with its words for screen readers, in the
    driver's language."""
    view = engine.view_for(state, car_id)
    plans = [d.cards for d in engine.legal_decisions(state, car_id) if isinstance(d, Plan)]
    reach = landings(view, view.car(car_id), plans)
    hand = png_bytes(hand_image(view, car_id, locale)), hand_description(view, car_id, locale)
    road = (
        png_bytes(closeup_image(view, car_id, reach, locale)),
        closeup_description(view, car_id, reach, locale),
    )
    return hand, road


def replay_gif(
    initial: RaceState, decisions: Sequence[Decision], names: Mapping[str, str], locale: str
) -> bytes:
    """A finished race as an animated GIF, replayed from its first state and its decisions:
    the grid, then the board at the end of every round (as ``heat simulate`` draws it)."""
    state, events = engine.settle(initial)
    drawn = dict(names)
    grid = engine.view_for(state, None)
    frames = [board_image(grid, names=drawn, width=GIF_WIDTH, locale=locale)]
    stored = iter(decisions)
    for end, round_events in round_ends(state, events, lambda _: next(stored, None)):
        view = engine.view_for(end, None)
        frames.append(board_image(view, round_events, names=drawn, width=GIF_WIDTH, locale=locale))
    return gif_bytes(frames)
