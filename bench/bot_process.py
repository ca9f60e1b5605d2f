"""The bot alone in its own process, pointed at a fake Discord (for bench/bot_load.py).

Usage: ``python bench/bot_process.py BASE_URL GATEWAY_URL TOKEN DATABASE``; the
process's shards come from ``HEAT_SHARD_COUNT`` and ``HEAT_SHARD_IDS``, as in production.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
import yarl

from bot.discord.app import bot_for, serve
from bot.hosting.settings import Settings


def main() -> None:
    base_url, gateway_url, token, database = sys.argv[1:5]
    discord.http.Route.BASE = f"{base_url}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    serve(bot_for(Settings(database=database), stop_on_sigterm=True), token)


if __name__ == "__main__":
    main()
