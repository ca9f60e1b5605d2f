"""What happened while a decision was applied, in order, with the figures to show it.

Events carry nothing a viewer may not see: drawn cards are counted, never named.
They are values; they are not frozen only because frozen dataclasses cost
several times more to build, and a race makes thousands (about 3,000 in a
6-car, 2-lap race). For the same reason each writes its ``__init__`` out: mypyc
compiles a written-out one and leaves the one ``@dataclass`` writes interpreted,
several times slower. They have no ``slots=True``: mypyc takes the ``type``
ClassVar for a field (mypyc/mypyc#1122), and the class that ``slots=True``
builds anew would read it as a slot (a compiled class has no ``__dict__`` anyway).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, ClassVar, Literal

from engine.cards import Card

MoveCause = Literal["cards", "boost", "adrenaline", "slipstream", "accelerate", "direct", "draft"]
HeatReason = Literal["shift", "boost", "corner", "card"]
SponsorReason = Literal["start", "press", "grandstand", "speed_record", "passing"]
HeatPile = Literal["engine", "hand", "discard", "deck"]


EVENT_TYPES: dict[str, type[Event]] = {}
"""Every kind of event by its ``type`` word (race and season events), filled as each is declared."""


@dataclass(init=False)
class Event:
    type: ClassVar[str] = "event"
    car: str | None

    def __init__(self, car: str | None) -> None:
        self.car = car

    def __init_subclass__(cls) -> None:
        known = EVENT_TYPES.get(cls.type)
        if known is not None:
            raise TypeError(
                f"{cls.__qualname__} takes the type {cls.type!r} of {known.__qualname__}"
            )
        EVENT_TYPES[cls.type] = cls

    def to_json(self) -> dict[str, Any]:
        """The event as the race notation prints it: car, type, then its figures."""
        figures = {
            k: list(v) if isinstance(v, tuple) else v
            for k, v in asdict(self).items()
            if k != "type"  # a field in the compiled build, see the module
        }
        car = figures.pop("car")
        return {"car": car, "type": self.type, **figures}


@dataclass(init=False)
class RoundStarted(Event):
    type: ClassVar[str] = "round_started"
    round: int
    turn_order: tuple[str, ...]

    def __init__(self, car: str | None, round: int, turn_order: tuple[str, ...]) -> None:
        self.car = car
        self.round = round
        self.turn_order = turn_order


@dataclass(init=False)
class PlanMade(Event):
    type: ClassVar[str] = "planned"

    def __init__(self, car: str | None) -> None:
        self.car = car


@dataclass(init=False)
class GearShifted(Event):
    type: ClassVar[str] = "shifted"
    from_gear: int
    to_gear: int

    def __init__(self, car: str | None, from_gear: int, to_gear: int) -> None:
        self.car = car
        self.from_gear = from_gear
        self.to_gear = to_gear


@dataclass(init=False)
class CardsRevealed(Event):
    type: ClassVar[str] = "revealed"
    cards: tuple[Card, ...]

    def __init__(self, car: str | None, cards: tuple[Card, ...]) -> None:
        self.car = car
        self.cards = cards


@dataclass(init=False)
class CardsFlipped(Event):
    """A + symbol resolved: the cards flipped, the last being the basic card kept.

    When no basic card was left, every card was flipped and none kept.
    """

    type: ClassVar[str] = "flipped"
    cards: tuple[Card, ...]

    def __init__(self, car: str | None, cards: tuple[Card, ...]) -> None:
        self.car = car
        self.cards = cards


@dataclass(init=False)
class CarMoved(Event):
    type: ClassVar[str] = "moved"
    cause: MoveCause
    from_space: int
    from_spot: int
    to_space: int
    to_spot: int
    blocked: bool

    def __init__(
        self,
        car: str | None,
        cause: MoveCause,
        from_space: int,
        from_spot: int,
        to_space: int,
        to_spot: int,
        blocked: bool,
    ) -> None:
        self.car = car
        self.cause = cause
        self.from_space = from_space
        self.from_spot = from_spot
        self.to_space = to_space
        self.to_spot = to_spot
        self.blocked = blocked


@dataclass(init=False)
class HeatPaid(Event):
    type: ClassVar[str] = "heat_paid"
    amount: int
    reason: HeatReason

    def __init__(self, car: str | None, amount: int, reason: HeatReason) -> None:
        self.car = car
        self.amount = amount
        self.reason = reason


@dataclass(init=False)
class CooledDown(Event):
    type: ClassVar[str] = "cooled_down"
    amount: int

    def __init__(self, car: str | None, amount: int) -> None:
        self.car = car
        self.amount = amount


@dataclass(init=False)
class AdrenalineUsed(Event):
    type: ClassVar[str] = "adrenaline"
    speed: bool
    cooldown: bool

    def __init__(self, car: str | None, speed: bool, cooldown: bool) -> None:
        self.car = car
        self.speed = speed
        self.cooldown = cooldown


@dataclass(init=False)
class CornerChecked(Event):
    """A corner line crossed: the car's Speed against the limit, and the Heat it cost."""

    type: ClassVar[str] = "corner"
    position: int
    speed_limit: int
    speed: int
    heat: int

    def __init__(
        self,
        car: str | None,
        position: int,
        speed_limit: int,
        speed: int,
        heat: int,
    ) -> None:
        self.car = car
        self.position = position
        self.speed_limit = speed_limit
        self.speed = speed
        self.heat = heat


