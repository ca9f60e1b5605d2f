"""The ``/heat`` slash commands; each hands its options to the controller."""

from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

import data
from bot.discord.controller import Controller
from bot.discord.errors import think_privately
from bot.service.limits import HIGHEST
from bot.storage import RaceConfig
from engine.ai import LEVELS
from engine.state import DraftVariant, GarageDecks

LEVEL_NAMES: dict[str, str | _] = {
    "champion": _("Champion"),
    "expert": _("Expert"),
    "pro": "Pro",  # the same in every language
    "rookie": _("Rookie"),
}
"""The name ``/heat new`` gives each of the engine's AI levels (``engine.ai.LEVELS``)."""
LIVE_TIMER_MINUTES = 3
ASYNC_TIMER_MINUTES = 24 * 60


def track_choices() -> list[tuple[str, str]]:
    """Every shipped track as (name, id), by name: the data decides what can be raced. Each
    choice carries its name's message (``track_<id>``), which Discord shows in each language."""
    return sorted((data.track(track_id).name, track_id) for track_id in data.track_ids())


class HeatCommands(app_commands.Group):
    """``/heat new``, ``join``, ``leave``, ``start``, ``hand``, ``board``, ``status``..."""

    def __init__(self, controller: Controller) -> None:
        super().__init__(
            name="heat", description=_("Race Heat: Pedal to the Metal"), guild_only=True
        )
        self.controller = controller

    @app_commands.command(name="new", description=_("Open a race lobby in this channel"))
    @app_commands.describe(
        track=_("Track"),
        laps=_("Laps (default: the track's)"),
        seats=_("Cars in the race, 2 to 6"),
        fill=_("Fill empty seats with"),
        timer=_("Turn timer in minutes"),
        mode=_("Live or async race"),
        level=_("AI level"),
        garage=_("Garage upgrades: off, basic, advanced or both decks"),
        draft=_("How the Garage upgrades are drafted"),
        weather=_("Weather and road conditions"),
    )
    @app_commands.choices(
        track=[
            app_commands.Choice(name=_(name, key=f"track_{track_id}"), value=track_id)
            for name, track_id in track_choices()
        ],
        fill=[
            app_commands.Choice(name=_("Legends"), value="legends"),
            app_commands.Choice(name=_("AI drivers"), value="ai"),
            app_commands.Choice(name=_("Nobody"), value="none"),
        ],
        mode=[
            app_commands.Choice(name=_("Live"), value="live"),
            app_commands.Choice(name=_("Async (over days)"), value="async"),
        ],
        level=[
            app_commands.Choice(name=LEVEL_NAMES[level], value=level) for level in reversed(LEVELS)
        ],
        garage=[
            app_commands.Choice(name=_("Off"), value="off"),
            app_commands.Choice(name=_("Basic upgrades"), value="basic"),
            app_commands.Choice(name=_("Advanced upgrades"), value="advanced"),
            app_commands.Choice(name=_("Both decks"), value="both"),
        ],
        draft=[
            app_commands.Choice(name=_("3 rounds from the market"), value="rounds"),
            app_commands.Choice(name=_("3 random cards each"), value="random"),
            app_commands.Choice(name=_("Snake draft"), value="snake"),
        ],
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        track: str,
        laps: app_commands.Range[int, 1, 5] | None = None,
        seats: app_commands.Range[int, 2, 6] = 6,
        fill: str = "legends",
        timer: app_commands.Range[int, 1, 10080] | None = None,
        mode: str = "live",
        level: str = "pro",
        garage: str = "off",
        draft: str = "rounds",
        weather: bool = False,
    ) -> None:
        await think_privately(interaction)  # before the read below; the lobby is a post
        if timer is None:
            stored = await self.controller.store.guild_settings(interaction.guild_id or 0)
            default = LIVE_TIMER_MINUTES if mode == "live" else ASYNC_TIMER_MINUTES
            minutes = stored.timer_seconds // 60 if stored.timer_seconds else default
        else:
            minutes = timer
        config = RaceConfig(
            track=track,
            laps=laps or data.track(track).laps,
            seats=seats,
            fill=fill,
            ai_level=level,
            timer_seconds=max(minutes * 60, 30),
            mode=mode,
            garage=cast(GarageDecks, garage),
            draft=cast(DraftVariant, draft),
            weather=weather,
        )
        await self.controller.new(interaction, config)

    @app_commands.command(name="join", description=_("Join the race in this channel"))
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.join(interaction)

    @app_commands.command(name="leave", description=_("Leave the lobby"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.leave(interaction)

    @app_commands.command(name="start", description=_("Start the race (host)"))
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.start(interaction)

    @app_commands.command(name="hand", description=_("Re-open your hand"))
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.hand(interaction)

    @app_commands.command(name="board", description=_("Show the current board"))
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.board(interaction)

    @app_commands.command(name="status", description=_("Where the race stands"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.status(interaction)

    @app_commands.command(name="cancel", description=_("Cancel the race (host or Manage Server)"))
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.cancel(interaction)

    @app_commands.command(
        name="give-up", description=_("Give up the race: you take the last free place")
    )
    async def give_up(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.give_up(interaction)

    @app_commands.command(
        name="kick", description=_("Let the AI drive for an idle driver (host or Manage Server)")
    )
    @app_commands.describe(user=_("The driver to replace"))
    async def kick(self, interaction: discord.Interaction[Any], user: discord.User) -> None:
        await self.controller.kick(interaction, user)

    @app_commands.command(
        name="export", description=_("Download a finished race in the race notation")
    )
    @app_commands.describe(race=_("Race number (default: the last finished here)"))
    async def export(self, interaction: discord.Interaction[Any], race: int | None = None) -> None:
        await self.controller.export(interaction, race)

    @app_commands.command(
        name="settings", description=_("Server settings: default timer, allowed channels, threads")
    )
    @app_commands.describe(
        timer=_("Default turn timer in minutes"),
        threads=_("Run each race in a thread of its own (default: on)"),
        max_races=_("Most races running at once in this server"),
        max_lobbies=_("Most lobbies open at once in this server"),
        max_leagues=_("Most leagues active at once in this server"),
    )
    @app_commands.choices(
        channel=[
            app_commands.Choice(name=_("Allow races in this channel"), value="allow"),
            app_commands.Choice(name=_("Stop allowing races in this channel"), value="disallow"),
        ]
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        timer: app_commands.Range[int, 1, 10080] | None = None,
        channel: str | None = None,
        threads: bool | None = None,
        max_races: app_commands.Range[int, 1, HIGHEST] | None = None,
        max_lobbies: app_commands.Range[int, 1, HIGHEST] | None = None,
        max_leagues: app_commands.Range[int, 1, HIGHEST] | None = None,
    ) -> None:
        caps = {"races": max_races, "lobbies": max_lobbies, "leagues": max_leagues}
        await self.controller.settings(interaction, timer, channel, threads, caps)

    @app_commands.command(name="notify", description=_("How you are told a race waits for you"))
    @app_commands.describe(how=_("A mention (default), a direct message, or nothing"))
    @app_commands.choices(
        how=[
            app_commands.Choice(name=_("Mention me in the race's thread"), value="thread"),
            app_commands.Choice(name=_("Send me a direct message"), value="dm"),
            app_commands.Choice(name=_("Nothing"), value="off"),
        ]
    )
    async def notify(self, interaction: discord.Interaction[Any], how: str | None = None) -> None:
        await self.controller.notify(interaction, how)

    @app_commands.command(name="rules", description=_("A short rules reference"))
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.rules(interaction)
