"""Configuration, from environment variables only (see the README's table)."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """What an admin can set; the token is a secret and never printed."""

    model_config = SettingsConfigDict(env_prefix="HEAT_", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    database: Path = Path("heat.sqlite3")
    log_level: str = "INFO"
    dev_guild: int | None = None
