"""The bot alone in its own process, pointed at a fake Discord (for bench/bot_load.py).

Usage: ``python bench/bot_process.py BASE_URL GATEWAY_URL TOKEN DATABASE``; everything
else comes from the environment, as ``heat run`` reads it (the process's shards from
``HEAT_SHARD_COUNT`` and ``HEAT_SHARD_IDS``, ``HEAT_LOG_FORMAT``, ``HEAT_LOG_LEVEL``,
``HEAT_METRICS_PORT``, ...), and it starts the way ``heat run`` does (``run_bot``): its
logs configured, its metrics port taken before it connects.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
import yarl
from pydantic import SecretStr

from bot.discord.app import run_bot
from bot.hosting.settings import Settings


def main() -> int:
    base_url, gateway_url, token, database = sys.argv[1:5]
    discord.http.Route.BASE = f"{base_url}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    settings = Settings(database=database).model_copy(update={"discord_token": SecretStr(token)})
    run_bot(settings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
