"""The gateway websocket: HELLO, IDENTIFY/READY, RESUME, heartbeats, event dispatch.

A sharded bot (IDENTIFY with ``shard: [id, count]``) gets, as from Discord, only
the guilds of its shard: ``(guild_id >> 22) % count == id``; events without a
guild go to shard 0. Several bot processes can so share one fake Discord.

Frames to a connection go through a queue drained by one writer task, so events
keep their order even when emitted from synchronous code. Each session keeps a
history of its dispatches, so a client that RESUMEs gets what it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from collections import deque
from typing import Any

from aiohttp import WSMsgType, web

from .errors import DriverError
from .payloads import current_user_payload, guild_create_payload, member_payload
from .state import DiscordState

Json = dict[str, Any]

HEARTBEAT_INTERVAL_MS = 41_250
_HISTORY_LIMIT = 10_000
# Close codes with which a client ends its session for good. discord.py's
# Client.close() usually sends 4000 instead (see FakeDiscord.stop_bot).
_FINAL_CLOSE_CODES = frozenset({1000, 1001})
_AUTHENTICATION_FAILED = 4004


class Op:
    DISPATCH = 0
    HEARTBEAT = 1
    IDENTIFY = 2
    RESUME = 6
    RECONNECT = 7
    REQUEST_GUILD_MEMBERS = 8
    INVALID_SESSION = 9
    HELLO = 10
    HEARTBEAT_ACK = 11


class Connection:
    """One websocket; ``send`` is synchronous and ordered."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_frames())

    def send(self, frame: Json | str) -> None:
        self._queue.put_nowait(frame if isinstance(frame, str) else json.dumps(frame))

    async def close(self, code: int) -> None:
        await self.ws.close(code=code)

    async def finish(self) -> None:
        self._queue.put_nowait(None)
        await self._writer

    async def _write_frames(self) -> None:
        while (frame := await self._queue.get()) is not None:
            if self.ws.closed:
                continue
            with contextlib.suppress(ConnectionError):
                await self.ws.send_str(frame)


class GatewaySession:
    """A bot's gateway session; survives a dropped connection until it resumes."""

    def __init__(self, shard: tuple[int, int] = (0, 1)) -> None:
        self.id = uuid.uuid4().hex
        self.shard = shard
        self.sequence = 0
        self.connection: Connection | None = None
        self._history: deque[tuple[int, str]] = deque(maxlen=_HISTORY_LIMIT)

    def dispatch(self, event: str, data: Json) -> None:
        self.sequence += 1
        frame = json.dumps({"op": Op.DISPATCH, "t": event, "s": self.sequence, "d": data})
        self._history.append((self.sequence, frame))
        if self.connection is not None:
            self.connection.send(frame)

    def serves(self, guild_id: int | None) -> bool:
        """Whether events of this guild (None: no guild) come to this session's shard."""
        shard_id, count = self.shard
        return (0 if guild_id is None else (guild_id >> 22) % count) == shard_id

    def replay_after(self, sequence: int, connection: Connection) -> bool:
        """Send ``connection`` everything after ``sequence``; False if that was forgotten."""
        if self._history and self._history[0][0] > sequence + 1:
            return False
        for number, frame in self._history:
            if number > sequence:
                connection.send(frame)
        return True


