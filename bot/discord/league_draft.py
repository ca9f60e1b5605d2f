"""The league draft in the channel: who picks, the market's picture, a button per legal pick.

Every button and select comes from the engine's ``season_legal_decisions`` (via
the service's :class:`DraftTurn`) and carries the decision's text form with the
season version, so a click on an old prompt is recognised as stale.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.components import HeatButton, HeatSelect, view_of
from bot.discord.ids import button, select
from bot.discord.texts import t
from bot.service.league_values import DraftTurn
from engine.season_decisions import DraftKeep, DraftPick, DraftSwap, SeasonDecision

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
