"""Configuration, from environment variables only (see the README's table)."""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import Any

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class Settings(BaseSettings):
    """What an admin can set; the token is a secret and never printed.

    A bad value fails with a message naming the variable, as ``heat run`` prints it.
    """

    model_config = SettingsConfigDict(env_prefix="HEAT_", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    # A SQLite file, or a postgresql:// URL (a database several processes share).
    database: str = "heat.sqlite3"
    log_level: str = "INFO"
    dev_guild: int | None = None
    # A shard cluster: the bot's shard count, and the shards this process runs (all if unset).
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: list[int] | None = None

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_no_token(cls, value: Any) -> Any:
        """``DISCORD_TOKEN=`` (an empty export) means no token, not an empty one."""
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("database", mode="before")
    @classmethod
    def _database_file(cls, value: object) -> object:
        """Found at start-up, not after logging in to Discord, when SQLite cannot open it.

        A ``postgresql://`` URL is checked by connecting to it."""
        if isinstance(value, PurePath):
            value = str(value)
        if not isinstance(value, str) or value.startswith(("postgresql://", "postgres://")):
            return value
        path = Path(value)
        if path.is_dir():
            raise ValueError(f"HEAT_DATABASE must name a file, not the folder {value!r}")
        if not path.parent.is_dir():
            raise ValueError(f"HEAT_DATABASE: the folder {str(path.parent)!r} does not exist")
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _known_level(cls, value: Any) -> str:
        level = str(value).upper()
        if level not in LOG_LEVELS:
            known = ", ".join(name.lower() for name in LOG_LEVELS)
            raise ValueError(f"HEAT_LOG_LEVEL must be one of {known} (any case), not {value!r}")
        return level

    @field_validator("dev_guild", mode="before")
    @classmethod
    def _guild_id(cls, value: Any) -> Any:
        if isinstance(value, str) and not value.strip():
            return None
        if isinstance(value, str) and not value.strip().isdigit():
            raise ValueError(f"HEAT_DEV_GUILD must be a guild id (a number), not {value!r}")
        return value

    @model_validator(mode="after")
    def _shards_in_range(self) -> Settings:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("HEAT_SHARD_IDS needs HEAT_SHARD_COUNT (the bot's shard count)")
        outside = [shard for shard in self.shard_ids if not 0 <= shard < self.shard_count]
        if outside or not self.shard_ids:
            raise ValueError(
                f"HEAT_SHARD_IDS must list shards from 0 to {self.shard_count - 1}, got"
                f" {self.shard_ids}"
            )
        return self

    @property
    def process_name(self) -> str:
        """Names this process in the database's claims: its shards, stable across restarts."""
        if self.shard_count is None:
            return "solo"
        shards = range(self.shard_count) if self.shard_ids is None else sorted(self.shard_ids)
        return f"shards-{'-'.join(map(str, shards))}-of-{self.shard_count}"
