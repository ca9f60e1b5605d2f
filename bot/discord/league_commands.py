"""The ``/league`` slash commands and ``/heat stats``; each hands its options on."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.discord.league_controller import LeagueController, SeasonChoice

SEASON_CHOICES = [
    *(
        app_commands.Choice(name=year, value=year)
        for year in ("1961", "1962", "1963", "1964", "1965")
    ),
    app_commands.Choice(name=_("Custom tracks"), value="custom"),
    app_commands.Choice(name=_("Random (4 tracks, random events)"), value="random"),
]


class LeagueCommands(app_commands.Group):
    """``/league create``, ``join``, ``leave``, ``schedule``, ``start-race``, ``standings``..."""

    def __init__(self, controller: LeagueController) -> None:
        super().__init__(
            name="league",
            description=_("Championship leagues: seasons of races with points"),
            guild_only=True,
        )
        self.controller = controller

    @app_commands.command(name="create", description=_("Create a league in this channel"))
    @app_commands.describe(
        name=_("League name"),
        season=_("Season: a year's preset, your own tracks, or random"),
        tracks=_("Custom season: track:event, comma separated (3 or more)"),
        seats=_("Cars in each race, 2 to 6"),
        fill=_("Fill empty seats with"),
        timer=_("Turn timer in minutes"),
        drop_worst=_("Drop each driver's worst race from the standings (default: no)"),
    )
    @app_commands.rename(drop_worst="drop-worst")
    @app_commands.choices(
        season=SEASON_CHOICES,
        fill=[
            app_commands.Choice(name=_("AI drivers"), value="ai"),
            app_commands.Choice(name=_("Legends"), value="legends"),
            app_commands.Choice(name=_("Nobody"), value="none"),
        ],
    )
    async def create(
        self,
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, 60],
        season: str = "1961",
        tracks: str | None = None,
        seats: app_commands.Range[int, 2, 6] = 6,
        fill: str = "ai",
        timer: app_commands.Range[int, 1, 10080] | None = None,
        drop_worst: bool = False,
    ) -> None:
        choice = SeasonChoice(season, tuple(_track_list(tracks)), drop_worst)
        await self.controller.create(interaction, name, choice, seats, fill, timer)

    @app_commands.command(name="join", description=_("Drive in this channel's league"))
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.join(interaction)

    @app_commands.command(
        name="leave", description=_("Leave this channel's league (between races)")
    )
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.leave(interaction)

    @app_commands.command(name="schedule", description=_("The league's races and their events"))
    async def schedule(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.schedule(interaction)

    @app_commands.command(
        name="start-race", description=_("Start the league's next race here (draft first)")
    )
    async def start_race(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.start_race(interaction)

    @app_commands.command(name="standings", description=_("The league's standings"))
    async def standings(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.standings(interaction)

    @app_commands.command(name="history", description=_("The league's finished races"))
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.history(interaction)

    @app_commands.command(
        name="end", description=_("End the league (Manage Server), keeping an export")
    )
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.ask_end(interaction)

    @app_commands.command(
        name="import",
        description=_("Recreate a league here from its export file (Manage Server)"),
    )
    @app_commands.describe(file=_("The JSON file /league end posted"))
    async def import_league(
        self, interaction: discord.Interaction[Any], file: discord.Attachment
    ) -> None:
        await self.controller.import_league(interaction, file)

    @app_commands.command(
        name="correct", description=_("Correct a driver's points (Manage Server)")
    )
    @app_commands.describe(
        user=_("The driver"),
        points=_("Points to add (negative to take away)"),
        reason=_("Why (kept in the audit log)"),
    )
    async def correct(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User,
        points: app_commands.Range[int, -100, 100],
        reason: app_commands.Range[str, 1, 200],
    ) -> None:
        await self.controller.correct(interaction, user, points, reason)

    @app_commands.command(
        name="drop-worst",
        description=_(
            "Drop each driver's worst race, or count every race (creator or Manage Server)"
        ),
    )
    @app_commands.describe(setting=_("On: drop each driver's worst race; off: count every race"))
    @app_commands.choices(
        setting=[
            app_commands.Choice(name=_("On"), value="on"),
            app_commands.Choice(name=_("Off"), value="off"),
        ]
    )
    async def drop_worst(self, interaction: discord.Interaction[Any], setting: str) -> None:
        await self.controller.drop_worst(interaction, setting == "on")

    @app_commands.command(
        name="breakdown", description=_("A driver's points race by race (only you see it)")
    )
    @app_commands.describe(user=_("The driver (default: you)"))
    async def breakdown(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None
    ) -> None:
        await self.controller.breakdown(interaction, user or interaction.user)


def stats_command(controller: LeagueController) -> app_commands.Command[Any, Any, None]:
    """``/heat stats @player``: one player's league races across every league."""

    @app_commands.command(name="stats", description=_("A player's league stats across leagues"))
    @app_commands.describe(user=_("The player"))
    async def stats(interaction: discord.Interaction[Any], user: discord.User) -> None:
        await controller.stats(interaction, user)

    return stats


def _track_list(tracks: str | None) -> list[str]:
    return [part.strip().lower() for part in (tracks or "").split(",") if part.strip()]
