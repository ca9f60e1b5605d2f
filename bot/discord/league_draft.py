"""The league draft in its race's thread: who picks, the market's picture, a button per pick.

Every button and select comes from the engine's ``season_legal_decisions`` (via
the service's :class:`DraftTurn`) and carries the decision's text form with the
season version, so a click on an old prompt is recognised as stale. What the
thread is told goes through the outbox, as a race's posts do: the rows are stored
with the change, posted right after it, and by the next start-up if it died first.
The thread is the race's (:mod:`bot.discord.league_threads`), or the league's channel
where threads are off or refused.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord.channels import send_or_keep
from bot.discord.components import HeatButton, HeatSelect, view_of
from bot.discord.controller import Controller
from bot.discord.ids import ComponentId, button, select
from bot.discord.ids import numbered as numbered_arg
from bot.discord.league_posts import market_file
from bot.discord.league_threads import LeagueThreads
from bot.discord.market import numbered, picks
from bot.discord.texts import shown_name, t
from bot.service.league_values import DraftTurn, League, LeagueChange
from bot.service.leagues import LeagueService
from bot.service.refusals import Refused
from bot.storage import LeagueRecord, OutboxRow, Timer
from data.words import event_title, track_name
from engine.season import (
    DraftKeep,
    DraftPick,
    DraftSwap,
    SeasonDecision,
    parse_season_decision,
)
from render.card_words import card_label

log = logging.getLogger("heat.league")

MAX_OPTIONS = 25  # Discord's limit for one select
MAX_SELECTS = 4  # five rows a message, one kept for the "keep" button


def decision_arg(decision: SeasonDecision) -> str:
    """A decision's text form as it rides in a custom id (dots for spaces)."""
    return str(decision).replace(" ", ".")


def draft_message(turn: DraftTurn, market: discord.File, locale: str) -> dict[str, Any]:
    """The public prompt: the picker named, the market drawn, one button per pick, in the
    server's language as every public post (the picture beside it is too).

    The first picker's swap offer is one select per owned upgrade (the market
    cards to take for it) and a "keep" button.
    """
    items: list[discord.ui.Item[Any]] = []
    if not turn.swap:
        content = t("league_draft", locale, user=turn.user_id, race=turn.race_no)
        picks = [d for d in turn.decisions if isinstance(d, DraftPick)]
        for number, decision in numbered(turn.market, picks, _card_of):
            arg = numbered_arg(decision_arg(decision), number)
            target = button("lg", turn.league_id, turn.version, arg)
            text = t("league_pick", locale, card=card_label(decision.card, locale))
            items.append(
                HeatButton(target, t("numbered", locale, number=number, label=text), _PRIMARY)
            )
    else:
        content = t("league_swap", locale, user=turn.user_id)
        gives = dict.fromkeys(d.give for d in turn.decisions if isinstance(d, DraftSwap))
        for give in list(gives)[:MAX_SELECTS]:
            options = [
                discord.SelectOption(
                    label=t(
                        "league_swap_button",
                        locale,
                        give=card_label(give, locale),
                        take=card_label(d.take, locale),
                    ),
                    value=d.take,
                )
                for d in turn.decisions
                if isinstance(d, DraftSwap) and d.give == give
            ][:MAX_OPTIONS]
            target = select("lgs", turn.league_id, turn.version, f"{turn.driver_id}.{give}")
            items.append(HeatSelect(target, options, card_label(give, locale)))
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
_PEOPLE = discord.AllowedMentions(users=True, roles=False, everyone=False)


def _card_of(decision: DraftPick) -> str:
    return decision.card


