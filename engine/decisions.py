"""Decisions a driver makes, as frozen values with a one-line text form.

``str(decision)`` gives the text form and :func:`parse_decision` reads it back:
``"A plan 3 1 2 4"``, ``"A boost"``, ``"A adrenaline speed cooldown"``,
``"A react_done"``, ``"A slipstream yes"``, ``"A discard 0 5"``. The Garage
module adds ``"A pick turbo-8"``, ``"A give_back rpm-1"``, ``"A speed brakes-1-3 3"``,
``"A direct gas-pedal-2 2"``, ``"A accelerate"``, ``"A reduce 2"``,
``"A salvage 3 4"``, ``"A super_cool"``, ``"A draft_move"`` and
``"A refresh suspension-4"``. Any race takes ``"A give_up"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.cards import Card, canonical


@dataclass(frozen=True, slots=True)
class Plan:
    """Steps 1-2: shift to ``gear`` and play ``cards`` face down (as many as the gear)."""

    do: ClassVar[str] = "plan"
    car: str
    gear: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", canonical(self.cards))

    def __str__(self) -> str:
        return " ".join([self.car, self.do, str(self.gear), *self.cards])


@dataclass(frozen=True, slots=True)
class Boost:
    """Step 5: pay 1 Heat for a + symbol."""

    do: ClassVar[str] = "boost"
    car: str

    def __str__(self) -> str:
        return f"{self.car} {self.do}"


@dataclass(frozen=True, slots=True)
class Adrenaline:
    """Step 5: use Adrenaline for +1 Speed and/or 1 extra Cooldown."""

    do: ClassVar[str] = "adrenaline"
    car: str
    speed: bool
    cooldown: bool

    def __str__(self) -> str:
        parts = [
            name for name, used in (("speed", self.speed), ("cooldown", self.cooldown)) if used
        ]
        return " ".join([self.car, self.do, *(parts or ["none"])])


@dataclass(frozen=True, slots=True)
class ReactDone:
    """Step 5 ends: the car uses none of the symbols it has left."""

    do: ClassVar[str] = "react_done"
    car: str

    def __str__(self) -> str:
        return f"{self.car} {self.do}"


@dataclass(frozen=True, slots=True)
class Slipstream:
    """Step 6: take (or decline) the 2 extra spaces."""

    do: ClassVar[str] = "slipstream"
    car: str
    take: bool

    def __str__(self) -> str:
        return f"{self.car} {self.do} {'yes' if self.take else 'no'}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Step 8: discard these cards from the hand (possibly none)."""

    do: ClassVar[str] = "discard"
    car: str
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", canonical(self.cards))

    def __str__(self) -> str:
        return " ".join([self.car, self.do, *(self.cards or ("-",))])


@dataclass(frozen=True, slots=True)
class Pick:
    """Garage draft: take this upgrade from the market."""

    do: ClassVar[str] = "pick"
    car: str
    card: Card

    def __str__(self) -> str:
        return f"{self.car} {self.do} {self.card}"


@dataclass(frozen=True, slots=True)
class GiveBack:
    """Snake draft, last round: return this upgrade to the box."""

    do: ClassVar[str] = "give_back"
    car: str
    card: Card

    def __str__(self) -> str:
        return f"{self.car} {self.do} {self.card}"


@dataclass(frozen=True, slots=True)
class ChooseSpeed:
    """Step 3: play a revealed card with several speeds as one of them."""

    do: ClassVar[str] = "speed"
    car: str
    card: Card
    speed: int

    def __str__(self) -> str:
        return f"{self.car} {self.do} {self.card} {self.speed}"


@dataclass(frozen=True, slots=True)
class DirectPlay:
    """Step 5: play a Direct Play card from the hand as if revealed, at this speed."""

    do: ClassVar[str] = "direct"
    car: str
    card: Card
    speed: int

    def __str__(self) -> str:
        return f"{self.car} {self.do} {self.card} {self.speed}"


@dataclass(frozen=True, slots=True)
class Accelerate:
    """Step 5: +1 Speed for every + symbol used this turn (all of them, or none)."""

    do: ClassVar[str] = "accelerate"
    car: str

    def __str__(self) -> str:
        return f"{self.car} {self.do}"


