"""One text form for every decision, derived from its fields: stored logs still read, word for word.

The files in ``text_forms/`` were written by the hand-written printers this table
replaced; every line must read back and print again unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, get_args

import pytest

import engine
from engine.decisions import DECISION_TYPES, Decision, parse_decision
from engine.events import EVENT_TYPES, Event
from engine.season import SeasonDecision, parse_season_decision
from engine.season.decisions import LEAGUE_WORDS, SEASON_DECISIONS
from engine.text_forms import Cards, TextForms, Worded, decision_fields, text_form

STORED = Path(__file__).parent / "text_forms"
RACE_TEXTS = (STORED / "race-decisions.txt").read_text().splitlines()
SEASON_TEXTS = (STORED / "season-decisions.txt").read_text().splitlines()


@pytest.mark.parametrize("text", RACE_TEXTS)
def test_stored_race_decisions_read_and_print_back_unchanged(text: str) -> None:
    """A decision logged before the table existed reads back and prints the same words."""
    assert str(parse_decision(text)) == text


@pytest.mark.parametrize("text", SEASON_TEXTS, ids=lambda text: text[:40])
def test_stored_season_decisions_read_and_print_back_unchanged(text: str) -> None:
    """A season decision logged before the table existed reads back and prints the same."""
    assert str(parse_season_decision(text)) == text


def test_the_stored_texts_cover_every_kind() -> None:
    """Each kind of decision has stored texts above, so none escapes the check."""
    race_kinds = {type(parse_decision(text)) for text in RACE_TEXTS}
    season_kinds = {type(parse_season_decision(text)) for text in SEASON_TEXTS}
    assert race_kinds == set(get_args(Decision)) == set(DECISION_TYPES.values())
    assert season_kinds == set(get_args(SeasonDecision))


def test_no_decision_kind_writes_or_reads_itself() -> None:
    """Every kind prints through the one table: no ``__str__`` or parser of its own."""
    for kind in [*get_args(Decision), *get_args(SeasonDecision)]:
        assert issubclass(kind, Worded)
        assert kind.__str__ is Worded.__str__, kind.__name__


def test_a_kind_prints_its_fields_in_order() -> None:
    """The subject first, then the word, then the fields; the league's word comes first."""
    assert str(engine.Plan("A", 3, ("4", "1", "2"))) == "A plan 3 1 2 4"
    assert str(engine.Discard("B", ())) == "B discard -"
    assert str(engine.Adrenaline("C", False, False)) == "C adrenaline none"
    assert str(engine.Adrenaline("C", True, True)) == "C adrenaline speed cooldown"
    assert str(engine.Slipstream("D", False)) == "D slipstream no"
    assert str(parse_season_decision("join E red human")) == "join E red human"
    words = {
        "join",
        "leave",
        "rest",
        "sub",
        "stand-in",
        "draft",
        "start",
        "cancel",
        "record",
        "correct",
        "drop-worst",
        "reseed",
    }
    assert words == LEAGUE_WORDS


NAMING_CARDS = [
    (kind, names[0])
    for kind in DECISION_TYPES.values()
    for names, codec in text_form(kind).slots
    if isinstance(codec, Cards)
]


@pytest.mark.parametrize(
    ("kind", "name"), NAMING_CARDS, ids=[kind.__name__ for kind, _ in NAMING_CARDS]
)
def test_cards_are_a_multiset_in_one_order(kind: type[Decision], name: str) -> None:
    """The same cards named in another order make the same decision (each kind's
    written-out ``__init__`` keeps them in one order)."""
    names = [field.name for field in decision_fields(kind)]
    figures = {other: 3 if other == "gear" else "A" for other in names}
    one, other = ({**figures, name: cards} for cards in (("3", "1", "3"), ("1", "3", "3")))
    assert kind(**one) == kind(**other)
    assert getattr(kind(**one), name) == ("1", "3", "3")


def test_the_cards_read_from_text_are_a_multiset_too() -> None:
    assert parse_decision("A discard 5 0") == engine.Discard("A", ("0", "5"))
    assert len(NAMING_CARDS) >= 3  # a plan, a discard, a salvage at least


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("A plan x 1", "'x' is not a number; expected '<car> plan <gear> <cards>...'"),
        ("A", "a word is missing"),
        ("A fly", "'fly' is not a decision"),
        ("A adrenaline maybe", "'maybe' is not one of speed, cooldown, none"),
        ("A slipstream yes 2 no", "too many words; expected '<car> slipstream yes|no [<spaces>]'"),
        ("A salvage", "at least 1 card(s)"),
        ("A boost now", "too many words"),
    ],
)
def test_a_bad_race_decision_says_what_is_wrong(text: str, says: str) -> None:
    """A text that is no decision is refused in one line that names what was expected."""
    with pytest.raises(ValueError, match="decision") as refused:
        parse_decision(text)
    assert says in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("record 2", "JSON is missing"),
        ("record 2 {bad", "bad RaceResult"),
        ("join E red robot", "'robot' is not one of human, ai, legend"),
        ("E pick", "a word is missing; expected '<driver> pick <card>'"),
        ("join E red", "a word is missing"),
        ("start two", "'two' is not a number"),
    ],
)
def test_a_bad_season_decision_says_what_is_wrong(text: str, says: str) -> None:
    """The season's decisions are refused the same way."""
    with pytest.raises(ValueError) as refused:
        parse_season_decision(text)
    assert says in str(refused.value)


def test_an_error_quotes_a_huge_text_in_part() -> None:
    """A 1 MB card id is quoted in 60 characters, not echoed whole."""
    with pytest.raises(ValueError) as refused:
        parse_decision("A pick " + "x" * 1_000_000 + " extra")
    assert len(str(refused.value)) < 300


def test_a_family_refuses_two_kinds_with_one_word() -> None:
    """Two kinds sharing a word could not both be read back: the table refuses them."""

    @dataclass(frozen=True, slots=True)
    class Honk(Worded):
        do: ClassVar[str] = "boost"
        car: str

    with pytest.raises(TypeError, match="share 'boost'"):
        TextForms([engine.Boost, Honk])


def test_every_event_kind_is_known_by_its_type_once() -> None:
    """Events register themselves by their type word; a second class cannot take one."""
    kinds = {cls for cls in EVENT_TYPES.values()}
    assert len(kinds) == len(EVENT_TYPES) and all(issubclass(k, Event) for k in kinds)
    assert {"moved", "draft_opened", "race_scored"} <= set(EVENT_TYPES)
    assert SEASON_DECISIONS.kinds["record"].__name__ == "RaceRecorded"
    with pytest.raises(TypeError, match="takes the type 'moved'"):

        @dataclass(slots=True)
        class Teleported(Event):
            type: ClassVar[str] = "moved"
