"""What happened while a decision was applied, in order, with the figures to show it.

Events carry nothing a viewer may not see: drawn cards are counted, never named.
They are values; they are not frozen only because frozen dataclasses cost
several times more to build, and a race makes thousands.
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


@dataclass(slots=True)
class Event:
    type: ClassVar[str] = "event"
    car: str | None

    def __init_subclass__(cls) -> None:
        # A slotted dataclass is built twice; the second class, the one kept, registers last.
        known = EVENT_TYPES.get(cls.type)
        if known is not None and known.__qualname__ != cls.__qualname__:
            raise TypeError(
                f"{cls.__qualname__} takes the type {cls.type!r} of {known.__qualname__}"
            )
        EVENT_TYPES[cls.type] = cls

    def to_json(self) -> dict[str, Any]:
        """The event as the race notation prints it: car, type, then its figures."""
        figures = {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}
        car = figures.pop("car")
        return {"car": car, "type": self.type, **figures}


@dataclass(slots=True)
class RoundStarted(Event):
    type: ClassVar[str] = "round_started"
    round: int
    turn_order: tuple[str, ...]


@dataclass(slots=True)
class PlanMade(Event):
    type: ClassVar[str] = "planned"


@dataclass(slots=True)
class GearShifted(Event):
    type: ClassVar[str] = "shifted"
    from_gear: int
    to_gear: int


@dataclass(slots=True)
class CardsRevealed(Event):
    type: ClassVar[str] = "revealed"
    cards: tuple[Card, ...]


@dataclass(slots=True)
class CardsFlipped(Event):
    """A + symbol resolved: the cards flipped, the last being the basic card kept.

    When no basic card was left, every card was flipped and none kept.
    """

    type: ClassVar[str] = "flipped"
    cards: tuple[Card, ...]


@dataclass(slots=True)
class CarMoved(Event):
    type: ClassVar[str] = "moved"
    cause: MoveCause
    from_space: int
    from_spot: int
    to_space: int
    to_spot: int
    blocked: bool


@dataclass(slots=True)
class HeatPaid(Event):
    type: ClassVar[str] = "heat_paid"
    amount: int
    reason: HeatReason


@dataclass(slots=True)
class CooledDown(Event):
    type: ClassVar[str] = "cooled_down"
    amount: int


@dataclass(slots=True)
class AdrenalineUsed(Event):
    type: ClassVar[str] = "adrenaline"
    speed: bool
    cooldown: bool


@dataclass(slots=True)
class CornerChecked(Event):
    """A corner line crossed: the car's Speed against the limit, and the Heat it cost."""

    type: ClassVar[str] = "corner"
    position: int
    speed_limit: int
    speed: int
    heat: int


@dataclass(slots=True)
class SpunOut(Event):
    type: ClassVar[str] = "spun_out"
    position: int
    stress: int
    to_space: int
    to_spot: int


@dataclass(slots=True)
class HandCluttered(Event):
    type: ClassVar[str] = "cluttered"
    cards: tuple[Card, ...]


@dataclass(slots=True)
class CardsDiscarded(Event):
    type: ClassVar[str] = "discarded"
    cards: tuple[Card, ...]


@dataclass(slots=True)
class DeckReshuffled(Event):
    type: ClassVar[str] = "reshuffled"
    cards: int


@dataclass(slots=True)
class HandReplenished(Event):
    type: ClassVar[str] = "replenished"
    drawn: int


@dataclass(slots=True)
class LegendCardRevealed(Event):
    type: ClassVar[str] = "legend_card"
    card: int


@dataclass(slots=True)
class Finished(Event):
    type: ClassVar[str] = "finished"
    place: int


@dataclass(slots=True)
class RaceEnded(Event):
    type: ClassVar[str] = "race_over"
    hall_of_fame: tuple[str, ...]


@dataclass(slots=True)
class TurnEnded(Event):
    """Steps 3-9 done: the Speed the car raced at this round (0 for a cluttered hand)."""

    type: ClassVar[str] = "turn_ended"
    speed: int


