"""Telling drivers a race waits for them, each the way they chose with ``/heat notify``.

A mention in the race's thread (the default), a direct message carrying the "Open my
hand" button, or nothing (their name, unmentioned). A direct message that fails
(closed DMs: Discord's 50007) falls back to the mention, once, with one line saying so.
A league night's reminder calls its drivers the same way (:func:`direct_message`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from bot.discord.components import HeatButton, view_of
from bot.discord.ids import button
from bot.discord.texts import t
from bot.storage import RaceRecord, Seat, Store
from data.words import track_name

log = logging.getLogger("heat.publish")


@dataclass
class Called:
    """How each driver is named in the race's message (a mention, or their name when they
    were told privately or asked for nothing), and a line per direct message that failed."""

    who: dict[int, str] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)

    def names(self, seats: Sequence[Seat]) -> str:
        return " ".join(self.who[s.user_id] for s in seats if s.user_id in self.who)


class Notices:
    """Calls drivers: mentions, direct messages, or nothing, as each chose."""

    def __init__(self, client: discord.Client, store: Store) -> None:
        self.client = client
        self.store = store

    async def call(
        self, record: RaceRecord, seats: Sequence[Seat], key: str, **values: object
    ) -> Called:
        """Call ``seats``' drivers; a direct message says ``key`` (with ``values``)."""
        called = Called()
        for seat in seats:
            if seat.user_id is None:
                continue
            mode = await self.store.notify_mode(seat.user_id)
            if mode == "off":
                called.who[seat.user_id] = seat.name
                continue
            if mode == "dm":
                text = t(key, seat.locale, **values, **_where(record, seat.locale))
                if await self.direct(record, seat, text):
                    called.who[seat.user_id] = seat.name
                    continue
                called.lines.append(t("dm_failed", seat.locale, user=seat.user_id))
            called.who[seat.user_id] = f"<@{seat.user_id}>"
        return called

    async def direct(self, record: RaceRecord, seat: Seat, text: str) -> bool:
        """``text`` and the "Open my hand" button in the driver's DMs; False if refused."""
        assert seat.user_id is not None
        hand = HeatButton(
            button("hand", record.id), t("open_hand", seat.locale), discord.ButtonStyle.primary
        )
        where = f"race={record.id} guild={record.guild_id}"
        return await direct_message(self.client, seat.user_id, text, view_of(hand), where)


async def direct_message(
    client: discord.Client, user_id: int, text: str, view: discord.ui.View, where: str
) -> bool:
    """``text`` and ``view`` in a person's DMs; False if Discord refused (closed DMs), so the
    caller mentions them instead. ``where`` names the race or league in the log line."""
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        await user.send(text, view=view)
    except discord.HTTPException as error:
        log.info("dm refused %s user=%s code=%s", where, user_id, error.code)
        return False
    return True


def _where(record: RaceRecord, locale: str) -> dict[str, object]:
    """The race as a direct message names it: number, track, and a link to its thread."""
    return {
        "race": record.id,
        "track": track_name(record.config.track, locale),
        "where": f"<#{record.posts_in}>",
    }
