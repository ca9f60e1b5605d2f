"""Helpers the tests share, in one place.

``fakediscord`` (a local Discord, REST and gateway, for the real discord.py client),
``botdriver`` and ``botrace`` (the bot driven through it as players would),
``botprocess`` (the bot in a process of its own), ``strategies`` (hypothesis),
``invariants`` and ``playout`` (random legal races and what must hold after each
decision), ``scenarios`` (checking scenario outcomes), ``boards`` (pictures to look at),
``heatcli`` (the command line under a time budget), ``leagues``, ``postgres``,
``pgraces`` and ``pgworker`` (leagues and PostgreSQL clusters), ``paths``.
"""
