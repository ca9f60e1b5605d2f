"""The ``heat`` command: start the bot, and work with races, seasons, leagues and the
database offline (``command`` reads the line and hands it to one module per command).

Nothing else in the bot imports this room: it sits on top of discord, service, storage
and hosting, and ``heat`` (the console script) enters it through :func:`main`.
"""

from bot.cli.command import main

__all__ = ["main"]
