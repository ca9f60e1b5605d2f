"""The league draft in the channel: who picks, the market's picture, a button per legal pick.

Every button and select comes from the engine's ``season_legal_decisions`` (via
the service's :class:`DraftTurn`) and carries the decision's text form with the
season version, so a click on an old prompt is recognised as stale.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

import data
from bot.discord.components import HeatButton, HeatSelect, view_of
from bot.discord.controller import Controller, public_locale
from bot.discord.ids import ComponentId, button, select
from bot.discord.league_posts import market_file
from bot.discord.texts import t
from bot.service.league_values import DraftTurn, LeagueChange
from bot.service.leagues import LeagueService
from bot.service.refusals import Refused
from bot.storage import LeagueRecord
from engine.season import (
    DraftKeep,
    DraftPick,
    DraftSwap,
    SeasonDecision,
    parse_season_decision,
)

log = logging.getLogger("heat.league")

MAX_OPTIONS = 25  # Discord's limit for one select
MAX_SELECTS = 4  # five rows a message, one kept for the "keep" button


def decision_arg(decision: SeasonDecision) -> str:
    """A decision's text form as it rides in a custom id (dots for spaces)."""
    return str(decision).replace(" ", ".")


def draft_message(turn: DraftTurn, market: discord.File) -> dict[str, Any]:
    """The public prompt: the picker named, the market drawn, one button per pick.

    The first picker's swap offer is one select per owned upgrade (the market
    cards to take for it) and a "keep" button.
    """
    locale = turn.locale
    items: list[discord.ui.Item[Any]] = []
    if not turn.swap:
        content = t("league_draft", locale, user=turn.user_id, race=turn.race_no)
        for decision in turn.decisions:
            assert isinstance(decision, DraftPick)
            target = button("lg", turn.league_id, turn.version, decision_arg(decision))
            items.append(HeatButton(target, t("league_pick", locale, card=decision.card), _PRIMARY))
    else:
        content = t("league_swap", locale, user=turn.user_id)
        gives = dict.fromkeys(d.give for d in turn.decisions if isinstance(d, DraftSwap))
        for give in list(gives)[:MAX_SELECTS]:
            options = [
                discord.SelectOption(
                    label=t("league_swap_button", locale, give=give, take=d.take), value=d.take
                )
                for d in turn.decisions
                if isinstance(d, DraftSwap) and d.give == give
            ][:MAX_OPTIONS]
            target = select("lgs", turn.league_id, turn.version, f"{turn.driver_id}.{give}")
            items.append(HeatSelect(target, options, give))
        keep = DraftKeep(turn.driver_id)
        if keep in turn.decisions:
            target = button("lg", turn.league_id, turn.version, decision_arg(keep))
            items.append(HeatButton(target, t("league_keep", locale), _PRIMARY))
    return {
        "content": content,
        "file": market,
        "view": view_of(*items),
    }


_PRIMARY = discord.ButtonStyle.primary


class LeagueDraft:
    """The draft in the channel: clicks on its buttons, what each change says, its timers.

    It is also a source of the bot's scheduler: a person whose turn timer ran out
    has the AI decide for them.
    """

    def __init__(self, controller: Controller, leagues: LeagueService) -> None:
        self.controller = controller
        self.leagues = leagues

    async def on_click(
        self, interaction: discord.Interaction[Any], target: ComponentId, text: str
    ) -> None:
        """A draft button or swap select: the decision it carries, on its season version."""
        await interaction.response.defer()
        try:
            decision = parse_season_decision(text)
        except ValueError:
            await self.controller.refuse(interaction, "unknown_action")
            return
        try:
            change = await self.leagues.decide(
                target.race, interaction.user.id, target.stamp, decision
            )
        except Refused as refused:
            await self.controller.refused(interaction, refused)
            return
        await interaction.edit_original_response(view=None)
        await self.after(interaction, change)

    def swap_text(self, target: ComponentId, values: list[str]) -> str:
        """The swap a select's choice makes: ``arg`` is the driver and the card given."""
        driver, _, give = target.arg.partition(".")
        return str(DraftSwap(driver, give, values[0] if values else ""))

    async def after(self, interaction: discord.Interaction[Any], change: LeagueChange) -> None:
        """After a change made by a command or a click: tell the channel it came from."""
        channel = interaction.channel
        if isinstance(channel, discord.abc.Messageable):
            await self.announce(channel, public_locale(interaction), change)

    async def announce(
        self, channel: discord.abc.Messageable, locale: str, change: LeagueChange
    ) -> None:
        """Say the draft decisions made, ask the next picker, or hand over to the race."""
        self.controller.scheduler.wake()  # a draft timer may have been armed or dropped
        lines = []
        if change.timed_out:
            lines.append(t("league_timer_played", locale, name=change.timed_out))
        lines += [
            t("league_picked", locale, name=name, card=d.card)
            if isinstance(d, DraftPick)
            else t("league_swapped", locale, name=name, give=d.give, take=d.take)
            for name, d in change.made
            if not isinstance(d, DraftKeep)
        ]
        if lines:
            await channel.send("\n".join(lines), allowed_mentions=discord.AllowedMentions.none())
        if change.turn is not None:
            await self.post_turn(channel, change.turn)
        if change.race is not None:
            season = change.league.season
            race = season.races[season.race_no - 1]
            await channel.send(
                t(
                    "league_race_starting",
                    locale,
                    race=season.race_no,
                    name=change.league.record.name,
                    track=data.track(race.track).name,
                    event=race.event,
                    title=data.championship().event(race.event).title,
                )
            )
            await self.controller.after(change.race.race.id)

    # --- the draft's turn timers (a source of the bot's scheduler) ---------------------

    def next_due(self) -> float | None:
        return self.leagues.next_draft_due()

    async def run_due(self, now: float) -> int:
        """The AI decides for whoever let a draft's turn timer run out; the channel is told."""
        changes = await self.leagues.expire_drafts(now)
        publisher = self.controller.publisher
        for change in changes:
            record = change.league.record
            try:
                channel = await self._channel(record)
                if channel is not None:
                    await self.announce(channel, publisher.locale_of(record.guild_id), change)
            except discord.HTTPException:
                # The pick is made; the next start-up (or /league start-race) asks again.
                log.warning("cannot post the draft league=%s guild=%s", record.id, record.guild_id)
        return len(changes)

    async def ask_again(self, waiting: list[tuple[LeagueRecord, DraftTurn]]) -> int:
        """At start-up: each person a draft waits on gets their prompt again.

        A stopped bot may have stored a pick and died before posting the next
        prompt; asking again costs a repeated prompt after a clean restart, and
        the older prompt's buttons still work until someone decides.
        """
        asked = 0
        for record, turn in waiting:
            try:
                channel = await self._channel(record)
                if channel is not None:
                    await self.post_turn(channel, turn)
                    asked += 1
            except discord.HTTPException:
                log.warning("cannot ask again league=%s guild=%s", record.id, record.guild_id)
        return asked

    async def _channel(self, record: LeagueRecord) -> discord.abc.Messageable | None:
        """The league's channel, if the bot can still see it and post there."""
        client = self.controller.publisher.client
        channel = client.get_channel(record.channel_id) or await client.fetch_channel(
            record.channel_id
        )
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def post_turn(self, channel: discord.abc.Messageable, turn: DraftTurn) -> None:
        """The public draft prompt for ``turn``: the market's picture and the picker's buttons."""
        file = await market_file(turn.market, f"league-{turn.league_id}-{turn.version}.png")
        message = draft_message(turn, file)
        await channel.send(
            **message, allowed_mentions=discord.AllowedMentions(users=True, roles=False)
        )
