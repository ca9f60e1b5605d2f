"""Game data read from the JSON files beside this module, validated on load.

Every file goes through :mod:`data.loader`, which rejects a bad file with a
message naming the file and the field.
"""

from data.loader import DataError, legend_cards, track, track_ids, upgrade_cards, weather
from data.models import (
    Corner,
    GridSlot,
    LegendCard,
    LegendCards,
    LegendValue,
    RoadCondition,
    SectorEffect,
    Spot,
    Track,
    Upgrade,
    UpgradeCards,
    WeatherCard,
    WeatherModule,
)

__all__ = [
    "Corner",
    "DataError",
    "GridSlot",
    "LegendCard",
    "LegendCards",
    "LegendValue",
    "RoadCondition",
    "SectorEffect",
    "Spot",
    "Track",
    "Upgrade",
    "UpgradeCards",
    "WeatherCard",
    "WeatherModule",
    "legend_cards",
    "track",
    "track_ids",
    "upgrade_cards",
    "weather",
]
