"""Buttons and selects that survive restarts: DynamicItems routed by their custom id.

The item classes only parse the id and hand the click to ``interaction.client.clicks``
(:class:`bot.clicks.Clicks`), which reloads the race from the store.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import ui

from bot.ids import BUTTON_PATTERN, SELECT_PATTERN, ComponentId

if TYPE_CHECKING:
    from bot.clicks import Clicks


def _clicks(interaction: discord.Interaction[Any]) -> Clicks:
    return cast("Clicks", interaction.client.clicks)


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

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _clicks(interaction).on_button(interaction, self.target)


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

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        values = [str(value) for value in data.get("values", [])]
        await _clicks(interaction).on_select(interaction, self.target, values)


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
