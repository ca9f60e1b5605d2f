"""Game data read from the JSON files beside this module, validated on load.

Every file goes through :mod:`data.loader`, which rejects a bad file with a
message naming the file and the field.
"""

from data.loader import (
    DataError,
    championship,
    legend_cards,
    track,
    track_ids,
    upgrade_cards,
    weather,
)
from data.models import (
    ChampionshipData,
    ChampionshipEvent,
    Corner,
    GridSlot,
    LegendCard,
    LegendCards,
    LegendValue,
    RoadCondition,
    Season,
    SeasonRace,
    SectorEffect,
    SponsorCard,
    Spot,
    Track,
    Upgrade,
    UpgradeCards,
    WeatherCard,
    WeatherModule,
)

__all__ = [
    "ChampionshipData",
    "ChampionshipEvent",
    "Corner",
    "DataError",
    "GridSlot",
    "LegendCard",
    "LegendCards",
    "LegendValue",
    "RoadCondition",
    "Season",
    "SeasonRace",
    "SectorEffect",
    "SponsorCard",
    "Spot",
    "Track",
    "Upgrade",
    "UpgradeCards",
    "WeatherCard",
    "WeatherModule",
    "championship",
    "legend_cards",
    "track",
    "track_ids",
    "upgrade_cards",
    "weather",
]
