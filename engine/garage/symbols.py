"""The Garage symbols on the cards a car plays, each at the moment BGA resolves it.

At the reveal (step 3): every "+" (Stress, and the upgrades' + symbols) is
flipped, and a card with several speeds waits for its speed to be chosen.
After the move: Scrap at once; the mandatory Heat is owed and the Cooldown
held, both settled by the React step (:mod:`engine.react`) in the order the
driver's choices allow; Adjust and the optional symbols go into the turn's
pools. A card whose Heat is owed keeps its other symbols until that Heat is
paid: BGA offers only Cooldown, Boost, Adrenaline and Direct Play while the
Heat is more than the Engine holds, and a card left unpaid is discarded with
its symbols (so Turbo 8 never scraps without its Heat). A card played directly
in the React step goes through the same path.
"""

from __future__ import annotations

from collections import Counter

from engine.cards import (
    DIRECT_PLAY,
    HEAT,
    SEVERAL_SPEEDS,
    STRESS,
    WITH_PLUS,
    WITH_REFRESH,
    WITH_SYMBOLS,
    Card,
    heat_symbols,
    plus_symbols,
    remove_cards,
    speed_choices,
    symbols,
)
from engine.decisions import (
    Accelerate,
    Decision,
    DirectPlay,
    DraftMove,
    Reduce,
    Salvage,
    SuperCool,
)
from engine.events import (
    CardsSalvaged,
    CardsScrapped,
    Event,
    SpeedChosen,
    StressReduced,
    SuperCooled,
)
from engine.map_spots import in_tunnel
from engine.piles import pay_heat, reshuffle_discard, resolve_plus
from engine.rng import shuffled
from engine.state import Car, RaceState, Turn


def flip_plus(
    state: RaceState, car: Car, turn: Turn, cards: tuple[Card, ...], events: list[Event]
) -> int:
    """Resolve the + symbols of ``cards`` at their reveal; returns the Speed they found."""
    found = 0
    if WITH_PLUS.isdisjoint(cards):
        return found
    for card in cards:
        for _ in range(plus_symbols(card)):
            found += resolve_plus(state, car, events)
            turn.plus += 1
    return found


def unchosen(car: Car, turn: Turn) -> list[Card]:
    """The cards in the Play Area with several speeds whose speed is not chosen yet."""
    if SEVERAL_SPEEDS.isdisjoint(car.play_area):
        return []
    chosen = Counter(card for card, _ in turn.chosen)
    waiting = []
    for card in car.play_area:
        if card in SEVERAL_SPEEDS:
            if chosen[card] > 0:
                chosen[card] -= 1
            else:
                waiting.append(card)
    return waiting


def choose_speed(car: Car, turn: Turn, card: Card, speed: int, events: list[Event]) -> None:
    """The card counts as ``speed`` for the rest of the turn (the corner check included)."""
    turn.chosen = (*turn.chosen, (card, speed))
    events.append(SpeedChosen(car.id, card, speed))


def card_heat(cards: tuple[Card, ...]) -> int:
    """The Heat the Heat symbols of these cards make the car pay."""
    return sum(map(heat_symbols, cards))


def pay_owed_heat(state: RaceState, car: Car, turn: Turn, events: list[Event]) -> None:
    """Pay the Heat the revealed cards still owe, once the Engine holds all of it; then
    their symbols that waited for it apply (their Scrap at once)."""
    if not turn.unpaid:
        return
    due = card_heat(turn.unpaid)
    if due <= car.engine:
        pay_heat(car, due, "card", events)
        paid, turn.unpaid = turn.unpaid, ()
        release_symbols(state, car, turn, paid, events)


def scrap(state: RaceState, car: Car, times: int, events: list[Event]) -> None:
    """Scrap (mandatory): discard the top card of the draw deck, ``times`` times."""
    scrapped: list[Card] = []
    for _ in range(times):
        if not car.deck:
            if not car.discard:
                break
            reshuffle_discard(state, car, events)
        scrapped.append(car.deck[0])
        car.deck = car.deck[1:]
        car.discard = (*car.discard, scrapped[-1])
    if scrapped:
        events.append(CardsScrapped(car.id, tuple(scrapped)))