@dataclass(init=False)
class SpunOut(Event):
    type: ClassVar[str] = "spun_out"
    position: int
    stress: int
    to_space: int
    to_spot: int

    def __init__(
        self,
        car: str | None,
        position: int,
        stress: int,
        to_space: int,
        to_spot: int,
    ) -> None:
        self.car = car
        self.position = position
        self.stress = stress
        self.to_space = to_space
        self.to_spot = to_spot


@dataclass(init=False)
class HandCluttered(Event):
    type: ClassVar[str] = "cluttered"
    cards: tuple[Card, ...]

    def __init__(self, car: str | None, cards: tuple[Card, ...]) -> None:
        self.car = car
        self.cards = cards


@dataclass(init=False)
class CardsDiscarded(Event):
    type: ClassVar[str] = "discarded"
    cards: tuple[Card, ...]

    def __init__(self, car: str | None, cards: tuple[Card, ...]) -> None:
        self.car = car
        self.cards = cards


@dataclass(init=False)
class DeckReshuffled(Event):
    type: ClassVar[str] = "reshuffled"
    cards: int

    def __init__(self, car: str | None, cards: int) -> None:
        self.car = car
        self.cards = cards


@dataclass(init=False)
class HandReplenished(Event):
    type: ClassVar[str] = "replenished"
    drawn: int

    def __init__(self, car: str | None, drawn: int) -> None:
        self.car = car
        self.drawn = drawn


@dataclass(init=False)
class LegendCardRevealed(Event):
    type: ClassVar[str] = "legend_card"
    card: int

    def __init__(self, car: str | None, card: int) -> None:
        self.car = car
        self.card = card


@dataclass(init=False)
class Finished(Event):
    type: ClassVar[str] = "finished"
    place: int

    def __init__(self, car: str | None, place: int) -> None:
        self.car = car
        self.place = place


@dataclass(init=False)
class RaceEnded(Event):
    type: ClassVar[str] = "race_over"
    hall_of_fame: tuple[str, ...]

    def __init__(self, car: str | None, hall_of_fame: tuple[str, ...]) -> None:
        self.car = car
        self.hall_of_fame = hall_of_fame


@dataclass(init=False)
class TurnEnded(Event):
    """Steps 3-9 done: the Speed the car raced at this round (0 for a cluttered hand)."""

    type: ClassVar[str] = "turn_ended"
    speed: int

    def __init__(self, car: str | None, speed: int) -> None:
        self.car = car
        self.speed = speed


@dataclass(init=False)
class DraftMarket(Event):
    """A Garage draft round starts: the upgrade cards revealed for the drivers to pick."""

    type: ClassVar[str] = "draft_market"
    round: int
    cards: tuple[Card, ...]

    def __init__(self, car: str | None, round: int, cards: tuple[Card, ...]) -> None:
        self.car = car
        self.round = round
        self.cards = cards


@dataclass(init=False)
class UpgradeDrafted(Event):
    type: ClassVar[str] = "drafted"
    card: Card

    def __init__(self, car: str | None, card: Card) -> None:
        self.car = car
        self.card = card


@dataclass(init=False)
class UpgradeReturned(Event):
    """The snake draft's last round: an upgrade given back to the box."""

    type: ClassVar[str] = "returned"
    card: Card

    def __init__(self, car: str | None, card: Card) -> None:
        self.car = car
        self.card = card


@dataclass(init=False)
class SpeedChosen(Event):
    """A card with several speeds is played as one of them."""

    type: ClassVar[str] = "speed_chosen"
    card: Card
    speed: int

    def __init__(self, car: str | None, card: Card, speed: int) -> None:
        self.car = car
        self.card = card
        self.speed = speed


@dataclass(init=False)
class HeatUnpaid(Event):
    """The Engine could not pay the Heat symbols: these cards were discarded for + flips."""

    type: ClassVar[str] = "heat_unpaid"
    cards: tuple[Card, ...]
    to_space: int
    to_spot: int

    def __init__(
        self,
        car: str | None,
        cards: tuple[Card, ...],
        to_space: int,
        to_spot: int,
    ) -> None:
        self.car = car
        self.cards = cards
        self.to_space = to_space
        self.to_spot = to_spot


