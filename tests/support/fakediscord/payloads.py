"""JSON payloads in the shapes discord.py parses (users, guilds, channels, messages).

Only fields discord.py reads, or that bots commonly inspect, are filled in.
"""

from __future__ import annotations

from typing import Any

from .models import (
    ChannelType,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeScheduledEvent,
    FakeUser,
    Permission,
    StoredAttachment,
)

Json = dict[str, Any]


def user_payload(user: FakeUser) -> Json:
    return {
        "id": str(user.id),
        "username": user.name,
        "discriminator": "0",
        "global_name": user.global_name,
        "avatar": None,
        "bot": user.bot,
        "public_flags": 0,
    }


def current_user_payload(user: FakeUser) -> Json:
    return {**user_payload(user), "verified": True, "mfa_enabled": False, "flags": 0}


def role_payload(role: FakeRole) -> Json:
    return {
        "id": str(role.id),
        "name": role.name,
        "permissions": str(int(role.permissions)),
        "position": role.position,
        "color": 0,
        "hoist": False,
        "managed": role.managed,
        "mentionable": False,
        "flags": 0,
    }


def member_payload(member: FakeMember, permissions: Permission | None = None) -> Json:
    """A guild member; interactions also carry the member's channel ``permissions``."""
    payload: Json = {
        "user": user_payload(member.user),
        "roles": [str(role.id) for role in member.roles],
        "nick": member.nick,
        "avatar": None,
        "joined_at": member.joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
    }
    if permissions is not None:
        payload["permissions"] = str(int(permissions))
    return payload


def channel_payload(channel: FakeChannel) -> Json:
    if channel.type is ChannelType.DM:
        assert channel.recipient is not None
        return {
            "id": str(channel.id),
            "type": int(ChannelType.DM),
            "last_message_id": None,
            "recipients": [user_payload(channel.recipient)],
            "flags": 0,
        }
    if channel.is_thread:
        return thread_payload(channel)
    return {
        "id": str(channel.id),
        "type": int(channel.type),
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "position": channel.position,
        "permission_overwrites": [
            {
                "id": str(o.id),
                "type": o.type,
                "allow": str(int(o.allow)),
                "deny": str(int(o.deny)),
            }
            for o in channel.overwrites.values()
        ],
        "parent_id": None,
        "topic": None,
        "nsfw": False,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }


def thread_payload(thread: FakeChannel) -> Json:
    """A public thread as Discord sends it (REST, THREAD_CREATE/UPDATE, interactions)."""
    return {
        "id": str(thread.id),
        "type": int(thread.type),
        "guild_id": str(thread.guild_id),
        "parent_id": str(thread.parent_id),
        "owner_id": str(thread.owner_id),
        "name": thread.name,
        "last_message_id": None,
        "message_count": 0,
        "member_count": len(thread.members),
        "total_message_sent": 0,
        "rate_limit_per_user": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": thread.archived,
            "auto_archive_duration": thread.auto_archive_duration,
            "archive_timestamp": thread.archive_timestamp,
            "locked": False,
            "create_timestamp": thread.archive_timestamp,
        },
    }


def guild_create_payload(guild: FakeGuild) -> Json:
    """The full GUILD_CREATE a bot receives for each guild after READY."""
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "owner_id": None if guild.owner_id is None else str(guild.owner_id),
        "preferred_locale": guild.locale,
        "features": [],
        "roles": [role_payload(role) for role in guild.roles.values()],
        "channels": [channel_payload(channel) for channel in guild.channels.values()],
        "members": [member_payload(member) for member in guild.members.values()],
        "member_count": len(guild.members),
        "large": False,
        "unavailable": False,
        "joined_at": guild.joined_at,
        "emojis": [],
        "stickers": [],
        # Discord sends the active threads the bot can see.
        "threads": [thread_payload(t) for t in guild.threads.values() if not t.archived],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [
            scheduled_event_payload(event) for event in guild.scheduled_events.values()
        ],
        "soundboard_sounds": [],
        "premium_tier": 0,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "system_channel_flags": 0,
    }


def scheduled_event_payload(event: FakeScheduledEvent, *, user_count: bool = False) -> Json:
    """A guild scheduled event (REST answers and GUILD_SCHEDULED_EVENT_* dispatches)."""
    payload: Json = {
        "id": str(event.id),
        "guild_id": str(event.guild_id),
        "channel_id": None if event.channel_id is None else str(event.channel_id),
        "creator_id": None if event.creator is None else str(event.creator.id),
        "name": event.name,
        "description": event.description,
        "scheduled_start_time": event.start.isoformat(),
        "scheduled_end_time": None if event.end is None else event.end.isoformat(),
        "privacy_level": event.privacy_level,
        "status": int(event.status),
        "entity_type": int(event.entity_type),
        "entity_id": None,
        "entity_metadata": None if event.location is None else {"location": event.location},
        "image": None,
        "recurrence_rule": None,
    }
    if event.creator is not None:
        payload["creator"] = user_payload(event.creator)
    if user_count:
        payload["user_count"] = 0  # nobody marks "Interested" in the fake
    return payload


def attachment_payload(attachment: StoredAttachment) -> Json:
    payload: Json = {
        "id": str(attachment.id),
        "filename": attachment.filename,
        "size": attachment.size,
        "url": attachment.url,
        "proxy_url": attachment.url,
        "content_type": attachment.content_type,
    }
    if attachment.description is not None:
        payload["description"] = attachment.description
    return payload


def message_payload(message: FakeMessage) -> Json:
    payload: Json = {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "type": message.type,
        "author": user_payload(message.author),
        "content": message.content,
        "timestamp": message.timestamp,
        "edited_timestamp": message.edited_timestamp,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [attachment_payload(a) for a in message.attachments],
        "embeds": message.embeds,
        "components": message.components,
        "pinned": False,
        "flags": message.flags,
    }
    if message.guild_id is not None:
        payload["guild_id"] = str(message.guild_id)
    if message.webhook_id is not None:
        payload["webhook_id"] = str(message.webhook_id)
        payload["application_id"] = str(message.webhook_id)
    if message.interaction_metadata is not None:
        payload["interaction_metadata"] = message.interaction_metadata
    return payload
