"""Discord's permission algorithm: roles, then channel overwrites, then implicit denials.

Used both to refuse REST calls (403) and to fill ``app_permissions`` /
``member.permissions`` in interaction payloads, so discord.py's
``interaction.app_permissions`` agrees with what the fake enforces.
"""

from __future__ import annotations

from .models import ALL_PERMISSIONS, FakeChannel, FakeGuild, FakeMember, Permission


def guild_permissions(guild: FakeGuild, member: FakeMember) -> Permission:
    if member.user.id == guild.owner_id:
        return ALL_PERMISSIONS
    permissions = guild.everyone.permissions
    for role in member.roles:
        permissions |= role.permissions
    if permissions & Permission.ADMINISTRATOR:
        return ALL_PERMISSIONS
    return permissions


def channel_permissions(guild: FakeGuild, member: FakeMember, channel: FakeChannel) -> Permission:
    permissions = guild_permissions(guild, member)
    if permissions & Permission.ADMINISTRATOR:
        return ALL_PERMISSIONS

    everyone = channel.overwrites.get(guild.id)
    if everyone is not None:
        permissions = (permissions & ~everyone.deny) | everyone.allow

    role_ids = {role.id for role in member.roles}
    allow = deny = Permission.NONE
    for overwrite in channel.overwrites.values():
        if overwrite.type == 0 and overwrite.id in role_ids:
            allow |= overwrite.allow
            deny |= overwrite.deny
    permissions = (permissions & ~deny) | allow

    own = channel.overwrites.get(member.user.id)
    if own is not None and own.type == 1:
        permissions = (permissions & ~own.deny) | own.allow

    # Discord's implicit rules: no view means nothing; no send means no send-extras.
    if not permissions & Permission.VIEW_CHANNEL:
        return Permission.NONE
    if not permissions & Permission.SEND_MESSAGES:
        permissions &= ~(
            Permission.ATTACH_FILES | Permission.EMBED_LINKS | Permission.MENTION_EVERYONE
        )
    return permissions


def thread_permissions(parent: Permission) -> Permission:
    """A thread's permissions are its parent's, but sending there needs Send Messages in
    Threads (and no longer Send Messages)."""
    sends = Permission.SEND_MESSAGES | Permission.ATTACH_FILES | Permission.EMBED_LINKS
    if not parent & Permission.SEND_MESSAGES_IN_THREADS:
        return parent & ~sends
    return parent | Permission.SEND_MESSAGES
