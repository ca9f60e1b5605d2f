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
