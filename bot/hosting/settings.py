"""Configuration, from environment variables only (see the README's table)."""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import Any, Literal, get_args

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.hosting import heartbeat, rate_limit

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# A Champion's budget is the playouts of a plan beside five other cars that plan (AI cars
# or people: its playouts plan for each of them), the dearest race; beside Legends the same
# time buys 2.5 times as many (engine.ai.playouts_for). At 24 a plan took p50 0.66-0.69 s,
# p99 0.94-1.37 s of CPU beside five other AI cars (Italy, USA) on this 2-core machine while
# other work ran; at 40 (the engine's default) p50 1.13 s, p99 1.56 s. Champions planning in
# one round search side by side, a worker each. More bought nothing measurable: 80 (200
# beside Legends) won 0.810 of the 20 settings against 0.812 at 24, at a plan p99 of 2.3 s
# compiled (bench/drivers.py).
CHAMPION_PLAYOUTS = 24
MOST_PLAYOUTS = 5000  # a Champion's plan at this many takes minutes


class Settings(BaseSettings):
    """What an admin can set; the token is a secret and never printed.

    A bad value fails with a ValidationError that :func:`settings_error` says in one line
    naming the variable, as ``heat run`` and ``heat health`` print it.
    """

    model_config = SettingsConfigDict(env_prefix="HEAT_", extra="ignore")

    # Each field's description is what ``heat run --help`` says of its variable.
    discord_token: SecretStr | None = Field(
        default=None,
        validation_alias="DISCORD_TOKEN",
        description="the bot's token (required; https://discord.com/developers/applications)",
    )
    database: str = Field(
        default="heat.sqlite3",
        description="a SQLite file, in an existing folder, or a postgresql:// URL (a database"
        " several processes share; heat db copy moves a SQLite file into it)",
    )
    log_level: str = Field(
        default="INFO", description="debug, info, warning, error or critical, in any case"
    )
    dev_guild: int | None = Field(
        default=None, description="a guild id (a number) where slash commands sync at once"
    )
    shard_count: int | None = Field(
        default=None,
        ge=1,
        description="a shard cluster: the bot's shard count (unset: one connection)",
    )
    shard_ids: list[int] | None = Field(
        default=None,
        description="the shards this process runs, a JSON list such as [0,1] (unset: all)",
    )
    retention_days: float = Field(
        default=30.0,
        gt=0,
        description="days a finished race keeps its state and decision log, then its export alone",
    )
    metrics_port: int | None = Field(
        default=None,
        ge=1,
        le=65535,
        description="serve Prometheus figures on http://ADDRESS:PORT/metrics (unset: off)",
    )
    metrics_address: str = Field(
        default="127.0.0.1",
        description="the address the figures are served on (0.0.0.0 for another container)",
    )
    heartbeat_file: Path | None = Field(
        default=None,
        description="where the bot writes its gateway heartbeat for heat health (unset: one in"
        " the temporary folder, named by the database and the shards)",
    )
    health_max_age: float = Field(
        default=90.0,
        gt=0,
        description="heat health fails when the heartbeat is older than this many seconds",
    )
    log_format: Literal["text", "json"] = Field(
        default="text", description="text, or json: one JSON object per line for log collectors"
    )
    rate_per_second: float = Field(
        default=rate_limit.PER_SECOND,
        gt=0,
        description="the per-person rate limit on commands and clicks: so many a second",
    )
    rate_burst: int = Field(
        default=rate_limit.BURST,
        ge=1,
        description="how many commands and clicks a person may make at once, before the rate"
        " per second applies",
    )
    champion_playouts: int = Field(
        default=CHAMPION_PLAYOUTS,
        ge=1,
        le=MOST_PLAYOUTS,
        description="the playouts a Champion (the AI level that searches) plays for each plan"
        " beside five cars that plan (beside Legends, 2.5 times as many in the same time), in"
        " the worker processes: more plays stronger and slower",
    )

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

    @field_validator("log_format", mode="before")
    @classmethod
    def _known_format(cls, value: Any) -> Any:
        if isinstance(value, str) and value.lower() in ("text", "json"):
            return value.lower()
        raise ValueError(f"HEAT_LOG_FORMAT must be text or json, not {value!r}")

    @property
    def heartbeat_path(self) -> Path:
        """``HEAT_HEARTBEAT_FILE``, or one per database and process in the temporary folder
        (:func:`bot.hosting.heartbeat.default_path`): ``heat health`` run beside the bot (in
        its container) with the same settings finds it, and no other bot's."""
        if self.heartbeat_file is not None:
            return self.heartbeat_file
        return heartbeat.default_path(self.database, self.process_name)

    @property
    def process_name(self) -> str:
        """Names this process in the database's claims: its shards, stable across restarts."""
        if self.shard_count is None:
            return "solo"
        shards = range(self.shard_count) if self.shard_ids is None else sorted(self.shard_ids)
        return f"shards-{'-'.join(map(str, shards))}-of-{self.shard_count}"


NOT_ECHOED = frozenset({"database"})
"""Settings whose value a refusal never repeats (a database URL may carry a password),
besides the secrets (``SecretStr``, the token)."""


def settings_error(error: ValidationError) -> str:
    """A bad setting in one line: its environment variable, what is wrong, the value given.

    Every command that reads :class:`Settings` says a refusal with this. The value is left
    out for a secret (the token) and for :data:`NOT_ECHOED`; a message that names its
    variable already (one of our own checks) is said as it is.
    """
    first = error.errors()[0]
    message = str(first["msg"]).removeprefix("Value error, ")
    if not first["loc"]:  # a check across settings (the shards), which names them itself
        return message
    name, *inside = first["loc"]
    field = _field(str(name))
    variable = env_variable(field)
    if variable in message:
        return message
    said = f"{variable}{''.join(f'[{part}]' for part in inside)}: {message}"
    if field in NOT_ECHOED or _is_secret(field):
        return said
    return f"{said} (got {_shown(first['input'])})"


def env_variable(field: str) -> str:
    """The environment variable that sets the field ``field`` of :class:`Settings`."""
    alias = Settings.model_fields[field].validation_alias
    if isinstance(alias, str):
        return alias
    return f"{Settings.model_config.get('env_prefix', '')}{field}".upper()


def _field(located: str) -> str:
    """The field an error's location names (its name, or its alias)."""
    for name, info in Settings.model_fields.items():
        if located in (name, info.validation_alias):
            return name
    return located


def _is_secret(field: str) -> bool:
    annotation = Settings.model_fields[field].annotation
    return annotation is SecretStr or SecretStr in get_args(annotation)


def _shown(value: object) -> str:
    """The value as given: bare when it reads plainly, quoted when blank or padded."""
    if isinstance(value, str) and value and value.strip() == value:
        return value
    return repr(value)
