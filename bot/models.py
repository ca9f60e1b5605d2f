"""What the bot keeps about a race besides the engine state: its setup and its seats."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Fill = Literal["none", "legends", "ai"]
Mode = Literal["live", "async"]


class RaceStatus(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class RaceConfig(BaseModel):
    """What the host chose in ``/heat new``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    track: str
    laps: int = Field(ge=1, le=5)
    seats: int = Field(ge=1, le=6)
    fill: Fill = "legends"
    ai_level: str = "pro"
    timer_seconds: int = Field(ge=30)
    mode: Mode = "live"


class Seat(BaseModel):
    """One car in a race and who drives it (no user for Legends and AI cars)."""

    model_config = ConfigDict(extra="forbid")

    car_id: str
    user_id: int | None
    kind: Literal["human", "ai", "legend"]
    name: str
    color: str
    locale: str = "en-US"
    autopilot: bool = False

    @property
    def driven_by_ai(self) -> bool:
        """The AI decides for AI cars and for drivers kicked from the race."""
        return self.kind == "ai" or self.autopilot


class RaceRecord(BaseModel):
    """A race row: where it lives, its status and, once started, its state in the notation."""

    model_config = ConfigDict(extra="forbid")

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: RaceStatus
    config: RaceConfig
    state: str | None
    initial: str | None
    version: int
    round_events: str = "[]"
    announced_version: int = 0
    lobby_message_id: int | None
    created_at: float
