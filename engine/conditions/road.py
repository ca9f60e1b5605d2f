"""Road conditions on the course: corner limits, Overheat, and the sector a car is in.

Every helper takes the race's :class:`Weather` (None without the module), so
the rules, the AI (from its view) and the forecasts read the same conditions.
"Sector effects use the car's space at the moment the effect is used": the
sector of a corner at p runs over spaces p+1 to the next corner's position.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Final

import data
from data.models import RoadCondition, SectorEffect
from engine.course import CornerLine, Course
from engine.state import Car, RaceState, Weather

SLIPSTREAM_EXTRA: Final[dict[SectorEffect, int]] = {"slipstream_plus_1": 1, "slipstream_plus_2": 2}


class _Road:
    """One weather's road conditions on one course: each corner's token by its position,
    and each lap space's sector effect (read on every move and React choice)."""

    def __init__(self, card: str, tokens: tuple[str, ...], here: Course) -> None:
        track = here.track
        road = data.weather()
        self.tokens: dict[int, RoadCondition] = {
            position: road.token(token)
            for position, token in zip(track.corner_positions, tokens, strict=True)
        }
        weather = road.card(card).sector_effect
        # By lap space, 1..N (0 stands for none). A lap space's sector is the corner's
        # behind it (the last corner's before the first), none after a chicane's first line.
        self.sectors: list[SectorEffect | None] = [None]
        for lap_space in range(1, here.lap_length + 1):
            corner = track.corners[bisect_left(track.corner_positions, lap_space) - 1]
            effect = self.tokens[corner.position].sector_effect
            if corner.chicane_role == "first":
                effect = None
            self.sectors.append(weather if effect == "weather" else effect)


_ROADS: Final[dict[tuple[str, tuple[str, ...], Course], _Road]] = {}


class _LastRoad:
    """The table asked for last, with the weather and course it was asked for: a race asks
    with the same two objects all along (its states share them), so an identity check
    spares the key's tuple and hash. One tuple, so that it is replaced whole."""

    def __init__(self) -> None:
        self.entry: tuple[Weather, Course, _Road] | None = None


_LAST_ROAD: Final = _LastRoad()


def _road(weather: Weather, here: Course) -> _Road:
    """The table for this weather and course, built the first time it is asked for (a dict
    keyed by words and the course hashes far faster than the frozen :class:`Weather`)."""
    last = _LAST_ROAD.entry
    if last is not None and last[0] is weather and last[1] is here:
        return last[2]
    key = (weather.card, weather.tokens, here)
    road = _ROADS.get(key)
    if road is None:
        road = _ROADS[key] = _Road(weather.card, weather.tokens, here)
    _LAST_ROAD.entry = (weather, here, road)
    return road


def _token(weather: Weather, here: Course, position: int) -> RoadCondition:
    return _road(weather, here).tokens[position]


def corner_limit(weather: Weather | None, here: Course, line: CornerLine) -> int:
    """The corner's speed limit with its road condition (Legends read this one too)."""
    limit = line.corner.speed_limit
    if weather is None:
        return limit
    return limit + _token(weather, here, line.corner.position).speed_limit


def overheat(weather: Weather | None, here: Course, line: CornerLine) -> int:
    """Heat a car pays at this line on top of its excess Speed (1 with an Overheat token)."""
    return 0 if weather is None else _token(weather, here, line.corner.position).overheat


def corner_heat(weather: Weather | None, here: Course, line: CornerLine, speed: int) -> int:
    """Heat a car crossing the line at ``speed`` must pay: the excess, +1 on Overheat.

    "Mandatory: a car that exceeds this corner's speed limit pays 1 Heat more
    than the excess."
    """
    excess = max(0, speed - corner_limit(weather, here, line))
    return excess + overheat(weather, here, line) if excess else 0


def sector_effect(weather: Weather | None, here: Course, space: int) -> SectorEffect | None:
    """The effect on a car on ``space``: its sector's token, the weather card's via Weather.

    "A sector token applies to the sector after the chicane's second line (the
    short stretch between the two lines gets none)."
    """
    if weather is None:
        return None
    return _road(weather, here).sectors[here.lap_space(space)]


def may_cool_down(weather: Weather | None, here: Course, space: int) -> bool:
    """ "No Cooldown may be used in this sector during the React step.\""""
    return sector_effect(weather, here, space) != "no_cooldown"


def cooldown_bonus(weather: Weather | None, here: Course, space: int) -> int:
    """ "+1 Cooldown for a car in this sector during the React step" (Snow, Rain): 1 or 0."""
    return 1 if sector_effect(weather, here, space) == "cooldown_plus_1" else 0


def sector_cooldown(weather: Weather | None, here: Course, space: int, cooldown: int) -> int:
    """The Cooldown a car on ``space`` gets in the React step, from ``cooldown`` it has:
    none in a no-Cooldown sector, 1 more in a Snow or Rain one."""
    if not may_cool_down(weather, here, space):
        return 0
    return cooldown + cooldown_bonus(weather, here, space)


def may_start_slipstream(weather: Weather | None, here: Course, space: int) -> bool:
    """ "A car in this sector cannot start a slipstream" (in a Fog sector)."""
    return sector_effect(weather, here, space) != "no_slipstream"


def slipstream_extra(weather: Weather | None, here: Course, space: int) -> int:
    """Extra spaces a car slipstreaming from ``space`` may move (Storm, Sun, Slipstream +1)."""
    effect = sector_effect(weather, here, space)
    return 0 if effect is None else SLIPSTREAM_EXTRA.get(effect, 0)


def free_boost(weather: Weather | None, here: Course, space: int) -> bool:
    """ "Boosting costs no Heat for a car in this sector (still at most one boost per turn).\""""
    return sector_effect(weather, here, space) == "free_boost"


def boost_is_free(state: RaceState, car: Car) -> bool:
    """Whether a Boost now costs this car nothing (it stands in a Heat control sector)."""
    return free_boost(state.weather, state.course, car.space)
