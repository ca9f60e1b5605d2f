"""REST routes for channels, messages, guild members, users and DMs.

These are the bot's own REST calls, so the bot's channel permissions apply:
no VIEW_CHANNEL is 403 Missing Access (50001), no SEND_MESSAGES / ATTACH_FILES
is 403 Missing Permissions (50013). Ephemeral messages do not exist here (10008).
Threads are channels of type 11 with a parent: one started from a message takes
the message's id; sending in one needs Send Messages in Threads, and reopens it
if it was archived.
"""

from __future__ import annotations

from aiohttp import web

from .bodies import read_body
from .errors import (
    FormErrors,
    archived_thread,
    cannot_edit_others_message,
    cannot_message_user,
    invalid_channel_type,
    missing_access,
    missing_permissions,
    service_unavailable,
    thread_already_created,
    unknown_channel,
    unknown_guild,
    unknown_member,
    unknown_message,
    unknown_user,
)
from .models import EPHEMERAL_FLAG, ChannelType, FakeChannel, FakeMessage, Permission
from .payloads import (
    channel_payload,
    guild_create_payload,
    member_payload,
    message_payload,
    user_payload,
)
from .rest_common import API, json_response, no_content, snowflake
from .state import DiscordState

_MAX_HISTORY_PAGE = 100


