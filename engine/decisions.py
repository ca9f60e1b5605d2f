"""Decisions a driver makes, as frozen values with a one-line text form.

``str(decision)`` gives the text form and :func:`parse_decision` reads it back,
both from the decision's fields (:mod:`engine.text_forms`):
``"A plan 3 1 2 4"``, ``"A boost"``, ``"A adrenaline speed cooldown"``,
``"A react_done"``, ``"A slipstream yes"`` (``"A slipstream yes 2"`` for a shorter
one), ``"A discard 0 5"``. The Garage
module adds ``"A pick turbo-8"``, ``"A give_back rpm-1"``, ``"A speed brakes-1-3 3"``,
``"A direct gas-pedal-2 2"``, ``"A accelerate"``, ``"A reduce 2"``,
``"A salvage 3 4"``, ``"A super_cool"``, ``"A draft_move"`` and
``"A refresh suspension-4"``. Any race takes ``"A give_up"``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, get_args

from engine.cards import Card, canonical
from engine.text_forms import FLAG, Cards, MaybeNumber, TextForms, Worded, written_as


@dataclass(frozen=True, init=False)
class Plan(Worded):
    """Steps 1-2: shift to ``gear`` and play ``cards`` face down (as many as the gear)."""

    do: ClassVar[str] = "plan"
    car: str
    gear: int
    cards: tuple[Card, ...]

    def __init__(self, car: str, gear: int, cards: tuple[Card, ...]) -> None:
        object.__setattr__(self, "car", car)
        object.__setattr__(self, "gear", gear)
        object.__setattr__(self, "cards", canonical(cards))


@dataclass(frozen=True, init=False)
class Boost(Worded):
    """Step 5: pay 1 Heat for a + symbol."""

    do: ClassVar[str] = "boost"
    car: str

    def __init__(self, car: str) -> None:
        object.__setattr__(self, "car", car)


@dataclass(frozen=True, init=False)
class Adrenaline(Worded):
    """Step 5: use Adrenaline for +1 Speed and/or 1 extra Cooldown."""

    do: ClassVar[str] = "adrenaline"
    car: str
    speed: bool = field(metadata=written_as(FLAG))
    cooldown: bool = field(metadata=written_as(FLAG))

    def __init__(self, car: str, speed: bool, cooldown: bool) -> None:
        object.__setattr__(self, "car", car)
        object.__setattr__(self, "speed", speed)
        object.__setattr__(self, "cooldown", cooldown)


@dataclass(frozen=True, init=False)
class ReactDone(Worded):
    """Step 5 ends: the car uses none of the symbols it has left."""

    do: ClassVar[str] = "react_done"
    car: str

    def __init__(self, car: str) -> None:
        object.__setattr__(self, "car", car)


@dataclass(frozen=True, init=False)
class Slipstream(Worded):
    """Step 6: take (or decline) the Slipstream: as far as it goes, or ``spaces`` when the
    car's Slipstream boosts let it choose a shorter one ("may be increased")."""

    do: ClassVar[str] = "slipstream"
    car: str
    take: bool
    spaces: int | None = field(default=None, metadata=written_as(MaybeNumber()))

    def __init__(self, car: str, take: bool, spaces: int | None = None) -> None:
        object.__setattr__(self, "car", car)
        object.__setattr__(self, "take", take)
        object.__setattr__(self, "spaces", spaces)


@dataclass(frozen=True, init=False)
class Discard(Worded):
    """Step 8: discard these cards from the hand (possibly none, written ``-``)."""

    do: ClassVar[str] = "discard"
    car: str
    cards: tuple[Card, ...] = field(metadata=written_as(Cards(empty="-")))

    def __init__(self, car: str, cards: tuple[Card, ...]) -> None:
        object.__setattr__(self, "car", car)
        object.__setattr__(self, "cards", canonical(cards))


@dataclass(frozen=True, init=False)
class Pick(Worded):
    """Garage draft: take this upgrade from the market."""

    do: ClassVar[str] = "pick"
    car: str
    card: Card

    def __init__(self, car: str, card: Card) -> None:
        object.__setattr__(self, "car", car)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, init=False)
