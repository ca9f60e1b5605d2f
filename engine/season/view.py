"""What anyone may see of a season: no deck order, no RNG, sponsors counted, not named.

Like :func:`engine.view.view_for` for a race, this is the only way a season goes
out to be shown: the Garage and sponsorship decks keep their order secret, and
a driver's unplayed sponsorship cards are shuffled into its deck at the next
race, so only their number is public. Drafted upgrades are picked in the open.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.season.points import Standing, champion, standings
from engine.season.rules import SeasonPending, season_pending
from engine.season.state import SeasonRace, SeasonState
from engine.state import CarKind


@dataclass(frozen=True, slots=True)
class SeasonDriverView:
    id: str
    color: str
    kind: CarKind
    upgrades: tuple[Card, ...]
    sponsors: int
    active: bool
    joined: int
    resting: bool = False


@dataclass(frozen=True, slots=True)
class SeasonView:
    """The season as the league channel shows it; ``race_no`` is the next race."""

    version: int
    preset: int | None
    races: tuple[SeasonRace, ...]
    race_no: int
    pending: SeasonPending
    drivers: tuple[SeasonDriverView, ...]
    standings: tuple[Standing, ...]
    grid: tuple[str, ...]
    market: tuple[Card, ...]
    draft_order: tuple[str, ...]
    first_picker: str | None
    garage_deck: int
    sponsor_deck: int
    sponsor_discard: int
    champion: str | None


def season_view(s: SeasonState) -> SeasonView:
    """The public view of the season."""
    draft = s.draft
    return SeasonView(
        version=s.version,
        preset=s.preset,
        races=s.races,
        race_no=s.race_no,
        pending=season_pending(s),
        drivers=tuple(
            SeasonDriverView(
                d.id, d.color, d.kind, d.upgrades, len(d.sponsors), d.active, d.joined, d.resting
            )
            for d in s.drivers
        ),
        standings=tuple(standings(s)),
        grid=s.grid,
        market=draft.market if draft is not None else (),
        draft_order=draft.order if draft is not None else (),
        first_picker=draft.first if draft is not None else None,
        garage_deck=len(s.garage_deck),
        sponsor_deck=len(s.sponsor_deck),
        sponsor_discard=len(s.sponsor_discard),
        champion=champion(s),
    )
