"""A new race: cars on the grid in random order, decks shuffled, seven cards drawn.

A championship race (a :class:`ChampionshipSetup`) races with weather, with each
entrant's own upgrades and sponsors and no draft, and applies its event card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

import data
from data.models import ChampionshipEvent
from engine.cards import HAND_SIZE, KNOWN_CARDS, STRESS, Card, is_sponsor
from engine.championship import ChampionshipSetup, draw_sponsors, hand_size_under, race_laps_of
from engine.conditions import StartingPiles, draw_weather, starting_piles
from engine.errors import quoted
from engine.events import Event
from engine.flow import advance
from engine.garage import open_garage
from engine.legends import LEGEND_CARDS
from engine.limits import MAX_CARS, MAX_LAPS, in_range
from engine.rng import shuffled
from engine.state import Car, CarKind, Championship, Options, RaceState

Grid = Literal["random", "as_listed"]


@dataclass(frozen=True, slots=True)
class Entrant:
    """A car entering the race: its id (as the notation names it), colour and driver kind.

    In a championship race ``upgrades`` and ``sponsors`` are the cards the driver
    carries over from earlier races, shuffled into its deck.
    """

    id: str
    color: str
    kind: CarKind = "human"
    upgrades: tuple[Card, ...] = ()
    sponsors: tuple[Card, ...] = ()


def new_race(
    track_id: str,
    entrants: Sequence[Entrant],
    seed: int,
    *,
    laps: int | None = None,
    options: Options | None = None,
    championship: ChampionshipSetup | None = None,
    grid: Grid = "random",
) -> tuple[RaceState, list[Event]]:
    """Set up a race and run it up to the first decision.

    "Place all participating cars on the starting grid one at a time, at random"
    (``grid="as_listed"``: pole first, in the order given) and "Draw 7 cards from
    your draw deck into your hand." With the weather module on, the weather card
    and road conditions are drawn before the decks. A championship race first
    deals every driver the event's sponsorship cards, pole first, then draws each
    hand up to the event's hand size from the shuffled deck (BGA's stDrawSponsors,
    then stStartRace's fillHand): the sponsors count in the hand.
    """
    track = data.track(track_id)
    if not 1 <= len(entrants) <= min(MAX_CARS, len(track.starting_grid)):
        raise ValueError(f"a race takes 1 to {MAX_CARS} cars, not {len(entrants)}")
    if len({e.id for e in entrants}) != len(entrants):
        raise ValueError("car ids must be distinct")
    if laps is not None:
        in_range("laps", laps, 1, MAX_LAPS)
    event = _event(championship, entrants)
    options = options or Options()
    race_laps = track.laps if laps is None else laps
    if event is not None:
        garage = "basic" if options.garage == "off" else options.garage
        options = replace(options, weather=True, garage=garage)
        race_laps = race_laps_of(track, race_laps, event)
    state = RaceState(track_id, race_laps, seed, 1, [], options=options)
    if championship is not None:
        state.championship = Championship(
            championship.event, championship.sponsor_deck, championship.sponsor_discard
        )
    grid_order = tuple(range(len(entrants)))
    if grid == "random":
        grid_order = shuffled(seed, state.rng, grid_order)
        state.rng += 1
    slot_of = {index: slot for slot, index in enumerate(grid_order)}
    if state.options.weather:
        state.weather = draw_weather(track, seed, state.rng)
        state.rng += 2
    piles = starting_piles(track, state.weather)
    for index, entrant in enumerate(entrants):
        slot = track.starting_grid[slot_of[index]]
        spot = 0 if slot.lane == track.race_lane_at_start else 1
        car = Car(entrant.id, entrant.color, entrant.kind, slot.space, spot)
        if entrant.kind != "legend":
            car.engine, car.discard = piles.engine, piles.discard
        if entrant.kind != "legend" and event is not None:
            car.upgrades = entrant.upgrades
            own = _championship_piles(track, state, entrant, event)
            car.engine, car.discard = own.engine, own.discard
            car.deck = shuffled(seed, state.rng, own.deck)
            state.rng += 1
        elif entrant.kind != "legend" and state.options.garage == "off":
            deck = shuffled(seed, state.rng, piles.deck)
            state.rng += 1
            car.hand, car.deck = deck[:HAND_SIZE], deck[HAND_SIZE:]
        state.cars.append(car)
    if any(e.kind == "legend" for e in entrants):
        state.legend_deck = shuffled(seed, state.rng, LEGEND_CARDS)
        state.rng += 1
    events: list[Event] = []
    if event is not None:
        by_grid = sorted(state.cars, key=lambda car: (-car.space, car.spot))
        for car in by_grid:
            if not car.is_legend:
                draw_sponsors(state, car, event.sponsorship_cards_at_start, "start", events)
        for car in state.cars:
            drawn = max(hand_size_under(event) - len(car.hand), 0)
            car.hand, car.deck = car.hand + car.deck[:drawn], car.deck[drawn:]
    elif state.options.garage != "off":
        open_garage(state, events)
    advance(state, events)
    return state, events


def _event(
    championship: ChampionshipSetup | None, entrants: Sequence[Entrant]
) -> ChampionshipEvent | None:
    """The championship race's event card, once its cards check out; None without one."""
    if championship is None:
        if any(e.upgrades or e.sponsors for e in entrants):
            raise ValueError("upgrades and sponsors are carried only into a championship race")
        return None
    events = data.championship().events
    if not 1 <= championship.event <= len(events):
        raise ValueError(f"there is no event {championship.event} (1 to {len(events)})")
    shared = (*championship.sponsor_deck, *championship.sponsor_discard)
    carried = [card for e in entrants for card in e.sponsors]
    not_sponsor = [card for card in (*shared, *carried) if not is_sponsor(card)]
    if not_sponsor:
        raise ValueError(f"{quoted(not_sponsor[0])} is not a sponsorship card")
    upgrades = [card for e in entrants for card in e.upgrades]
    unknown = [card for card in upgrades if card not in KNOWN_CARDS or is_sponsor(card)]
    if unknown:
        raise ValueError(f"{quoted(unknown[0])} is not an upgrade card")
    return events[championship.event - 1]


def _championship_piles(
    track: data.Track, state: RaceState, entrant: Entrant, event: ChampionshipEvent
) -> StartingPiles:
    """12 Speed cards, the entrant's upgrades and sponsors, the Stress and the weather's
    cards, changed by the event: Heat in the Engine and Stress in the deck."""
    piles = starting_piles(track, state.weather, entrant.upgrades + entrant.sponsors)
    deck = list(piles.deck)
    for _ in range(-event.stress_delta):
        if STRESS in deck:
            deck.remove(STRESS)
    deck += [STRESS] * max(event.stress_delta, 0)
    engine = max(piles.engine + event.engine_delta, 0)
    return StartingPiles(engine, tuple(deck), piles.discard)