@dataclass(slots=True)
class DraftMarket(Event):
    """A Garage draft round starts: the upgrade cards revealed for the drivers to pick."""

    type: ClassVar[str] = "draft_market"
    round: int
    cards: tuple[Card, ...]


@dataclass(slots=True)
class UpgradeDrafted(Event):
    type: ClassVar[str] = "drafted"
    card: Card


@dataclass(slots=True)
class UpgradeReturned(Event):
    """The snake draft's last round: an upgrade given back to the box."""

    type: ClassVar[str] = "returned"
    card: Card


@dataclass(slots=True)
class SpeedChosen(Event):
    """A card with several speeds is played as one of them."""

    type: ClassVar[str] = "speed_chosen"
    card: Card
    speed: int


@dataclass(slots=True)
class HeatUnpaid(Event):
    """The Engine could not pay the Heat symbols: these cards were discarded for + flips."""

    type: ClassVar[str] = "heat_unpaid"
    cards: tuple[Card, ...]
    to_space: int
    to_spot: int


@dataclass(slots=True)
class CardsScrapped(Event):
    """Scrap: the top cards of the draw deck, discarded."""

    type: ClassVar[str] = "scrapped"
    cards: tuple[Card, ...]


@dataclass(slots=True)
class StressReduced(Event):
    type: ClassVar[str] = "stress_reduced"
    amount: int


@dataclass(slots=True)
class CardsSalvaged(Event):
    """Salvage: cards from the discard pile shuffled into the draw deck."""

    type: ClassVar[str] = "salvaged"
    cards: tuple[Card, ...]


@dataclass(slots=True)
class SuperCooled(Event):
    """Super Cool: Heat from the discard pile back to the Engine."""

    type: ClassVar[str] = "super_cooled"
    amount: int


@dataclass(slots=True)
class Accelerated(Event):
    """Accelerate: +1 Speed for each + symbol used so far this turn."""

    type: ClassVar[str] = "accelerated"
    speed: int


@dataclass(slots=True)
class DirectPlayed(Event):
    type: ClassVar[str] = "direct_played"
    card: Card


@dataclass(slots=True)
class CardRefreshed(Event):
    """Refresh: the card goes on top of the draw deck in step 9, not to the discard pile."""

    type: ClassVar[str] = "refreshed"
    card: Card


@dataclass(slots=True)
class SponsorGained(Event):
    """Championship: sponsorship cards drawn into the hand (counted, never named), and why;
    ``corner`` is the press corner's lap position."""

    type: ClassVar[str] = "sponsor_gained"
    cards: int
    reason: SponsorReason
    corner: int | None = None


@dataclass(slots=True)
class SponsorsSpent(Event):
    """Played sponsorship cards leave the car for the shared sponsorship discard pile."""

    type: ClassVar[str] = "sponsors_spent"
    cards: tuple[Card, ...]


@dataclass(slots=True)
class SponsorsReshuffled(Event):
    """The sponsorship deck ran out: its discard pile, shuffled, became the deck."""

    type: ClassVar[str] = "sponsors_reshuffled"
    cards: int


@dataclass(slots=True)
class HeatRemoved(Event):
    """The pressure cooker (event 18): a lap done, one Heat card leaves the game."""

    type: ClassVar[str] = "heat_removed"
    pile: HeatPile


@dataclass(slots=True)
class GaveUp(Event):
    """The driver gave up: the car leaves the track and takes the last free place."""

    type: ClassVar[str] = "gave_up"
    place: int


@dataclass(slots=True)
class Eliminated(Event):
    """Event 10: a car that spun out is out of the race, with no place.

    ``place`` is None; events stored before eliminated cars lost their place name
    the last free place they were given then.
    """

    type: ClassVar[str] = "eliminated"
    place: int | None = None


def event_from_json(document: dict[str, Any]) -> Event:
    """An event back from :meth:`Event.to_json`'s form (lists become tuples again)."""
    figures: dict[str, Any] = {
        k: tuple(v) if isinstance(v, list) else v for k, v in document.items() if k != "type"
    }
    return EVENT_TYPES[str(document["type"])](**figures)
