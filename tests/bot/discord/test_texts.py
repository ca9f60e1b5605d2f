"""Every text the bot says comes from the catalogs, in every language, with the same blanks."""

from __future__ import annotations

from typing import get_args

import discord

import data
from bot.discord.controller import NEEDED
from bot.discord.hand import ORDER_CHOICES
from bot.discord.prompts import PLACEHOLDERS, PLAIN_KEYS, label_key
from bot.discord.texts import BUILT, FILL_KINDS, HeatTranslator, counted, ordinal, t
from bot.discord.threads import NEEDED as THREADS_NEEDED
from bot.service.limits import Capped
from bot.service.race_seats import COLOURS
from bot.storage.models import Fill, Mode, NoShow, NotifyMode
from data import catalogs, words
from data.models import SectorEffect
from engine import Adrenaline, Boost, Discard, ReactDone, Slipstream
from engine.cards import KNOWN_CARDS, symbols
from engine.decisions import DECISION_TYPES
from engine.errors import SeasonSetupKey
from engine.pending import Step
from engine.state import DraftVariant, GarageDecks
from render.card_faces import BASE_FACES, title_key

PERMISSIONS = {name for name, on in NEEDED if on} | set(THREADS_NEEDED) | {"send_messages"}
COMMANDS = {item.id for item in catalogs.wanted() if item.context == catalogs.COMMAND}


def card_names() -> set[str]:
    """The names a hand or market prints: the base cards', the upgrades', the sponsors'."""
    names = {face.title for face in BASE_FACES.values()}
    names |= {upgrade.name for upgrade in data.upgrade_cards().upgrades}
    return names | {card.name for card in data.championship().sponsorship_cards}


def built_keys() -> dict[str, set[str]]:
    """The keys the bot builds at run time, by family, from the types they are built from."""
    choices = [Boost("A"), ReactDone("A"), Slipstream("A", True), Slipstream("A", False)]
    choices += [Adrenaline("A", s, c) for s, c in ((True, False), (False, True), (True, True))]
    labels = {label_key(choice) for choice in [*choices, Discard("A", ())]}
    assert None not in labels
    return {
        "fill_": {f"fill_{fill}" for fill in get_args(Fill)},
        "mode_": {f"mode_{mode}" for mode in get_args(Mode)},
        "notify_": {f"notify_{mode}" for mode in get_args(NotifyMode)},
        "league_night_no_show_": {f"league_night_no_show_{n}" for n in get_args(NoShow)},
        "limit_": {f"limit_{what}" for what in get_args(Capped)},
        "garage_": {f"garage_{decks}" for decks in get_args(GarageDecks)},
        "draft_": {f"draft_{variant}" for variant in get_args(DraftVariant)},
        "orders_": {f"orders_{choice}" for choice in ORDER_CHOICES},
        "step_": {f"step_{step}" for step in [*get_args(Step), *DECISION_TYPES]},
        "prompt_": {f"prompt_{step}" for step in get_args(Step) if step != "plan"},
        "symbol_": {f"symbol_{name}" for card in KNOWN_CARDS for name in symbols(card)},
        "effect_": {f"effect_{effect}" for effect in get_args(SectorEffect)},
        "tag_": {f"tag_{effect}" for effect in get_args(SectorEffect)},
        "track_": {f"track_{track}" for track in data.track_ids()},
        "weather_card_": {f"weather_card_{card.id}" for card in data.weather().weather_cards},
        "card_": {f"card_{title_key(name)}" for name in card_names()},
        "chip_": {f"chip_{name}" for card in KNOWN_CARDS for name in symbols(card)},
        "seat_": {f"seat_{kind}" for kind in FILL_KINDS},
        "colour_": {f"colour_{colour}" for colour in COLOURS},
        "permission_": {f"permission_{name}" for name in PERMISSIONS},
        "season_": {f"season_{key}" for key in get_args(SeasonSetupKey)},
        "labels": {label for label in labels if label is not None}
        | set(PLAIN_KEYS.values())
        | set(PLACEHOLDERS.values()),
    }


