"""The bot's words, in the reader's language, from the gettext catalogs in ``data/locale``.

``t(key, locale, **values)`` asks :mod:`data.words` for the message ``key`` in the
language of a Discord locale (a server's for a public post, the person's for a private
one); :class:`HeatTranslator` gives discord.py the commands' descriptions from the same
catalogs. To add a text: write ``t("new_key", ...)`` in the code, run ``make catalogs``,
then write its English and Italian (``docs/translating.md``).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands

from data import words
from data.words import N_

__all__ = [
    "BUILT",
    "N_",
    "HeatTranslator",
    "counted",
    "fill_name",
    "ordinal",
    "permission_names",
    "shown_name",
    "t",
]


def t(key: str, locale: str | discord.Locale, **values: object) -> str:
    """The text for ``key`` in the user's language, with ``values`` filled in."""
    return words.text(key, locale, **values)


def counted(key: str, n: int, locale: str | discord.Locale) -> str:
    """``n`` things in the user's language, in the plural form its rule picks for ``n``."""
    return words.counted(key, n, locale)


def ordinal(place: int, locale: str | discord.Locale) -> str:
    """A place as an ordinal: "1st", "2nd" in English, "1º", "2º" in Italian."""
    return words.ordinal(place, locale)


FILL_KINDS = ("ai", "legend")
"""The drivers the bot names itself, by their car's colour: AI cars and Legends."""


def fill_name(kind: str, colour: str, locale: str | discord.Locale) -> str:
    """An AI car's or a Legend's name in the reader's language: "AI red", "Legend blue";
    "IA rossa", "Leggenda blu"."""
    return t(f"seat_{kind}", locale, colour=t(f"colour_{colour}", locale))


def shown_name(name: str, colour: str | None, locale: str | discord.Locale) -> str:
    """A driver's name as the reader reads it: a person's as it is; the name the races and
    leagues give an AI car or a Legend ("AI red", stored in English) in the reader's
    language."""
    for kind in FILL_KINDS:
        if colour and name == fill_name(kind, colour, "en"):
            return fill_name(kind, colour, locale)
    return name


def permission_names(permissions: Sequence[str], locale: str | discord.Locale) -> str:
    """Discord permissions (``discord.Permissions``' names: ``send_messages``) as the server's
    settings name them in the reader's language: "Send Messages", "Invia messaggi"."""
    return ", ".join(dict.fromkeys(t(f"permission_{name}", locale) for name in permissions))


