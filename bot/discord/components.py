"""Buttons and selects that survive restarts: plain items, their clicks routed by custom id.

A click goes straight from the interaction to ``interaction.client.clicks``, which
reloads the race from the store; a failure gets the one error answer. No
``View`` is built per click (discord.py's ``DynamicItem`` rebuilds the clicked
message's whole view first): each view is a cycle of objects that outlives the
click's handling, and thousands of them make the long collections that delay
every acknowledgement.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any, Protocol

import discord
from discord import ui

from bot.discord.errors import answer_failure
from bot.discord.ids import BUTTON_PATTERN, SELECT_PATTERN, ComponentId
from data.words import cut_to

# Discord's longest texts in a component: a longer language's words are cut after a word.
BUTTON_LABEL = 80
OPTION_LABEL = 100
PLACEHOLDER = 150

BUTTON_ID = re.compile(BUTTON_PATTERN)
SELECT_ID = re.compile(SELECT_PATTERN)


class ClickHandler(Protocol):
    """What the bot does with a click (:class:`bot.discord.clicks.Clicks`)."""

    async def on_button(
        self, interaction: discord.Interaction[Any], target: ComponentId
    ) -> None: ...

    async def on_select(
        self, interaction: discord.Interaction[Any], target: ComponentId, values: list[str]
    ) -> None: ...


class HeatButton(ui.Button[Any]):
    """Any button of the bot; the id says what it does."""

    def __init__(
        self,
        target: ComponentId,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        *,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        super().__init__(
            label=cut_to(label, BUTTON_LABEL) or None,
            style=style,
            custom_id=str(target),
            disabled=disabled,
            row=row,
        )
        self.target = target


class HeatSelect(ui.Select[Any]):
    """Any select menu of the bot; the id says what the choice is for."""

    def __init__(
        self,
        target: ComponentId,
        options: list[discord.SelectOption],
        placeholder: str = "",
        *,
        min_values: int = 1,
        max_values: int = 1,
        row: int | None = None,
    ) -> None:
        for option in options:
            option.label = cut_to(option.label, OPTION_LABEL)
        super().__init__(
            custom_id=str(target),
            options=options,
            placeholder=cut_to(placeholder, PLACEHOLDER) or None,
            min_values=min_values,
            max_values=max_values,
            row=row,
        )
        self.target = target


async def route_click(interaction: discord.Interaction[Any], clicks: ClickHandler) -> None:
    """Hand a click on one of the bot's components to ``clicks``; other ids are not ours."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    try:
        if (match := BUTTON_ID.fullmatch(custom_id)) is not None:
            await clicks.on_button(interaction, ComponentId.parse("b", match))
        elif (match := SELECT_ID.fullmatch(custom_id)) is not None:
            values = [str(value) for value in data.get("values", [])]
            await clicks.on_select(interaction, ComponentId.parse("s", match), values)
    except Exception as error:
        await answer_failure(interaction, error)
    finally:
        release(interaction)


def release(interaction: discord.Interaction[Any]) -> None:
    """Break the cycle between a handled interaction and its cached response object.

    discord.py caches ``interaction.response``, whose ``_parent`` points back at
    the interaction: the pair (with the clicked message, its components, the
    member) outlives the click until a full garbage collection, and those
    collections pause the event loop for every acknowledgement waiting behind
    them. Without the cache entry, reference counting frees the click at once.
    """
    with contextlib.suppress(AttributeError):
        del interaction._cs_response  # type: ignore[attr-defined]


def view_of(*items: ui.Item[Any]) -> ui.View:
    """A view holding these items, already stopped so discord.py never stores it.

    The items route by their custom ids (:func:`route_click`), so the view is
    only a container for sending. A stored view would live on: discord.py
    gives every ephemeral one a 15-minute timeout task, and thousands of live
    views mean long garbage-collection pauses.
    """
    view = ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view