def after_move(
    state: RaceState,
    car: Car,
    turn: Turn,
    cards: tuple[Card, ...],
    events: list[Event],
    owed: tuple[Card, ...] = (),
) -> None:
    """The symbols of the cards still in play after their move: Scrap at once, the rest into
    the turn's pools (Adjust, Cooldown and the optional ones the React step offers).

    The Cooldown is held (``turn.cooldown``) for the React step to use where the
    car then stands; the Heat is the caller's (owed for revealed cards, paid at
    once for a card played directly). The cards in ``owed`` (whose Heat is not
    paid yet) bring only their Cooldown, which may help pay that Heat; the rest
    of their symbols waits for :func:`release_symbols`.
    """
    if WITH_SYMBOLS.isdisjoint(cards):
        return
    waiting = list(owed)
    kept = []
    for card in cards:
        if not symbols(card) or card not in car.play_area:
            continue
        if card in waiting:
            waiting.remove(card)
            turn.cooldown += symbols(card).get("cooldown", 0)
        else:
            kept.append(card)
    _use_symbols(state, car, turn, kept, events, cooldown=True)


def release_symbols(
    state: RaceState, car: Car, turn: Turn, paid: tuple[Card, ...], events: list[Event]
) -> None:
    """The cards' Heat is paid: the symbols that waited for it apply (the Cooldown is held
    already)."""
    if not WITH_SYMBOLS.isdisjoint(paid):
        _use_symbols(state, car, turn, list(paid), events, cooldown=False)


def _use_symbols(
    state: RaceState,
    car: Car,
    turn: Turn,
    cards: list[Card],
    events: list[Event],
    *,
    cooldown: bool,
) -> None:
    if not cards:
        return
    total: Counter[str] = Counter()
    for card in cards:
        total.update(symbols(card))
    scrap(state, car, total["scrap"], events)
    if cooldown:
        turn.cooldown += total["cooldown"]
    turn.adjust += total["adjust"]
    turn.slipstream_boost += total["slipstream"]
    turn.accelerate += total["accelerate"]
    turn.reduce += total["reduce"]
    turn.salvage += total["salvage"]
    turn.super_cool += total["super_cool"]
    turn.draft += total["draft"]


def forget_symbols(turn: Turn, cards: tuple[Card, ...]) -> None:
    """Unpaid cards leave the Play Area with their symbols: of those only the Cooldown was
    held (:func:`after_move`), and what is not used of it yet goes with them."""
    held = sum(symbols(card).get("cooldown", 0) for card in cards)
    turn.cooldown = max(0, turn.cooldown - held)


def can_direct_play(car: Car, card: Card) -> bool:
    """Direct Play from the hand, when the Engine can pay the card's Heat at once."""
    return "direct" in symbols(card) and card_heat((card,)) <= car.engine


def react_options(state: RaceState, car: Car, turn: Turn) -> list[Decision]:
    """The Garage symbols the car may still use in the React step."""
    options: list[Decision] = []
    if not DIRECT_PLAY.isdisjoint(car.hand):
        for card in sorted(DIRECT_PLAY.intersection(car.hand)):
            if can_direct_play(car, card):
                options += [DirectPlay(car.id, card, speed) for speed in speed_choices(card)]
    if turn.accelerate and turn.plus:
        options.append(Accelerate(car.id))
    if turn.reduce:
        options += [Reduce(car.id, n) for n in range(1, reducible(state, car, turn) + 1)]
    if turn.salvage and car.discard:
        options += [Salvage(car.id, cards) for cards in salvage_choices(car.discard, turn.salvage)]
    if turn.super_cool and HEAT in car.discard:
        options.append(SuperCool(car.id))
    if turn.draft and draft_target(state, car, turn) is not None:
        options.append(DraftMove(car.id))
    return options


