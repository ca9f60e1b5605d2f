"""Storage for the race service: the :class:`Store` interface, its typed values, SQLite."""

from bot.storage.models import (
    GuildSettings,
    Orders,
    OutboxRow,
    RaceChange,
    RaceConfig,
    RaceRecord,
    RaceStatus,
    Seat,
    StandingOrders,
    Timer,
)
from bot.storage.sqlite import SQLiteStore
from bot.storage.store import (
    ChannelBusy,
    SeatTaken,
    StaleWrite,
    StorageError,
    Store,
    StoreUnavailable,
)

__all__ = [
    "ChannelBusy",
    "GuildSettings",
    "Orders",
    "OutboxRow",
    "RaceChange",
    "RaceConfig",
    "RaceRecord",
    "RaceStatus",
    "SQLiteStore",
    "Seat",
    "SeatTaken",
    "StaleWrite",
    "StandingOrders",
    "StorageError",
    "Store",
    "StoreUnavailable",
    "Timer",
]
