"""Self-tests of the fake Discord: a tiny real discord.py bot driven through it.

Each test proves one behaviour the end-to-end suite relies on, with assertions
that fail if the fake misbehaves. Time limits are checked with the fake clock.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands
from PIL import Image

from tests.support.fakediscord import (
    WAIT_CEILING,
    CallbackType,
    DriverError,
    EntityType,
    EventStatus,
    FakeChannel,
    FakeClock,
    FakeDiscord,
    FakeGuild,
    FakeUser,
    InteractionFailed,
    Permission,
)
from tests.support.fakediscord.fixtures import fake_discord  # noqa: F401

RACE_ID = 42


def png_bytes() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 4), "red").save(buffer, "PNG")
    return buffer.getvalue()


BOARD_PNG = png_bytes()


class JoinRaceButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"race:(?P<race_id>[0-9]+):join",
):
    """A persistent button: its custom_id carries the race id, so it outlives restarts."""

    def __init__(self, race_id: int) -> None:
        super().__init__(discord.ui.Button(label="Join", custom_id=f"race:{race_id}:join"))
        self.race_id = race_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> JoinRaceButton:
        return cls(int(match["race_id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(
            content=f"Race {self.race_id}: {interaction.user.name} joined"
        )


class TrackSelect(discord.ui.Select[discord.ui.View]):
    def __init__(self) -> None:
        options = [
            discord.SelectOption(label=name.upper(), value=name) for name in ("usa", "italy")
        ]
        super().__init__(custom_id="track-select", options=options)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(
            content=f"Race {RACE_ID} moved to {self.values[0]}"
        )
        await interaction.followup.send(f"You picked {self.values[0]}", ephemeral=True)


class RaceView(discord.ui.View):
    def __init__(self, race_id: int) -> None:
        super().__init__(timeout=None)
        self.add_item(JoinRaceButton(race_id))
        self.add_item(TrackSelect())


class DriverNameModal(discord.ui.Modal, title="Driver name"):
    name: discord.ui.TextInput[DriverNameModal] = discord.ui.TextInput(
        label="Name", custom_id="driver-name", max_length=20
    )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"Welcome, {self.name.value}")


class HeatBot(discord.Client):
    """The bot under test; it records what a test needs to look at from the bot's side."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.0)
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(heat_commands(self))
        self.tree.add_command(settings)
        self.release_slow = asyncio.Event()
        self.failures: asyncio.Queue[discord.HTTPException] = asyncio.Queue()
        self.kept: asyncio.Queue[discord.Interaction[Any]] = asyncio.Queue()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinRaceButton)
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # discord.py waits 5 s before re-identifying; nothing to rate-limit here.
        return None