class Gateway:
    def __init__(self, state: DiscordState) -> None:
        self._state = state
        self._sessions: dict[str, GatewaySession] = {}
        self._current: dict[int, GatewaySession] = {}  # the live session of each shard
        self.identify_count = 0
        self.resume_count = 0
        self.open_connections = 0
        state.event_sink = self.broadcast

    def broadcast(self, event: str, data: Json) -> None:
        """Send a world change (GUILD_CREATE, CHANNEL_UPDATE, ...) to the bot, if any."""
        session = self._session_for(_guild_of(event, data))
        if session is not None:
            session.dispatch(event, data)

    def _session_for(self, guild_id: int | None) -> GatewaySession | None:
        """The live session of the shard that guild's events go to."""
        return next((s for s in self._current.values() if s.serves(guild_id)), None)

    def dispatch_interaction(self, payload: Json) -> bool:
        """Send to the bot's session; False if there is none (the bot is offline).

        A session whose connection dropped still takes it: the bot gets it on RESUME.
        """
        guild_id = payload.get("guild_id")
        session = self._session_for(None if guild_id is None else int(guild_id))
        if session is None:
            return False
        session.dispatch("INTERACTION_CREATE", payload)
        return True

    def end_disconnected_sessions(self) -> None:
        """Forget sessions that lost their connection; their client will not resume."""
        for session in list(self._sessions.values()):
            if session.connection is None:
                self._end(session)

    def request_reconnect(self) -> None:
        """Ask the bot to reconnect and RESUME (opcode 7), as Discord does on failover."""
        connection = self._require_connection()
        connection.send({"op": Op.RECONNECT, "d": None})

    def invalidate_session(self) -> None:
        """Invalidate the session (opcode 9, not resumable): the bot must IDENTIFY again."""
        connection = self._require_connection()
        session = self._only_session()
        self._sessions.pop(session.id, None)
        self._current.pop(session.shard[0], None)
        connection.send({"op": Op.INVALID_SESSION, "d": False})

    def _require_connection(self) -> Connection:
        if not self._current or self._only_session().connection is None:
            raise DriverError("no bot is connected to the fake gateway")
        connection = self._only_session().connection
        assert connection is not None
        return connection

    def _only_session(self) -> GatewaySession:
        if len(self._current) != 1:
            raise DriverError(f"{len(self._current)} bot sessions: say which shard")
        return next(iter(self._current.values()))

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        connection = Connection(ws)
        connection.send({"op": Op.HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        session: GatewaySession | None = None
        self.open_connections += 1
        try:
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(message.data)
                session = await self._handle_frame(connection, session, frame) or session
        finally:
            await connection.finish()
            if session is not None and session.connection is connection:
                session.connection = None
                if ws.close_code in _FINAL_CLOSE_CODES:
                    self._end(session)
            self.open_connections -= 1
            self._state.changed()
        return ws

    async def _handle_frame(
        self, connection: Connection, session: GatewaySession | None, frame: Json
    ) -> GatewaySession | None:
        op, data = frame.get("op"), frame.get("d")
        if op == Op.HEARTBEAT:
            connection.send({"op": Op.HEARTBEAT_ACK, "d": None})
        elif op == Op.IDENTIFY:
            return await self._identify(connection, data or {})
        elif op == Op.RESUME:
            return self._resume(connection, data or {})
        elif op == Op.REQUEST_GUILD_MEMBERS and session is not None:
            self._send_member_chunk(session, data or {})
        return None

    async def _identify(self, connection: Connection, data: Json) -> GatewaySession | None:
        if data.get("token") != self._state.bot_token:
            await connection.close(_AUTHENTICATION_FAILED)
            return None
        shard_id, count = data.get("shard") or (0, 1)
        session = GatewaySession((int(shard_id), int(count)))
        session.connection = connection
        self._sessions[session.id] = session
        self._current[session.shard[0]] = session
        guilds = [g for gid, g in self._state.guilds.items() if session.serves(gid)]
        state = self._state
        session.dispatch(
            "READY",
            {
                "v": 10,
                "user": current_user_payload(state.bot_user),
                "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
                **({"shard": list(session.shard)} if data.get("shard") else {}),
                "session_id": session.id,
                "resume_gateway_url": state.gateway_url,
                "application": {"id": str(state.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
            },
        )
        for guild in guilds:
            session.dispatch("GUILD_CREATE", guild_create_payload(guild))
        self.identify_count += 1
        state.changed()
        return session

    def _resume(self, connection: Connection, data: Json) -> GatewaySession | None:
        session = self._sessions.get(str(data.get("session_id")))
        sequence = int(data.get("seq") or 0)
        if (
            session is None
            or data.get("token") != self._state.bot_token
            or not session.replay_after(sequence, connection)
        ):
            connection.send({"op": Op.INVALID_SESSION, "d": False})
            return None
        session.connection = connection
        self._current[session.shard[0]] = session
        session.dispatch("RESUMED", {})
        self.resume_count += 1
        self._state.changed()
        return session

    def _send_member_chunk(self, session: GatewaySession, data: Json) -> None:
        guild = self._state.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        wanted = {int(uid) for uid in data.get("user_ids") or []}
        query = str(data.get("query") or "").lower()
        members = [
            member_payload(member)
            for member in guild.members.values()
            if (not wanted or member.user.id in wanted)
            and member.user.name.lower().startswith(query)
        ]
        chunk: Json = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def _end(self, session: GatewaySession) -> None:
        self._sessions.pop(session.id, None)
        if self._current.get(session.shard[0]) is session:
            del self._current[session.shard[0]]


def _guild_of(event: str, data: Json) -> int | None:
    """The guild an event belongs to (a GUILD_CREATE's is its own id)."""
    if "guild_id" in data:
        return int(data["guild_id"])
    if event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"):
        return int(data["id"])
    return None
