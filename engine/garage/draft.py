"""The Garage draft before the race: markets, pick order, and the decks it builds.

BGA's draft, as ../shared/facts/modules-notes.md records it: 3 rounds; each
round reveals a market of the drafting cars + 3 upgrades and every driver picks
one, from the back of the grid in rounds 1 and 3 and from pole in round 2; the
leftovers go to the box. Variants: 3 random upgrades each, or the snake draft
(2 rounds of 2N+3 cards picked in snake order, then each driver gives one of its
4 upgrades back to the box). Legends do not draft.
"""

from __future__ import annotations

import data
from data.models import UpgradeDeck
from engine.cards import HAND_SIZE, Card
from engine.conditions import starting_piles
from engine.events import DraftMarket, Event, UpgradeDrafted, UpgradeReturned
from engine.movement import position_key
from engine.rng import shuffled
from engine.state import Garage, Options, RaceState

UPGRADES_EACH = 3
MARKET_EXTRA = 3
"""A market holds this many cards more than there are drafting drivers."""
GARAGE_DECKS: dict[str, tuple[UpgradeDeck, ...]] = {
    "off": (),
    "basic": ("basic",),
    "advanced": ("advanced",),
    "both": ("basic", "advanced"),
}
# The Heavy Rain and Tunnel Vision upgrades join the advanced cards when the option says so.
EXPANSION_DECKS: tuple[UpgradeDeck, ...] = ("heavy_rain", "tunnel_vision")
SNAKE_ROUNDS = 2


def garage_deck(state: RaceState) -> tuple[Card, ...]:
    """The upgrade cards the race's option puts in the Garage deck, unshuffled."""
    return upgrade_deck(state.options)


def upgrade_deck(options: Options) -> tuple[Card, ...]:
    """The upgrade cards these options put in a Garage deck (a race's, or a season's)."""
    cards = data.upgrade_cards()
    names = GARAGE_DECKS[options.garage]
    if options.garage_expansions and "advanced" in names:
        names += EXPANSION_DECKS
    return tuple(card for name in names for card in cards.deck(name))


def drafters(state: RaceState) -> tuple[str, ...]:
    """The cars that draft, pole first: every car but the Legends."""
    cars = sorted((c for c in state.cars if not c.is_legend), key=position_key)
    return tuple(car.id for car in cars)


def open_garage(state: RaceState, events: list[Event]) -> None:
    """Shuffle the Garage deck and start the draft (or deal 3 random upgrades each)."""
    garage = state.garage = Garage(shuffled(state.seed, state.rng, garage_deck(state)))
    state.rng += 1
    if state.options.draft == "random":
        for car_id in drafters(state):
            car = state.edit_car(car_id)
            car.upgrades, garage.deck = garage.deck[:UPGRADES_EACH], garage.deck[UPGRADES_EACH:]
        deal_decks(state)
        return
    next_round(state, events)


def round_order(state: RaceState, round_number: int) -> tuple[str, ...]:
    """Who picks in a draft round, next first.

    Rounds 1 and 3 start from the back of the grid, round 2 from pole; the
    snake draft goes there and back in each of its rounds.
    """
    pole_first = drafters(state)
    back_first = pole_first[::-1]
    if state.options.draft == "snake":
        if round_number > SNAKE_ROUNDS:
            return back_first
        return back_first + pole_first if round_number == 1 else pole_first + back_first
    return pole_first if round_number == 2 else back_first


def rounds(state: RaceState) -> int:
    """Draft rounds: 3, or the snake's 2 rounds of picks and 1 of giving back."""
    return SNAKE_ROUNDS + 1 if state.options.draft == "snake" else UPGRADES_EACH


def giving_back(state: RaceState) -> bool:
    """The snake draft's last round: each driver returns one of its 4 upgrades."""
    garage = state.garage
    return garage is not None and state.options.draft == "snake" and garage.round > SNAKE_ROUNDS


def next_round(state: RaceState, events: list[Event]) -> None:
    """Leftovers to the box; reveal the next market, or deal the decks after the last round."""
    garage = state.garage
    assert garage is not None
    garage.box, garage.market = garage.box + garage.market, ()
    if garage.round >= rounds(state):
        garage.order = ()
        deal_decks(state)
        return
    garage.round += 1
    garage.order = round_order(state, garage.round)
    if giving_back(state):
        return
    size = len(drafters(state)) + MARKET_EXTRA
    if state.options.draft == "snake":
        size += len(drafters(state))
    garage.market, garage.deck = garage.deck[:size], garage.deck[size:]
    events.append(DraftMarket(None, garage.round, garage.market))


def pick(state: RaceState, car_id: str, card: Card, events: list[Event]) -> None:
    """The car takes ``card`` from the market (or, giving back, returns it to the box).

    The Garage is copied first: a state's copy shares it (see :meth:`RaceState.copy`).
    """
    assert state.garage is not None
    garage = state.garage = state.garage.copy()
    car = state.edit_car(car_id)
    kept = list(car.upgrades)
    if giving_back(state):
        kept.remove(card)
        garage.box = (*garage.box, card)
        events.append(UpgradeReturned(car_id, card))
    else:
        market = list(garage.market)
        market.remove(card)
        garage.market = tuple(market)
        kept.append(card)
        events.append(UpgradeDrafted(car_id, card))
    car.upgrades = tuple(kept)
    garage.order = garage.order[1:]
    if not garage.order:
        next_round(state, events)


def deal_decks(state: RaceState) -> None:
    """Every driver's deck: 12 Speed cards, its upgrades and the Stress (and the weather's
    Heat and Stress); 7 cards drawn."""
    track = data.track(state.track)
    for car_id in drafters(state):
        car = state.edit_car(car_id)
        piles = starting_piles(track, state.weather, car.upgrades)
        deck = shuffled(state.seed, state.rng, piles.deck)
        state.rng += 1
        car.hand, car.deck = deck[:HAND_SIZE], deck[HAND_SIZE:]