def test_every_key_built_at_run_time_is_named_for_the_catalogs() -> None:
    """A new step, fill or symbol fails here until ``texts.BUILT`` names its text."""
    families = built_keys()
    assert catalogs.families() <= set(families), "a new family of keys: list it above"
    known = catalogs.keys()
    for family, keys in families.items():
        assert keys <= known, f"name them in texts.BUILT: {sorted(keys - known)} ({family})"


def test_the_template_lists_exactly_what_the_code_asks_for() -> None:
    """``make catalogs`` has been run: no key the code uses is missing, none is left over."""
    template = catalogs.ids(catalogs.read(catalogs.LOCALES / "heat.pot"))
    wanted = {(item.context, item.id, item.plural) for item in catalogs.wanted()}
    assert not wanted - template, f"run `make catalogs`: {sorted(wanted - template, key=str)}"
    assert not template - wanted, f"run `make catalogs`: {sorted(template - wanted, key=str)}"
    assert len(COMMANDS) > 40, "no command texts found"
    assert {key for key in BUILT} <= {id_ for _, id_, _ in template}


def test_every_catalog_is_complete_and_well_formed() -> None:
    """The check a translator runs (``python -m data.catalogs check``) finds nothing."""
    assert catalogs.check() == []
    assert set(catalogs.languages()) >= {"en", "it"}


def test_the_locale_picks_the_language() -> None:
    assert t("joined", "it", car="B") == "Sei dentro: auto B."
    assert t("joined", "it-IT", car="B") == "Sei dentro: auto B."
    assert t("joined", "en-GB", car="B") == "You are in: car B."
    assert t("joined", discord.Locale.italian, car="C") == "Sei dentro: auto C."
    assert t("joined", discord.Locale.german, car="C") == "You are in: car C."
    assert words.language("IT_it") == "it" and words.language("") == "en"
    assert words.language(discord.Locale.brazil_portuguese) == "en"


def test_counts_take_the_plural_form_of_their_language() -> None:
    assert [counted("count_races", n, "en") for n in (0, 1, 2)] == ["0 races", "1 race", "2 races"]
    assert [counted("count_races", n, "it") for n in (0, 1, 2)] == ["0 gare", "1 gara", "2 gare"]
    assert counted("count_races", 1_000_000, "it") == "1000000 gare"  # CLDR's "many"
    assert counted("count_points", 1, "en-US") == "1 pt"


def test_ordinals_follow_cldr_rules_in_each_language() -> None:
    english = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th"}
    english |= {21: "21st", 22: "22nd", 23: "23rd", 101: "101st", 111: "111th", 0: "0th"}
    for place, said in english.items():
        assert ordinal(place, "en") == said
    assert [ordinal(place, "it") for place in (1, 8, 11, 23)] == ["1º", "8º", "11º", "23º"]


async def test_command_descriptions_come_from_the_catalogs() -> None:
    translator = HeatTranslator()
    context = discord.app_commands.TranslationContext(
        discord.app_commands.TranslationContextLocation.command_description, None
    )
    name = discord.app_commands.TranslationContext(
        discord.app_commands.TranslationContextLocation.command_name, None
    )
    italian = words.load("it")
    for english in COMMANDS:
        string_ = discord.app_commands.locale_str(english)
        said = await translator.translate(string_, discord.Locale.italian, context)
        assert said == italian.pgettext(catalogs.COMMAND, english) and said != english
        for other in (discord.Locale.german, discord.Locale.british_english):
            assert await translator.translate(string_, other, context) is None
        assert await translator.translate(string_, discord.Locale.italian, name) is None
    track = discord.app_commands.locale_str("Track")
    assert await translator.translate(track, discord.Locale.italian, context) == "Pista"
