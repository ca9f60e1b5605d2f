"""One text form for every kind of decision, derived from its fields: printed and read by one table.

A decision is a frozen dataclass with a ``do`` word. Its text form is its
fields in order, one after the other, with ``do`` right after the subject (the
car or driver who decides: ``"A plan 3 1 2 4"``), or first for a kind whose
class sets ``do_first`` (the league's own decisions: ``"join E red human"``).
Each field is written and read by the codec its type gives, or the one its
metadata names (:func:`written_as`):

- a word (``str``, a card): itself; a number (``int``): its digits; a ``bool``: yes or no;
- a tuple of cards: every word left; ``Cards`` names the words of an empty tuple and
  how few it may hold (a kind naming cards keeps them as a multiset in one order,
  :func:`engine.cards.canonical`, so equal choices compare equal);
- ``MaybeNumber`` for an ``int | None`` at the end: its digits, or nothing for None;
- ``OneOf`` for a ``Literal``: one of its words;
- ``FLAG`` on bools side by side: the names of those that are true, or ``none``;
- ``Document`` for a value with ``to_dict``/``from_dict``: compact JSON, the rest of the line.

Each kind writes its ``__init__`` out (``object.__setattr__``, as frozen dataclasses
do): mypyc compiles that one and leaves the one ``@dataclass`` writes interpreted,
several times slower, and a race builds a decision for every choice it lists. No
``slots=True``: mypyc takes the ``do`` ClassVar for a field (mypyc/mypyc#1122), which
a slotted class would read as a slot.

So a new decision kind needs its dataclass and a place in its family's
:class:`TextForms`, never a printer or a parser branch of its own.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import Field, dataclass, fields
from typing import Any, ClassVar, Generic, Protocol, TypeVar, get_origin, get_type_hints

from engine.errors import quoted


def _first_word(text: str) -> tuple[str | None, str]:
    """The first word of ``text`` and what follows it; None when no word is left."""
    parts = text.split(None, 1)
    if not parts:
        return None, ""
    return parts[0], parts[1] if len(parts) > 1 else ""


class Codec(Protocol):
    """How one slot of a text form (one field, or a group of flags) is written and read."""

    def write(self, values: tuple[Any, ...]) -> list[str]: ...

    def read(self, text: str) -> tuple[tuple[Any, ...], str]:
        """The slot's values from the front of ``text``, and the text left; ValueError."""
        ...

    def shape(self, names: tuple[str, ...]) -> str:
        """What the slot looks like, for an error message."""
        ...


class Word:
    """One word, as it is."""

    def write(self, values: tuple[Any, ...]) -> list[str]:
        return [str(values[0])]

    def read(self, text: str) -> tuple[tuple[Any, ...], str]:
        word, rest = _first_word(text)
        if word is None:
            raise ValueError("a word is missing")
        return (word,), rest

    def shape(self, names: tuple[str, ...]) -> str:
        return f"<{names[0]}>"


class Number(Word):
    """A whole number of digits."""

    def read(self, text: str) -> tuple[tuple[Any, ...], str]:
        (word,), rest = super().read(text)
        if not word.isdigit():
            raise ValueError(f"{quoted(word)} is not a number")
        return (int(word),), rest


class MaybeNumber(Number):
    """A number that may be left out (None), at the end of a text form."""

    def write(self, values: tuple[Any, ...]) -> list[str]:
        return [] if values[0] is None else [str(values[0])]

    def read(self, text: str) -> tuple[tuple[Any, ...], str]:
        if not text.strip():
            return (None,), ""
        return super().read(text)

    def shape(self, names: tuple[str, ...]) -> str:
        return f"[<{names[0]}>]"


class YesNo(Word):
    """A bool as ``yes`` or ``no``."""

    def write(self, values: tuple[Any, ...]) -> list[str]:
        return ["yes" if values[0] else "no"]

    def read(self, text: str) -> tuple[tuple[Any, ...], str]:
        (word,), rest = super().read(text)
        if word not in ("yes", "no"):
            raise ValueError(f"{quoted(word)} is neither yes nor no")
        return (word == "yes",), rest

    def shape(self, names: tuple[str, ...]) -> str:
        return "yes|no"


