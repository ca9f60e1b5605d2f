"""Decisions a driver makes, as frozen values with a one-line text form.

``str(decision)`` gives the text form and :func:`parse_decision` reads it back:
``"A plan 3 1 2 4"``, ``"A boost"``, ``"A adrenaline speed cooldown"``,
``"A react_done"``, ``"A slipstream yes"``, ``"A discard 0 5"``.
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


Decision = Plan | Boost | Adrenaline | ReactDone | Slipstream | Discard

DECISION_TYPES: dict[str, type[Decision]] = {
    cls.do: cls for cls in (Plan, Boost, Adrenaline, ReactDone, Slipstream, Discard)
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
    if do in ("boost", "react_done") and not rest:
        return Boost(car) if do == "boost" else ReactDone(car)
    if do == "adrenaline" and set(rest) <= {"speed", "cooldown", "none"} and rest:
        return Adrenaline(car, "speed" in rest, "cooldown" in rest)
    if do == "slipstream" and rest in (["yes"], ["no"]):
        return Slipstream(car, rest == ["yes"])
    if do == "discard":
        return Discard(car, tuple(card for card in rest if card != "-"))
    raise ValueError(f"decision {text!r}: cannot read {do!r} with {' '.join(rest) or 'nothing'}")
