"""``/league date``, ``settings``, ``rsvp`` and ``reserve``: the league nights' commands.

Each hands its options on to :class:`LeagueNightsController`, which acknowledges first.
"""

from __future__ import annotations

import functools
import zoneinfo
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.discord.commands import LEVEL_NAMES
from bot.discord.league_nights import LeagueNightsController
from engine.ai import LEVELS

MAX_CHOICES = 25  # Discord's limit for an autocomplete's answer
COMMON_ZONES = (
    "UTC",
    "Europe/London",
    "Europe/Rome",
    "Europe/Paris",
    "Europe/Berlin",
    "Europe/Madrid",
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Sao_Paulo",
    "Asia/Tokyo",
    "Australia/Sydney",
)
"""What the zone's autocomplete offers before anything is typed."""


@functools.cache
def _all_zones() -> tuple[str, ...]:
    return tuple(sorted(zoneinfo.available_timezones()))


def zone_choices(typed: str) -> list[app_commands.Choice[str]]:
    """IANA zones matching what is typed ("rome", "new york"), those it begins first, 25 at
    most; a few common ones before anything is typed."""
    wanted = typed.strip().lower().replace(" ", "_")
    if not wanted:
        return [app_commands.Choice(name=zone, value=zone) for zone in COMMON_ZONES]
    matching = [zone for zone in _all_zones() if wanted in zone.lower()]
    matching.sort(key=lambda zone: not _begins(zone.lower(), wanted))
    return [app_commands.Choice(name=zone, value=zone) for zone in matching[:MAX_CHOICES]]


def _begins(zone: str, wanted: str) -> bool:
    """The zone, or its city, begins with what is typed."""
    return zone.startswith(wanted) or zone.rpartition("/")[2].startswith(wanted)


async def _zones(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    return zone_choices(current)


class DateCommands(app_commands.Group):
    """``/league date set``, ``weekly`` and ``cancel`` (the league's creator or Manage Server)."""

    def __init__(self, nights: LeagueNightsController) -> None:
        super().__init__(
            name="date", description=_("Date the league's races (creator or Manage Server)")
        )
        self.nights = nights

    @app_commands.command(name="set", description=_("Date one race, or move it"))
    @app_commands.describe(
        race=_("Race number"),
        date=_("Day, as YYYY-MM-DD"),
        time=_("Start time, as HH:MM"),
        zone=_("Time zone, e.g. Europe/Rome"),
    )
    @app_commands.autocomplete(zone=_zones)
    async def set_date(
        self,
        interaction: discord.Interaction[Any],
        race: app_commands.Range[int, 1, 100],
        date: app_commands.Range[str, 1, 20],
        time: app_commands.Range[str, 1, 10],
        zone: app_commands.Range[str, 1, 60],
    ) -> None:
        await self.nights.date(interaction, race, date, time, zone)

    @app_commands.command(name="weekly", description=_("Date every race still to come"))
    @app_commands.describe(
        first=_("Day of the next race, as YYYY-MM-DD"),
        time=_("Start time, as HH:MM"),
        zone=_("Time zone, e.g. Europe/Rome"),
        every=_("Days between races (default 7)"),
    )
    @app_commands.rename(first="from")
    @app_commands.autocomplete(zone=_zones)
    async def weekly(
        self,
        interaction: discord.Interaction[Any],
        first: app_commands.Range[str, 1, 20],
        time: app_commands.Range[str, 1, 10],
        zone: app_commands.Range[str, 1, 60],
        every: app_commands.Range[int, 1, 28] = 7,
    ) -> None:
        await self.nights.weekly(interaction, first, time, zone, every)

    @app_commands.command(name="cancel", description=_("Take a race's date away"))
    @app_commands.describe(race=_("Race number"))
    async def cancel(
        self, interaction: discord.Interaction[Any], race: app_commands.Range[int, 1, 100]
    ) -> None:
        await self.nights.cancel(interaction, race)


class ReserveCommands(app_commands.Group):
    """``/league reserve add`` and ``remove`` (the league's creator or Manage Server)."""

    def __init__(self, nights: LeagueNightsController) -> None:
        super().__init__(
            name="reserve", description=_("The league's reserve drivers (creator or Manage Server)")
        )
        self.nights = nights

    @app_commands.command(name="add", description=_("List a reserve driver"))
    @app_commands.describe(user=_("The reserve driver"))
    async def add(self, interaction: discord.Interaction[Any], user: discord.User) -> None:
        await self.nights.reserve(interaction, user, listed=True)

    @app_commands.command(name="remove", description=_("Take a reserve driver off the list"))
    @app_commands.describe(user=_("The reserve driver"))
    async def remove(self, interaction: discord.Interaction[Any], user: discord.User) -> None:
        await self.nights.reserve(interaction, user, listed=False)


def night_commands(
    nights: LeagueNightsController,
) -> list[app_commands.Command[Any, Any, None] | app_commands.Group]:
    """The league nights' commands and groups, for ``/league`` to add."""

    @app_commands.command(
        name="settings",
        description=_(
            "Reminders, no-shows, AI level (creator or Manage Server); shown if none given"
        ),
    )
    @app_commands.describe(
        reminders=_("Hours before each race, e.g. 24, 1 (0 for none)"),
        no_show=_("Who drives for a driver who cannot come"),
        level=_("AI level of the league's AI drivers"),
    )
    @app_commands.rename(no_show="no-show")
    @app_commands.choices(
        no_show=[
            app_commands.Choice(name=_("AI drivers"), value="ai"),
            app_commands.Choice(name=_("A reserve driver"), value="reserve"),
        ],
        level=[
            app_commands.Choice(name=LEVEL_NAMES[level], value=level) for level in reversed(LEVELS)
        ],
    )
    async def settings(
        interaction: discord.Interaction[Any],
        reminders: app_commands.Range[str, 1, 40] | None = None,
        no_show: str | None = None,
        level: str | None = None,
    ) -> None:
        await nights.settings(interaction, reminders, no_show, level)

    @app_commands.command(name="rsvp", description=_("Say whether you will race"))
    @app_commands.describe(
        coming=_("Will you race?"), race=_("Race number (default: the next race)")
    )
    @app_commands.choices(
        coming=[
            app_commands.Choice(name=_("I'll race"), value="yes"),
            app_commands.Choice(name=_("Can't make it"), value="no"),
        ]
    )
    async def rsvp(
        interaction: discord.Interaction[Any],
        coming: str,
        race: app_commands.Range[int, 1, 100] | None = None,
    ) -> None:
        await nights.rsvp(interaction, coming == "yes", race)

    return [DateCommands(nights), settings, rsvp, ReserveCommands(nights)]
