"""A new race: cars on the grid in random order, decks shuffled, seven cards drawn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import data
from engine.cards import HAND_SIZE
from engine.draft import open_garage
from engine.events import Event
from engine.flow import advance
from engine.legends import LEGEND_CARDS
from engine.limits import MAX_CARS, MAX_LAPS, in_range
from engine.rng import shuffled
from engine.state import Car, CarKind, Options, RaceState
from engine.weather import draw_weather, starting_piles


@dataclass(frozen=True, slots=True)
class Entrant:
    """A car entering the race: its id (as the notation names it), colour and driver kind."""

    id: str
    color: str
    kind: CarKind = "human"


def new_race(
    track_id: str,
    entrants: Sequence[Entrant],
    seed: int,
    *,
    laps: int | None = None,
    options: Options | None = None,
) -> tuple[RaceState, list[Event]]:
    """Set up a race and run it up to the first decision.

    "Place all participating cars on the starting grid one at a time, at random"
    and "Draw 7 cards from your draw deck into your hand." With the weather
    module on, the weather card and road conditions are drawn before the decks.
    """
    track = data.track(track_id)
    if not 1 <= len(entrants) <= min(MAX_CARS, len(track.starting_grid)):
        raise ValueError(f"a race takes 1 to {MAX_CARS} cars, not {len(entrants)}")
    if len({e.id for e in entrants}) != len(entrants):
        raise ValueError("car ids must be distinct")
    if laps is not None:
        in_range("laps", laps, 1, MAX_LAPS)
    state = RaceState(
        track_id, track.laps if laps is None else laps, seed, 1, [], options=options or Options()
    )
    grid_order = shuffled(seed, state.rng, tuple(range(len(entrants))))
    state.rng += 1
    slot_of = {index: slot for slot, index in enumerate(grid_order)}
    if state.options.weather:
        state.weather = draw_weather(track, seed, state.rng)
        state.rng += 2
    piles = starting_piles(track, state.weather)
    for index, entrant in enumerate(entrants):
        grid = track.starting_grid[slot_of[index]]
        spot = 0 if grid.lane == track.race_lane_at_start else 1
        car = Car(entrant.id, entrant.color, entrant.kind, grid.space, spot)
        if entrant.kind != "legend":
            car.engine, car.discard = piles.engine, piles.discard
        if entrant.kind != "legend" and state.options.garage == "off":
            deck = shuffled(seed, state.rng, piles.deck)
            state.rng += 1
            car.hand, car.deck = deck[:HAND_SIZE], deck[HAND_SIZE:]
        state.cars.append(car)
    if any(e.kind == "legend" for e in entrants):
        state.legend_deck = shuffled(seed, state.rng, LEGEND_CARDS)
        state.rng += 1
    events: list[Event] = []
    if state.options.garage != "off":
        open_garage(state, events)
    advance(state, events)
    return state, events
