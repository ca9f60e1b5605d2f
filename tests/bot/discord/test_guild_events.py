"""A league race's Discord event, put and removed by the real discord.py client against the
fake Discord: what the server's Events tab then holds, and what a refusal answers."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta

import discord
import pytest
import pytest_asyncio

from bot.discord.guild_events import EventOutcome, RaceEvent, put_event, remove_event
from tests.support.fakediscord import (
    EntityType,
    EventStatus,
    FakeDiscord,
    FakeGuild,
    FakeScheduledEvent,
    Permission,
)
from tests.support.fakediscord.event_limits import OPEN_EVENTS_LIMIT
from tests.support.fakediscord.fixtures import fake_discord  # noqa: F401


class Bot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.0)


@pytest.fixture
def fake(fake_discord: FakeDiscord) -> FakeDiscord:  # noqa: F811
    return fake_discord


@pytest.fixture
def guild(fake: FakeDiscord) -> FakeGuild:
    guild = fake.add_guild("Heat Club")
    fake.add_text_channel(guild, "league")
    return guild


@pytest_asyncio.fixture
async def bot(fake: FakeDiscord, guild: FakeGuild) -> AsyncIterator[Bot]:
    client = Bot()
    async with fake.running(client):
        yield client


def race_three(fake: FakeDiscord, *, days: float = 2) -> RaceEvent:
    start = fake.state.utcnow() + timedelta(days=days)
    return RaceEvent(
        name="Heat league — race 3: Italy",
        description="Italy, 2 laps. Event card: Heat wave",
        location="#league",
        start=start,
        end=start + timedelta(hours=2),
    )


def the_event(fake: FakeDiscord, guild: FakeGuild) -> FakeScheduledEvent:
    [event] = fake.scheduled_events(guild)
    return event


async def test_a_race_becomes_an_external_event_of_the_server(
    fake: FakeDiscord, guild: FakeGuild, bot: Bot
) -> None:
    """Made with the privacy level and entity type sent, at the league's channel, for the
    race's hours."""
    fake.grant_bot(guild, Permission.CREATE_EVENTS)
    race = race_three(fake)

    outcome = await put_event(bot, guild.id, None, race)

    event = the_event(fake, guild)
    assert outcome == EventOutcome(event.id, None)
    assert (event.privacy_level, event.entity_type) == (2, EntityType.EXTERNAL)
    assert (event.name, event.description) == (race.name, race.description)
    assert (event.location, event.start, event.end) == ("#league", race.start, race.end)
    assert event.creator is fake.bot_user and event.status is EventStatus.SCHEDULED


async def test_a_moved_race_moves_its_event(fake: FakeDiscord, guild: FakeGuild, bot: Bot) -> None:
    fake.grant_bot(guild, Permission.CREATE_EVENTS)
    first = await put_event(bot, guild.id, None, race_three(fake))
    moved = replace(race_three(fake, days=9), location="#league-night")

    outcome = await put_event(bot, guild.id, first.event_id, moved)

    event = the_event(fake, guild)
    assert outcome == first and event.id == first.event_id
    assert (event.start, event.end, event.location) == (moved.start, moved.end, "#league-night")


async def test_a_cancelled_race_removes_its_event_once(
    fake: FakeDiscord, guild: FakeGuild, bot: Bot
) -> None:
    """A second removal finds it gone, which is fine."""
    fake.grant_bot(guild, Permission.CREATE_EVENTS)
    made = await put_event(bot, guild.id, None, race_three(fake))
    assert made.event_id is not None

    assert await remove_event(bot, guild.id, made.event_id) is None
    assert fake.scheduled_events(guild) == []
    assert await remove_event(bot, guild.id, made.event_id) is None


async def test_an_event_a_member_deleted_is_made_again(
    fake: FakeDiscord, guild: FakeGuild, bot: Bot
) -> None:
    fake.grant_bot(guild, Permission.CREATE_EVENTS)
    race = race_three(fake)
    first = await put_event(bot, guild.id, None, race)
    fake.delete_scheduled_event(guild, the_event(fake, guild))

    again = await put_event(bot, guild.id, first.event_id, race)

    event = the_event(fake, guild)
    assert again == EventOutcome(event.id, None) and event.id != first.event_id
    assert (event.name, event.start) == (race.name, race.start)


async def test_without_create_events_nothing_is_made_and_the_permission_is_named(
    fake: FakeDiscord, guild: FakeGuild, bot: Bot, caplog: pytest.LogCaptureFixture
) -> None:
    """Since February 2026 Manage Events alone does not let a bot make an event."""
    fake.grant_bot(guild, Permission.MANAGE_EVENTS)
    with caplog.at_level(logging.INFO, logger="heat.bot"):
        outcome = await put_event(bot, guild.id, None, race_three(fake))

    assert outcome == EventOutcome(None, "Create Events")
    assert fake.scheduled_events(guild) == []
    [line] = [r.getMessage() for r in caplog.records if r.name == "heat.bot"]
    assert f"guild={guild.id}" in line and "Create Events" in line


