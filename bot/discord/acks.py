"""Acknowledgement latency: each interaction's response object notes when it was first done.

discord.py marks an interaction acknowledged by setting its response's type,
whichever of the nine ways the bot answers (defer, message, edit, modal): the
one place every acknowledgement passes, so the figure is taken there and no
handler has to remember it.
"""

from __future__ import annotations

import time
from typing import Any

import discord

from bot.hosting import metrics

# The slot the property below wraps (a member descriptor: get and set it directly).
_TYPE: Any = discord.InteractionResponse.__dict__["_response_type"]


class TimedResponse(discord.InteractionResponse[Any]):
    """An interaction's response that reports the time to its first acknowledgement."""

    __slots__ = ("_taken",)

    def __init__(self, parent: discord.Interaction[Any]) -> None:
        self._taken = time.perf_counter()
        super().__init__(parent)

    @property
    def _response_type(self) -> discord.InteractionResponseType | None:
        value: discord.InteractionResponseType | None = _TYPE.__get__(self)
        return value

    @_response_type.setter
    def _response_type(self, value: discord.InteractionResponseType | None) -> None:
        if value is not None and _TYPE.__get__(self) is None:
            metrics.acknowledged(self._parent.guild_id, time.perf_counter() - self._taken)
        _TYPE.__set__(self, value)


def time_acknowledgement(interaction: discord.Interaction[Any]) -> None:
    """From now, the interaction's acknowledgement is timed (before anything answers it)."""
    if not hasattr(interaction, "_cs_response"):
        interaction._cs_response = TimedResponse(interaction)  # type: ignore[attr-defined]