BUILT = (
    *N_("fill_none", "fill_legends", "fill_ai"),  # f"fill_{fill}", bot.storage.models.Fill
    *N_("mode_live", "mode_async"),  # f"mode_{mode}", Mode
    *N_("notify_thread", "notify_dm", "notify_off"),  # f"notify_{mode}", NotifyMode
    *N_("league_night_no_show_ai", "league_night_no_show_reserve"),  # NoShow
    *N_("limit_races", "limit_lobbies", "limit_leagues"),  # bot.service.limits.Capped
    *N_("garage_off", "garage_basic", "garage_advanced", "garage_both"),  # GarageDecks
    *N_("draft_rounds", "draft_random", "draft_snake"),  # DraftVariant
    # f"orders_{choice}", bot.discord.hand.ORDER_CHOICES
    *N_("orders_ai", "orders_live", "orders_boost", "orders_slipstream"),
    *N_("orders_adrenaline_speed", "orders_adrenaline_cooldown"),
    # f"step_{step}": the steps of engine.pending.Step and the decisions' kinds
    *N_("step_plan", "step_react", "step_slipstream", "step_discard", "step_boost"),
    *N_("step_adrenaline", "step_react_done", "step_draft", "step_pick", "step_give_back"),
    *N_("step_reveal", "step_speed", "step_accelerate", "step_direct", "step_draft_move"),
    *N_("step_reduce", "step_refresh", "step_salvage", "step_super_cool", "step_give_up"),
    # f"prompt_{step}", every step a driver decides live
    *N_("prompt_react", "prompt_draft", "prompt_reveal", "prompt_slipstream", "prompt_discard"),
    # f"symbol_{name}": the Garage symbols of engine.cards.symbols
    *N_("symbol_boost", "symbol_cooldown", "symbol_reduce", "symbol_slipstream"),
    *N_("symbol_scrap", "symbol_salvage", "symbol_direct", "symbol_accelerate"),
    *N_("symbol_refresh", "symbol_adjust", "symbol_heat", "symbol_draft", "symbol_super_cool"),
    # a decision's button (bot.discord.prompts.label_key) and a select's placeholder
    *N_("boost", "react_done", "accelerate", "super_cool", "draft_move", "pick", "give_back"),
    *N_("choose_speed", "direct_play", "reduce", "refresh", "keep_all", "slipstream_yes"),
    *N_("slipstream_no", "adrenaline_speed", "adrenaline_cooldown", "adrenaline_both"),
    *N_("salvage_placeholder"),
    # f"track_{id}", data.words.track_name: the tracks of data/tracks, in pictures and messages
    *N_("track_deutschland", "track_espana", "track_france", "track_great_britain"),
    *N_("track_italy", "track_japan", "track_mexico", "track_nederland", "track_south_africa"),
    *N_("track_usa"),
    # f"weather_card_{id}", data.words.weather_card_name: the weather cards of data/weather.json
    *N_("weather_card_cloud", "weather_card_fog", "weather_card_storm", "weather_card_snow"),
    *N_("weather_card_rain", "weather_card_sun"),
    # f"event_{id}_title", f"event_{id}_summary", data.words.event_title and event_summary:
    # the championship event cards of data/championship.json
    *N_("event_1_title", "event_2_title", "event_3_title"),
    *N_("event_1_summary", "event_2_summary", "event_3_summary"),
    *N_("event_4_title", "event_5_title", "event_6_title"),
    *N_("event_4_summary", "event_5_summary", "event_6_summary"),
    *N_("event_7_title", "event_8_title", "event_9_title"),
    *N_("event_7_summary", "event_8_summary", "event_9_summary"),
    *N_("event_10_title", "event_11_title", "event_12_title"),
    *N_("event_10_summary", "event_11_summary", "event_12_summary"),
    *N_("event_13_title", "event_14_title", "event_15_title"),
    *N_("event_13_summary", "event_14_summary", "event_15_summary"),
    *N_("event_16_title", "event_17_title", "event_18_title"),
    *N_("event_16_summary", "event_17_summary", "event_18_summary"),
    # f"card_{title_key(name)}", render.card_faces.card_title: the cards a hand or market draws
    *N_("card_speed", "card_upgrade", "card_heat", "card_stress"),  # the base game's
    *N_("card_4_wheel_drive", "card_air_intake", "card_body", "card_brakes", "card_fuel"),
    *N_("card_cooling_system", "card_front_wing", "card_gas_pedal", "card_r_p_m"),
    *N_("card_suspension", "card_tires", "card_turbo_charger", "card_wings"),  # upgrades
    *N_("card_aperault_rpm_cie", "card_de_angeli_wings_inc", "card_dramdo_brakes"),
    *N_("card_e_mercury_air_system", "card_eole_wings_industries", "card_fredo_f_c_s"),
    *N_("card_lord_co_t_b"),  # sponsorship cards
    *N_("seat_ai", "seat_legend"),  # f"seat_{kind}", fill_name: FILL_KINDS
    # f"colour_{colour}", fill_name: the cars' colours (bot.service.race_seats.COLOURS)
    *N_("colour_red", "colour_blue", "colour_green", "colour_yellow", "colour_black"),
    *N_("colour_gray"),
    # f"permission_{name}", permission_names: what controller.NEEDED and threads.NEEDED ask
    *N_("permission_view_channel", "permission_send_messages", "permission_attach_files"),
    *N_("permission_embed_links", "permission_create_public_threads"),
    *N_("permission_send_messages_in_threads", "permission_read_messages"),  # view_channel's alias
    # f"season_{key}", bot.service.refusals.season_refusal: engine.SeasonSetupError's keys
    *N_("season_no_year", "season_unknown_year", "season_too_few_races", "season_unknown_track"),
    *N_("season_unknown_event", "season_no_laps", "season_no_event"),
)


class HeatTranslator(app_commands.Translator):
    """The slash commands' descriptions and choice names in each language with a catalog.

    Names stay as written: a command is typed the same everywhere. A choice that names a
    thing the messages name too (a track) carries that message's key, so both say the same
    words (``locale_str("Italy", key="track_italy")``)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location in (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
            app_commands.TranslationContextLocation.parameter_name,
        ):
            return None
        key = string.extras.get("key")
        if isinstance(key, str):
            said = words.text(key, locale)
            return None if said in (string.message, key) else said
        return words.command_text(string.message, locale)
