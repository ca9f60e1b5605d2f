"""FakeDiscord: a local Discord (REST + gateway) the real discord.py client runs against.

Start it with ``async with FakeDiscord() as fake:``; discord.py is pointed at it
for the duration. Build a world (guilds, channels, users), start the bot with
``await fake.start_bot(client)``, then drive users with ``slash``/``click``/
``select``/``submit_modal`` and read what they see.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from datetime import datetime
from types import TracebackType
from typing import Any

import discord
import yarl
from aiohttp import web

from .app import build_app
from .clock import WAIT_CEILING, FakeClock
from .driver import InteractionDriver
from .errors import DriverError, Rejection
from .gateway import Gateway
from .interactions import Deadlines, FakeInteraction
from .models import (
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeScheduledEvent,
    FakeUser,
    Json,
    Permission,
    StoredAttachment,
)
from .state import DiscordState


class FakeDiscord:
    """One fake Discord server plus the driver API tests use to act as users."""

    def __init__(
        self,
        *,
        clock: FakeClock | None = None,
        ack_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        bot_name: str = "Heat Bot",
    ) -> None:
        self.clock = clock or FakeClock()
        self.state = DiscordState(
            clock=self.clock,
            deadlines=Deadlines(ack=ack_deadline, token=token_lifetime),
            bot_name=bot_name,
        )
        self.gateway = Gateway(self.state)
        self._driver = InteractionDriver(self.state, self.gateway)
        self._runner: web.AppRunner | None = None
        self._bots: dict[discord.Client, asyncio.Task[None]] = {}
        self._exit_stack = contextlib.ExitStack()
        self.port = 0

    # --- lifecycle ------------------------------------------------------------------

    async def start(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        self.state.base_url = f"http://127.0.0.1:{self.port}"
        self._runner = web.AppRunner(
            build_app(self.state, self.gateway), access_log=None, shutdown_timeout=1.0
        )
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()

    async def stop(self) -> None:
        for client in list(self._bots):
            await self.stop_bot(client)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        self._exit_stack.enter_context(self.point_discord_py())
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        try:
            await self.stop()
        finally:
            self._exit_stack.close()

    @contextlib.contextmanager
    def point_discord_py(self) -> Iterator[None]:
        """Send discord.py's REST and gateway traffic here; restore the real URLs after."""
        route_base = discord.http.Route.BASE
        gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = f"{self.state.base_url}/api/v10"
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.state.gateway_url)
        try:
            yield
        finally:
            discord.http.Route.BASE = route_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway

    # --- the bot ----------------------------------------------------------------------

    @property
    def bot_token(self) -> str:
        return self.state.bot_token

    @property
    def bot_user(self) -> FakeUser:
        return self.state.bot_user

    @property
    def application_id(self) -> int:
        return self.state.application_id

    async def start_bot(self, client: discord.Client, *, timeout: float = WAIT_CEILING) -> None:
        """Run ``client.start()`` in the background until it has identified.

        Returns once READY and every GUILD_CREATE are on the wire; the gateway is
        ordered, so interactions dispatched afterwards reach a bot that knows its
        guilds. ``setup_hook`` (e.g. ``tree.sync()``) has run by then.
        """
        identified = self.gateway.identify_count
        running = asyncio.create_task(client.start(self.bot_token), name="fake-discord-bot")
        self._bots[client] = running
        connected = asyncio.create_task(
            self.state.wait_for(lambda: self.gateway.identify_count > identified, timeout)
        )
        await asyncio.wait({running, connected}, return_when=asyncio.FIRST_COMPLETED)
        if not connected.done():
            connected.cancel()
            del self._bots[client]
            running.result()  # re-raises why the bot stopped (e.g. LoginFailure)
            raise DriverError("the bot stopped before connecting to the gateway")
        connected.result()

    async def stop_bot(self, client: discord.Client, *, timeout: float = WAIT_CEILING) -> None:
        """Close the client, wait until the fake has seen it go, and end its session.

        discord.py's ``close()`` usually sends close code 4000, which leaves a
        session resumable; a stopped client never resumes, so the fake ends it.
        Interactions sent afterwards are not delivered until a bot connects.
        """
        running = self._bots.pop(client)
        connections = self.gateway.open_connections
        await client.close()
        await running
        await self.state.wait_for(lambda: self.gateway.open_connections < connections, timeout)
        self.gateway.end_disconnected_sessions()

    async def restart_bot(self, old: discord.Client, new: discord.Client) -> None:
        """Simulate a bot restart: stored messages and their components survive."""
        await self.stop_bot(old)
        await self.start_bot(new)

    @contextlib.asynccontextmanager
    async def running(self, client: discord.Client) -> AsyncIterator[discord.Client]:
        await self.start_bot(client)
        try:
            yield client
        finally:
            if client in self._bots:
                await self.stop_bot(client)

    async def reconnect_bot(self, *, resumable: bool = True, timeout: float = WAIT_CEILING) -> None:
        """Force a gateway reconnect: RECONNECT (then RESUME) or an invalid session.

        After an invalid session discord.py re-identifies only after its
        ``before_identify_hook``, which sleeps 5 s unless the bot overrides it.
        """
        if resumable:
            resumed = self.gateway.resume_count
            self.gateway.request_reconnect()
            await self.state.wait_for(lambda: self.gateway.resume_count > resumed, timeout)
        else:
            identified = self.gateway.identify_count
            self.gateway.invalidate_session()
            await self.state.wait_for(lambda: self.gateway.identify_count > identified, timeout)

    # --- building the world ---------------------------------------------------------------

    def add_guild(
        self,
        name: str = "Heat Club",
        *,
        locale: str = "en-US",
        owner: FakeUser | None = None,
        shard: tuple[int, int] | None = None,
    ) -> FakeGuild:
        return self.state.add_guild(name, locale=locale, owner=owner, shard=shard)

    def add_text_channel(self, guild: FakeGuild, name: str = "races") -> FakeChannel:
        return self.state.add_text_channel(guild, name)

    def add_user(
        self,
        name: str,
        *,
        locale: str = "en-US",
        global_name: str | None = None,
        dms_open: bool = True,
    ) -> FakeUser:
        return self.state.add_user(name, locale=locale, global_name=global_name, dms_open=dms_open)

    def add_role(self, guild: FakeGuild, name: str, permissions: Permission) -> FakeRole:
        return self.state.add_role(guild, name, permissions)

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        manage_guild: bool = False,
        roles: Iterable[FakeRole] = (),
        nick: str | None = None,
    ) -> FakeMember:
        return self.state.add_member(guild, user, manage_guild=manage_guild, roles=roles, nick=nick)

    def grant_bot(self, guild: FakeGuild, permissions: Permission) -> None:
        """Give the bot more guild permissions (e.g. Manage Roles, Create Events)."""
        self.state.grant_bot(guild, permissions)

    def revoke_bot(self, guild: FakeGuild, permissions: Permission) -> None:
        """Take guild permissions from the bot (its own role), as an admin would."""
        self.state.revoke_bot(guild, permissions)

    def add_scheduled_event(
        self,
        guild: FakeGuild,
        creator: FakeUser,
        *,
        name: str,
        start: datetime,
        end: datetime,
        location: str,
    ) -> FakeScheduledEvent:
        """An external event a member made in Discord's own client."""
        return self.state.add_scheduled_event(
            guild, creator, name=name, start=start, end=end, location=location
        )

    def delete_scheduled_event(self, guild: FakeGuild, event: FakeScheduledEvent) -> None:
        """A member with Manage Events deletes the event in Discord's own client."""
        self.state.delete_scheduled_event(guild, event)

    def deny_bot_permissions(self, channel: FakeChannel, permissions: Permission) -> None:
        """Take permissions away from the bot in one channel (a member overwrite)."""
        self.state.set_overwrite(channel, self.state.bot_user, deny=permissions)

    def set_overwrite(
        self,
        channel: FakeChannel,
        target: FakeUser | FakeRole,
        *,
        allow: Permission = Permission.NONE,
        deny: Permission = Permission.NONE,
    ) -> None:
        self.state.set_overwrite(channel, target, allow=allow, deny=deny)

    def outage(self, channel: FakeChannel, *, on: bool = True) -> None:
        """Discord answers 503 to every new message in the channel (``on=False`` ends it)."""
        if on:
            self.state.outages.add(channel.id)
        else:
            self.state.outages.discard(channel.id)

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        return self.state.dm_channel(user)

    # --- acting as users ---------------------------------------------------------------------

    async def slash(
        self, user: FakeUser, channel: FakeChannel, command: str, /, **options: Any
    ) -> FakeInteraction:
        """Run ``/command`` (e.g. ``"heat new"``) with typed options, as ``user`` would."""
        return self._driver.slash(user, channel, command, options)

    async def click(self, user: FakeUser, message: FakeMessage, custom_id: str) -> FakeInteraction:
        return self._driver.click(user, message, custom_id)

    async def select(
        self, user: FakeUser, message: FakeMessage, custom_id: str, values: list[Any]
    ) -> FakeInteraction:
        return self._driver.select(user, message, custom_id, values)

    async def submit_modal(
        self, user: FakeUser, opened_by: FakeInteraction, values: dict[str, str | list[str]]
    ) -> FakeInteraction:
        """Submit the modal the bot answered ``opened_by`` with, filled with ``values``."""
        return self._driver.submit_modal(user, opened_by, values)

    def upload(self, channel: FakeChannel, filename: str, data: bytes) -> StoredAttachment:
        """A file to pass as a slash command's attachment option, as a user's upload."""
        return self.state.upload(channel, filename, data)

    # --- what users see ------------------------------------------------------------------------

    def channel_messages(self, channel: FakeChannel) -> list[FakeMessage]:
        return self.state.channel_messages(channel)

    def ephemeral_messages(
        self, user: FakeUser, channel: FakeChannel | None = None
    ) -> list[FakeMessage]:
        return self.state.ephemeral_messages(user, channel)

    def threads(self, channel: FakeChannel) -> list[FakeChannel]:
        """The threads started in ``channel``, oldest first."""
        return self.state.threads_of(channel)

    def with_threads(self, channel: FakeChannel) -> list[FakeMessage]:
        """The public messages of ``channel`` and of its threads, oldest first."""
        places = [channel, *self.state.threads_of(channel)]
        messages = [m for place in places for m in self.state.channel_messages(place)]
        return sorted(messages, key=lambda m: m.id)

    def dm_messages(self, user: FakeUser) -> list[FakeMessage]:
        return self.state.channel_messages(self.state.dm_channel(user))

    def commands(self, guild: FakeGuild | None = None) -> list[Json]:
        return self.state.commands(guild)

    def scheduled_events(self, guild: FakeGuild) -> list[FakeScheduledEvent]:
        """The server's Events tab, oldest first."""
        return self.state.scheduled_events(guild.id)

    @property
    def interactions(self) -> list[FakeInteraction]:
        return list(self.state.interactions)

    @property
    def rejections(self) -> list[Rejection]:
        """Every request the fake refused (4xx), oldest first."""
        return list(self.state.rejections)

    def ack_latencies(self) -> list[float]:
        """Dispatch-to-callback wall time (perf_counter seconds) of acknowledged interactions."""
        return [i.ack_latency for i in self.state.interactions if i.ack_latency is not None]

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = WAIT_CEILING) -> None:
        """Wait until ``predicate()`` holds; re-checked on every change, never polled.

        Use it for what the fake can see (e.g. a message appearing); a predicate on
        the bot's own variables would only be re-checked by chance.
        """
        await self.state.wait_for(predicate, timeout)

    async def moment(self, predicate: Callable[[], bool]) -> float:
        """Wait until ``predicate()`` holds; the ``time.monotonic()`` of the change that
        made it hold (checked as the change happens, so a busy test loop adds nothing)."""
        seen: list[float] = []

        def check() -> bool:
            if not seen and predicate():
                seen.append(time.monotonic())
            return bool(seen)

        await self.wait_for(check)
        return seen[0]
