"""What the channel sees: lobby cards, a board and summary per round, prompts, reminders.

Images are drawn in a worker thread after the interaction is acknowledged.
A channel where the bot cannot post is reported once to the race's host.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from typing import Any

import discord

import data
import engine
from bot.components import HeatButton, view_of
from bot.ids import button
from bot.models import RaceRecord, Seat
from bot.orchestrator import Progress
from bot.store import Store
from bot.texts import t
from engine.cards import speed_value
from engine.events import CardsRevealed, Event
from engine.state import RaceState
from engine.steps import can_boost
from render import board_image, finish_image, png_bytes, summarize_round

log = logging.getLogger("heat.publish")


class Publisher:
    """Posts a race's public messages in its channel."""

    def __init__(self, client: discord.Client, store: Store) -> None:
        self.client = client
        self.store = store
        self._warned_hosts: set[int] = set()

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
            timer=f"{minutes} min",
            mode=t(f"mode_{config.mode}", locale),
            host=record.host_id,
            drivers=drivers,
        )
        embed = discord.Embed(
            title=t("lobby_title", locale, track=_track_name(config.track)), description=body
        )
        view = view_of(
            HeatButton(button("join", record.id), t("join", locale), discord.ButtonStyle.primary),
            HeatButton(button("leave", record.id), t("leave", locale)),
            HeatButton(button("start", record.id), t("start", locale), discord.ButtonStyle.success),
        )
        return {"embed": embed, "view": view}

    # --- rounds ---------------------------------------------------------------------------

    async def publish(self, progress: Progress, locale: str) -> None:
        """Post what a change showed: a started race, finished rounds, who must act."""
        record, state = progress.race, progress.state
        channel = await self._channel(record)
        if channel is None:
            return
        if progress.started or progress.resumed or progress.finished_rounds:
            await self._board(channel, progress, locale)
        if _step(state) not in (None, "plan"):
            for seat in progress.newly_waiting:
                await self._prompt(channel, record, state, seat, locale)
        await self.store.mark_announced(record.id, state.version)

    async def catch_up(self, progress: Progress, locale: str) -> None:
        """After a restart: show the race as it stands to a channel that missed its news."""
        progress.resumed = True
        progress.newly_waiting = list(progress.waiting)
        await self.publish(progress, locale)

    async def _board(
        self, channel: discord.abc.Messageable, progress: Progress, locale: str
    ) -> None:
        """One message: the rounds just played, the board, and who must plan next."""
        record, state = progress.race, progress.state
        names = {seat.car_id: seat.name for seat in progress.seats}
        planners = progress.newly_waiting if _step(state) == "plan" else []
        mentions = " ".join(f"<@{s.user_id}>" for s in planners)
        lines = []
        if progress.started:
            track = _track_name(record.config.track)
            lines.append(
                t("race_started", locale, track=track, laps=record.config.laps, mentions=mentions)
            )
        else:
            for events in progress.finished_rounds:
                lines += _round_lines(events, names, progress.seats, state.round, locale)
            if progress.resumed:
                lines.append(t("race_resumed", locale, race=record.id, round=state.round))
            if planners:
                due = min(progress.deadlines.get(s.car_id, 0) for s in planners)
                lines.append(
                    t("your_move", locale, mentions=mentions, round=state.round, deadline=int(due))
                )
        last_round = progress.finished_rounds[-1] if progress.finished_rounds else []
        png = await asyncio.to_thread(board_png, state, last_round, names)
        over = engine.pending(state) is None
        await self._send(
            channel,
            record,
            content="\n".join(lines),
            file=discord.File(io.BytesIO(png), f"race-{record.id}-round-{state.round}.png"),
            view=None if over else self._round_buttons(record.id, locale),
        )
        if over:
            podium = await asyncio.to_thread(_finish_png, state, names)
            places = sorted(progress.seats, key=lambda s: state.car(s.car_id).finished or 0)
            text = " · ".join(f"{state.car(s.car_id).finished}. {s.name}" for s in places)
            await self._send(
                channel,
                record,
                content=t("race_over", locale, podium=text),
                file=discord.File(io.BytesIO(podium), f"race-{record.id}.png"),
            )

    def _round_buttons(self, race_id: int, locale: str) -> discord.ui.View:
        return view_of(
            HeatButton(
                button("hand", race_id), t("open_hand", locale), discord.ButtonStyle.primary
            ),
            HeatButton(button("board", race_id), t("show_board", locale)),
        )

    async def _prompt(
        self,
        channel: discord.abc.Messageable,
        record: RaceRecord,
        state: RaceState,
        seat: Seat,
        locale: str,
    ) -> None:
        """A live decision, asked in the channel: react, slipstream or discard."""
        step, version, race = _step(state), state.version, record.id
        car = state.car(seat.car_id)
        turn = state.turn
        assert turn is not None
        items: list[discord.ui.Item[Any]] = []
        if step == "react":
            content = t(
                "prompt_react",
                locale,
                user=seat.user_id,
                speed=sum(map(speed_value, car.play_area)),
                engine=car.engine,
            )
            if can_boost(car, turn):
                items.append(
                    HeatButton(
                        button("r", race, version, "boost"),
                        t("boost", locale),
                        discord.ButtonStyle.primary,
                    )
                )
            if turn.adrenaline:
                for arg, key in (
                    ("as", "adrenaline_speed"),
                    ("ac", "adrenaline_cooldown"),
                    ("asc", "adrenaline_both"),
                ):
                    items.append(HeatButton(button("r", race, version, arg), t(key, locale)))
            items.append(
                HeatButton(
                    button("r", race, version, "done"),
                    t("react_done", locale),
                    discord.ButtonStyle.success,
                )
            )
        elif step == "slipstream":
            content = t("prompt_slipstream", locale, user=seat.user_id)
            items += [
                HeatButton(
                    button("sl", race, version, "y"),
                    t("slipstream_yes", locale),
                    discord.ButtonStyle.primary,
                ),
                HeatButton(button("sl", race, version, "n"), t("slipstream_no", locale)),
            ]
        else:
            content = t("prompt_discard", locale, user=seat.user_id)
            items += [
                HeatButton(
                    button("dx", race, version),
                    t("choose_discards", locale),
                    discord.ButtonStyle.primary,
                ),
                HeatButton(button("keep", race, version), t("keep_all", locale)),
            ]
        await self._send(channel, record, content=content, view=view_of(*items))

    async def remind(
        self, record: RaceRecord, seat: Seat, step: str, deadline: float, locale: str
    ) -> None:
        channel = await self._channel(record)
        if channel is not None:
            await self._send(
                channel,
                record,
                content=t("reminder", locale, user=seat.user_id, step=step, deadline=int(deadline)),
            )

    async def say(self, record: RaceRecord, content: str) -> None:
        channel = await self._channel(record)
        if channel is not None:
            await self._send(channel, record, content=content)

    async def _channel(self, record: RaceRecord) -> discord.abc.Messageable | None:
        """The race's channel, from the cache or (early after a start) from Discord."""
        channel = self.client.get_channel(record.channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(record.channel_id)
            except discord.HTTPException:
                log.warning("channel gone race=%s guild=%s", record.id, record.guild_id)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def _send(
        self, channel: discord.abc.Messageable, record: RaceRecord, **message: Any
    ) -> discord.Message | None:
        """Post, or tell the host once why the bot cannot."""
        try:
            return await channel.send(
                allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
                **{k: v for k, v in message.items() if v is not None},
            )
        except discord.Forbidden:
            log.warning(
                "cannot post race=%s guild=%s channel=%s",
                record.id,
                record.guild_id,
                record.channel_id,
            )
            await self._warn_host(record)
            return None

    async def _warn_host(self, record: RaceRecord) -> None:
        if record.id in self._warned_hosts:
            return
        self._warned_hosts.add(record.id)
        try:
            host = await self.client.fetch_user(record.host_id)
            await host.send(
                t(
                    "missing_permissions",
                    "en-US",
                    channel=record.channel_id,
                    permissions="Send Messages / Attach Files",
                )
            )
        except discord.HTTPException:
            log.warning("cannot warn host race=%s guild=%s", record.id, record.guild_id)


def _step(state: RaceState) -> str | None:
    waiting = engine.pending(state)
    return None if waiting is None else waiting.step


def _track_name(track_id: str) -> str:
    return data.track(track_id).name


def board_png(state: RaceState, events: list[Event], names: dict[str, str]) -> bytes:
    return png_bytes(board_image(engine.view_for(state, None), events, names=names))


def _finish_png(state: RaceState, names: dict[str, str]) -> bytes:
    return png_bytes(finish_image(engine.view_for(state, None), names=names))


def _round_lines(
    events: list[Event],
    names: dict[str, str],
    seats: Sequence[Seat],
    final_round: int,
    locale: str,
) -> list[str]:
    """A heading, then one line per car: gear, speed, where it went, Heat, spin out, finish."""
    summary = summarize_round(events)
    legends = {seat.car_id for seat in seats if seat.kind == "legend"}
    gears = {e.car: len(e.cards) for e in events if isinstance(e, CardsRevealed)}
    lines = [t("round_done", locale, round=summary.round or final_round)]
    for car_id, did in summary.cars.items():
        notes = []
        if did.cluttered:
            notes.append(t("summary_clutter", locale))
        elif did.start is not None:
            notes.append(t("summary_moved", locale, from_=did.start[0], to=did.moves[-1].to_space))
        if did.slipstream:
            notes.append(t("summary_slip", locale))
        if did.heat_paid:
            notes.append(t("summary_heat", locale, heat=did.heat_paid))
        if did.spun_out is not None:
            notes.append(t("summary_spin", locale))
        if did.finished is not None:
            notes.append(t("summary_finished", locale, place=did.finished))
        key = "summary_legend" if car_id in legends else "summary_car"
        speed = did.speed if did.speed is not None else "-"
        lines.append(
            t(
                key,
                locale,
                name=names.get(car_id, car_id),
                gear=gears.get(car_id, "-"),
                speed=speed,
                moved=", ".join(notes) or "-",
            )
        )
    return lines
