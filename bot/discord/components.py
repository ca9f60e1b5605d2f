"""Buttons and selects that survive restarts: DynamicItems routed by their custom id.

The item classes only parse the id and hand the click to ``interaction.client.clicks``,
which reloads the race from the store; a failure gets the one error answer.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord
from discord import ui

from bot.discord.errors import answer_failure
from bot.discord.ids import BUTTON_PATTERN, SELECT_PATTERN, ComponentId


class ClickHandler(Protocol):
    """What the bot does with a click (:class:`bot.discord.clicks.Clicks`)."""

    async def on_button(
        self, interaction: discord.Interaction[Any], target: ComponentId
    ) -> None: ...

    async def on_select(
        self, interaction: discord.Interaction[Any], target: ComponentId, values: list[str]
    ) -> None: ...


class Handlers(Protocol):
    """The client, which lets the interactions it is handling finish before it closes."""

    clicks: ClickHandler

    def handling(self) -> None: ...


def _client(interaction: discord.Interaction[Any]) -> Handlers:
    return cast(Handlers, interaction.client)


class HeatButton(ui.DynamicItem[ui.Button[Any]], template=BUTTON_PATTERN):
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
            ui.Button(
                label=label or None,
                style=style,
                custom_id=str(target),
                disabled=disabled,
                row=row,
            )
        )
        self.target = target

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> HeatButton:
        button = cast("ui.Button[Any]", item)
        return cls(ComponentId.parse("b", match), button.label or "", button.style)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        _client(interaction).handling()
        return True

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await _client(interaction).clicks.on_button(interaction, self.target)
        except Exception as error:
            await answer_failure(interaction, error)


class HeatSelect(ui.DynamicItem[ui.Select[Any]], template=SELECT_PATTERN):
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
        super().__init__(
            ui.Select(
                custom_id=str(target),
                options=options,
                placeholder=placeholder or None,
                min_values=min_values,
                max_values=max_values,
                row=row,
            )
        )
        self.target = target

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> HeatSelect:
        options = list(cast("ui.Select[Any]", item).options)
        return cls(ComponentId.parse("s", match), options or [_PLACEHOLDER])

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        _client(interaction).handling()
        return True

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        values = [str(value) for value in data.get("values", [])]
        try:
            await _client(interaction).clicks.on_select(interaction, self.target, values)
        except Exception as error:
            await answer_failure(interaction, error)


_PLACEHOLDER = discord.SelectOption(label="-", value="-")

DYNAMIC_ITEMS = (HeatButton, HeatSelect)


def view_of(*items: ui.Item[Any]) -> ui.View:
    """A view holding these items, already stopped so discord.py never stores it.

    The items route by their custom ids (DynamicItem), so the view is only a
    container for sending. A stored view would live on: discord.py gives every
    ephemeral one a 15-minute timeout task, and thousands of live views mean
    long garbage-collection pauses.
    """
    view = ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view