class LeagueDraft:
    """The draft in its thread: clicks on its buttons, its timers, and the league's posts.

    ``on_timer`` fires a draft's turn timer for the bot's scheduler (the AI decides
    for the absent person); ``post`` posts one of the league's outbox rows.
    """

    def __init__(self, controller: Controller, leagues: LeagueService) -> None:
        self.controller = controller
        self.leagues = leagues
        self.threads = LeagueThreads(controller.publisher.client, controller.store)

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
            await self.after(target.race)  # a pick stored before its race was refused
            return
        await interaction.edit_original_response(view=None)
        await self.after(change.league.id, change)

    def swap_text(self, target: ComponentId, values: list[str]) -> str:
        """The swap a select's choice makes: ``arg`` is the driver and the card given."""
        driver, _, give = target.arg.partition(".")
        return str(DraftSwap(driver, give, values[0] if values else ""))

    async def after(self, league_id: int, change: LeagueChange | None = None) -> None:
        """After a league's change: its timer may have moved; post what it stored, then its
        race's. Also after a refusal, which may come once the change is stored (a race that
        cannot open after its draft's last pick)."""
        self.controller.scheduler.wake()
        await self.controller.outbox.flush(league_id=league_id)
        if change is not None and change.race is not None:
            await self.controller.after(change.race.race.id)

    async def on_timer(self, timer: Timer) -> None:
        """A draft's turn timer ran out: the AI decides for the absent person."""
        assert timer.league_id is not None
        await self.after(timer.league_id, await self.leagues.expire_draft(timer))

    # --- the league's outbox rows ---------------------------------------------------------

    async def post(self, row: OutboxRow, resumed: bool) -> None:
        """Post one of the league's rows in its race's thread (started by the race's first
        row); PostLater if Discord failed and it should be kept."""
        assert row.league_id is not None
        try:
            league = await self.leagues.load(row.league_id)
        except Refused:
            return  # the league ended: its draft is over
        record = league.record
        locale = self.controller.publisher.locale_of(record.guild_id)
        race_no = int(row.values.get("race_no", league.season.race_no))
        home = await self.threads.home(league, race_no, locale)
        if home is None:
            log.warning("channel gone league=%s guild=%s", record.id, record.guild_id)
            return
        if row.kind == "draft":
            message = await self._ask(league, int(row.values["version"]), locale)
        elif row.kind == "drafted":
            message = {"content": _drafted(league, row, locale)}
        else:
            values = dict(row.values)
            if "track_id" in values:  # the track in the server's language
                values["track"] = track_name(str(values["track_id"]), locale)
            if "event" in values:  # the event card's title too
                values["title"] = event_title(int(values["event"]), locale)
            message = {"content": t(row.text, locale, **values)}
        if home.why_not:
            # The first post says why the draft runs in the channel, to the league's creator.
            content = message.get("content", "")
            message["content"] = "\n".join(filter(None, [home.why_not, content]))
            message["allowed_mentions"] = _PEOPLE
        if message.get("content") or message.get("file"):
            await _send(home.channel, record, **message)
        await self.threads.welcome(home, league, race_no, locale)

    async def _ask(self, league: League, version: int, locale: str) -> dict[str, Any]:
        """The public draft prompt, if the draft still waits on the person asked at ``version``
        (nothing to post otherwise)."""
        turn = await self.leagues.turn(league.id)
        if turn is None or turn.version != version:
            return {}  # decided meanwhile: a newer row asks the next person
        track = track_name(league.season.races[turn.race_no - 1].track, locale)
        picker = league.name_of(turn.driver_id)
        heading = t(
            "market_league_title", locale, name=league.record.name, race=turn.race_no, track=track
        )
        title = (heading, picks(picker, locale))
        name = f"league-{turn.league_id}-{turn.version}.png"
        file = await market_file(turn.market, title, name, locale)
        return {**draft_message(turn, file, locale), "allowed_mentions": _PEOPLE}


def _drafted(league: League, row: OutboxRow, locale: str) -> str:
    """The draft decisions a change made, a line each (the AI's for an absent person first)."""
    lines = []
    timed_out = str(row.values.get("timed_out", ""))
    if timed_out:
        lines.append(t("league_timer_played", locale, name=league.name_of(timed_out)))
    for text in filter(None, str(row.values.get("made", "")).split("\n")):
        decision = parse_season_decision(text)
        driver = decision.driver if isinstance(decision, DraftPick | DraftSwap) else None
        name = "" if driver is None else _name(league, driver, locale)
        if isinstance(decision, DraftPick):
            lines.append(
                t("league_picked", locale, name=name, card=card_label(decision.card, locale))
            )
        elif isinstance(decision, DraftSwap):
            lines.append(
                t(
                    "league_swapped",
                    locale,
                    name=name,
                    give=card_label(decision.give, locale),
                    take=card_label(decision.take, locale),
                )
            )
    return "\n".join(lines)


def _name(league: League, driver_id: str, locale: str) -> str:
    """A driver as the league names it, an AI driver's name in the reader's language."""
    return shown_name(league.name_of(driver_id), league.season.driver(driver_id).color, locale)


async def _send(channel: discord.abc.Messageable, record: LeagueRecord, **message: Any) -> None:
    """Post in the draft's thread (or the league's channel), mentioning nobody unless told;
    a channel that refuses the bot loses the post (see :func:`send_or_keep`)."""
    message.setdefault("allowed_mentions", discord.AllowedMentions.none())
    if not await send_or_keep(channel, **message):
        log.warning("cannot post league=%s guild=%s", record.id, record.guild_id)