@app_commands.command(description="Server settings")
@app_commands.default_permissions(manage_guild=True)
async def settings(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("Settings saved")


def heat_commands(bot: HeatBot) -> app_commands.Group:
    heat = app_commands.Group(name="heat", description="Race Heat: Pedal to the Metal")

    @heat.command(description="Say hello in public")
    async def hello(interaction: discord.Interaction[Any]) -> None:
        can_send = interaction.app_permissions.send_messages
        await interaction.response.send_message(
            f"Hello {interaction.user.name} [{interaction.locale.value}] can_send={can_send}"
        )

    @heat.command(description="Answer only to you")
    async def secret(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("Only you can see this", ephemeral=True)

    @heat.command(description="Render the board")
    async def board(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("Board", file=discord.File(io.BytesIO(BOARD_PNG), "b.png"))

    @heat.command(description="Think in public, then try to answer privately")
    async def refuse(interaction: discord.Interaction[Any], delete_first: bool) -> None:
        await interaction.response.defer(thinking=True)
        if delete_first:
            await interaction.delete_original_response()
        await interaction.followup.send("No race here", ephemeral=True)
        await interaction.followup.send("Only you read this", ephemeral=True)

    @heat.command(description="Open a race")
    @app_commands.choices(
        track=[
            app_commands.Choice(name="USA", value="usa"),
            app_commands.Choice(name="Italy", value="italy"),
        ]
    )
    async def new(
        interaction: discord.Interaction[Any],
        track: app_commands.Choice[str],
        laps: app_commands.Range[int, 1, 3] = 1,
        open_to_all: bool = True,
    ) -> None:
        await interaction.response.send_message(
            f"Race {RACE_ID} on {track.value}, {laps} laps, open={open_to_all}",
            view=RaceView(RACE_ID),
        )

    @heat.command(description="Answer only when the test says so")
    async def slow(interaction: discord.Interaction[Any]) -> None:
        await bot.release_slow.wait()
        try:
            await interaction.response.send_message("finally")
        except discord.HTTPException as error:
            await bot.failures.put(error)

    @heat.command(description="Answer and hand the interaction to the test")
    async def keep(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("kept")
        await bot.kept.put(interaction)

    @heat.command(description="Ask for your driver name")
    async def register(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(DriverNameModal())

    @heat.command(description="Send you a DM, then announce in the channel")
    async def remind(interaction: discord.Interaction[Any]) -> None:
        await interaction.user.send("Your race starts soon")
        await interaction.response.send_message("Check your DMs", ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)  # from GUILD_CREATE
        await interaction.channel.send(f"{interaction.user.name} was reminded")

    @heat.command(description="Answer with a button Discord refuses")
    async def broken(interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Go", custom_id="x" * 101))
        try:
            await interaction.response.send_message("go", view=view)
        except discord.HTTPException as error:
            await bot.failures.put(error)

    @heat.command(description="Show who you picked")
    async def pick(interaction: discord.Interaction[Any], rival: discord.Member) -> None:
        await interaction.response.send_message(f"Rival: {rival.display_name}")

    return heat


@dataclass
class World:
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    marshal: FakeUser


@pytest.fixture
def fake(fake_discord: FakeDiscord) -> FakeDiscord:  # noqa: F811
    return fake_discord


@pytest.fixture
def world(fake: FakeDiscord) -> World:
    guild = fake.add_guild("Heat Club")
    channel = fake.add_text_channel(guild, "races")
    alice = fake.add_user("alice", locale="it")
    bob = fake.add_user("bob", locale="en-US")
    marshal = fake.add_user("marshal")
    fake.add_member(guild, alice)
    fake.add_member(guild, bob)
    fake.add_member(guild, marshal, manage_guild=True)
    return World(guild, channel, alice, bob, marshal)


@pytest_asyncio.fixture
async def bot(fake: FakeDiscord, world: World) -> AsyncIterator[HeatBot]:
    client = HeatBot()
    await fake.start_bot(client)
    yield client


def channel_of(bot: HeatBot, world: World) -> discord.PartialMessageable:
    """The test channel through the bot's REST client (no gateway cache involved)."""
    return bot.get_partial_messageable(world.channel.id, guild_id=world.guild.id)


async def test_public_slash_round_trip(fake: FakeDiscord, world: World, bot: HeatBot) -> None:
    handle = await fake.slash(world.alice, world.channel, "heat hello")

    assert await handle.ack() is CallbackType.CHANNEL_MESSAGE
    message = await handle.done()
    assert message is not None
    assert message.content == "Hello alice [it] can_send=True"
    assert not handle.ephemeral
    assert fake.channel_messages(world.channel) == [message]
    fetched = await channel_of(bot, world).fetch_message(message.id)
    assert fetched.content == message.content
    assert handle.ack_latency is not None and handle.ack_latency > 0
    assert fake.ack_latencies() == [handle.ack_latency]
    # discord.py heartbeats right after HELLO; the ACK precedes READY on the wire.
    assert bot.latency < 1.0


async def test_locale_is_passed_through(fake: FakeDiscord, world: World, bot: HeatBot) -> None:
    italian = await (await fake.slash(world.alice, world.channel, "heat hello")).done()
    english = await (await fake.slash(world.bob, world.channel, "heat hello")).done()

    assert italian is not None and "[it]" in italian.content
    assert english is not None and "[en-US]" in english.content


async def test_ephemeral_response_is_private_and_not_fetchable(
    fake: FakeDiscord,
    world: World,
    bot: HeatBot,
) -> None:
    handle = await fake.slash(world.alice, world.channel, "heat secret")
    message = await handle.done()

    assert message is not None and handle.ephemeral
    assert fake.ephemeral_messages(world.alice) == [message]
    assert fake.ephemeral_messages(world.bob) == []
    assert fake.channel_messages(world.channel) == []
    channel = channel_of(bot, world)
    with pytest.raises(discord.NotFound) as missing:
        await channel.fetch_message(message.id)
    assert missing.value.code == 10008
    assert [m async for m in channel.history()] == []


async def test_deferred_follow_up_carries_png_attachment(
    fake: FakeDiscord,
    world: World,
    bot: HeatBot,
) -> None:
    handle = await fake.slash(world.alice, world.channel, "heat board")

    assert await handle.ack() is CallbackType.DEFERRED_CHANNEL_MESSAGE
    message = await handle.done()
    assert message is not None and not message.loading
    assert message.content == "Board"
    [attachment] = message.attachments
    assert (attachment.filename, attachment.content_type) == ("b.png", "image/png")
    assert attachment.data == BOARD_PNG
    async with aiohttp.ClientSession() as session, session.get(attachment.url) as response:
        assert await response.read() == BOARD_PNG


async def test_the_first_follow_up_after_a_deferral_keeps_its_visibility(
    fake: FakeDiscord, world: World, bot: HeatBot
) -> None:
    """Discord's rule: a public "thinking..." makes the first follow-up public, whatever its
    flags, even once the placeholder is deleted; the follow-ups after it are as asked."""
    for delete_first in (False, True):
        handle = await fake.slash(
            world.alice, world.channel, "heat refuse", delete_first=delete_first
        )
        await handle.done()
        sent = 1 + delete_first  # kept: the first follow-up fills the placeholder instead
        await fake.wait_for(lambda h=handle, n=sent: len(h.followups) == n)

        public = fake.channel_messages(world.channel)[-1]
        assert public.content == "No race here" and not public.ephemeral and not public.loading
        assert (public is handle.response) is not delete_first, "kept: it fills the placeholder"
        assert (
            handle.followups[-1].content == "Only you read this" and handle.followups[-1].ephemeral
        )
    assert len(fake.channel_messages(world.channel)) == 2
    assert len(fake.ephemeral_messages(world.alice)) == 2


async def test_options_and_dynamic_button_edit_the_message(
    fake: FakeDiscord,
    world: World,
    bot: HeatBot,
) -> None:
    opened = await fake.slash(
        world.alice, world.channel, "heat new", track="italy", laps=3, open_to_all=False
    )
    race = await opened.done()
    assert race is not None
    assert race.content == f"Race {RACE_ID} on italy, 3 laps, open=False"
    assert race.custom_ids == [f"race:{RACE_ID}:join", "track-select"]

    click = await fake.click(world.bob, race, f"race:{RACE_ID}:join")

    assert await click.ack() is CallbackType.UPDATE_MESSAGE
    assert race.content == f"Race {RACE_ID}: bob joined"
    assert fake.channel_messages(world.channel) == [race]


async def test_select_defers_then_edits_and_follows_up(
    fake: FakeDiscord, world: World, bot: HeatBot
) -> None:
    race = await (await fake.slash(world.alice, world.channel, "heat new", track="usa")).done()
    assert race is not None

    picked = await fake.select(world.bob, race, "track-select", ["italy"])

    assert await picked.ack() is CallbackType.DEFERRED_UPDATE_MESSAGE
    assert await picked.done() is race
    await fake.wait_for(lambda: len(picked.followups) == 1)
    assert race.content == f"Race {RACE_ID} moved to italy"
    assert [m.content for m in fake.ephemeral_messages(world.bob)] == ["You picked italy"]
    with pytest.raises(DriverError, match="offers"):
        await fake.select(world.bob, race, "track-select", ["monaco"])


async def test_user_option_resolves_to_member(
    fake: FakeDiscord, world: World, bot: HeatBot
) -> None:
    reply = await (
        await fake.slash(world.alice, world.channel, "heat pick", rival=world.bob)
    ).done()
    assert reply is not None and reply.content == "Rival: bob"


async def test_modal_submission(fake: FakeDiscord, world: World, bot: HeatBot) -> None:
    opened = await fake.slash(world.alice, world.channel, "heat register")
    assert await opened.ack() is CallbackType.MODAL
    assert opened.modal is not None and opened.modal["title"] == "Driver name"

    submitted = await fake.submit_modal(world.alice, opened, {"driver-name": "Mario"})

    reply = await submitted.done()
    assert reply is not None and reply.content == "Welcome, Mario"


async def test_late_ack_fails_the_interaction(
    fake: FakeDiscord, world: World, bot: HeatBot
) -> None:
    handle = await fake.slash(world.alice, world.channel, "heat slow")

    fake.clock.advance(3.1)
    assert handle.failed
    with pytest.raises(InteractionFailed):
        await handle.ack()
    bot.release_slow.set()
    error = await asyncio.wait_for(bot.failures.get(), WAIT_CEILING)
    assert (error.status, error.code) == (404, 10062)
    assert fake.channel_messages(world.channel) == []


async def test_ack_just_inside_the_window_succeeds(
    fake: FakeDiscord,
    world: World,
    bot: HeatBot,
) -> None:
    handle = await fake.slash(world.alice, world.channel, "heat slow")

    fake.clock.advance(2.9)
    bot.release_slow.set()
    assert await handle.ack() is CallbackType.CHANNEL_MESSAGE
    assert not handle.failed


async def test_second_initial_callback_is_rejected(
    fake: FakeDiscord,
    world: World,
    bot: HeatBot,
) -> None:
    handle = await fake.slash(world.alice, world.channel, "heat hello")
    await handle.ack()

    url = f"{fake.state.base_url}/api/v10/interactions/{handle.id}/{handle.token}/callback"
    async with aiohttp.ClientSession() as session:
        response = await session.post(url, json={"type": 4, "data": {"content": "again"}})
        body = await response.json()

    assert response.status == 400
    assert body == {"code": 40060, "message": "Interaction has already been acknowledged."}
    assert len(fake.channel_messages(world.channel)) == 1


async def test_interaction_token_expires_after_15_minutes(
    fake: FakeDiscord,
    world: World,
    bot: HeatBot,
) -> None:
    await fake.slash(world.alice, world.channel, "heat keep")
    interaction = await asyncio.wait_for(bot.kept.get(), WAIT_CEILING)

    fake.clock.advance(14 * 60)
    await interaction.followup.send("still on time")
    fake.clock.advance(60 + 1)
    with pytest.raises(discord.NotFound) as expired:
        await interaction.followup.send("too late")

    assert expired.value.code == 10015
    assert [m.content for m in fake.channel_messages(world.channel)] == [
        "kept",
        "still on time",
    ]


async def test_component_limits_are_enforced(fake: FakeDiscord, world: World, bot: HeatBot) -> None:
    channel = channel_of(bot, world)
    long_id = discord.ui.View()
    long_id.add_item(discord.ui.Button(label="Go", custom_id="x" * 101))
    crowded = discord.ui.View()
    options = [discord.SelectOption(label=f"Track {n}", value=str(n)) for n in range(26)]
    crowded.add_item(discord.ui.Select(custom_id="tracks", options=options))

    with pytest.raises(discord.HTTPException) as too_long:
        await channel.send("join", view=long_id)
    with pytest.raises(discord.HTTPException) as too_many:
        await channel.send("pick", view=crowded)
    with pytest.raises(discord.HTTPException) as wordy:
        await channel.send("x" * 2001)

    assert (too_long.value.status, too_long.value.code) == (400, 50035)
    assert "components.0.components.0.custom_id" in too_long.value.text
    assert "components.0.components.0.options" in too_many.value.text
    assert "content: Must be 2000 or fewer in length." in wordy.value.text
    assert fake.channel_messages(world.channel) == []


async def test_layout_limits_on_raw_payloads(fake: FakeDiscord, world: World) -> None:
    """Limits discord.py already enforces client-side, checked with raw requests."""

    def button(n: int, label: str = "Go") -> dict[str, Any]:
        return {"type": 2, "style": 1, "label": label, "custom_id": f"b{n}"}

    def row(*buttons: dict[str, Any]) -> dict[str, Any]:
        return {"type": 1, "components": list(buttons)}

    bodies = {
        "components: Must be 5 or fewer in length.": {
            "components": [row(button(n)) for n in range(6)]
        },
        "components.0.components: Must be between 1 and 5 in length.": {
            "components": [row(*(button(n) for n in range(6)))]
        },
        "components.0.components.0.label: Must be 80 or fewer in length.": {
            "components": [row(button(0, "L" * 81))]
        },
        "embeds: Must be 10 or fewer in length.": {
            "embeds": [{"title": str(n)} for n in range(11)]
        },
        "components.0.components.1.custom_id: Component custom id cannot be duplicated": {
            "components": [row(button(0), button(0))]
        },
    }
    url = f"{fake.state.base_url}/api/v10/channels/{world.channel.id}/messages"
    headers = {"Authorization": f"Bot {fake.bot_token}"}
    async with aiohttp.ClientSession(headers=headers) as session:
        for expected, body in bodies.items():
            response = await session.post(url, json={"content": "x", **body})
            error = await response.json()
            assert (response.status, error["code"]) == (400, 50035), expected
            field, message = expected.split(": ")
            node = error["errors"]
            for key in field.split("."):
                node = node[key]
            assert node["_errors"][0]["message"] == message

    assert fake.channel_messages(world.channel) == []


async def test_missing_permissions_are_refused(
    fake: FakeDiscord,
    world: World,
    bot: HeatBot,
) -> None:
    channel = channel_of(bot, world)
    fake.deny_bot_permissions(world.channel, Permission.ATTACH_FILES)
    await channel.send("text still works")
    with pytest.raises(discord.Forbidden) as no_files:
        await channel.send(file=discord.File(io.BytesIO(BOARD_PNG), "b.png"))

    fake.deny_bot_permissions(world.channel, Permission.SEND_MESSAGES)
    with pytest.raises(discord.Forbidden) as no_send:
        await channel.send("hello?")
    reply = await (await fake.slash(world.alice, world.channel, "heat hello")).done()

    fake.deny_bot_permissions(world.channel, Permission.VIEW_CHANNEL)
    with pytest.raises(discord.Forbidden) as no_view:
        await channel.send("anyone?")

    assert (no_files.value.status, no_files.value.code) == (403, 50013)
    assert no_send.value.code == 50013
    assert no_view.value.code == 50001
    assert reply is not None and reply.content.endswith("can_send=False")


async def test_an_outage_refuses_new_messages_in_its_channel_until_it_ends(
    fake: FakeDiscord,
    world: World,
    bot: HeatBot,
) -> None:
    """During an outage the bot's posts get 503 and nothing is stored; then they go through."""
    channel = channel_of(bot, world)
    fake.outage(world.channel)
    with pytest.raises(discord.DiscordServerError) as refused:
        await channel.send("anyone?")
    reply = await (await fake.slash(world.alice, world.channel, "heat hello")).done()
    during = fake.channel_messages(world.channel)
    fake.outage(world.channel, on=False)
    await channel.send("back")

    assert refused.value.status == 503
    assert reply is not None and during == [reply], "an interaction's answer still goes"
    assert [m.content for m in fake.channel_messages(world.channel)] == [reply.content, "back"]


async def test_restart_keeps_old_dynamic_buttons_working(
    fake: FakeDiscord,
    world: World,
    bot: HeatBot,
) -> None:
    race = await (await fake.slash(world.alice, world.channel, "heat new", track="usa")).done()
    assert race is not None

    restarted = HeatBot()
    await fake.restart_bot(bot, restarted)
    click = await fake.click(world.bob, race, f"race:{RACE_ID}:join")

    assert await click.ack() is CallbackType.UPDATE_MESSAGE
    assert race.content == f"Race {RACE_ID}: bob joined"
    assert bot.is_closed() and not restarted.is_closed()
    assert fake.gateway.identify_count == 2


async def test_gateway_resume_and_reidentify(fake: FakeDiscord, world: World, bot: HeatBot) -> None:
    await fake.reconnect_bot(resumable=True)
    resumed = await (await fake.slash(world.alice, world.channel, "heat hello")).done()
    await fake.reconnect_bot(resumable=False)
    reidentified = await (await fake.slash(world.bob, world.channel, "heat hello")).done()

    assert fake.gateway.resume_count == 1
    assert fake.gateway.identify_count == 2
    assert resumed is not None and reidentified is not None


async def test_driver_refuses_what_a_user_cannot_do(
    fake: FakeDiscord,
    world: World,
    bot: HeatBot,
) -> None:
    race = await (await fake.slash(world.alice, world.channel, "heat new", track="usa")).done()
    secret = await (await fake.slash(world.alice, world.channel, "heat secret")).done()
    assert race is not None and secret is not None
    disabled = discord.ui.View()
    disabled.add_item(discord.ui.Button(label="Closed", custom_id="closed", disabled=True))
    sent = await channel_of(bot, world).send("closed race", view=disabled)
    [closed] = [m for m in fake.channel_messages(world.channel) if m.id == sent.id]

    with pytest.raises(DriverError, match="no component"):
        await fake.click(world.bob, race, "race:7:leave")
    with pytest.raises(DriverError, match="disabled"):
        await fake.click(world.bob, closed, "closed")
    with pytest.raises(DriverError, match="ephemeral"):
        await fake.click(world.bob, secret, "anything")
    with pytest.raises(DriverError, match="must be one of"):
        await fake.slash(world.alice, world.channel, "heat new", track="monaco")
    with pytest.raises(DriverError, match="outside"):
        await fake.slash(world.alice, world.channel, "heat new", track="usa", laps=4)
    with pytest.raises(DriverError, match="lacks"):
        await fake.slash(world.alice, world.channel, "settings")
    allowed = await (await fake.slash(world.marshal, world.channel, "settings")).done()
    assert allowed is not None and allowed.content == "Settings saved"


async def test_bot_sends_dm_and_channel_message(
    fake: FakeDiscord, world: World, bot: HeatBot
) -> None:
    await fake.slash(world.alice, world.channel, "heat remind")

    await fake.wait_for(lambda: len(fake.channel_messages(world.channel)) == 1)
    assert [m.content for m in fake.dm_messages(world.alice)] == ["Your race starts soon"]
    assert fake.channel_messages(world.channel)[0].content == "alice was reminded"
    assert [m.content for m in fake.ephemeral_messages(world.alice)] == ["Check your DMs"]


async def test_slash_command_in_a_dm(fake: FakeDiscord, world: World, bot: HeatBot) -> None:
    dm = fake.dm_channel(world.alice)

    reply = await (await fake.slash(world.alice, dm, "heat hello")).done()

    assert reply is not None and reply.content == "Hello alice [it] can_send=True"
    assert fake.dm_messages(world.alice) == [reply]
    assert fake.channel_messages(world.channel) == []


async def test_world_changes_reach_a_connected_bot(
    fake: FakeDiscord, world: World, bot: HeatBot
) -> None:
    late_guild = fake.add_guild("Late Club")
    late_channel = fake.add_text_channel(late_guild, "late-races")
    fake.add_member(late_guild, world.bob)
    fake.deny_bot_permissions(late_channel, Permission.SEND_MESSAGES)

    # Gateway events are ordered: once this answer exists, the bot saw the events before it.
    await (await fake.slash(world.bob, late_channel, "heat hello")).done()
    guild = bot.get_guild(late_guild.id)
    assert guild is not None and guild.name == "Late Club"
    channel = guild.get_channel(late_channel.id)
    assert isinstance(channel, discord.TextChannel) and channel.name == "late-races"
    assert not channel.permissions_for(guild.me).send_messages


async def test_invalid_response_is_refused_and_recorded(
    fake: FakeDiscord, world: World, bot: HeatBot
) -> None:
    handle = await fake.slash(world.alice, world.channel, "heat broken")

    error = await asyncio.wait_for(bot.failures.get(), WAIT_CEILING)
    assert (error.status, error.code) == (400, 50035)
    assert "data.components.0.components.0.custom_id" in error.text
    assert handle.ack_type is None
    assert [r.error.code for r in handle.rejections] == [50035]
    fake.clock.advance(3.1)
    assert handle.failed


async def test_command_definitions_are_validated(
    fake: FakeDiscord,
    world: World,
    bot: HeatBot,
) -> None:
    app_id = fake.application_id
    bad_name = [{"name": "Heat", "description": "Races", "type": 1}]
    many_options = [
        {
            "name": "heat",
            "description": "Races",
            "options": [{"name": f"o{n}", "description": "x", "type": 3} for n in range(26)],
        }
    ]
    too_many = [{"name": f"c{n}", "description": "x", "type": 1} for n in range(101)]

    with pytest.raises(discord.HTTPException) as invalid_name:
        await bot.http.bulk_upsert_global_commands(app_id, bad_name)
    with pytest.raises(discord.HTTPException) as invalid_options:
        await bot.http.bulk_upsert_global_commands(app_id, many_options)
    with pytest.raises(discord.HTTPException) as over_limit:
        await bot.http.bulk_upsert_global_commands(app_id, too_many)

    assert "0.name: Command name is invalid" in invalid_name.value.text
    assert "0.options: Must be 25 or fewer in length." in invalid_options.value.text
    assert over_limit.value.code == 30032
    assert [c["name"] for c in fake.commands()] == ["heat", "settings"]


async def test_running_context_and_an_offline_bot(fake: FakeDiscord, world: World) -> None:
    async with fake.running(HeatBot()) as client:
        reply = await (await fake.slash(world.alice, world.channel, "heat hello")).done()
        assert reply is not None

    assert client.is_closed()
    offline = await fake.slash(world.alice, world.channel, "heat hello")
    assert not offline.delivered
    with pytest.raises(InteractionFailed, match="not delivered"):
        await offline.ack()
    fake.clock.advance(3.1)
    assert offline.failed


async def test_wrong_token_cannot_log_in(fake: FakeDiscord) -> None:
    client = discord.Client(intents=discord.Intents.none())
    with pytest.raises(discord.LoginFailure):
        await client.login("not-the-token")
    await client.close()


async def test_discord_py_urls_are_restored() -> None:
    before = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    async with FakeDiscord() as fake:
        pointed = discord.http.Route.BASE
    assert pointed == f"http://127.0.0.1:{fake.port}/api/v10"
    after = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    assert after == before


def test_clock_moves_only_forward() -> None:
    manual = FakeClock()
    following = FakeClock(follow_real_time=True)
    manual.advance(2.5)
    following.advance(2.5)

    assert manual.now() == 2.5
    assert following.now() >= 2.5
    with pytest.raises(ValueError):
        manual.advance(-1)


async def test_roles_need_manage_roles_and_must_sit_below_the_bots(
    fake: FakeDiscord, world: World, bot: HeatBot
) -> None:
    guild_id = world.guild.id
    with pytest.raises(discord.Forbidden) as no_create:
        await bot.http.create_role(guild_id, name="Champion")
    assert no_create.value.code == 50013

    fake.grant_bot(world.guild, Permission.MANAGE_ROLES)
    created = await bot.http.create_role(guild_id, name="Champion")
    role = world.guild.roles[int(created["id"])]
    bot_role = next(r for r in world.guild.members[fake.bot_user.id].roles if r.managed)
    assert (role.name, role.position) == ("Champion", 1) and bot_role.position > 1
    await bot.http.add_role(guild_id, world.alice.id, role.id)
    assert world.guild.members[world.alice.id].roles == [role]

    above = fake.add_role(world.guild, "Stewards", Permission.NONE)
    with pytest.raises(discord.Forbidden):
        await bot.http.add_role(guild_id, world.bob.id, above.id)
    with pytest.raises(discord.NotFound):
        await bot.http.add_role(guild_id, world.bob.id, 12345)
    assert world.guild.members[world.bob.id].roles == []

    # Gateway events are ordered: once this answer exists, the bot saw the role and the member.
    await (await fake.slash(world.bob, world.channel, "heat hello")).done()
    cached = bot.get_guild(guild_id)
    assert cached is not None and cached.get_role(role.id) is not None


async def test_threads_the_discord_way(fake: FakeDiscord, world: World, bot: HeatBot) -> None:
    """A thread started from a message takes its id and type 11 with a parent, reaches the
    bot as THREAD_CREATE (discord.py caches a Thread), takes members, reopens when a message
    is sent in it after archiving, and refuses the second thread of a message (160004), a
    member added to an archived one (50083) and a bot without the permission (403, 50013)."""
    channel = channel_of(bot, world)
    starter = await channel.send("lobby")
    thread = await starter.create_thread(name="Heat · USA · #1", auto_archive_duration=10080)
    assert thread.id == starter.id and thread.parent_id == world.channel.id
    # Gateway events are ordered: once this answer exists, the bot saw THREAD_CREATE.
    await (await fake.slash(world.bob, world.channel, "heat hello")).done()
    cached = bot.get_channel(starter.id)
    assert isinstance(cached, discord.Thread) and cached.name == "Heat · USA · #1"
    [stored] = fake.threads(world.channel)
    assert int(stored.type) == 11 and stored.parent_id == world.channel.id

    await thread.add_user(discord.Object(world.alice.id))
    assert world.alice.id in stored.members
    with pytest.raises(discord.HTTPException) as twice:
        await starter.create_thread(name="again")
    await thread.send("in the thread")
    assert [m.content for m in fake.channel_messages(stored)] == ["in the thread"]
    assert "in the thread" not in [m.content for m in fake.channel_messages(world.channel)]

    await thread.edit(archived=True)
    await (await fake.slash(world.bob, world.channel, "heat hello")).done()
    assert cached.archived, "THREAD_UPDATE reached the bot"
    with pytest.raises(discord.HTTPException) as archived:
        await thread.add_user(discord.Object(world.bob.id))
    await thread.send("reopened")
    assert not stored.archived

    fake.deny_bot_permissions(world.channel, Permission.CREATE_PUBLIC_THREADS)
    other = await channel.send("another lobby")
    with pytest.raises(discord.Forbidden) as refused:
        await other.create_thread(name="no")
    assert (twice.value.status, twice.value.code) == (400, 160004)
    assert archived.value.code == 50083
    assert (refused.value.status, refused.value.code) == (403, 50013)


def race_night(fake: FakeDiscord, days: float = 1) -> tuple[datetime, datetime]:
    """A league race's start and end, ``days`` ahead of the fake's own clock."""
    start = fake.state.utcnow() + timedelta(days=days)
    return start, start + timedelta(hours=2)


async def create_race_event(guild: discord.Guild, start: datetime, end: datetime) -> Any:
    return await guild.create_scheduled_event(
        name="Heat league — race 3: Italy",
        start_time=start,
        end_time=end,
        location="#league",
        description="Italy, 2 laps, event card: Heat wave",
        privacy_level=discord.PrivacyLevel.guild_only,
        entity_type=discord.EntityType.external,
    )


def cached_guild(bot: HeatBot, world: World) -> discord.Guild:
    guild = bot.get_guild(world.guild.id)
    assert guild is not None
    return guild


async def test_scheduled_events_the_discord_way(
    fake: FakeDiscord, world: World, bot: HeatBot
) -> None:
    """An external event made through discord.py is stored with Discord's fields, listed,
    fetched, moved and deleted; each change reaches the connected bot as a dispatch."""
    fake.grant_bot(world.guild, Permission.CREATE_EVENTS)
    guild = cached_guild(bot, world)
    start, end = race_night(fake)

    created = await create_race_event(guild, start, end)
    [stored] = fake.scheduled_events(world.guild)
    assert stored.id == created.id and stored.creator is fake.bot_user
    assert (stored.privacy_level, stored.entity_type, stored.status) == (
        2,
        EntityType.EXTERNAL,
        EventStatus.SCHEDULED,
    )
    assert (stored.location, stored.start, stored.end) == ("#league", start, end)
    assert (
        stored.channel_id is None and stored.description == "Italy, 2 laps, event card: Heat wave"
    )
    assert [e.id for e in await guild.fetch_scheduled_events()] == [created.id]
    fetched = await guild.fetch_scheduled_event(created.id)
    assert (fetched.name, fetched.location, fetched.end_time) == (created.name, "#league", end)
    assert fetched.creator_id == fake.bot_user.id

    later = start + timedelta(days=7)
    moved = await fetched.edit(
        start_time=later,
        end_time=later + timedelta(hours=2),
        location="#league-night",
        privacy_level=discord.PrivacyLevel.guild_only,
        entity_type=discord.EntityType.external,
    )
    assert (stored.start, stored.location) == (later, "#league-night")
    assert moved.start_time == later
    # Gateway events are ordered: once this answer exists, the bot saw the dispatches.
    await (await fake.slash(world.bob, world.channel, "heat hello")).done()
    cached = guild.get_scheduled_event(created.id)
    assert cached is not None and cached.start_time == later

    await moved.delete()
    assert fake.scheduled_events(world.guild) == []
    with pytest.raises(discord.NotFound) as gone:
        await guild.fetch_scheduled_event(created.id)
    assert gone.value.code == 10070
    await (await fake.slash(world.bob, world.channel, "heat hello")).done()
    assert guild.get_scheduled_event(created.id) is None


async def test_scheduled_events_need_create_events_or_manage_events(
    fake: FakeDiscord, world: World, bot: HeatBot
) -> None:
    """Since February 2026 a bot needs Create Events to make an event (Manage Events alone
    is refused); its own event it may change with either, a member's only with Manage
    Events. A refusal is 403 Missing Permissions (50013) and changes nothing."""
    guild = cached_guild(bot, world)
    start, end = race_night(fake)
    with pytest.raises(discord.Forbidden) as bare:
        await create_race_event(guild, start, end)
    fake.grant_bot(world.guild, Permission.MANAGE_EVENTS)
    with pytest.raises(discord.Forbidden) as manage_only:
        await create_race_event(guild, start, end)
    assert fake.scheduled_events(world.guild) == []

    fake.grant_bot(world.guild, Permission.CREATE_EVENTS)
    own = await create_race_event(guild, start, end)
    fake.revoke_bot(world.guild, Permission.MANAGE_EVENTS)
    await own.edit(name="Race 3 (create events)", location="#league")
    fake.revoke_bot(world.guild, Permission.CREATE_EVENTS)
    with pytest.raises(discord.Forbidden) as own_without:
        await own.edit(name="Race 3 (no right)", location="#league")
    with pytest.raises(discord.Forbidden) as delete_without:
        await own.delete()
    assert [e.name for e in fake.scheduled_events(world.guild)] == ["Race 3 (create events)"]
    fake.grant_bot(world.guild, Permission.MANAGE_EVENTS)
    await own.edit(name="Race 3 (manage events)", location="#league")

    members = fake.add_scheduled_event(
        world.guild, world.marshal, name="Marshals' meeting", start=start, end=end, location="Pub"
    )
    fake.revoke_bot(world.guild, Permission.MANAGE_EVENTS)
    fake.grant_bot(world.guild, Permission.CREATE_EVENTS)
    theirs = await guild.fetch_scheduled_event(members.id)
    with pytest.raises(discord.Forbidden) as not_ours:
        await theirs.edit(name="Taken over", location="Pub")
    with pytest.raises(discord.Forbidden) as not_ours_to_delete:
        await theirs.delete()
    assert members.name == "Marshals' meeting" and members in fake.scheduled_events(world.guild)
    fake.grant_bot(world.guild, Permission.MANAGE_EVENTS)
    await theirs.delete()
    assert [e.id for e in fake.scheduled_events(world.guild)] == [own.id]

    refusals = [bare, manage_only, own_without, delete_without, not_ours, not_ours_to_delete]
    assert [(r.value.status, r.value.code) for r in refusals] == [(403, 50013)] * 6


async def test_scheduled_event_bodies_are_checked(fake: FakeDiscord, world: World) -> None:
    """Discord's field rules, each refused as 400 Invalid Form Body (50035) naming the field,
    and nothing stored."""
    fake.grant_bot(world.guild, Permission.CREATE_EVENTS)
    start, end = race_night(fake)
    good = {
        "name": "Race 3",
        "privacy_level": 2,
        "entity_type": 3,
        "scheduled_start_time": start.isoformat(),
        "scheduled_end_time": end.isoformat(),
        "entity_metadata": {"location": "#league"},
    }
    past = fake.state.utcnow() - timedelta(minutes=1)
    bodies: dict[str, dict[str, Any]] = {
        "privacy_level: This field is required": {"privacy_level": None},
        "privacy_level: Value must be one of {2}.": {"privacy_level": 1},
        "entity_type: This field is required": {"entity_type": None},
        "entity_type: Value must be one of {1, 2, 3}.": {"entity_type": 9},
        "name: Must be between 1 and 100 in length.": {"name": "x" * 101},
        "name: This field is required": {"name": None},
        "description: Must be 1000 or fewer in length.": {"description": "x" * 1001},
        "entity_metadata.location: Must be between 1 and 100 in length.": {
            "entity_metadata": {"location": "x" * 101}
        },
        "entity_metadata.location: This field is required": {"entity_metadata": None},
        "scheduled_end_time: This field is required": {"scheduled_end_time": None},
        "channel_id: An external event cannot have a channel.": {"channel_id": "1"},
        "channel_id: This field is required": {"entity_type": 2},
        "scheduled_start_time: Cannot schedule event in the past.": {
            "scheduled_start_time": past.isoformat()
        },
        "scheduled_end_time: Cannot schedule event to end before starting.": {
            "scheduled_end_time": start.isoformat()
        },
        "scheduled_start_time: Could not parse Sunday. Should be ISO8601.": {
            "scheduled_start_time": "Sunday"
        },
    }
    url = f"{fake.state.base_url}/api/v10/guilds/{world.guild.id}/scheduled-events"
    headers = {"Authorization": f"Bot {fake.bot_token}"}
    async with aiohttp.ClientSession(headers=headers) as session:
        for expected, change in bodies.items():
            body = {k: v for k, v in {**good, **change}.items() if v is not None}
            response = await session.post(url, json=body)
            error = await response.json()
            assert (response.status, error["code"]) == (400, 50035), expected
            field, message = expected.split(": ")
            node = error["errors"]
            for key in field.split("."):
                node = node[key]
            assert node["_errors"][0]["message"] == message, expected
        assert fake.scheduled_events(world.guild) == []

        created = await (await session.post(url, json=good)).json()
        event_url = f"{url}/{created['id']}"
        changes: dict[str, dict[str, Any]] = {
            "scheduled_start_time": {"scheduled_start_time": past.isoformat()},
            "status": {"status": 3},  # SCHEDULED cannot go straight to COMPLETED
            "entity_metadata": {"entity_metadata": None},
        }
        for field, change in changes.items():
            response = await session.patch(event_url, json=change)
            error = await response.json()
            assert (response.status, error["code"]) == (400, 50035), field
            assert field in error["errors"], field
        missing = await session.patch(f"{url}/12345", json={"name": "x"})
        unknown_guild = await session.get(
            f"{fake.state.base_url}/api/v10/guilds/12345/scheduled-events"
        )
        assert (missing.status, (await missing.json())["code"]) == (404, 10070)
        assert (unknown_guild.status, (await unknown_guild.json())["code"]) == (404, 10004)
    [stored] = fake.scheduled_events(world.guild)
    assert (stored.start, stored.status, stored.location) == (
        start,
        EventStatus.SCHEDULED,
        "#league",
    )


async def test_discord_py_leaves_out_the_privacy_level_unless_given(
    fake: FakeDiscord, world: World, bot: HeatBot
) -> None:
    """discord.py sends no privacy_level unless asked, and Discord refuses such an event."""
    fake.grant_bot(world.guild, Permission.CREATE_EVENTS)
    start, end = race_night(fake)
    with pytest.raises(discord.HTTPException) as refused:
        await cached_guild(bot, world).create_scheduled_event(
            name="Race 3", start_time=start, end_time=end, location="#league"
        )
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert "privacy_level: This field is required" in refused.value.text
    assert fake.scheduled_events(world.guild) == []


async def test_external_events_start_and_end_by_the_clock(
    fake: FakeDiscord, world: World, bot: HeatBot
) -> None:
    """At its start an external event becomes ACTIVE, at its end COMPLETED (the bot is told);
    a start then sent again is in the past and refused."""
    fake.grant_bot(world.guild, Permission.CREATE_EVENTS)
    start, end = race_night(fake, days=1 / 24)
    event = await create_race_event(cached_guild(bot, world), start, end)
    [stored] = fake.scheduled_events(world.guild)

    fake.clock.advance(3600)
    at_start = stored.status
    with pytest.raises(discord.HTTPException) as started:
        await event.edit(start_time=start, location="#league")
    fake.clock.advance(2 * 3600)
    assert (at_start, stored.status) == (EventStatus.ACTIVE, EventStatus.COMPLETED)
    await (await fake.slash(world.bob, world.channel, "heat hello")).done()
    cached = cached_guild(bot, world).get_scheduled_event(event.id)
    assert cached is not None and cached.status is discord.EventStatus.completed
    assert "Cannot schedule event in the past." in started.value.text


async def test_a_server_holds_at_most_100_open_events(
    fake: FakeDiscord, world: World, bot: HeatBot
) -> None:
    """Discord's limit: 100 scheduled or active events a server (30038); ended ones free room."""
    fake.grant_bot(world.guild, Permission.CREATE_EVENTS)
    start, end = race_night(fake)
    for number in range(100):
        fake.add_scheduled_event(
            world.guild, world.marshal, name=f"Race {number}", start=start, end=end, location="x"
        )
    guild = cached_guild(bot, world)
    with pytest.raises(discord.HTTPException) as full:
        await create_race_event(guild, start, end)
    assert (full.value.status, full.value.code) == (400, 30038)

    fake.clock.advance(3 * 24 * 3600)  # the hundred have run and ended
    later_start, later_end = race_night(fake)
    await create_race_event(guild, later_start, later_end)
    assert len(fake.scheduled_events(world.guild)) == 101