@dataclass(frozen=True, slots=True)
class Reduce:
    """Step 5: Reduce Stress, discarding ``count`` Stress cards from the hand."""

    do: ClassVar[str] = "reduce"
    car: str
    count: int

    def __str__(self) -> str:
        return f"{self.car} {self.do} {self.count}"


@dataclass(frozen=True, slots=True)
class Salvage:
    """Step 5: shuffle these cards from the discard pile into the draw deck."""

    do: ClassVar[str] = "salvage"
    car: str
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", canonical(self.cards))

    def __str__(self) -> str:
        return " ".join([self.car, self.do, *self.cards])


@dataclass(frozen=True, slots=True)
class DraftMove:
    """Step 5: Draft (Tunnel Vision), to right behind the first car ahead."""

    do: ClassVar[str] = "draft_move"
    car: str

    def __str__(self) -> str:
        return f"{self.car} {self.do}"


@dataclass(frozen=True, slots=True)
class SuperCool:
    """Step 5: Super Cool, Heat from the discard pile back to the Engine (in full)."""

    do: ClassVar[str] = "super_cool"
    car: str

    def __str__(self) -> str:
        return f"{self.car} {self.do}"


@dataclass(frozen=True, slots=True)
class Refresh:
    """Step 8: put this played card on top of the draw deck in step 9, not on the discard pile."""

    do: ClassVar[str] = "refresh"
    car: str
    card: Card

    def __str__(self) -> str:
        return f"{self.car} {self.do} {self.card}"


@dataclass(frozen=True, slots=True)
class GiveUp:
    """The driver gives up: the car leaves the race and takes the last free place."""

    do: ClassVar[str] = "give_up"
    car: str

    def __str__(self) -> str:
        return f"{self.car} {self.do}"


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

DECISION_TYPES: dict[str, type[Decision]] = {
    cls.do: cls
    for cls in (
        Plan,
        Boost,
        Adrenaline,
        ReactDone,
        Slipstream,
        Discard,
        Pick,
        GiveBack,
        ChooseSpeed,
        DirectPlay,
        Accelerate,
        Reduce,
        Salvage,
        SuperCool,
        DraftMove,
        Refresh,
        GiveUp,
    )
}
_NO_FIGURES: dict[str, type[Boost | ReactDone | Accelerate | SuperCool | DraftMove | GiveUp]] = {
    "give_up": GiveUp,
    "draft_move": DraftMove,
    "boost": Boost,
    "react_done": ReactDone,
    "accelerate": Accelerate,
    "super_cool": SuperCool,
}
_ONE_CARD: dict[str, type[Pick | GiveBack | Refresh]] = {
    "pick": Pick,
    "give_back": GiveBack,
    "refresh": Refresh,
}


def parse_decision(text: str) -> Decision:
    """Read a decision back from its text form; ValueError says what is wrong."""
    words = text.split()
    if len(words) < 2:
        raise ValueError(f"decision {text!r}: expected '<car> <do> ...'")
    car, do, rest = words[0], words[1], words[2:]
    if do == "plan":
        if not rest or not rest[0].isdigit():
            raise ValueError(f"decision {text!r}: plan needs a gear then cards")
        return Plan(car, int(rest[0]), tuple(rest[1:]))
    if do in _NO_FIGURES and not rest:
        return _NO_FIGURES[do](car)
    if do in _ONE_CARD and len(rest) == 1:
        return _ONE_CARD[do](car, rest[0])
    if do in ("speed", "direct") and len(rest) == 2 and rest[1].isdigit():
        return (ChooseSpeed if do == "speed" else DirectPlay)(car, rest[0], int(rest[1]))
    if do == "reduce" and len(rest) == 1 and rest[0].isdigit():
        return Reduce(car, int(rest[0]))
    if do == "salvage" and rest:
        return Salvage(car, tuple(rest))
    if do == "adrenaline" and set(rest) <= {"speed", "cooldown", "none"} and rest:
        return Adrenaline(car, "speed" in rest, "cooldown" in rest)
    if do == "slipstream" and rest in (["yes"], ["no"]):
        return Slipstream(car, rest == ["yes"])
    if do == "discard":
        return Discard(car, tuple(card for card in rest if card != "-"))
    raise ValueError(f"decision {text!r}: cannot read {do!r} with {' '.join(rest) or 'nothing'}")