class GiveBack(Worded):
    """Snake draft, last round: return this upgrade to the box."""

    do: ClassVar[str] = "give_back"
    car: str
    card: Card

    def __init__(self, car: str, card: Card) -> None:
        object.__setattr__(self, "car", car)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, init=False)
class ChooseSpeed(Worded):
    """Step 3: play a revealed card with several speeds as one of them."""

    do: ClassVar[str] = "speed"
    car: str
    card: Card
    speed: int

    def __init__(self, car: str, card: Card, speed: int) -> None:
        object.__setattr__(self, "car", car)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "speed", speed)


@dataclass(frozen=True, init=False)
class DirectPlay(Worded):
    """Step 5: play a Direct Play card from the hand as if revealed, at this speed."""

    do: ClassVar[str] = "direct"
    car: str
    card: Card
    speed: int

    def __init__(self, car: str, card: Card, speed: int) -> None:
        object.__setattr__(self, "car", car)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "speed", speed)


@dataclass(frozen=True, init=False)
class Accelerate(Worded):
    """Step 5: +1 Speed for every + symbol used this turn (all of them, or none)."""

    do: ClassVar[str] = "accelerate"
    car: str

    def __init__(self, car: str) -> None:
        object.__setattr__(self, "car", car)


@dataclass(frozen=True, init=False)
class Reduce(Worded):
    """Step 5: Reduce Stress, discarding ``count`` Stress cards from the hand."""

    do: ClassVar[str] = "reduce"
    car: str
    count: int

    def __init__(self, car: str, count: int) -> None:
        object.__setattr__(self, "car", car)
        object.__setattr__(self, "count", count)


@dataclass(frozen=True, init=False)
class Salvage(Worded):
    """Step 5: shuffle these cards from the discard pile into the draw deck."""

    do: ClassVar[str] = "salvage"
    car: str
    cards: tuple[Card, ...] = field(metadata=written_as(Cards(at_least=1)))

    def __init__(self, car: str, cards: tuple[Card, ...]) -> None:
        object.__setattr__(self, "car", car)
        object.__setattr__(self, "cards", canonical(cards))


@dataclass(frozen=True, init=False)
class DraftMove(Worded):
    """Step 5: Draft (Tunnel Vision), to right behind the first car ahead."""

    do: ClassVar[str] = "draft_move"
    car: str

    def __init__(self, car: str) -> None:
        object.__setattr__(self, "car", car)


@dataclass(frozen=True, init=False)
class SuperCool(Worded):
    """Step 5: Super Cool, Heat from the discard pile back to the Engine (in full)."""

    do: ClassVar[str] = "super_cool"
    car: str

    def __init__(self, car: str) -> None:
        object.__setattr__(self, "car", car)


@dataclass(frozen=True, init=False)
class Refresh(Worded):
    """Step 8: put this played card on top of the draw deck in step 9, not on the discard pile."""

    do: ClassVar[str] = "refresh"
    car: str
    card: Card

    def __init__(self, car: str, card: Card) -> None:
        object.__setattr__(self, "car", car)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, init=False)
class GiveUp(Worded):
    """The driver gives up: the car leaves the race and takes the last free place."""

    do: ClassVar[str] = "give_up"
    car: str

    def __init__(self, car: str) -> None:
        object.__setattr__(self, "car", car)


Decision = (
    Plan
    | Boost
    | Adrenaline
    | ReactDone
    | Slipstream
    | Discard
    | Pick
    | GiveBack
    | ChooseSpeed
    | DirectPlay
    | Accelerate
    | Reduce
    | Salvage
    | SuperCool
    | DraftMove
    | Refresh
    | GiveUp
)

DECISIONS: TextForms[Decision] = TextForms(get_args(Decision))
DECISION_TYPES = DECISIONS.kinds


def parse_decision(text: str) -> Decision:
    """Read a decision back from its text form; ValueError says what is wrong."""
    return DECISIONS.read(text)
