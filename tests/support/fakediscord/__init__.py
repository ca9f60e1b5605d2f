"""A local fake Discord (REST + gateway) for running the real discord.py client in tests.

Typical use::

    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        channel = fake.add_text_channel(guild, "races")
        alice = fake.add_user("alice", locale="it")
        fake.add_member(guild, alice)
        await fake.start_bot(bot)
        handle = await fake.slash(alice, channel, "heat new", track="usa", laps=1)
        message = await handle.done()
        click = await fake.click(alice, message, "race:1:join")
        await click.ack()
"""

from .clock import WAIT_CEILING, FakeClock
from .errors import DiscordAPIError, DriverError, InteractionFailed, Rejection
from .fake import FakeDiscord
from .interactions import CallbackType, FakeInteraction
from .models import (
    EntityType,
    EventStatus,
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

__all__ = [
    "WAIT_CEILING",
    "CallbackType",
    "DiscordAPIError",
    "DriverError",
    "EntityType",
    "EventStatus",
    "FakeChannel",
    "FakeClock",
    "FakeDiscord",
    "FakeGuild",
    "FakeInteraction",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeScheduledEvent",
    "FakeUser",
    "InteractionFailed",
    "Permission",
    "Rejection",
    "StoredAttachment",
]