class ChannelRoutes:
    def __init__(self, state: DiscordState) -> None:
        self._state = state

    def routes(self) -> list[web.RouteDef]:
        channel = API + "/channels/{channel_id}"
        message = channel + "/messages/{message_id}"
        return [
            web.get(channel, self.get_channel),
            web.patch(channel, self.edit_channel),
            web.post(message + "/threads", self.start_thread),
            web.put(channel + "/thread-members/{user_id}", self.add_thread_member),
            web.get(channel + "/messages", self.list_messages),
            web.post(channel + "/messages", self.create_message),
            web.get(message, self.get_message),
            web.patch(message, self.edit_message),
            web.delete(message, self.delete_message),
            web.get(API + "/guilds/{guild_id}", self.get_guild),
            web.get(API + "/guilds/{guild_id}/members/{user_id}", self.get_member),
            web.post(API + "/users/@me/channels", self.create_dm),
            web.get(API + "/users/{user_id}", self.get_user),
            web.get("/attachments/{channel_id}/{attachment_id}/{filename}", self.attachment),
        ]

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(channel_payload(self._visible_channel(request)))

    async def edit_channel(self, request: web.Request) -> web.Response:
        """Only threads are edited here: archived or renamed (by its creator or with Manage
        Threads)."""
        channel = self._visible_channel(request)
        if not channel.is_thread:
            raise missing_permissions()  # the bot has no Manage Channels
        body, _ = await read_body(request)
        if channel.owner_id != self._state.bot_user.id:
            self._require(channel, Permission.MANAGE_THREADS)
        if "name" in body:
            errors = FormErrors()
            errors.check_length(["name"], str(body["name"] or ""), 1, 100)
            errors.raise_if_any()
            self._state.rename_thread(channel, str(body["name"]))
        if "archived" in body:
            self._state.set_archived(channel, bool(body["archived"]))
        return json_response(channel_payload(channel))

    async def start_thread(self, request: web.Request) -> web.Response:
        channel = self._visible_channel(request)
        if channel.type is not ChannelType.GUILD_TEXT:
            raise invalid_channel_type()
        self._require(channel, Permission.CREATE_PUBLIC_THREADS)
        starter = self._message(channel, request)
        if starter.id in self._state.channels:
            raise thread_already_created()
        body, _ = await read_body(request)
        name = str(body.get("name") or "")
        duration = int(body.get("auto_archive_duration") or 4320)
        errors = FormErrors()
        errors.check_length(["name"], name, 1, 100)
        if duration not in (60, 1440, 4320, 10080):
            errors.add(
                ["auto_archive_duration"],
                "BASE_TYPE_CHOICES",
                "Value must be one of (60, 1440, 4320, 10080).",
            )
        errors.raise_if_any()
        thread = self._state.start_thread(starter, name, duration)
        return json_response(channel_payload(thread), 201)

    async def add_thread_member(self, request: web.Request) -> web.Response:
        thread = self._visible_channel(request)
        if not thread.is_thread:
            raise invalid_channel_type()
        if thread.archived:
            raise archived_thread()
        self._require(thread, Permission.SEND_MESSAGES)
        guild = self._state.guild_of(thread)
        assert guild is not None
        member = guild.members.get(snowflake(request, "user_id", unknown_member))
        if member is None:
            raise unknown_member()
        self._state.add_thread_member(thread, member.user)
        return no_content()

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._visible_channel(request)
        self._require(channel, Permission.READ_MESSAGE_HISTORY)
        limit = min(int(request.query.get("limit", 50)), _MAX_HISTORY_PAGE)
        messages = self._state.channel_messages(channel)
        if "after" in request.query:
            after = int(request.query["after"])
            page = [m for m in messages if m.id > after][:limit]
        elif "around" in request.query:
            around = int(request.query["around"])
            centre = next((i for i, m in enumerate(messages) if m.id >= around), len(messages))
            start = max(0, centre - limit // 2)
            page = messages[start : start + limit]
        else:
            before = int(request.query.get("before", 1 << 63))
            page = [m for m in messages if m.id < before][-limit:]
        # Discord pages are newest first.
        return json_response([message_payload(m) for m in reversed(page)])

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._visible_channel(request)
        body, uploads = await read_body(request)
        if channel.id in self._state.outages:
            raise service_unavailable()
        if channel.type is ChannelType.DM:
            assert channel.recipient is not None
            if not channel.recipient.dms_open:
                raise cannot_message_user()
        else:
            self._require(channel, Permission.SEND_MESSAGES)
            if uploads:
                self._require(channel, Permission.ATTACH_FILES)
        if channel.archived:
            self._state.set_archived(channel, False)
        # Outside interactions Discord ignores the ephemeral flag.
        body["flags"] = int(body.get("flags") or 0) & ~EPHEMERAL_FLAG
        message = self._state.create_message(channel, body, uploads)
        return json_response(message_payload(message))

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._visible_channel(request)
        self._require(channel, Permission.READ_MESSAGE_HISTORY)
        return json_response(message_payload(self._message(channel, request)))

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self._visible_channel(request)
        message = self._message(channel, request)
        if message.author is not self._state.bot_user:
            raise cannot_edit_others_message()
        body, uploads = await read_body(request)
        if uploads:
            self._require(channel, Permission.ATTACH_FILES)
        self._state.edit_message(message, body, uploads)
        return json_response(message_payload(message))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._visible_channel(request)
        message = self._message(channel, request)
        if message.author is not self._state.bot_user:
            self._require(channel, Permission.MANAGE_MESSAGES)
        self._state.delete_message(message)
        return no_content()

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self._state.guild(snowflake(request, "guild_id", unknown_guild))
        return json_response(guild_create_payload(guild))

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self._state.guild(snowflake(request, "guild_id", unknown_guild))
        member = guild.members.get(snowflake(request, "user_id", unknown_member))
        if member is None:
            raise unknown_member()
        return json_response(member_payload(member))

    async def get_user(self, request: web.Request) -> web.Response:
        user = self._state.user(snowflake(request, "user_id", unknown_user))
        return json_response(user_payload(user))

    async def create_dm(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        try:
            user = self._state.user(int(body.get("recipient_id", "")))
        except ValueError:
            raise unknown_user() from None
        return json_response(channel_payload(self._state.dm_channel(user)))

    async def attachment(self, request: web.Request) -> web.Response:
        attachment_id = request.match_info["attachment_id"]
        attachment = (
            self._state.attachments.get(int(attachment_id)) if attachment_id.isdigit() else None
        )
        if attachment is None:
            raise web.HTTPNotFound()
        return web.Response(body=attachment.data, content_type=attachment.content_type)

    def _visible_channel(self, request: web.Request) -> FakeChannel:
        channel = self._state.channel(snowflake(request, "channel_id", unknown_channel))
        if channel.type is not ChannelType.DM and not (
            self._state.bot_permissions(channel) & Permission.VIEW_CHANNEL
        ):
            raise missing_access()
        return channel

    def _require(self, channel: FakeChannel, permission: Permission) -> None:
        if not self._state.bot_permissions(channel) & permission:
            raise missing_permissions()

    def _message(self, channel: FakeChannel, request: web.Request) -> FakeMessage:
        return self._state.public_message(
            channel, snowflake(request, "message_id", unknown_message)
        )