def reducible(state: RaceState, car: Car, turn: Turn) -> int:
    """How many Stress cards Reduce Stress may discard now: none on a tunnel spot.

    "As long as your car is on a tunnel space, you cannot discard any cards from
    your hand. This rule takes precedence over any effect that would allow you to
    discard."
    """
    if not turn.reduce or in_tunnel(state.track, car.space, car.spot):
        return 0
    return min(turn.reduce, car.hand.count(STRESS))


def has_options(state: RaceState, car: Car, turn: Turn) -> bool:
    """Whether any Garage symbol is still usable (without listing every Salvage choice)."""
    if turn.draft and draft_target(state, car, turn) is not None:
        return True
    if turn.accelerate and turn.plus:
        return True
    if (turn.reduce and reducible(state, car, turn)) or (turn.salvage and car.discard):
        return True
    if turn.super_cool and HEAT in car.discard:
        return True
    if DIRECT_PLAY.isdisjoint(car.hand):
        return False
    return any(can_direct_play(car, card) for card in car.hand)


def draft_target(state: RaceState, car: Car, turn: Turn) -> int | None:
    """Where Draft (Tunnel Vision) takes the car: right behind the first occupied space ahead.

    "All spaces you move into/through thanks to this symbol must be completely
    free of other cars and the final landing space must have at least one car in
    either spot of the space in front of it." BGA: the car lands exactly behind
    the first occupied space, using the Draft values added up, if they reach it.
    """
    if not turn.draft:
        return None
    # On the board: a car a lap behind or ahead is in the way like any other (as BGA's
    # getDraftableDistance asks of the board's cells).
    lap = state.course.lap_length
    gaps = [(c.space - car.space) % lap for c in state.cars if c.id != car.id and c.racing]
    gaps = [gap for gap in gaps if gap > 0]
    if not gaps:
        return None
    spaces = min(gaps) - 1
    return car.space + spaces if 0 < spaces <= turn.draft else None


def salvage_choices(discard: tuple[Card, ...], most: int) -> list[tuple[Card, ...]]:
    """Every non-empty choice of at most ``most`` cards from the discard pile (as multisets)."""
    counts = sorted(Counter(discard).items())
    choices: list[tuple[Card, ...]] = []

    def extend(index: int, taken: tuple[Card, ...]) -> None:
        if index == len(counts):
            if taken:
                choices.append(taken)
            return
        card, count = counts[index]
        for n in range(min(count, most - len(taken)) + 1):
            extend(index + 1, taken + (card,) * n)

    extend(0, ())
    return sorted(choices)


def reduce_stress(car: Car, turn: Turn, count: int, events: list[Event]) -> None:
    """Reduce Stress: ``count`` Stress cards from the hand to the discard pile."""
    car.hand = remove_cards(car.hand, (STRESS,) * count) or ()
    car.discard = car.discard + (STRESS,) * count
    turn.reduce = 0
    events.append(StressReduced(car.id, count))


def salvage(
    state: RaceState, car: Car, turn: Turn, cards: tuple[Card, ...], events: list[Event]
) -> None:
    """Salvage: these cards leave the discard pile and are shuffled into the draw deck."""
    car.discard = remove_cards(car.discard, cards) or ()
    car.deck = shuffled(state.seed, state.rng, car.deck + cards)
    state.rng += 1
    turn.salvage = 0
    events.append(CardsSalvaged(car.id, cards))


def super_cool(car: Car, turn: Turn, events: list[Event]) -> None:
    """Super Cool: up to N Heat cards from the discard pile back to the Engine."""
    cooled = min(turn.super_cool, car.discard.count(HEAT))
    car.discard = remove_cards(car.discard, (HEAT,) * cooled) or ()
    car.engine += cooled
    turn.super_cool = 0
    events.append(SuperCooled(car.id, cooled))


def refreshable(car: Car, turn: Turn | None) -> list[Card]:
    """Played cards with Refresh not yet marked to go back on top of the draw deck."""
    if WITH_REFRESH.isdisjoint(car.play_area):
        return []
    marked = list(turn.refreshed) if turn is not None else []
    cards = []
    for card in car.play_area:
        if "refresh" in symbols(card):
            if card in marked:
                marked.remove(card)
            else:
                cards.append(card)
    return cards
