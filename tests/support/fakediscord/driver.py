"""Sends interactions the way a Discord user causes them: slash, click, select, modal.

Each call checks what the user could really do (see the command, see the
message, the component exists and is enabled), builds the INTERACTION_CREATE
payload discord.py expects and dispatches it to the connected bot.
"""

from __future__ import annotations

import secrets
from typing import Any

from .bodies import MAX_UPLOAD_BYTES
from .commands import command_data, find_command
from .components import check_can_see, click_data, modal_submit_data, select_data
from .errors import DriverError
from .gateway import Gateway
from .interactions import FakeInteraction
from .models import (
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
    InteractionType,
    Permission,
)
from .payloads import channel_payload, member_payload, message_payload, user_payload
from .permissions import guild_permissions
from .resolved import Resolved
from .state import DiscordState

Json = dict[str, Any]

_GUILD_CONTEXT = 0
_BOT_DM_CONTEXT = 1
_CAN_USE_COMMANDS = Permission.VIEW_CHANNEL | Permission.USE_APPLICATION_COMMANDS


class InteractionDriver:
    def __init__(self, state: DiscordState, gateway: Gateway) -> None:
        self._state = state
        self._gateway = gateway

    def slash(
        self, user: FakeUser, channel: FakeChannel, command: str, options: dict[str, Any]
    ) -> FakeInteraction:
        guild = self._state.guild_of(channel)
        self._check_member(guild, user, channel)
        name = command.split()[0]
        registered = self._state.commands()
        if guild is not None:
            # A guild command shadows a global one of the same name.
            registered = self._state.commands(guild) + registered
        spec = find_command(registered, name)
        self._check_command_allowed(spec, guild, user)
        if guild is not None and not self._state.permissions_in(channel, user) & _CAN_USE_COMMANDS:
            raise DriverError(f"{user.name} cannot use commands in #{channel.name}")
        resolved = Resolved(self._state, guild, channel)
        data = command_data(spec, command, options, resolved, user)
        return self._dispatch(
            InteractionType.APPLICATION_COMMAND, user, channel, data, f"/{command}", None
        )

    def click(self, user: FakeUser, message: FakeMessage, custom_id: str) -> FakeInteraction:
        check_can_see(message, user)
        channel = self._state.channel(message.channel_id)
        self._check_member(self._state.guild_of(channel), user, channel)
        data = click_data(message, custom_id)
        return self._dispatch(
            InteractionType.MESSAGE_COMPONENT, user, channel, data, f"click {custom_id}", message
        )

    def select(
        self, user: FakeUser, message: FakeMessage, custom_id: str, values: list[Any]
    ) -> FakeInteraction:
        check_can_see(message, user)
        channel = self._state.channel(message.channel_id)
        guild = self._state.guild_of(channel)
        self._check_member(guild, user, channel)
        data = select_data(message, custom_id, values, Resolved(self._state, guild, channel))
        return self._dispatch(
            InteractionType.MESSAGE_COMPONENT, user, channel, data, f"select {custom_id}", message
        )

    def submit_modal(
        self, user: FakeUser, opened_by: FakeInteraction, values: dict[str, str | list[str]]
    ) -> FakeInteraction:
        modal = opened_by.modal
        if modal is None:
            raise DriverError(f"{opened_by!r} did not answer with a modal")
        if user is not opened_by.user:
            raise DriverError(f"the modal was shown to {opened_by.user.name}, not {user.name}")
        data = modal_submit_data(modal, values)
        return self._dispatch(
            InteractionType.MODAL_SUBMIT,
            user,
            opened_by.channel,
            data,
            f"modal {modal['custom_id']}",
            opened_by.source_message,
        )

    def _check_member(self, guild: FakeGuild | None, user: FakeUser, channel: FakeChannel) -> None:
        if guild is None:
            if channel.recipient is not user:
                raise DriverError(f"{user.name} is not the recipient of DM channel {channel.id}")
        elif user.id not in guild.members:
            raise DriverError(f"{user.name} is not a member of {guild.name}")

    def _check_command_allowed(
        self, command: Json, guild: FakeGuild | None, user: FakeUser
    ) -> None:
        """Discord hides commands a user may not run; such a user cannot invoke them."""
        context = _BOT_DM_CONTEXT if guild is None else _GUILD_CONTEXT
        contexts = command.get("contexts")
        dm_forbidden = guild is None and command.get("dm_permission") is False
        if (contexts is not None and context not in contexts) or dm_forbidden:
            raise DriverError(f"/{command['name']} is not available in this context")
        required = command.get("default_member_permissions")
        if guild is None or required is None:
            return
        needed = Permission(int(required))
        granted = guild_permissions(guild, guild.members[user.id])
        allowed = granted & Permission.ADMINISTRATOR or (needed and (granted & needed) == needed)
        if not allowed:
            raise DriverError(f"{user.name} lacks {needed!r} for /{command['name']}")

    def _dispatch(
        self,
        kind: InteractionType,
        user: FakeUser,
        channel: FakeChannel,
        data: Json,
        label: str,
        message: FakeMessage | None,
    ) -> FakeInteraction:
        interaction_id = self._state.ids.next()
        token = f"interaction.{interaction_id}.{secrets.token_urlsafe(16)}"
        payload = self._payload(kind, interaction_id, token, user, channel, data, message)
        interaction = FakeInteraction(
            id=interaction_id,
            token=token,
            type=kind,
            label=label,
            user=user,
            channel=channel,
            payload=payload,
            source_message=message,
            clock=self._state.clock,
            deadlines=self._state.deadlines,
        )
        interaction.mark_dispatched()
        interaction.delivered = self._gateway.dispatch_interaction(payload)
        self._state.register_interaction(interaction)
        return interaction

    def _payload(
        self,
        kind: InteractionType,
        interaction_id: int,
        token: str,
        user: FakeUser,
        channel: FakeChannel,
        data: Json,
        message: FakeMessage | None,
    ) -> Json:
        state = self._state
        channel_json = channel_payload(channel)
        payload: Json = {
            "id": str(interaction_id),
            "application_id": str(state.application_id),
            "type": int(kind),
            "token": token,
            "version": 1,
            "data": data,
            "locale": user.locale,
            "channel_id": str(channel.id),
            "channel": channel_json,
            "app_permissions": str(int(state.bot_permissions(channel))),
            "entitlements": [],
            "attachment_size_limit": MAX_UPLOAD_BYTES,
        }
        guild = state.guild_of(channel)
        if guild is None:
            payload["user"] = user_payload(user)
            payload["context"] = _BOT_DM_CONTEXT
            payload["authorizing_integration_owners"] = {"0": "0"}
        else:
            permissions = state.permissions_in(channel, user)
            channel_json["permissions"] = str(int(permissions))
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
            payload["guild_locale"] = guild.locale
            payload["member"] = member_payload(guild.members[user.id], permissions)
            payload["context"] = _GUILD_CONTEXT
            payload["authorizing_integration_owners"] = {"0": str(guild.id)}
        if message is not None:
            payload["message"] = message_payload(message)
        return payload