@dataclass(frozen=True)
class OneOf(Word):
    """One of a fixed set of words (a ``Literal``)."""

    words: tuple[str, ...]

    def read(self, text: str) -> tuple[tuple[Any, ...], str]:
        (word,), rest = super().read(text)
        if word not in self.words:
            raise ValueError(f"{quoted(word)} is not one of {', '.join(self.words)}")
        return (word,), rest

    def shape(self, names: tuple[str, ...]) -> str:
        return "|".join(self.words)


@dataclass(frozen=True)
class Cards:
    """Every word left, as a multiset of cards; ``empty`` is written for none."""

    empty: str | None = None
    at_least: int = 0

    def write(self, values: tuple[Any, ...]) -> list[str]:
        cards: tuple[str, ...] = values[0]
        return list(cards) or ([self.empty] if self.empty else [])

    def read(self, text: str) -> tuple[tuple[Any, ...], str]:
        cards = tuple(word for word in text.split() if word != self.empty)
        if len(cards) < self.at_least:
            raise ValueError(f"at least {self.at_least} card(s) are needed")
        return (cards,), ""

    def shape(self, names: tuple[str, ...]) -> str:
        return f"<{names[0]}>..." + (f" (or {self.empty})" if self.empty else "")


NO_FLAG = "none"
"""What :class:`Flags` writes when none is true."""


@dataclass(frozen=True)
class Flags:
    """Bools side by side: the names of those that are true, or ``none``."""

    names: tuple[str, ...]

    def write(self, values: tuple[Any, ...]) -> list[str]:
        return [name for name, on in zip(self.names, values, strict=True) if on] or [NO_FLAG]

    def read(self, text: str) -> tuple[tuple[Any, ...], str]:
        words = text.split()
        if not words:
            raise ValueError("a word is missing")
        strange = [word for word in words if word not in {*self.names, NO_FLAG}]
        if strange:
            known = f"{', '.join(self.names)}, {NO_FLAG}"
            raise ValueError(f"{quoted(strange[0])} is not one of {known}")
        return tuple(name in words for name in self.names), ""

    def shape(self, names: tuple[str, ...]) -> str:
        return f"[{' '.join(self.names)}] or {NO_FLAG}"


@dataclass(frozen=True)
class Document:
    """A value with ``to_dict``/``from_dict``, as compact JSON to the end of the line."""

    kind: Any

    def write(self, values: tuple[Any, ...]) -> list[str]:
        return [json.dumps(values[0].to_dict(), separators=(",", ":"), sort_keys=True)]

    def read(self, text: str) -> tuple[tuple[Any, ...], str]:
        document = text.strip()
        if not document:
            raise ValueError(f"the {self.kind.__name__} JSON is missing")
        try:
            return (self.kind.from_dict(json.loads(document)),), ""
        except (ValueError, TypeError, KeyError) as exc:
            raise ValueError(f"bad {self.kind.__name__}: {exc}") from None
        except RecursionError:
            raise ValueError(f"bad {self.kind.__name__}: the JSON is nested too deeply") from None

    def shape(self, names: tuple[str, ...]) -> str:
        return f"<{names[0]} JSON>"


FLAG = "flag"
"""Bool fields written ``written_as(FLAG)`` are written together as :class:`Flags`."""

_CODEC = "codec"

_BY_TYPE: dict[Any, Codec] = {str: Word(), int: Number(), bool: YesNo(), tuple: Cards()}


def written_as(codec: Codec | str) -> dict[str, Codec | str]:
    """A field's metadata naming its codec (or FLAG): ``field(metadata=written_as(...))``.

    Metadata, not an ``Annotated`` hint: the compiled build keeps no hint richer than a
    class (a ``Literal`` or ``int | None`` reads as ``type``), so a field that is not a
    plain word, number, yes/no or tuple of cards names its codec here.
    """
    return {_CODEC: codec}


def _codec(field: Field[Any], hint: Any) -> Codec | str:
    """The codec a field names, or its type's (FLAG for a flag, grouped by the caller)."""
    given: Codec | str | None = field.metadata.get(_CODEC)
    return given if given is not None else _BY_TYPE[get_origin(hint) or hint]


