"""Championship mode at the level of one race: how it is set up, and what it leaves behind.

A season (above races) hands a race its event and the shared sponsorship piles
in a :class:`ChampionshipSetup`; once the race is over, :func:`race_result`
gives back the places, who gave up or was eliminated, and every driver's
unplayed sponsorship cards to carry over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

import data
from data.models import CardSet
from engine.cards import Card, canonical, is_sponsor
from engine.errors import cut, quoted
from engine.limits import MAX_CARS
from engine.state import RaceState


@dataclass(frozen=True, slots=True)
class ChampionshipSetup:
    """The event card of the race and the shared sponsorship piles (deck top first)."""

    event: int
    sponsor_deck: tuple[Card, ...]
    sponsor_discard: tuple[Card, ...] = ()


def sponsorship_deck(garage_expansions: bool) -> tuple[Card, ...]:
    """The whole sponsorship deck, unshuffled: the 35 base-game cards, and with the
    expansions' Garage cards (``options.garage_expansions``) the Heavy Rain and Tunnel
    Vision sponsors too (our choice: one switch for every expansion card)."""
    sets: tuple[CardSet, ...] = ("base", "heavy_rain", "tunnel_vision")
    return data.championship().sponsor_deck(sets if garage_expansions else sets[:1])


@dataclass(frozen=True, slots=True)
class RaceResult:
    """A finished championship race as the season records it.

    ``places`` has every car, Legends included (1 = won), but those ``eliminated``
    by event 10: they have no place and score 0 (a result recorded before this
    rule gives them the last free place they were put in then). A car that gave
    up has the last free place when it left. ``sponsors`` holds each driver's
    unplayed sponsorship cards from every pile, to carry over.
    """

    event: int
    places: dict[str, int]
    gave_up: frozenset[str] = frozenset()
    eliminated: frozenset[str] = frozenset()
    spin_outs: dict[str, int] = field(default_factory=dict)
    sponsors: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    sponsor_deck: tuple[Card, ...] = ()
    sponsor_discard: tuple[Card, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON form a season log stores."""
        return {
            "event": self.event,
            "places": dict(self.places),
            "gave_up": sorted(self.gave_up),
            "eliminated": sorted(self.eliminated),
            "spin_outs": dict(self.spin_outs),
            "sponsors": {car: list(cards) for car, cards in self.sponsors.items()},
            "sponsor_deck": list(self.sponsor_deck),
            "sponsor_discard": list(self.sponsor_discard),
        }

    @classmethod
    def from_dict(cls, document: dict[str, Any]) -> RaceResult:
        """Read :meth:`to_dict`'s form back; ValueError names the first wrong field."""
        try:
            doc = _ResultDoc.model_validate(document)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = cut(".".join(str(part) for part in first["loc"])) or "(result)"
            raise ValueError(f"race result: {where}: {first['msg']}") from None
        cards = [c for pile in doc.sponsors.values() for c in pile]
        cards += doc.sponsor_deck + doc.sponsor_discard
        unknown = [c for c in cards if not is_sponsor(c)]
        if unknown:
            raise ValueError(f"race result: {quoted(unknown[0])} is not a sponsorship card")
        return cls(
            doc.event,
            dict(doc.places),
            frozenset(doc.gave_up),
            frozenset(doc.eliminated),
            dict(doc.spin_outs),
            {car: tuple(cards) for car, cards in doc.sponsors.items()},
            tuple(doc.sponsor_deck),
            tuple(doc.sponsor_discard),
        )


class _ResultDoc(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    event: int
    places: dict[str, Annotated[int, Field(ge=1, le=MAX_CARS)]]
    gave_up: list[str] = []
    eliminated: list[str] = []
    spin_outs: dict[str, int] = {}
    sponsors: dict[str, list[str]] = {}
    sponsor_deck: list[str] = []
    sponsor_discard: list[str] = []


def race_result(state: RaceState) -> RaceResult:
    """What a finished championship race leaves to its season; ValueError before the end."""
    champ = state.championship
    if champ is None:
        raise ValueError("not a championship race")
    if not state.over:
        raise ValueError("the race is not over yet")
    # An eliminated car has no place (but one eliminated before that rule keeps its own).
    places = {car.id: car.finished for car in state.cars if car.finished is not None}
    drivers = [car for car in state.cars if not car.is_legend]
    spun = dict(champ.spin_outs)
    sponsors = {
        car.id: canonical(
            c for c in (*car.hand, *car.deck, *car.discard, *car.play_area) if is_sponsor(c)
        )
        for car in drivers
    }
    return RaceResult(
        champ.event,
        places,
        frozenset(champ.gave_up),
        frozenset(champ.eliminated),
        {car.id: spun.get(car.id, 0) for car in drivers},
        sponsors,
        champ.sponsor_deck,
        champ.sponsor_discard,
    )
