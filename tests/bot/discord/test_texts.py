"""Every text exists in English and Italian with the same blanks to fill."""

from __future__ import annotations

import re
import string
from typing import get_args

import discord
import pytest

from bot.discord.hand import ORDER_CHOICES
from bot.discord.prompts import label_key
from bot.discord.texts import COMMAND_TEXTS, TEXTS, HeatTranslator, t
from bot.storage.models import Fill, Mode
from engine import Adrenaline, Boost, Discard, ReactDone, Slipstream
from engine.decisions import DECISION_TYPES
from engine.pending import Step
from tests.support.paths import ROOT

BOT = ROOT / "bot"


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_both_languages_fill_the_same_blanks(key: str) -> None:
    english, italian = TEXTS[key]
    assert english.strip() and italian.strip()
    assert fields(english) == fields(italian)


def test_every_key_the_bot_uses_exists() -> None:
    used = set()
    for path in BOT.rglob("*.py"):
        used |= set(re.findall(r'\b(?:t\(\s*|text=)"([a-z_]+)"', path.read_text()))
    assert used, "no t() calls found"
    assert used <= set(TEXTS), sorted(used - set(TEXTS))
    built = {f"fill_{fill}" for fill in get_args(Fill)} | {
        f"mode_{mode}" for mode in get_args(Mode)
    }
    built |= {f"orders_{choice}" for choice in ORDER_CHOICES}
    built |= {f"step_{step}" for step in [*get_args(Step), *DECISION_TYPES]}
    built |= {f"prompt_{step}" for step in get_args(Step) if step != "plan"}
    choices = [Boost("A"), ReactDone("A"), Slipstream("A", True), Slipstream("A", False)]
    choices += [Adrenaline("A", s, c) for s, c in ((True, False), (False, True), (True, True))]
    labels = {label_key(choice) for choice in [*choices, Discard("A", ())]}
    assert None not in labels
    built |= {label for label in labels if label is not None}
    assert built <= set(TEXTS), sorted(built - set(TEXTS))


def test_the_locale_picks_the_language() -> None:
    assert t("joined", "it", car="B") == "Sei dentro: auto B."
    assert t("joined", "en-GB", car="B") == "You are in: car B."
    assert t("joined", discord.Locale.italian, car="C") == "Sei dentro: auto C."


async def test_command_descriptions_translate_to_italian() -> None:
    translator = HeatTranslator()
    context = discord.app_commands.TranslationContext(
        discord.app_commands.TranslationContextLocation.command_description, None
    )
    for english, italian in COMMAND_TEXTS.items():
        string_ = discord.app_commands.locale_str(english)
        assert await translator.translate(string_, discord.Locale.italian, context) == italian
        assert await translator.translate(string_, discord.Locale.german, context) is None


def test_every_command_text_has_its_italian() -> None:
    """Each description and choice name a command gives (``_("...")``) is translated."""
    used = set()
    for path in (BOT / "discord").glob("*.py"):
        used |= set(re.findall(r'\b_\(\s*"([^"]+)"\s*\)', path.read_text()))
    assert len(used) > 40, "no command texts found"
    assert used <= set(COMMAND_TEXTS), sorted(used - set(COMMAND_TEXTS))
