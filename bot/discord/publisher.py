"""What a race shows: lobby cards, and the outbox rows (boards, summaries, prompts, notes).

A started race posts in its thread (:mod:`bot.discord.threads`); its result goes to
the channel.

Pictures are drawn in the CPU worker processes. A message addressed to one
driver is written in that driver's language; the rest in the server's. A
channel where the bot cannot post is reported once to the race's host.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

import engine
from bot.discord.channels import channel_of, send_or_keep
from bot.discord.components import HeatButton, view_of
from bot.discord.ids import button
from bot.discord.notices import Notices
from bot.discord.pictures import board_png, finish_png
from bot.discord.prompts import prompt_message
from bot.discord.race_lines import board_embed, podium_text, round_lines
from bot.discord.texts import permission_names, shown_name, t
from bot.discord.threads import RaceThreads
from bot.service import cpu
from bot.service.waits import waiting_humans
from bot.storage import OutboxRow, RaceRecord, Seat, Store
from data.words import track_name
from engine import RaceState

log = logging.getLogger("heat.publish")
POSTING = ("send_messages", "attach_files")  # what a round's post needs (Discord's names)

# Discord takes 2,000 characters a message: the round summaries get what the board's other
# lines (a restart's note, who must plan next, their mentions) leave, with room to spare.
SUMMARY_ROOM = 1500

SayHook = Callable[[RaceRecord, OutboxRow, str, Callable[..., Awaitable[None]]], Awaitable[None]]


class Publisher:
    """Posts a race's public messages in its channel."""

    def __init__(
        self, client: discord.Client, store: Store, locale_of: Callable[[int], str]
    ) -> None:
        self.client = client
        self.store = store
        self.locale_of = locale_of
        self._warned_hosts: set[int] = set()
        self.threads = RaceThreads(client, store)
        self.notices = Notices(client, store)
        # Outbox texts another part of the bot posts itself (a league's standings).
        self.say_hooks: dict[str, SayHook] = {}

    # --- lobby ----------------------------------------------------------------------------

    def lobby_message(
        self, record: RaceRecord, seats: Sequence[Seat], locale: str
    ) -> dict[str, Any]:
        config = record.config
        drivers = "\n".join(f"`{s.car_id}` <@{s.user_id}>" for s in seats if s.user_id) or "-"
        minutes = config.timer_seconds // 60
        body = t(
            "lobby_body",
            locale,
            laps=config.laps,
            seats=config.seats,
            fill=t(f"fill_{config.fill}", locale),
            timer=t("minutes", locale, n=minutes),
            mode=t(f"mode_{config.mode}", locale),
            host=record.host_id,
            drivers=drivers,
        )
        if config.garage != "off" or config.weather:
            body += "\n" + t(
                "lobby_modules",
                locale,
                garage=t(f"garage_{config.garage}", locale),
                draft=t(f"draft_{config.draft}", locale),
                weather=t("weather_on" if config.weather else "weather_off", locale),
            )
        embed = discord.Embed(
            title=t("lobby_title", locale, track=track_name(config.track, locale)), description=body
        )
        view = view_of(
            HeatButton(button("join", record.id), t("join", locale), discord.ButtonStyle.primary),
            HeatButton(button("leave", record.id), t("leave", locale)),
            HeatButton(button("start", record.id), t("start", locale), discord.ButtonStyle.success),
        )
        return {"embed": embed, "view": view}

    # --- the outbox -----------------------------------------------------------------------

    async def post(self, row: OutboxRow, resumed: bool) -> None:
        """Post one of a race's outbox rows; PostLater if Discord failed and it should be kept."""
        assert row.race_id is not None, "a race's row"
        record = await self.store.race(row.race_id)
        if record is None:
            return
        seats = await self.store.seats(record.id)
        locale = self.locale_of(record.guild_id)
        opened = None
        if row.kind == "start" and record.thread_id is None:
            opened = await self.threads.open(record, locale)
            record = opened.record
        elif row.kind == "start":
            await self.threads.rename(record, locale)  # a league race's, started at its draft
        channel = await self._channel(record)
        if channel is None:
            return
        if row.kind == "say":
            await self._say_row(channel, record, seats, row, locale)
        elif row.kind == "prompt":
            await self._prompt(channel, record, seats, row)
        else:
            why_not = "" if opened is None else opened.why_not
            await self._board(channel, record, seats, row, locale, resumed, why_not)
        if opened is not None:
            await self.threads.welcome(opened, seats, locale)

    async def _say_row(
        self,
        channel: discord.abc.Messageable,
        record: RaceRecord,
        seats: Sequence[Seat],
        row: OutboxRow,
        locale: str,
    ) -> None:
        hook = self.say_hooks.get(row.text)
        if hook is not None:
            # What follows a result (a league's standings) stands beside it in the channel.
            home = await self._channel(record, record.channel_id)
            if home is None:
                return

            async def send(**message: Any) -> None:
                assert home is not None
                await self._send(home, record, **message)

            await hook(record, row, locale, send)
            return
        seat = next((s for s in seats if s.car_id == row.car_id), None)
        values = dict(row.values)
        if seat is not None:
            locale = seat.locale
            values["user"] = seat.user_id or 0
        if "step" in values:
            values["step"] = t(f"step_{values['step']}", locale)
        content = t(row.text, locale, **values)
        if row.text == "reminder" and seat is not None and seat.user_id is not None:
            # A reminder follows the driver's /heat notify, as the call it reminds of.
            mode = await self.store.notify_mode(seat.user_id)
            if mode == "off":
                return
            if mode == "dm":
                if await self.notices.direct(record, seat, content):
                    return
                content += "\n" + t("dm_failed", locale, user=seat.user_id)
        await self._send(channel, record, content=content)

    async def _prompt(
        self,
        channel: discord.abc.Messageable,
        record: RaceRecord,
        seats: Sequence[Seat],
        row: OutboxRow,
    ) -> None:
        """A live decision, asked in the channel in the driver's language (if still current)."""
        assert row.state is not None
        if record.state is None or record.state.version != row.state.version:
            return
        seat = next(s for s in seats if s.car_id == row.car_id)
        waiting = engine.pending(row.state)
        step = t(f"step_{waiting.step}", seat.locale) if waiting else ""
        called = await self.notices.call(record, [seat], "dm_decide", step=step)
        who = called.who.get(seat.user_id or 0, shown_name(seat.name, seat.color, seat.locale))
        message = prompt_message(record.id, row.state, seat.car_id, who, seat.locale)
        message["content"] = "\n".join([*called.lines, message["content"]])
        await self._send(channel, record, **message)

    async def _board(
        self,
        channel: discord.abc.Messageable,
        record: RaceRecord,
        seats: Sequence[Seat],
        row: OutboxRow,
        locale: str,
        resumed: bool,
        why_not: str = "",
    ) -> None:
        """One message: the rounds just played, the board, and who must plan next
        (the first one also says why the race runs in its channel, if a thread was refused)."""
        state = row.state
        assert state is not None
        names = {seat.car_id: shown_name(seat.name, seat.color, locale) for seat in seats}
        waiting = engine.pending(state)
        planners = waiting_humans(state, seats) if waiting and waiting.step == "plan" else []
        deadlines = {
            timer.car_id: timer.due_at
            for timer in await self.store.timers(record.id)
            if timer.kind == "deadline"
        }
        due = int(min((deadlines.get(s.car_id, 0.0) for s in planners), default=0.0))
        called = await self.notices.call(
            record, planners, "dm_plan", round=state.round, deadline=due
        )
        mentions = called.names(planners)
        lines = [why_not] if why_not else []
        if row.kind == "start":
            track = track_name(record.config.track, locale)
            opening = (
                "race_started_draft" if waiting and waiting.step == "draft" else "race_started"
            )
            lines.append(
                t(opening, locale, track=track, laps=record.config.laps, mentions=mentions)
            )
        else:
            rounds = [
                round_lines(events, names, seats, state.round, locale) for events in row.rounds
            ]
            lines += _newest_that_fit(rounds, locale)
            if resumed:
                lines.append(t("race_resumed", locale, race=record.id, round=state.round))
            if planners:
                lines.append(
                    t("your_move", locale, mentions=mentions, round=state.round, deadline=due)
                )
        lines += called.lines
        last_round = row.rounds[-1] if row.rounds else ()
        png = await cpu.run(board_png, state, last_round, names, locale)
        await self._send(
            channel,
            record,
            content="\n".join(lines),
            embed=board_embed(state, names, locale),
            file=discord.File(io.BytesIO(png), f"race-{record.id}-round-{state.round}.png"),
            view=None if waiting is None else self._round_buttons(record.id, locale),
        )
        if waiting is None:
            await self._podium(record, seats, state, names, locale)

    async def _podium(
        self,
        record: RaceRecord,
        seats: Sequence[Seat],
        state: RaceState,
        names: dict[str, str],
        locale: str,
    ) -> None:
        """The result and the Hall of Fame, in the channel; the race's thread is then archived."""
        podium = await cpu.run(finish_png, state, names, locale)
        home = await self._channel(record, record.channel_id)
        if home is None:
            return
        await self._send(
            home,
            record,
            content=t("race_over", locale, podium=podium_text(state, seats, locale)),
            file=discord.File(io.BytesIO(podium), f"race-{record.id}.png"),
        )
        await self.threads.archive(record)

    def _round_buttons(self, race_id: int, locale: str) -> discord.ui.View:
        return view_of(
            HeatButton(
                button("hand", race_id), t("open_hand", locale), discord.ButtonStyle.primary
            ),
            HeatButton(button("board", race_id), t("show_board", locale)),
        )

    # --- plain messages -------------------------------------------------------------------

    async def end(self, record: RaceRecord, content: str) -> None:
        """A race's end other than its result (a cancel): said in the channel, thread archived."""
        channel = await self._channel(record, record.channel_id)
        if channel is not None:
            await self._send(channel, record, content=content)
        await self.threads.archive(record)

    async def _channel(
        self, record: RaceRecord, channel_id: int | None = None
    ) -> discord.abc.Messageable | None:
        """Where the race posts (its thread, if it has one), or ``channel_id``."""
        channel = await channel_of(self.client, channel_id or record.posts_in)
        if channel is None:
            log.warning("channel gone race=%s guild=%s", record.id, record.guild_id)
        return channel

    async def _send(
        self, channel: discord.abc.Messageable, record: RaceRecord, **message: Any
    ) -> None:
        """Post, or tell the host once why the bot cannot; PostLater if Discord failed."""
        mentions = discord.AllowedMentions(users=True, roles=False, everyone=False)
        sent = await send_or_keep(
            channel,
            allowed_mentions=mentions,
            **{k: v for k, v in message.items() if v is not None},
        )
        if not sent:
            log.warning(
                "cannot post race=%s guild=%s channel=%s",
                record.id,
                record.guild_id,
                record.channel_id,
            )
            await self._warn_host(record)

    async def _warn_host(self, record: RaceRecord) -> None:
        if record.id in self._warned_hosts:
            return
        self._warned_hosts.add(record.id)
        seats = await self.store.seats(record.id)
        locale = next(
            (seat.locale for seat in seats if seat.user_id == record.host_id),
            self.locale_of(record.guild_id),
        )  # the host's own language, as their seat keeps it
        try:
            host = await self.client.fetch_user(record.host_id)
            await host.send(
                t(
                    "missing_permissions",
                    locale,
                    channel=record.channel_id,
                    permissions=permission_names(POSTING, locale),
                )
            )
        except discord.HTTPException:
            log.warning("cannot warn host race=%s guild=%s", record.id, record.guild_id)


def _newest_that_fit(rounds: Sequence[list[str]], locale: str) -> list[str]:
    """The newest rounds' summaries that fit one message beside the board's other lines;
    a line counts the older ones left out (a race the AI finished plays many at once)."""
    kept: list[list[str]] = []
    room = SUMMARY_ROOM
    for lines in reversed(rounds):
        room -= sum(len(line) + 1 for line in lines)
        if room < 0:
            break
        kept.insert(0, lines)
    left_out = len(rounds) - len(kept)
    head = [t("rounds_left_out", locale, count=left_out)] if left_out else []
    return head + [line for lines in kept for line in lines]
