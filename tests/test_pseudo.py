"""The pseudo-language: English about 40% longer and accented, made at run time, keeping what
the code and Discord read; served by ``data.words`` only to who names it."""

from __future__ import annotations

import re

import discord
import pytest

from data import catalogs, words
from data.pseudo import PSEUDO, pseudo

KEPT = re.compile(r"\{[^{}]*\}|<[@#t][^<>]*>|`[^`]*`")


def test_a_message_grows_by_about_two_fifths_in_accented_letters_in_brackets() -> None:
    """The issue's example: "Round 4" reads "[Ŕöûñð 4 ~~~]"."""
    assert words.text("board_round", PSEUDO, round=4) == "[Ŕöûñð 4 ~~~]"
    assert pseudo("Round {round}") == "[Ŕöûñð {round} ~~~]"


def test_placeholders_markup_and_commands_are_kept_as_written() -> None:
    english = "{mentions}: plan round {round} (before <t:{deadline}:R>), see `/heat cancel`"
    said = pseudo(f"**Hi** <@{{user}}> in <#{{channel}}>: {english} {{points:+d}}")
    assert KEPT.findall(said) == KEPT.findall(f"<@{{user}}> <#{{channel}}> {english} {{points:+d}}")
    assert said.startswith("[**Ĥî** <@{user}> îñ <#{channel}>: {mentions}: þļåñ ŕöûñð {round}")
    assert said.count("**") == 2


def test_every_line_is_bracketed_with_its_list_or_heading_mark_outside() -> None:
    said = pseudo("**Drivers**\n- Ada\n\n1-2. Everyone picks a gear\n  indented")
    assert said.split("\n") == [
        "[**Ðŕîṽéŕš** ~~~~~]",
        "- [Åðå ~~]",
        "",
        "1-2. [Éṽéŕýöñé þîċķš å ĝéåŕ ~~~~~~~~~]",
        "  [îñðéñţéð ~~~~]",
    ]
    assert pseudo(" · cooldown {n}") == " [· ċööļðöŵñ {n} ~~~~~]"


def test_the_whole_english_catalog_grows_by_about_two_fifths() -> None:
    """Over every English message (each plural form too), the pseudo-language is 35-60%
    longer: short words grow more (brackets), as translations of short words do."""
    catalog = catalogs.read(catalogs.po_path("en"), "en")
    english = [
        form
        for message in catalog
        if message.id
        for form in (message.string if isinstance(message.string, tuple) else [message.string])
    ]
    grown = sum(len(pseudo(said)) for said in english) / sum(len(said) for said in english)
    assert len(english) > 400 and 1.35 <= grown <= 1.6, grown


@pytest.mark.parametrize("name", ["pseudo", "qps-ploc", "QPS_PLOC", "Pseudo"])
def test_the_pseudo_language_is_read_by_its_names(name: str) -> None:
    assert words.language(name) == PSEUDO
    assert words.text("joined", name, car="B") == "[Ýöû åŕé îñ: ċåŕ B. ~~~~~~~]"


def test_only_who_asks_by_name_reads_it() -> None:
    """No catalog, no language listed, no Discord locale reads it: production never does."""
    assert PSEUDO not in words.languages() and PSEUDO not in catalogs.languages()
    assert not list(catalogs.LOCALES.glob(f"{PSEUDO}/**/*.po"))
    for locale in discord.Locale:
        assert words.language(locale) != PSEUDO, locale


def test_plural_forms_and_ordinals_follow_english() -> None:
    assert words.counted("count_points", 1, PSEUDO) == "[1 þţ ~~]"
    assert words.counted("count_points", 2, PSEUDO) == "[2 þţš ~~]"
    places = [words.ordinal(place, PSEUDO) for place in (1, 2, 3, 4, 11, 21)]
    assert places == ["[1šţ ~]", "[2ñð ~]", "[3ŕð ~]", "[4ţĥ ~]", "[11ţĥ ~]", "[21šţ ~]"]


def test_a_message_english_lacks_stays_its_key_and_commands_are_translated() -> None:
    assert words.text("not_a_key", PSEUDO) == "not_a_key"
    said = words.command_text("3 random cards each", PSEUDO)
    assert said == "[3 ŕåñðöɱ ċåŕðš éåċĥ ~~~~~~~~]"
    assert words.command_text("not a command", PSEUDO) is None


def test_a_command_text_longer_than_discord_takes_is_cut_after_a_word() -> None:
    """Discord refuses every command for one description over 100 characters: a translation
    that long is cut after its last whole word, with "…" (English's 77 are 111 here)."""
    english = "Drop each driver's worst race, or count every race (creator or Manage Server)"
    whole = pseudo(english)
    said = words.command_text(english, PSEUDO)
    assert len(whole) > 100 and said is not None and len(said) <= 100
    assert said.endswith("…") and whole.startswith(said[:-1]) and whole[len(said) - 1] == " "
