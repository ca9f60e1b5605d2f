"""Configuration, from environment variables only (see the README's table)."""

from __future__ import annotations

from pathlib import PurePath

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """What an admin can set; the token is a secret and never printed."""

    model_config = SettingsConfigDict(env_prefix="HEAT_", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    # A SQLite file, or a postgresql:// URL (a database several processes share).
    database: str = "heat.sqlite3"
    log_level: str = "INFO"
    dev_guild: int | None = None
    # A shard cluster: the bot's shard count, and the shards this process runs (all if unset).
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: list[int] | None = None

    @field_validator("database", mode="before")
    @classmethod
    def _path_as_text(cls, value: object) -> object:
        return str(value) if isinstance(value, PurePath) else value

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