class Worded:
    """A decision: a frozen dataclass whose ``str`` is its text form (see the module)."""

    __slots__ = ()
    do: ClassVar[str]
    do_first: ClassVar[bool] = False

    def __str__(self) -> str:
        return text_form(type(self)).write(self)


W = TypeVar("W", bound=Worded)


def decision_fields(kind: type[Worded] | Worded) -> list[Field[Any]]:
    """A decision kind's fields, without its ``do`` word (which the compiled build lists as
    a field: mypyc/mypyc#1122)."""
    return [field for field in fields(kind) if field.name != "do"]  # type: ignore[arg-type]


class TextForm(Generic[W]):
    """One kind's row of the table: its word and its slots, each a field (or flags) and codec."""

    def __init__(self, kind: type[W]) -> None:
        self.kind = kind
        hints = get_type_hints(kind)
        self.slots: list[tuple[tuple[str, ...], Codec]] = []
        flags: list[str] = []
        for field in decision_fields(kind):
            codec = _codec(field, hints[field.name])
            if codec == FLAG:
                flags.append(field.name)
                continue
            if flags:
                self.slots.append((tuple(flags), Flags(tuple(flags))))
                flags = []
            assert not isinstance(codec, str)
            self.slots.append(((field.name,), codec))
        if flags:
            self.slots.append((tuple(flags), Flags(tuple(flags))))

    def write(self, value: W) -> str:
        words = [
            word
            for names, codec in self.slots
            for word in codec.write(tuple(getattr(value, name) for name in names))
        ]
        words.insert(0 if self.kind.do_first else 1, self.kind.do)
        return " ".join(words)

    def read(self, subject: str | None, text: str, whole: str) -> W:
        """The decision from the words after ``do`` (and its subject, which came first)."""
        values: dict[str, Any] = {}
        slots = self.slots
        if subject is not None:
            values[slots[0][0][0]] = subject
            slots = slots[1:]
        rest = text
        try:
            for names, codec in slots:
                read, rest = codec.read(rest)
                values.update(zip(names, read, strict=True))
        except ValueError as exc:
            raise ValueError(f"decision {quoted(whole)}: {exc}; {self.expected()}") from None
        if rest.strip():
            raise ValueError(f"decision {quoted(whole)}: too many words; {self.expected()}")
        return self.kind(**values)

    def expected(self) -> str:
        """What the kind's text looks like, for an error message."""
        parts = [codec.shape(names) for names, codec in self.slots]
        parts.insert(0 if self.kind.do_first else 1, self.kind.do)
        return f"expected {' '.join(parts)!r}"


_FORMS: dict[type[Worded], TextForm[Any]] = {}


def text_form(kind: type[W]) -> TextForm[W]:
    """The kind's text form, built from its fields the first time it is asked for."""
    form = _FORMS.get(kind)
    if form is None:
        form = _FORMS[kind] = TextForm(kind)
    return form


class TextForms(Generic[W]):
    """A family of decision kinds, read back from text by their ``do`` words."""

    def __init__(self, kinds: Iterable[type[W]]) -> None:
        self.kinds: dict[str, type[W]] = {}
        for kind in kinds:
            if kind.do in self.kinds:
                raise TypeError(
                    f"{kind.__name__} and {self.kinds[kind.do].__name__} share {kind.do!r}"
                )
            self.kinds[kind.do] = kind
        self.first_words = frozenset(do for do, kind in self.kinds.items() if kind.do_first)
        """The words that open a ``do_first`` decision, which no subject may take."""

    def read(self, text: str) -> W:
        """Read a decision back from its text form; ValueError says what is wrong."""
        head, rest = _first_word(text)
        if head in self.first_words:
            return text_form(self.kinds[head]).read(None, rest, text)
        do, rest = _first_word(rest)
        kind = self.kinds.get(do or "")
        if head is None or kind is None or kind.do_first:
            known = ", ".join(sorted(self.kinds))
            what = "a word is missing" if do is None else f"{quoted(do)} is not a decision"
            raise ValueError(
                f"decision {quoted(text)}: {what}; expected '<who> <do> ...', <do> one of {known}"
            )
        return text_form(kind).read(head, rest, text)
