"""The words people read, in their language: a message id and a locale in, text out.

Every layer that speaks (the Discord layer, the renderer, the command line) asks here, so
a word in a picture and the same word in a message come from one catalog entry
(``locale/<language>/LC_MESSAGES/heat.po``, see :mod:`data.catalogs`). A locale is
anything whose text is a language tag: ``"it"``, ``"it-IT"``, ``discord.Locale.italian``;
a language without a catalog reads English. ``"pseudo"`` (or ``"qps-ploc"``) reads the
pseudo-language of :mod:`data.pseudo`, English made longer and accented, only when asked
by that name: a test or the command line sees whether a layout has room for longer words.

An installed wheel reads the catalogs compiled when it was built; a source checkout has
only the ``.po`` files, compiled in memory when first read (and so is a compiled catalog
older than its ``.po``: each carries its source's hash).
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.plural import PluralRule

import data
from data import catalogs
from data.pseudo import NAMES as PSEUDO_NAMES
from data.pseudo import PSEUDO, PseudoTranslations

__all__ = [
    "N_",
    "command_text",
    "counted",
    "language",
    "languages",
    "ordinal",
    "text",
    "track_name",
    "weather_card_name",
]

SOURCE = catalogs.SOURCE
COMMAND_TEXT_LIMIT = 100
"""Discord's most characters in a command's description or a choice's name."""


@cache
def languages() -> tuple[str, ...]:
    """The languages with a catalog, English first."""
    compiled = {path.parent.parent.name for path in catalogs.LOCALES.glob("*/LC_MESSAGES/*.mo")}
    return tuple(sorted({*catalogs.languages(), *compiled}, key=lambda lang: lang != SOURCE))


def language(locale: object) -> str:
    """The catalog a locale reads: its own (``pt_BR``), its language's (``it`` for
    ``it-IT``), the pseudo-language if named, else English."""
    tag = str(getattr(locale, "value", locale)).replace("-", "_")
    if tag.lower() in PSEUDO_NAMES:
        return PSEUDO
    base, _, region = tag.partition("_")
    full = f"{base.lower()}_{region.upper()}" if region else base.lower()
    for candidate in (full, base.lower()):
        if candidate in languages():
            return candidate
    return SOURCE


def load(language: str, directory: Path = catalogs.LOCALES) -> gettext.GNUTranslations:
    """One language's catalog as gettext reads it: compiled if a compiled form of the same
    source is there, else compiled now from the ``.po``."""
    po = catalogs.po_path(language, directory)
    mo = po.with_suffix(".mo")
    if mo.exists():
        with mo.open("rb") as file:
            compiled = gettext.GNUTranslations(file)
        if not po.exists() or compiled.pgettext(*catalogs.STAMP) == catalogs.source_hash(po):
            return compiled
    return gettext.GNUTranslations(io.BytesIO(catalogs.compile_catalog(po)))


@cache
def _catalog(language: str) -> gettext.NullTranslations:
    if language == PSEUDO:
        return PseudoTranslations(load(SOURCE))
    found = load(language)
    if language != SOURCE:
        found.add_fallback(_catalog(SOURCE))
    return found


def N_(*keys: str) -> tuple[str, ...]:
    """Names keys said later or built at run time, so that ``make catalogs`` lists them
    (gettext's name for a string marked, not translated, where it stands)."""
    return keys


def text(key: str, locale: object, **values: object) -> str:
    """The message ``key`` in the locale's language, its ``{placeholders}`` filled in."""
    return _catalog(language(locale)).gettext(key).format(**values)


def track_name(track_id: str, locale: object) -> str:
    """A track's name in the locale's language, the message ``track_<id>`` ("Italy",
    "Italia"): the same entry for a picture and a message. A track the catalogs do not name
    yet reads as its data file names it."""
    return _named(f"track_{track_id}", locale) or data.track(track_id).name


def weather_card_name(card_id: str, locale: object) -> str:
    """A weather card's name in the locale's language, the message ``weather_card_<id>``
    ("Fog", "Nebbia"); a card the catalogs do not name yet reads as its data names it."""
    return _named(f"weather_card_{card_id}", locale) or data.weather().card(card_id).name


def event_title(event_id: int, locale: object) -> str:
    """A championship event card's title in the locale's language, the message
    ``event_<id>_title`` ("Drivers' strike", "Sciopero dei piloti")."""
    return _named(f"event_{event_id}_title", locale) or data.championship().event(event_id).title


def event_summary(event_id: int, locale: object) -> str:
    """What a championship event card changes, in the locale's language: the message
    ``event_<id>_summary``, the rule as a player reads it on the card."""
    found = _named(f"event_{event_id}_summary", locale)
    return found or data.championship().event(event_id).summary


def _named(key: str, locale: object) -> str | None:
    """The message ``key`` in the locale's language, None where no catalog has it."""
    found = _catalog(language(locale)).gettext(key)
    return None if found == key else found


def counted(key: str, n: int, locale: object, **values: object) -> str:
    """``n`` things: the plural form the language's rule picks for ``n`` ("1 race", "2 races";
    "1 gara", "2 gare"), with ``{n}`` and ``values`` filled in."""
    return _catalog(language(locale)).ngettext(key, key, n).format(n=n, **values)


def ordinal(place: int, locale: object) -> str:
    """A place as an ordinal: "1st", "2nd", "3rd", "11th" in English, "1º" in Italian.

    CLDR's ordinal rule for the language (through Babel) picks the category; the catalog
    says the ordinal of each (``ordinal_one``: "{n}st", ...)."""
    lang = language(locale)
    category = _ordinal_rule(lang)(place)
    catalog = _catalog(lang)
    key = f"{catalogs.ORDINAL}{category}"
    found = catalog.gettext(key)
    return (found if found != key else catalog.gettext(f"{catalogs.ORDINAL}other")).format(n=place)


@cache
def _ordinal_rule(language: str) -> PluralRule:
    try:
        return Locale.parse(language).ordinal_form
    except (UnknownLocaleError, ValueError):
        return Locale.parse(SOURCE).ordinal_form


def command_text(english: str, locale: object) -> str | None:
    """A slash command's description or choice name in the locale's language; None for
    English (Discord shows the words as written) or a language that does not say it.

    Discord refuses every command at once for one text over ``COMMAND_TEXT_LIMIT``
    characters, so a translation longer than that is cut after a word, with "…"."""
    lang = language(locale)
    if lang == SOURCE:
        return None
    found = _catalog(lang).pgettext(catalogs.COMMAND, english)
    return None if found == english else cut_to(found, COMMAND_TEXT_LIMIT)


def cut_to(said: str, limit: int) -> str:
    """``said`` if it has at most ``limit`` characters, else its words that fit and "…"
    (a longer language's text in a field Discord limits)."""
    if len(said) <= limit:
        return said
    kept = said[: limit - 1]
    if " " in kept and not said[limit - 1].isspace():
        kept = kept.rsplit(" ", 1)[0]
    return kept.rstrip() + "…"
