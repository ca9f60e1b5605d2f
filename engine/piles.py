"""Moving cards between a car's piles: drawing, reshuffling, + symbols, Heat.

Every function changes the car (a working copy) and the race's draw count in
place, and reports what a player at the table would see.
"""

from __future__ import annotations

from engine.cards import BASIC, HEAT, SPEED_VALUE
from engine.championship import hand_size
from engine.events import CardsFlipped, CooledDown, DeckReshuffled, Event, HeatPaid, HeatReason
from engine.rng import shuffled
from engine.state import Car, RaceState


def reshuffle_discard(state: RaceState, car: Car, events: list[Event]) -> None:
    """The draw deck ran out: the discard pile, shuffled with the seed, becomes the deck."""
    car.deck = car.deck + shuffled(state.seed, state.rng, car.discard)
    state.rng += 1
    events.append(DeckReshuffled(car.id, len(car.discard)))
    car.discard = ()


def replenish(state: RaceState, car: Car, events: list[Event]) -> int:
    """Draw back up to 7 cards (or the event's hand size), reshuffling when the deck runs
    out; returns cards drawn."""
    drawn = 0
    size = hand_size(state)
    while (wanted := size - len(car.hand)) > 0:
        if not car.deck:
            if not car.discard:
                break
            reshuffle_discard(state, car, events)
        # The top cards in one go: the same cards, in the same order, as one at a time.
        taken = car.deck[:wanted]
        car.hand = car.hand + taken
        car.deck = car.deck[len(taken) :]
        drawn += len(taken)
    return drawn


def resolve_plus(state: RaceState, car: Car, events: list[Event]) -> int:
    """One + symbol: flip until a basic card, keep it in the Play Area; returns its speed.

    "If it is a Basic card (Speed symbol), add it to your Play Area. Otherwise,
    immediately put it in the discard pile and keep flipping." The rules are
    silent when no basic card is left in the deck or the discard pile; Board Game
    Arena flips every card of both once, finds none, and puts them all in the
    discard pile: the symbol adds 0 (a Boost still costs its Heat).
    """
    flipped: tuple[str, ...] = ()
    while True:
        deck = car.deck
        index = 0
        for card in deck:
            if card in BASIC:
                break
            index += 1
        if index < len(deck):
            # The cards above the first basic one, flipped to the discard pile in one go.
            flipped += deck[: index + 1]
            car.discard = car.discard + deck[:index]
            car.deck = deck[index + 1 :]
            car.play_area = (*car.play_area, deck[index])
            events.append(CardsFlipped(car.id, flipped))
            return SPEED_VALUE[deck[index]]
        if BASIC.isdisjoint(car.discard):
            # Asked only before any flip: a reshuffled discard pile holds a basic card.
            events.append(CardsFlipped(car.id, car.deck + car.discard))
            car.discard = car.discard + car.deck
            car.deck = ()
            return 0
        # The whole deck flipped, then the discard pile (with it) reshuffled.
        flipped += deck
        car.discard = car.discard + deck
        car.deck = ()
        reshuffle_discard(state, car, events)


def pay_heat(car: Car, amount: int, reason: HeatReason, events: list[Event]) -> None:
    """Move Heat cards from the Engine to the discard pile (the caller checked there are enough)."""
    if amount <= 0:
        return
    car.engine -= amount
    car.discard = car.discard + (HEAT,) * amount
    events.append(HeatPaid(car.id, amount, reason))


def cool_down(car: Car, amount: int, events: list[Event]) -> None:
    """Move up to ``amount`` Heat cards from the hand back to the Engine."""
    if HEAT not in car.hand:
        return
    heat_in_hand = car.hand.count(HEAT)
    cooled = min(amount, heat_in_hand)
    if cooled <= 0:
        return
    hand = list(car.hand)
    for _ in range(cooled):
        hand.remove(HEAT)
    car.hand = tuple(hand)
    car.engine += cooled
    events.append(CooledDown(car.id, cooled))
