"""The Legends module: cars driven by one shared card a round, with no cards or Heat.

"If a legend is between the legend line and the corner, it will try to go
around the corner ... Legends do not use any heat."
"""

from __future__ import annotations

import data
from engine.conditions import corner_limit
from engine.course import Course
from engine.events import Event, LegendCardRevealed
from engine.movement import move_forward
from engine.rng import shuffled
from engine.state import Car, RaceState, Weather

LEGEND_CARDS = tuple(range(1, 11))


def reveal_legend_card(state: RaceState, events: list[Event]) -> int:
    """This round's card: revealed when the first Legend moves, reshuffled when used up."""
    if state.legend_card is None:
        if not state.legend_deck:
            state.legend_deck = shuffled(state.seed, state.rng, LEGEND_CARDS)
            state.rng += 1
        state.legend_card, state.legend_deck = state.legend_deck[0], state.legend_deck[1:]
        events.append(LegendCardRevealed(None, state.legend_card))
    return state.legend_card


def legend_spaces(state: RaceState, car: Car, card: int) -> int:
    """How far a Legend moves this round, by the Legends procedure."""
    here = state.course
    options = state.options
    return legend_move(
        here,
        state.weather,
        options.legend_speed_bonus,
        options.aggressive_legends,
        car.space,
        car.color,
        card,
    )


def legend_move(
    here: Course,
    weather: Weather | None,
    bonus: int,
    aggressive: bool,
    space: int,
    color: str,
    card: int,
) -> int:
    """How far a Legend of ``color`` on ``space`` aims to move with ``card``: public facts
    only, so an AI driver can foresee the Legends as a person at the table does."""
    value = data.legend_cards().value(card, color)
    straight = value.helmet_speed + bonus
    ahead = [line for line in here.lines_ahead(space) if line.space < here.finish]
    if not ahead:
        return straight
    line = ahead[0]
    lap_start = line.space - line.corner.position
    legend_line = lap_start + line.corner.legend_line
    # A Legend already on or past its diamond space (a Legends line just before its
    # corner, as in chicanes) takes the corner rather than stand still for rounds.
    if space > legend_line or space >= line.space - value.diamond:
        allowed = corners_allowed(aggressive, here, space, line.corner.position)
        wanted = corner_limit(weather, here, line) + value.diamond
        if len(ahead) > allowed and space + wanted > ahead[allowed].space:
            return ahead[allowed].space - space
        return wanted
    if space + straight <= line.space:
        return straight
    return line.space - value.diamond - space


def corners_allowed(aggressive: bool, here: Course, space: int, position: int) -> int:
    """Corner lines a Legend may cross this round: 1, or more on chevrons when aggressive."""
    if not aggressive:
        return 1
    corner = next(c for c in here.track.corners if c.position == position)
    lap_space = here.lap_space(space)
    if lap_space in corner.double_chevron_spaces:
        return 3
    if lap_space in corner.chevron_spaces:
        return 2
    return 1


def drive_legend(state: RaceState, car: Car, events: list[Event]) -> int:
    """Move a Legend for this round; returns the spaces it aimed to drive."""
    spaces = legend_spaces(state, car, reveal_legend_card(state, events))
    move_forward(state, car, spaces, "cards", events)
    return spaces
