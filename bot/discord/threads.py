"""A race's thread: started from its lobby when the race starts, archived after its result.

Boards, prompts, reminders and notices go to the thread, so the channel keeps only
the lobby, one line when the race starts (with a link) and the result. A thread
started from a message takes the message's id, so a start tried again after a
crash finds the thread it made before. Where the bot may not start a thread, or
the server turned threads off, the race runs in its channel as before. A league
race's thread is started earlier, when its draft opens
(:mod:`bot.discord.league_threads`), and its race runs on in it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.discord.channels import FOR_NOW, channel_of, send_or_keep
from bot.discord.texts import permission_names, t
from bot.service.outbox import PostLater
from bot.storage import RaceRecord, Seat, Store
from data.words import track_name

log = logging.getLogger("heat.publish")

THREAD_EXISTS = 160004  # Discord: "a thread has already been created for this message"
ARCHIVE_AFTER_MINUTES = 10080  # a week: a race waiting on a slow async driver stays listed
NAME_LIMIT = 100  # Discord's limit for a thread's name
NEEDED = ("create_public_threads", "send_messages_in_threads")  # discord.Permissions' names


@dataclass(frozen=True, slots=True)
class Opened:
    """Where a starting race runs: its record (with its thread, if one was started), and,
    when it runs in its channel though threads are on, the line telling its host why."""

    record: RaceRecord
    why_not: str = ""
    line: discord.Message | None = None  # a lobby-less race's start line, linked once posted


class NoThread(Exception):
    """The bot may not start a thread here; ``missing`` names the permissions it lacks
    (``discord.Permissions``' names), as does the message."""

    def __init__(self, *missing: str) -> None:
        super().__init__(", ".join(missing))
        self.missing = missing

    def said(self, locale: str) -> str:
        """The permissions missing, as the server's settings name them in ``locale``."""
        return permission_names(self.missing, locale)


def thread_name(record: RaceRecord, locale: str = "en") -> str:
    """'Heat · USA · #12': what the race is, as the channel's list of threads shows it (the
    track named in the server's language)."""
    return f"Heat · {track_name(record.config.track, locale)} · #{record.id}"


class RaceThreads:
    """Starts and archives the races' threads."""

    def __init__(self, client: discord.Client, store: Store) -> None:
        self.client = client
        self.store = store

    async def open(self, record: RaceRecord, locale: str) -> Opened:
        """At the race's first post: its thread, and a line in the channel linking it."""
        if not (await self.store.guild_settings(record.guild_id)).threads:
            return Opened(record)
        parent = await channel_of(self.client, record.channel_id)
        if parent is None:
            return Opened(record)  # the channel is gone: the posts will say so
        try:
            thread, line = await self._start(parent, record, locale)
        except NoThread as refused:
            log.info("no thread race=%s guild=%s missing=%s", record.id, record.guild_id, refused)
            why = t("thread_refused", locale, host=record.host_id, permissions=refused.said(locale))
            return Opened(record, why)
        await self.store.set_thread(record.id, thread.id)
        log.info("thread started race=%s guild=%s thread=%s", record.id, record.guild_id, thread.id)
        return Opened(replace(record, thread_id=thread.id), line=line)

    async def welcome(self, opened: Opened, seats: Sequence[Seat], locale: str) -> None:
        """Once the first board is out (the drivers wait for nothing else): the drivers are
        added to the thread, and a league race's start line links it."""
        record = opened.record
        thread = None if not record.thread_id else await channel_of(self.client, record.thread_id)
        if isinstance(thread, discord.Thread):
            people = [seat.user_id for seat in seats if seat.user_id is not None]
            await add_people(thread, people, f"race={record.id} guild={record.guild_id}")
        if opened.line is not None:
            linked = t("thread_line", locale, race=record.id, thread=f"<#{record.thread_id}>")
            try:
                await opened.line.edit(content=linked)
            except discord.HTTPException:
                log.warning("cannot link race=%s guild=%s", record.id, record.guild_id)

    async def archive(self, record: RaceRecord) -> None:
        """After the result: the thread leaves the channel's list of active threads."""
        if not record.thread_id:
            return
        thread = await channel_of(self.client, record.thread_id)
        if not isinstance(thread, discord.Thread):
            return
        try:
            await thread.edit(archived=True)
        except discord.HTTPException:
            log.warning("cannot archive race=%s guild=%s", record.id, record.guild_id)

    async def rename(self, record: RaceRecord, locale: str) -> None:
        """A league race's thread, started at its draft before the race existed, takes the
        race's name once it does."""
        thread = None if not record.thread_id else await channel_of(self.client, record.thread_id)
        name = thread_name(record, locale)
        if not isinstance(thread, discord.Thread) or thread.name == name:
            return
        try:
            await thread.edit(name=name)
        except discord.HTTPException:
            log.warning("cannot rename race=%s guild=%s", record.id, record.guild_id)

    async def _start(
        self, parent: Any, record: RaceRecord, locale: str
    ) -> tuple[discord.Thread, discord.Message | None]:
        """The thread, started from the lobby, and the start line in the channel linking to it;
        a league's race run again after a cancel has no lobby (nor its draft's thread): its
        thread starts from the start line, returned to be linked later."""
        missing = missing_permissions(parent)
        if missing:
            raise NoThread(*missing)
        line = None
        if record.lobby_message_id is not None:
            starter: Any = parent.get_partial_message(record.lobby_message_id)
        else:
            starter = line = await post_line(parent, t("thread_starting", locale, race=record.id))
        thread = await start_thread(self.client, starter, thread_name(record, locale))
        if line is None:
            await post_line(
                parent, t("thread_line", locale, race=record.id, thread=f"<#{thread.id}>")
            )
        return thread, line


async def start_thread(client: discord.Client, starter: Any, name: str) -> discord.Thread:
    """A public thread started from the message ``starter``; NoThread if Discord refuses it,
    PostLater if it failed for now. A start tried again after a crash finds the thread it
    made before: a thread started from a message has the message's id."""
    try:
        thread: discord.Thread = await starter.create_thread(
            name=name if len(name) <= NAME_LIMIT else name[: NAME_LIMIT - 1] + "…",
            auto_archive_duration=ARCHIVE_AFTER_MINUTES,
        )
    except discord.Forbidden:
        raise NoThread(*NEEDED) from None
    except FOR_NOW as error:
        raise PostLater(str(error)) from error
    except discord.HTTPException as error:
        found = await channel_of(client, starter.id)
        if error.code != THREAD_EXISTS or not isinstance(found, discord.Thread):
            raise
        return found
    return thread


def missing_permissions(parent: Any) -> tuple[str, ...]:
    """What the bot lacks to run a race in a thread of ``parent`` (none if nothing)."""
    if not isinstance(parent, discord.TextChannel):
        return NEEDED  # a thread or a voice channel's chat: no thread starts there
    allowed = parent.permissions_for(parent.guild.me)
    held = (allowed.create_public_threads, allowed.send_messages_in_threads)
    return tuple(name for name, ok in zip(NEEDED, held, strict=True) if not ok)


async def post_line(channel: Any, content: str) -> discord.Message:
    """One line in ``channel``, mentioning nobody; NoThread if the channel refuses the bot."""
    message = await send_or_keep(
        channel, content=content, allowed_mentions=discord.AllowedMentions.none()
    )
    if message is None:
        raise NoThread("send_messages")
    return message


async def add_people(thread: discord.Thread, user_ids: Sequence[int], where: str) -> None:
    """The drivers join the race's thread (it shows in their list; mentions reach them).
    ``where`` names the race or league in the log."""

    async def add(user_id: int) -> None:
        try:
            await thread.add_user(discord.Object(user_id))
        except discord.HTTPException:
            log.warning("cannot add %s user=%s", where, user_id)

    await asyncio.gather(*(add(user_id) for user_id in user_ids))
