"""The ``resolved`` map Discord attaches to interactions that reference users,
channels, roles or uploaded files (slash options, user selects), so discord.py can
build objects."""

from __future__ import annotations

from typing import Any

from .models import FakeChannel, FakeGuild, FakeRole, FakeUser, StoredAttachment
from .payloads import attachment_payload, member_payload, role_payload, user_payload
from .state import DiscordState

Json = dict[str, Any]


class Resolved:
    """Collects referenced objects as seen by the invoking user in one channel."""

    def __init__(self, state: DiscordState, guild: FakeGuild | None, channel: FakeChannel) -> None:
        self._state = state
        self._guild = guild
        self._channel = channel
        self._data: dict[str, Json] = {}

    def add_user(self, user: FakeUser) -> str:
        key = str(user.id)
        self._data.setdefault("users", {})[key] = user_payload(user)
        member = None if self._guild is None else self._guild.members.get(user.id)
        if member is not None:
            permissions = self._state.permissions_in(self._channel, user)
            partial = member_payload(member, permissions)
            del partial["user"]  # Discord omits it here; discord.py re-attaches it.
            self._data.setdefault("members", {})[key] = partial
        return key

    def add_channel(self, channel: FakeChannel, invoker: FakeUser) -> str:
        key = str(channel.id)
        self._data.setdefault("channels", {})[key] = {
            "id": key,
            "type": int(channel.type),
            "name": channel.name,
            "permissions": str(int(self._state.permissions_in(channel, invoker))),
            "parent_id": None,
            "flags": 0,
        }
        return key

    def add_role(self, role: FakeRole) -> str:
        key = str(role.id)
        self._data.setdefault("roles", {})[key] = role_payload(role)
        return key

    def add_attachment(self, attachment: StoredAttachment) -> str:
        key = str(attachment.id)
        self._data.setdefault("attachments", {})[key] = attachment_payload(attachment)
        return key

    def payload(self) -> Json:
        return dict(self._data)

    def __bool__(self) -> bool:
        return bool(self._data)
