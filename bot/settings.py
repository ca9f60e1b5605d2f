"""Configuration, from environment variables only (see the README's table)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class Settings(BaseSettings):
    """What an admin can set; the token is a secret and never printed.

    A bad value fails with a message naming the variable, as ``heat run`` prints it.
    """

    model_config = SettingsConfigDict(env_prefix="HEAT_", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    database: Path = Path("heat.sqlite3")
    log_level: str = "INFO"
    dev_guild: int | None = None

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_no_token(cls, value: Any) -> Any:
        """``DISCORD_TOKEN=`` (an empty export) means no token, not an empty one."""
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("database")
    @classmethod
    def _database_file(cls, path: Path) -> Path:
        """Found at start-up, not after logging in to Discord, when SQLite cannot open it."""
        if path.is_dir():
            raise ValueError(f"HEAT_DATABASE must name a file, not the folder {str(path)!r}")
        if not path.parent.is_dir():
            raise ValueError(f"HEAT_DATABASE: the folder {str(path.parent)!r} does not exist")
        return path

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
