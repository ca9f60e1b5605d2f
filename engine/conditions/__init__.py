"""Weather and road conditions: the weather card, one road-condition token a corner.

``weather`` draws both at setup (from the race's seed) and says how the
weather changes the starting piles; ``road`` answers every question the steps,
the forecasts and the AI ask of the conditions where a car stands: a corner's
limit and Heat, the sector's Cooldown and Slipstream effects, a free Boost.
Every helper takes the race's :class:`engine.state.Weather` (None without the
module), so one set of answers serves every caller.
"""

from engine.conditions.road import (
    boost_is_free,
    cooldown_bonus,
    corner_heat,
    corner_limit,
    free_boost,
    may_cool_down,
    may_start_slipstream,
    overheat,
    sector_cooldown,
    sector_effect,
    slipstream_extra,
)
from engine.conditions.weather import StartingPiles, draw_weather, starting_piles, weather_problem

__all__ = [
    "StartingPiles",
    "boost_is_free",
    "cooldown_bonus",
    "corner_heat",
    "corner_limit",
    "draw_weather",
    "free_boost",
    "may_cool_down",
    "may_start_slipstream",
    "overheat",
    "sector_cooldown",
    "sector_effect",
    "slipstream_extra",
    "starting_piles",
    "weather_problem",
]