@dataclass(init=False)
class CardsScrapped(Event):
    """Scrap: the top cards of the draw deck, discarded."""

    type: ClassVar[str] = "scrapped"
    cards: tuple[Card, ...]

    def __init__(self, car: str | None, cards: tuple[Card, ...]) -> None:
        self.car = car
        self.cards = cards


@dataclass(init=False)
class StressReduced(Event):
    type: ClassVar[str] = "stress_reduced"
    amount: int

    def __init__(self, car: str | None, amount: int) -> None:
        self.car = car
        self.amount = amount


@dataclass(init=False)
class CardsSalvaged(Event):
    """Salvage: cards from the discard pile shuffled into the draw deck."""

    type: ClassVar[str] = "salvaged"
    cards: tuple[Card, ...]

    def __init__(self, car: str | None, cards: tuple[Card, ...]) -> None:
        self.car = car
        self.cards = cards


@dataclass(init=False)
class SuperCooled(Event):
    """Super Cool: Heat from the discard pile back to the Engine."""

    type: ClassVar[str] = "super_cooled"
    amount: int

    def __init__(self, car: str | None, amount: int) -> None:
        self.car = car
        self.amount = amount


@dataclass(init=False)
class Accelerated(Event):
    """Accelerate: +1 Speed for each + symbol used so far this turn."""

    type: ClassVar[str] = "accelerated"
    speed: int

    def __init__(self, car: str | None, speed: int) -> None:
        self.car = car
        self.speed = speed


@dataclass(init=False)
class DirectPlayed(Event):
    type: ClassVar[str] = "direct_played"
    card: Card

    def __init__(self, car: str | None, card: Card) -> None:
        self.car = car
        self.card = card


@dataclass(init=False)
class CardRefreshed(Event):
    """Refresh: the card goes on top of the draw deck in step 9, not to the discard pile."""

    type: ClassVar[str] = "refreshed"
    card: Card

    def __init__(self, car: str | None, card: Card) -> None:
        self.car = car
        self.card = card


@dataclass(init=False)
class SponsorGained(Event):
    """Championship: sponsorship cards drawn into the hand (counted, never named), and why;
    ``corner`` is the press corner's lap position."""

    type: ClassVar[str] = "sponsor_gained"
    cards: int
    reason: SponsorReason
    corner: int | None = None

    def __init__(
        self,
        car: str | None,
        cards: int,
        reason: SponsorReason,
        corner: int | None = None,
    ) -> None:
        self.car = car
        self.cards = cards
        self.reason = reason
        self.corner = corner


@dataclass(init=False)
class SponsorsSpent(Event):
    """Played sponsorship cards leave the car for the shared sponsorship discard pile."""

    type: ClassVar[str] = "sponsors_spent"
    cards: tuple[Card, ...]

    def __init__(self, car: str | None, cards: tuple[Card, ...]) -> None:
        self.car = car
        self.cards = cards


@dataclass(init=False)
class SponsorsReshuffled(Event):
    """The sponsorship deck ran out: its discard pile, shuffled, became the deck."""

    type: ClassVar[str] = "sponsors_reshuffled"
    cards: int

    def __init__(self, car: str | None, cards: int) -> None:
        self.car = car
        self.cards = cards


@dataclass(init=False)
class HeatRemoved(Event):
    """The pressure cooker (event 18): a lap done, one Heat card leaves the game."""

    type: ClassVar[str] = "heat_removed"
    pile: HeatPile

    def __init__(self, car: str | None, pile: HeatPile) -> None:
        self.car = car
        self.pile = pile


@dataclass(init=False)
class GaveUp(Event):
    """The driver gave up: the car leaves the track and takes the last free place."""

    type: ClassVar[str] = "gave_up"
    place: int

    def __init__(self, car: str | None, place: int) -> None:
        self.car = car
        self.place = place


@dataclass(init=False)
class Eliminated(Event):
    """Event 10: a car that spun out is out of the race, with no place.

    ``place`` is None; events stored before eliminated cars lost their place name
    the last free place they were given then.
    """

    type: ClassVar[str] = "eliminated"
    place: int | None = None

    def __init__(self, car: str | None, place: int | None = None) -> None:
        self.car = car
        self.place = place


def event_from_json(document: dict[str, Any]) -> Event:
    """An event back from :meth:`Event.to_json`'s form (lists become tuples again)."""
    figures: dict[str, Any] = {
        k: tuple(v) if isinstance(v, list) else v for k, v in document.items() if k != "type"
    }
    return EVENT_TYPES[str(document["type"])](**figures)
