"""The fake's world: users, guilds, channels, roles, members and stored messages.

Plain mutable dataclasses held in memory. Messages are edited in place, so a test
holding a :class:`FakeMessage` always sees its current content and components.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import IntEnum, IntFlag
from typing import Any

Json = dict[str, Any]

EPHEMERAL_FLAG = 1 << 6
LOADING_FLAG = 1 << 7
HAS_THREAD_FLAG = 1 << 5
COMPONENTS_V2_FLAG = 1 << 15


class Permission(IntFlag):
    """The Discord permission bits the fake knows about (subset of the real list)."""

    NONE = 0
    CREATE_INSTANT_INVITE = 1 << 0
    ADMINISTRATOR = 1 << 3
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    MANAGE_ROLES = 1 << 28
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_EVENTS = 1 << 33
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    SEND_MESSAGES_IN_THREADS = 1 << 38
    CREATE_EVENTS = 1 << 44


ALL_PERMISSIONS = Permission((1 << 50) - 1)

EVERYONE_DEFAULT = (
    Permission.CREATE_INSTANT_INVITE
    | Permission.ADD_REACTIONS
    | Permission.VIEW_CHANNEL
    | Permission.SEND_MESSAGES
    | Permission.EMBED_LINKS
    | Permission.ATTACH_FILES
    | Permission.READ_MESSAGE_HISTORY
    | Permission.USE_EXTERNAL_EMOJIS
    | Permission.USE_APPLICATION_COMMANDS
    | Permission.CREATE_PUBLIC_THREADS
    | Permission.SEND_MESSAGES_IN_THREADS
)

BOT_DEFAULT = EVERYONE_DEFAULT | Permission.MANAGE_MESSAGES


class ChannelType(IntEnum):
    GUILD_TEXT = 0
    DM = 1
    PUBLIC_THREAD = 11


class EntityType(IntEnum):
    """Where a guild scheduled event happens; the fake has no voice or stage channels."""

    STAGE_INSTANCE = 1
    VOICE = 2
    EXTERNAL = 3


class EventStatus(IntEnum):
    SCHEDULED = 1
    ACTIVE = 2
    COMPLETED = 3
    CANCELED = 4


GUILD_ONLY = 2  # the one privacy level Discord accepts for a scheduled event


class InteractionType(IntEnum):
    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3
    MODAL_SUBMIT = 5


class ComponentType(IntEnum):
    ACTION_ROW = 1
    BUTTON = 2
    STRING_SELECT = 3
    TEXT_INPUT = 4
    USER_SELECT = 5
    ROLE_SELECT = 6
    MENTIONABLE_SELECT = 7
    CHANNEL_SELECT = 8
    LABEL = 18


SELECT_TYPES = frozenset(
    {
        ComponentType.STRING_SELECT,
        ComponentType.USER_SELECT,
        ComponentType.ROLE_SELECT,
        ComponentType.MENTIONABLE_SELECT,
        ComponentType.CHANNEL_SELECT,
    }
)


class Snowflakes:
    """Increasing Discord-style ids, deterministic so test output is reproducible."""

    # 2025-01-01 as milliseconds since the Discord epoch, shifted like a real snowflake.
    _BASE = (1_735_689_600_000 - 1_420_070_400_000) << 22

    def __init__(self) -> None:
        self._counter: Iterator[int] = itertools.count(1)

    def next(self) -> int:
        return self._BASE + (next(self._counter) << 12)

    def next_on_shard(self, shard_id: int, count: int) -> int:
        """The next id whose events go to that shard (``(id >> 22) % count``), ids still rising."""
        while ((snowflake := self.next()) >> 22) % count != shard_id:
            pass
        return snowflake


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    locale: str = "en-US"
    global_name: str | None = None
    bot: bool = False
    dms_open: bool = True


@dataclass(eq=False)
class FakeRole:
    id: int
    guild_id: int
    name: str
    permissions: Permission
    position: int = 0
    managed: bool = False


@dataclass(eq=False)
class Overwrite:
    """A channel permission overwrite; ``type`` 0 targets a role, 1 a member."""

    id: int
    type: int
    allow: Permission = Permission.NONE
    deny: Permission = Permission.NONE


@dataclass(eq=False)
class FakeChannel:
    id: int
    name: str
    type: ChannelType
    guild_id: int | None = None
    position: int = 0
    overwrites: dict[int, Overwrite] = field(default_factory=dict)
    recipient: FakeUser | None = None
    # A thread (type 11): the channel it was started in, who started it, who is in it.
    parent_id: int | None = None
    owner_id: int | None = None
    archived: bool = False
    auto_archive_duration: int = 10080
    archive_timestamp: str = field(default_factory=iso_now)
    members: set[int] = field(default_factory=set)

    @property
    def is_thread(self) -> bool:
        return self.type is ChannelType.PUBLIC_THREAD


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild_id: int
    roles: list[FakeRole] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    locale: str = "en-US"
    owner_id: int | None = None
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    threads: dict[int, FakeChannel] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    scheduled_events: dict[int, FakeScheduledEvent] = field(default_factory=dict)
    joined_at: str = field(default_factory=iso_now)

    @property
    def everyone(self) -> FakeRole:
        # Discord gives @everyone the guild's own id.
        return self.roles[self.id]


@dataclass(eq=False)
class FakeScheduledEvent:
    """A guild scheduled event (the server's Events tab), edited in place like a message."""

    id: int
    guild_id: int
    creator: FakeUser | None
    name: str
    start: datetime
    end: datetime | None
    entity_type: EntityType = EntityType.EXTERNAL
    location: str | None = None
    description: str | None = None
    privacy_level: int = GUILD_ONLY
    status: EventStatus = EventStatus.SCHEDULED
    channel_id: int | None = None

    @property
    def open(self) -> bool:
        """Scheduled or under way: what Discord's limit of 100 a server counts."""
        return self.status in (EventStatus.SCHEDULED, EventStatus.ACTIVE)


@dataclass(eq=False)
class StoredAttachment:
    id: int
    filename: str
    content_type: str
    data: bytes
    url: str
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass(eq=False)
class FakeMessage:
    """A message as Discord stores it; ``visible_to`` is set for ephemeral ones."""

    id: int
    channel_id: int
    guild_id: int | None
    author: FakeUser
    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    visible_to: int | None = None
    webhook_id: int | None = None
    interaction_metadata: Json | None = None
    deleted: bool = False

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL_FLAG)

    @property
    def loading(self) -> bool:
        """True while a deferred response still shows "Bot is thinking..."."""
        return bool(self.flags & LOADING_FLAG)

    def walk_components(self) -> Iterator[Json]:
        """Every component, depth first, including those nested in rows/containers."""
        yield from walk_components(self.components)

    def component(self, custom_id: str) -> Json | None:
        return next((c for c in self.walk_components() if c.get("custom_id") == custom_id), None)

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.walk_components() if "custom_id" in c]


def walk_components(components: list[Json]) -> Iterator[Json]:
    for component in components:
        yield component
        yield from walk_components(component.get("components", []))
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])