async def test_a_refused_change_keeps_the_event_and_names_the_permission(
    fake: FakeDiscord, guild: FakeGuild, bot: Bot
) -> None:
    """Its own event the bot changes with Create Events; a member's event needs Manage
    Events. A refused edit answers the event it kept."""
    fake.grant_bot(guild, Permission.CREATE_EVENTS)
    race = race_three(fake)
    made = await put_event(bot, guild.id, None, race)
    fake.revoke_bot(guild, Permission.CREATE_EVENTS)

    refused = await put_event(bot, guild.id, made.event_id, replace(race, location="#elsewhere"))
    kept = await remove_event(bot, guild.id, made.event_id or 0)

    assert refused == EventOutcome(made.event_id, "Create Events") and kept == "Create Events"
    assert the_event(fake, guild).location == "#league"

    organiser = fake.add_user("organiser")
    fake.add_member(guild, organiser, manage_guild=True)
    theirs = fake.add_scheduled_event(
        guild, organiser, name="Race 4", start=race.start, end=race.end, location="#league"
    )
    fake.grant_bot(guild, Permission.CREATE_EVENTS)
    assert await put_event(bot, guild.id, theirs.id, race) == EventOutcome(
        theirs.id, "Manage Events"
    )
    assert await remove_event(bot, guild.id, theirs.id) == "Manage Events"
    assert theirs.name == "Race 4" and theirs in fake.scheduled_events(guild)


async def test_long_texts_are_cut_to_discords_limits(
    fake: FakeDiscord, guild: FakeGuild, bot: Bot
) -> None:
    fake.grant_bot(guild, Permission.CREATE_EVENTS)
    wordy = replace(
        race_three(fake), name="N" * 150, description="D" * 1500, location="#" + "l" * 150
    )

    await put_event(bot, guild.id, None, wordy)

    event = the_event(fake, guild)
    assert event.description is not None and event.location is not None
    assert len(event.description) == 1000 and event.description.endswith("D…")
    assert (len(event.name), len(event.location)) == (100, 100)
    assert event.name.endswith("…") and event.location.endswith("…")


async def test_a_race_under_way_keeps_its_start_and_an_ended_one_gets_a_new_event(
    fake: FakeDiscord, guild: FakeGuild, bot: Bot
) -> None:
    """Discord refuses a start sent again once it has passed, and an ended event takes no
    new date."""
    fake.grant_bot(guild, Permission.CREATE_EVENTS)
    race = race_three(fake, days=1 / 24)
    made = await put_event(bot, guild.id, None, race)
    fake.clock.advance(3600)  # the race has started: the event is under way

    renamed = await put_event(bot, guild.id, made.event_id, replace(race, name="Race 3 (live)"))
    event = the_event(fake, guild)
    assert renamed == made and (event.name, event.start) == ("Race 3 (live)", race.start)

    fake.clock.advance(2 * 3600)  # over
    rerun = race_three(fake)
    again = await put_event(bot, guild.id, made.event_id, rerun)
    assert again.event_id not in (None, made.event_id)
    assert [e.status for e in fake.scheduled_events(guild)] == [
        EventStatus.COMPLETED,
        EventStatus.SCHEDULED,
    ]


async def test_a_process_that_does_not_hold_the_guild_still_puts_the_event(
    fake: FakeDiscord, guild: FakeGuild
) -> None:
    """Another shard's process (or one not connected yet) finds the guild through REST."""
    fake.grant_bot(guild, Permission.CREATE_EVENTS)
    client = discord.Client(intents=discord.Intents.none())
    await client.login(fake.bot_token)
    try:
        assert client.get_guild(guild.id) is None
        made = await put_event(client, guild.id, None, race_three(fake))
        gone = await put_event(client, 12345, None, race_three(fake))
    finally:
        await client.close()

    assert made == EventOutcome(the_event(fake, guild).id, None)
    assert gone == EventOutcome(None, None)


async def test_a_server_with_discord_s_most_events_gets_none_more_and_is_told(
    fake: FakeDiscord, guild: FakeGuild, bot: Bot
) -> None:
    """Discord allows a server 100 events at once: the 101st is refused (30038); the race
    keeps its date and the outcome says the server is full, with nothing made."""
    fake.grant_bot(guild, Permission.CREATE_EVENTS)
    organiser = fake.add_user("organiser")
    fake.add_member(guild, organiser, manage_guild=True)
    start = fake.state.utcnow() + timedelta(days=3)
    for number in range(OPEN_EVENTS_LIMIT):
        fake.add_scheduled_event(
            guild,
            organiser,
            name=f"Quiz night {number}",
            start=start,
            end=start + timedelta(hours=1),
            location="#quiz",
        )

    outcome = await put_event(bot, guild.id, None, race_three(fake))

    assert outcome == EventOutcome(None, full=True)
    assert len(fake.scheduled_events(guild)) == OPEN_EVENTS_LIMIT
