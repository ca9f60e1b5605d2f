"""Press corners (Championship): a sponsorship card for crossing one fast, or in a slipstream.

"You will receive a sponsorship card for either a) passing the corner at a
speed two higher than the corner speed after taking into account road condition
markers, or b) slip-streaming across the corner line at any speed. If you spin
out in either case you won't get your sponsorship this time. If you slip-stream
and go two speed faster than the corner speed you still only get one
sponsorship card per corner each lap."
"""

from __future__ import annotations

from dataclasses import replace

from data.models import ChampionshipEvent, Track
from engine.championship.event_cards import race_event
from engine.championship.sponsors import draw_sponsors
from engine.conditions import corner_limit
from engine.course import CornerLine
from engine.events import Event
from engine.state import Car, RaceState, Turn

# "a speed two higher than the corner speed" (Board Game Arena: Speed >= limit + 2)
PRESS_MARGIN = 2


def press_positions(track: Track, event: ChampionshipEvent) -> tuple[int, ...]:
    """The lap positions of the event's press corners on this track: its numbers count the
    track's press corners from 0 and wrap around (facts: press_corners.numbering)."""
    corners = track.press_corner_positions
    if not corners:
        return ()
    return tuple(corners[number % len(corners)] for number in event.press_corner_numbers)


def score_press_corners(
    state: RaceState,
    car: Car,
    turn: Turn,
    crossed: tuple[CornerLine, ...],
    raced: int,
    events: list[Event],
) -> None:
    """Step 7 passed without a spin out: a sponsor for each press corner line crossed fast
    enough (road tokens change the limit, card Adjust does not) or in the Slipstream move.

    Going global (11) pays 2 cards; Smile and wave (16) pays only for crossing
    slower than the limit instead.
    """
    event = race_event(state)
    if event is None or car.is_legend:
        return
    here = state.course
    positions = press_positions(here.track, event)
    slipstreamed: set[int] = set()
    if turn.slipstream_start is not None:
        in_slipstream = here.corners_crossed(turn.slipstream_start, car.space)
        slipstreamed = {line.space for line in in_slipstream}
    for line in crossed:
        champ = state.championship
        assert champ is not None
        if line.corner.position not in positions or (car.id, line.space) in champ.pressed:
            continue
        limit = corner_limit(state.weather, here, line)
        if event.press_slower:
            won = raced < limit
        else:
            won = raced >= limit + PRESS_MARGIN or line.space in slipstreamed
        if won:
            pressed = tuple(sorted((*champ.pressed, (car.id, line.space))))
            state.championship = replace(champ, pressed=pressed)
            draw_sponsors(state, car, event.press_reward, "press", events, line.corner.position)
