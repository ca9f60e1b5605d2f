"""Everything the fake Discord knows, in memory: world, messages, commands, interactions.

The REST handlers, the gateway and the test driver all read and mutate this one
object. Every mutation calls :meth:`DiscordState.changed`, which wakes tests
blocked in :meth:`DiscordState.wait_for` (no polling).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from .bodies import Upload
from .clock import WAIT_CEILING, FakeClock
from .command_limits import validate_commands
from .errors import (
    DiscordAPIError,
    FormErrors,
    Rejection,
    empty_message,
    too_many_scheduled_events,
    unknown_channel,
    unknown_guild,
    unknown_interaction,
    unknown_message,
    unknown_user,
    unknown_webhook,
)
from .event_limits import OPEN_EVENTS_LIMIT, EventFields, fields_of_new_event
from .interactions import Deadlines, FakeInteraction
from .message_limits import validate_message_body
from .models import (
    BOT_DEFAULT,
    EPHEMERAL_FLAG,
    EVERYONE_DEFAULT,
    GUILD_ONLY,
    HAS_THREAD_FLAG,
    LOADING_FLAG,
    ChannelType,
    EntityType,
    EventStatus,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeScheduledEvent,
    FakeUser,
    Overwrite,
    Permission,
    Snowflakes,
    StoredAttachment,
    iso_now,
)
from .payloads import (
    channel_payload,
    guild_create_payload,
    member_payload,
    role_payload,
    scheduled_event_payload,
)
from .permissions import channel_permissions, thread_permissions

Json = dict[str, Any]
EventSink = Callable[[str, Json], None]

# What a bot may do in a DM (there are no roles or overwrites there).
DM_PERMISSIONS = (
    Permission.VIEW_CHANNEL
    | Permission.SEND_MESSAGES
    | Permission.EMBED_LINKS
    | Permission.ATTACH_FILES
    | Permission.READ_MESSAGE_HISTORY
    | Permission.ADD_REACTIONS
)
CHANNEL_NAME_CHANGE = 4  # the system message a thread shows when it is renamed


class DiscordState:
    def __init__(self, *, clock: FakeClock, deadlines: Deadlines, bot_name: str) -> None:
        self.clock = clock
        # The wall time when the fake clock read 0: a test may set it to its bot's clock.
        self.epoch = datetime.now(UTC)
        self.deadlines = deadlines
        self.ids = Snowflakes()
        self.application_id = self.ids.next()
        self.bot_user = FakeUser(id=self.application_id, name=bot_name, bot=True)
        self.bot_token = f"fake-bot-token.{self.application_id}"
        self.base_url = ""
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.attachments: dict[int, StoredAttachment] = {}
        self.interactions: list[FakeInteraction] = []
        self.rejections: list[Rejection] = []
        self.outages: set[int] = set()  # channels whose new messages Discord cannot take
        self._dm_channels: dict[int, FakeChannel] = {}
        self._channel_log: dict[int, list[FakeMessage]] = {}
        self._ephemeral_log: dict[int, list[FakeMessage]] = {}
        self._commands: dict[int | None, list[Json]] = {}
        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        self._interactions_by_id: dict[int, FakeInteraction] = {}
        self._interactions_by_token: dict[str, FakeInteraction] = {}
        self._unacknowledged: set[FakeInteraction] = set()
        self._waiters: list[tuple[Callable[[], bool], asyncio.Future[None]]] = []
        self.event_sink: EventSink | None = None
        clock.on_advance(self._expire_overdue_interactions)
        clock.on_advance(self._start_and_end_events)

    @property
    def gateway_url(self) -> str:
        return self.base_url.replace("http", "ws", 1) + "/gateway"

    # --- change notification ----------------------------------------------------------

    def changed(self) -> None:
        """Wake every waiter whose condition now holds."""
        still_waiting = []
        for predicate, future in self._waiters:
            if future.done():
                continue
            try:
                if predicate():
                    future.set_result(None)
                    continue
            except Exception as error:  # surfaced in the waiting test, not swallowed
                future.set_exception(error)
                continue
            still_waiting.append((predicate, future))
        self._waiters = still_waiting

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = WAIT_CEILING) -> None:
        """Return once ``predicate()`` is true; it is re-checked after every change.

        The predicate should read the fake's state (messages, interactions, the
        gateway): a change only on the bot's side triggers no re-check.
        """
        if predicate():
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append((predicate, future))
        try:
            await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise TimeoutError(f"condition not met within {timeout} s") from None

    def record_rejection(self, method: str, path: str, error: DiscordAPIError) -> None:
        rejection = Rejection(method, path, error)
        self.rejections.append(rejection)
        # Interaction routes carry the token in the path: file it with its interaction.
        for segment in path.split("/"):
            interaction = self._interactions_by_token.get(segment)
            if interaction is not None:
                interaction.rejections.append(rejection)
        self.changed()

    def _emit(self, event: str, payload: Json) -> None:
        if self.event_sink is not None:
            self.event_sink(event, payload)

    # --- world building -----------------------------------------------------------------

    def add_user(
        self,
        name: str,
        *,
        locale: str = "en-US",
        global_name: str | None = None,
        dms_open: bool = True,
    ) -> FakeUser:
        user = FakeUser(
            id=self.ids.next(), name=name, locale=locale, global_name=global_name, dms_open=dms_open
        )
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str = "Heat Club",
        *,
        locale: str = "en-US",
        owner: FakeUser | None = None,
        shard: tuple[int, int] | None = None,
    ) -> FakeGuild:
        """A guild with @everyone, the bot (with its managed role) and no channels.

        ``shard`` (id, count): the guild's id puts it on that shard of a sharded bot.
        """
        guild_id = self.ids.next() if shard is None else self.ids.next_on_shard(*shard)
        guild = FakeGuild(
            id=guild_id, name=name, locale=locale, owner_id=owner.id if owner else None
        )
        guild.roles[guild.id] = FakeRole(guild.id, guild.id, "@everyone", EVERYONE_DEFAULT)
        bot_role = FakeRole(
            self.ids.next(), guild.id, self.bot_user.name, BOT_DEFAULT, position=1, managed=True
        )
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, guild.id, [bot_role])
        if owner is not None:
            guild.members[owner.id] = FakeMember(owner, guild.id)
        self.guilds[guild.id] = guild
        self._emit("GUILD_CREATE", guild_create_payload(guild))
        return guild

    def add_role(self, guild: FakeGuild, name: str, permissions: Permission) -> FakeRole:
        role = FakeRole(self.ids.next(), guild.id, name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        return role

    def create_role(self, guild: FakeGuild, name: str, permissions: Permission) -> FakeRole:
        """A role made through the API: Discord puts it at the bottom, just above @everyone."""
        for role in guild.roles.values():
            if role.id != guild.id:
                role.position += 1
        role = FakeRole(self.ids.next(), guild.id, name, permissions, position=1)
        guild.roles[role.id] = role
        self._emit("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role_payload(role)})
        self.changed()
        return role

    def top_position(self, guild: FakeGuild, member: FakeMember) -> int:
        """The member's highest role position: it may only assign roles below it."""
        return max((role.position for role in member.roles), default=0)

    def give_role(self, guild: FakeGuild, member: FakeMember, role: FakeRole) -> None:
        if role not in member.roles:
            member.roles.append(role)
        payload = {"guild_id": str(guild.id), **member_payload(member)}
        self._emit("GUILD_MEMBER_UPDATE", payload)
        self.changed()

    def grant_bot(self, guild: FakeGuild, permissions: Permission) -> None:
        """Give the bot's own managed role more permissions (a connected bot is told)."""
        role = self._bot_role(guild)
        role.permissions |= permissions
        self._role_updated(guild, role)

    def revoke_bot(self, guild: FakeGuild, permissions: Permission) -> None:
        """Take permissions from the bot's own managed role (a connected bot is told)."""
        role = self._bot_role(guild)
        role.permissions &= ~permissions
        self._role_updated(guild, role)

    def _bot_role(self, guild: FakeGuild) -> FakeRole:
        member = guild.members[self.bot_user.id]
        return next(role for role in member.roles if role.managed)

    def _role_updated(self, guild: FakeGuild, role: FakeRole) -> None:
        self._emit("GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role_payload(role)})
        self.changed()

    def add_text_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        channel = FakeChannel(
            self.ids.next(), name, ChannelType.GUILD_TEXT, guild.id, position=len(guild.channels)
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self._emit("CHANNEL_CREATE", channel_payload(channel))
        return channel

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        manage_guild: bool = False,
        roles: Iterable[FakeRole] = (),
        nick: str | None = None,
    ) -> FakeMember:
        """Make ``user`` a member; ``manage_guild`` grants a "Race Marshal" role with it."""
        member_roles = list(roles)
        if manage_guild:
            member_roles.append(self._manager_role(guild))
        member = FakeMember(user, guild.id, member_roles, nick)
        guild.members[user.id] = member
        return member

    def _manager_role(self, guild: FakeGuild) -> FakeRole:
        for role in guild.roles.values():
            if role.name == "Race Marshal":
                return role
        return self.add_role(guild, "Race Marshal", Permission.MANAGE_GUILD)

    def set_overwrite(
        self,
        channel: FakeChannel,
        target: FakeUser | FakeRole,
        *,
        allow: Permission = Permission.NONE,
        deny: Permission = Permission.NONE,
    ) -> None:
        """Set a channel permission overwrite and tell a connected bot (CHANNEL_UPDATE)."""
        kind = 0 if isinstance(target, FakeRole) else 1
        channel.overwrites[target.id] = Overwrite(target.id, kind, allow, deny)
        self._emit("CHANNEL_UPDATE", channel_payload(channel))

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        channel = self._dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(self.ids.next(), "", ChannelType.DM, recipient=user)
            self._dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    # --- lookups ----------------------------------------------------------------------------

    def user(self, user_id: int) -> FakeUser:
        try:
            return self.users[user_id]
        except KeyError:
            raise unknown_user() from None

    def guild(self, guild_id: int) -> FakeGuild:
        try:
            return self.guilds[guild_id]
        except KeyError:
            raise unknown_guild() from None

    def channel(self, channel_id: int) -> FakeChannel:
        try:
            return self.channels[channel_id]
        except KeyError:
            raise unknown_channel() from None

    def guild_of(self, channel: FakeChannel) -> FakeGuild | None:
        return None if channel.guild_id is None else self.guilds[channel.guild_id]

    def bot_permissions(self, channel: FakeChannel) -> Permission:
        return self.permissions_in(channel, self.bot_user)

    def permissions_in(self, channel: FakeChannel, user: FakeUser) -> Permission:
        guild = self.guild_of(channel)
        if guild is None:
            return DM_PERMISSIONS
        member = guild.members.get(user.id)
        if member is None:
            return Permission.NONE
        if channel.is_thread:
            assert channel.parent_id is not None
            return thread_permissions(
                channel_permissions(guild, member, self.channel(channel.parent_id))
            )
        return channel_permissions(guild, member, channel)

    # --- threads ----------------------------------------------------------------------------

    def start_thread(
        self, starter: FakeMessage, name: str, auto_archive_duration: int
    ) -> FakeChannel:
        """A public thread started from ``starter`` by the bot: Discord gives it the message's
        id, marks the message HAS_THREAD and tells the bot (THREAD_CREATE, newly created)."""
        parent = self.channel(starter.channel_id)
        guild = self.guild_of(parent)
        assert guild is not None
        thread = FakeChannel(
            starter.id,
            name,
            ChannelType.PUBLIC_THREAD,
            guild.id,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            auto_archive_duration=auto_archive_duration,
            members={self.bot_user.id},
        )
        guild.threads[thread.id] = thread
        self.channels[thread.id] = thread
        starter.flags |= HAS_THREAD_FLAG
        self._emit("THREAD_CREATE", {**channel_payload(thread), "newly_created": True})
        self.changed()
        return thread

    def add_thread_member(self, thread: FakeChannel, user: FakeUser) -> None:
        thread.members.add(user.id)
        self.changed()

    def rename_thread(self, thread: FakeChannel, name: str) -> None:
        """A thread's new name; Discord says so in the thread (a CHANNEL_NAME_CHANGE message)."""
        if thread.name == name:
            return
        thread.name = name
        self.create_message(thread, {"content": name}, [], message_type=CHANNEL_NAME_CHANGE)
        self._emit("THREAD_UPDATE", channel_payload(thread))
        self.changed()

    def set_archived(self, thread: FakeChannel, archived: bool) -> None:
        """Archive or reopen a thread (a message sent in an archived one reopens it)."""
        if thread.archived == archived:
            return
        thread.archived = archived
        thread.archive_timestamp = iso_now()
        self._emit("THREAD_UPDATE", channel_payload(thread))
        self.changed()

    def threads_of(self, channel: FakeChannel) -> list[FakeChannel]:
        """The threads started in ``channel``, oldest first."""
        guild = self.guild_of(channel)
        threads = [] if guild is None else guild.threads.values()
        return sorted((t for t in threads if t.parent_id == channel.id), key=lambda t: t.id)

    # --- scheduled events -------------------------------------------------------------------

    def utcnow(self) -> datetime:
        """Discord's wall clock: ``epoch`` moved on by the fake clock (events start by it)."""
        return self.epoch + timedelta(seconds=self.clock.now())

    def scheduled_events(self, guild_id: int) -> list[FakeScheduledEvent]:
        """The guild's scheduled events, oldest first."""
        return sorted(self.guild(guild_id).scheduled_events.values(), key=lambda e: e.id)

    def create_scheduled_event(
        self, guild: FakeGuild, creator: FakeUser, fields: EventFields
    ) -> FakeScheduledEvent:
        """Store a checked event; Discord allows 100 scheduled or active ones a server."""
        if sum(event.open for event in guild.scheduled_events.values()) >= OPEN_EVENTS_LIMIT:
            raise too_many_scheduled_events(OPEN_EVENTS_LIMIT)
        event = FakeScheduledEvent(
            self.ids.next(), guild.id, creator, fields.name, fields.start, fields.end
        )
        self._apply(event, fields)
        guild.scheduled_events[event.id] = event
        self._emit("GUILD_SCHEDULED_EVENT_CREATE", scheduled_event_payload(event))
        self.changed()
        return event

    def modify_scheduled_event(self, event: FakeScheduledEvent, fields: EventFields) -> None:
        self._apply(event, fields)
        self._emit("GUILD_SCHEDULED_EVENT_UPDATE", scheduled_event_payload(event))
        self.changed()

    def delete_scheduled_event(self, guild: FakeGuild, event: FakeScheduledEvent) -> None:
        guild.scheduled_events.pop(event.id, None)
        self._emit("GUILD_SCHEDULED_EVENT_DELETE", scheduled_event_payload(event))
        self.changed()

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
        """An external event a member made in Discord's client, checked as the API would."""
        body = {
            "name": name,
            "privacy_level": GUILD_ONLY,
            "entity_type": int(EntityType.EXTERNAL),
            "scheduled_start_time": start.isoformat(),
            "scheduled_end_time": end.isoformat(),
            "entity_metadata": {"location": location},
        }
        return self.create_scheduled_event(guild, creator, fields_of_new_event(body, self.utcnow()))

    @staticmethod
    def _apply(event: FakeScheduledEvent, fields: EventFields) -> None:
        event.name, event.description = fields.name, fields.description
        event.start, event.end = fields.start, fields.end
        event.entity_type, event.location = fields.entity_type, fields.location
        event.privacy_level, event.status = fields.privacy_level, fields.status
        event.channel_id = None

    def _start_and_end_events(self) -> None:
        """Discord starts an external event at its start time and ends it at its end."""
        now = self.utcnow()
        moved = False
        for guild in self.guilds.values():
            for event in guild.scheduled_events.values():
                if event.entity_type is not EntityType.EXTERNAL:
                    continue
                if event.status is EventStatus.SCHEDULED and event.start <= now:
                    self._set_status(event, EventStatus.ACTIVE)
                    moved = True
                ended = event.end is not None and event.end <= now
                if event.status is EventStatus.ACTIVE and ended:
                    self._set_status(event, EventStatus.COMPLETED)
                    moved = True
        if moved:
            self.changed()

    def _set_status(self, event: FakeScheduledEvent, status: EventStatus) -> None:
        event.status = status
        self._emit("GUILD_SCHEDULED_EVENT_UPDATE", scheduled_event_payload(event))

    # --- messages ---------------------------------------------------------------------------

    def create_message(
        self,
        channel: FakeChannel,
        body: Json,
        uploads: list[Upload],
        *,
        path: tuple[str, ...] = (),
        visible_to: FakeUser | None = None,
        webhook_id: int | None = None,
        interaction_metadata: Json | None = None,
        message_type: int = 0,
    ) -> FakeMessage:
        """Validate and store a message from the bot; ``visible_to`` makes it ephemeral."""
        errors = FormErrors()
        validate_message_body(body, errors, path)
        errors.raise_if_any()
        flags = int(body.get("flags") or 0) & ~(EPHEMERAL_FLAG | LOADING_FLAG)
        if visible_to is not None:
            flags |= EPHEMERAL_FLAG
        message = FakeMessage(
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=self.bot_user,
            content=body.get("content") or "",
            embeds=body.get("embeds") or [],
            components=body.get("components") or [],
            attachments=self._store_uploads(channel, body.get("attachments"), uploads),
            flags=flags,
            type=message_type,
            visible_to=None if visible_to is None else visible_to.id,
            webhook_id=webhook_id,
            interaction_metadata=interaction_metadata,
        )
        if not (message.content or message.embeds or message.components or message.attachments):
            raise empty_message()
        self._store_message(message)
        return message

    def create_loading_message(
        self,
        channel: FakeChannel,
        *,
        visible_to: FakeUser | None,
        interaction_metadata: Json,
        message_type: int,
    ) -> FakeMessage:
        """The "Bot is thinking..." placeholder a deferred response shows."""
        message = FakeMessage(
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=self.bot_user,
            flags=LOADING_FLAG | (EPHEMERAL_FLAG if visible_to is not None else 0),
            type=message_type,
            visible_to=None if visible_to is None else visible_to.id,
            webhook_id=self.application_id,
            interaction_metadata=interaction_metadata,
        )
        self._store_message(message)
        return message

    def _store_message(self, message: FakeMessage) -> None:
        self.messages[message.id] = message
        if message.visible_to is None:
            self._channel_log.setdefault(message.channel_id, []).append(message)
        else:
            self._ephemeral_log.setdefault(message.visible_to, []).append(message)
        self.changed()

    def edit_message(
        self, message: FakeMessage, body: Json, uploads: list[Upload], *, path: tuple[str, ...] = ()
    ) -> None:
        """Apply a partial edit: only keys present in ``body`` change."""
        errors = FormErrors()
        validate_message_body({"flags": message.flags, **body}, errors, path)
        errors.raise_if_any()
        attachments = message.attachments
        if "attachments" in body:
            kept = {str(entry.get("id")) for entry in body["attachments"] or []}
            attachments = [a for a in attachments if str(a.id) in kept]
        channel = self.channel(message.channel_id)
        attachments = attachments + self._store_uploads(channel, body.get("attachments"), uploads)
        content = (body["content"] or "") if "content" in body else message.content
        embeds = (body["embeds"] or []) if "embeds" in body else message.embeds
        components = (body["components"] or []) if "components" in body else message.components
        if not (content or embeds or components or attachments):
            raise empty_message()

        if not message.loading:
            message.edited_timestamp = iso_now()
        message.content, message.embeds, message.components = content, embeds, components
        message.attachments = attachments
        flags = int(body["flags"] or 0) if "flags" in body else message.flags
        message.flags = (message.flags & EPHEMERAL_FLAG) | (
            flags & ~(EPHEMERAL_FLAG | LOADING_FLAG)
        )
        self.changed()

    def delete_message(self, message: FakeMessage) -> None:
        message.deleted = True
        self.messages.pop(message.id, None)
        log = (
            self._channel_log.get(message.channel_id, [])
            if message.visible_to is None
            else self._ephemeral_log.get(message.visible_to, [])
        )
        if message in log:
            log.remove(message)
        self.changed()

    def public_message(self, channel: FakeChannel, message_id: int) -> FakeMessage:
        """A message as channel endpoints see it: ephemeral ones do not exist there."""
        message = self.messages.get(message_id)
        if message is None or message.channel_id != channel.id or message.visible_to is not None:
            raise unknown_message()
        return message

    def channel_messages(self, channel: FakeChannel) -> list[FakeMessage]:
        """Public messages, oldest first (what every member of the channel sees)."""
        return list(self._channel_log.get(channel.id, []))

    def ephemeral_messages(
        self, user: FakeUser, channel: FakeChannel | None = None
    ) -> list[FakeMessage]:
        """Messages only ``user`` can see, oldest first, optionally in one channel."""
        messages = self._ephemeral_log.get(user.id, [])
        return [m for m in messages if channel is None or m.channel_id == channel.id]

    def upload(self, channel: FakeChannel, filename: str, data: bytes) -> StoredAttachment:
        """A file a user attaches to a slash command (Discord's client uploads it first)."""
        [stored] = self._store_uploads(channel, None, [Upload(0, filename, data)])
        return stored

    def _store_uploads(
        self, channel: FakeChannel, metadata: list[Json] | None, uploads: list[Upload]
    ) -> list[StoredAttachment]:
        described = {str(entry.get("id")): entry for entry in metadata or []}
        stored = []
        for upload in uploads:
            entry = described.get(str(upload.index), {})
            filename = entry.get("filename") or upload.filename
            attachment_id = self.ids.next()
            attachment = StoredAttachment(
                id=attachment_id,
                filename=filename,
                content_type=upload.content_type,
                data=upload.data,
                url=f"{self.base_url}/attachments/{channel.id}/{attachment_id}/{filename}",
                description=entry.get("description"),
            )
            self.attachments[attachment_id] = attachment
            stored.append(attachment)
        return stored

    # --- application commands ---------------------------------------------------------------

    def overwrite_commands(self, guild_id: int | None, commands: list[Json]) -> list[Json]:
        """Bulk overwrite; like Discord, a command keeps its id while its name stays."""
        validate_commands(commands)
        stored = []
        for command in commands:
            kind = int(command.get("type", 1))
            key = (guild_id, kind, str(command["name"]))
            command_id = self._command_ids.setdefault(key, self.ids.next())
            permissions = command.get("default_member_permissions")
            record: Json = {
                "options": [],
                "nsfw": False,
                "contexts": None,
                "integration_types": [0],
                **command,
                "type": kind,
                "id": str(command_id),
                "application_id": str(self.application_id),
                "version": str(self.ids.next()),
                "default_member_permissions": None if permissions is None else str(permissions),
            }
            if kind != 1:
                record["description"] = ""
            if guild_id is not None:
                record["guild_id"] = str(guild_id)
            stored.append(record)
        self._commands[guild_id] = stored
        self.changed()
        return stored

    def commands(self, guild: FakeGuild | None = None) -> list[Json]:
        """Registered commands: global ones, or one guild's own ones."""
        return list(self._commands.get(None if guild is None else guild.id, []))

    # --- interactions -------------------------------------------------------------------------

    def register_interaction(self, interaction: FakeInteraction) -> None:
        self.interactions.append(interaction)
        self._interactions_by_id[interaction.id] = interaction
        self._interactions_by_token[interaction.token] = interaction
        self._unacknowledged.add(interaction)

    def interaction_for_callback(self, interaction_id: int, token: str) -> FakeInteraction:
        interaction = self._interactions_by_id.get(interaction_id)
        if interaction is None or interaction.token != token:
            raise unknown_interaction()
        return interaction

    def interaction_for_webhook(self, application_id: int, token: str) -> FakeInteraction:
        interaction = self._interactions_by_token.get(token)
        if interaction is None or application_id != self.application_id:
            raise unknown_webhook()
        interaction.check_token()
        return interaction

    def settled(self, interaction: FakeInteraction) -> None:
        """The interaction was acknowledged or has failed: stop watching its deadline."""
        self._unacknowledged.discard(interaction)
        self.changed()

    def _expire_overdue_interactions(self) -> None:
        expired = [i for i in self._unacknowledged if i.expire_if_overdue()]
        self._unacknowledged.difference_update(expired)
        if expired:
            self.changed()
