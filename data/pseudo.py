"""A pseudo-language made from the English catalog at run time, to see that layouts survive
longer words: "Round {round}" reads "[Ŕöûñð {round} ~~~]".

Every line of every message comes out about 40% longer (a ``~`` for each 2.5 letters, and
the brackets), its letters accented (taller than plain capitals, as "È" is), so a picture
or a Discord message that has room only for English shows it in tests. What the code or
Discord reads stays as it is: ``{placeholders}`` (``{points:+d}`` too), Discord's markup
(``<@{user}>``, ``<#{channel}>``, ``<t:{deadline}:R>``), text in backticks (a command is
typed as written), links, and a line's list or heading mark. Plural forms follow
English's rule, ordinals too (``ordinal_one``: "[{n}šţ ~]").

No ``.po`` file holds it and no reader gets it unless asked by name (``pseudo``, or
Microsoft's ``qps-ploc``): Discord has no such locale, so only a test or ``heat render
--locale pseudo`` ever sees it.
"""

from __future__ import annotations

import gettext
import math
import re
from functools import lru_cache

__all__ = ["NAMES", "PSEUDO", "PseudoTranslations", "pseudo"]

PSEUDO = "pseudo"
# The locale names that read the pseudo-language (a tag's case and separator do not matter).
NAMES = frozenset({"pseudo", "qps_ploc"})
GROWTH = 0.4
PAD = "~"
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "åƀċðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁĊÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
ACCENTS = str.maketrans(_PLAIN, _ACCENTED)
# What is read by the code or by Discord, kept as written: placeholders, mentions and
# timestamps, code in backticks, links.
KEPT = re.compile(r"\{[^{}]*\}|<(?:@[!&]?|#|t:|a?:)[^<>]*>|`[^`]*`|https?://\S+")
# A line's Markdown mark (heading, quote, list item, numbered step), kept before the bracket.
MARK = re.compile(r"^(\s*(?:#{1,3} |> |[-*] |\d+(?:-\d+)?\. )?)")


def pseudo(english: str) -> str:
    """``english`` in the pseudo-language: each line accented, bracketed and padded."""
    return "\n".join(_line(line) for line in english.split("\n"))


def _line(line: str) -> str:
    mark = MARK.match(line)
    head = mark.group(1) if mark else ""
    body = line[len(head) :]
    stripped = body.strip()
    if not stripped:
        return line
    lead = body[: len(body) - len(body.lstrip())]
    trail = body[len(body.rstrip()) :]
    pieces: list[str] = []
    letters = 0
    at = 0
    for kept in KEPT.finditer(stripped):
        plain = stripped[at : kept.start()]
        pieces += [plain.translate(ACCENTS), kept.group()]
        letters += len(plain)
        at = kept.end()
    plain = stripped[at:]
    pieces.append(plain.translate(ACCENTS))
    letters += len(plain)
    pad = math.ceil(letters * GROWTH)
    padding = f" {PAD * pad}" if pad else ""
    return f"{head}{lead}[{''.join(pieces)}{padding}]{trail}"


class PseudoTranslations(gettext.NullTranslations):
    """The English catalog read through :func:`pseudo`: a message it lacks stays its id, so
    a caller that tells a missing message by its id (an ordinal's category) still can."""

    def __init__(self, english: gettext.GNUTranslations) -> None:
        super().__init__()
        self.english = english
        self.messages: dict[object, str] = english._catalog  # type: ignore[attr-defined]

    def gettext(self, message: str) -> str:
        if message not in self.messages:
            return message
        return _cached(self.english.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if (singular, 0) not in self.messages:
            return singular if n == 1 else plural
        return _cached(self.english.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        if f"{context}\x04{message}" not in self.messages:
            return message
        return _cached(self.english.pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        if (f"{context}\x04{singular}", 0) not in self.messages:
            return singular if n == 1 else plural
        return _cached(self.english.npgettext(context, singular, plural, n))


@lru_cache(maxsize=4096)
def _cached(english: str) -> str:
    return pseudo(english)
