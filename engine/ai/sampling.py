"""Whole races a driver could be in: what its view hides, sampled from what could be there.

A search plays candidate decisions forward with the engine itself, and the engine
plays whole states. A driver sees only :func:`engine.view_for`: its own hand and
plan, everyone's public state, the Legend cards left (as a set). :func:`determinize`
builds, from that view alone and an RNG it is given, one full :class:`RaceState`
the race could be in:

- its own draw deck and discard pile hold the cards it owns that are neither in
  hand, in play nor in the Engine (as :func:`engine.ai.cards.unseen_cards` counts
  them, with the championship event's Heat and Stress), in an order drawn by the RNG,
  the discard pile's top card where everyone sees it;
- another car's hand, deck and discard pile are drawn from the cards that car could
  own (:func:`possible_cards`), and a plan it made face down is the plan ``pro``
  makes from the hand drawn;
- the Legends' deck is the Legend cards left, in a drawn order; the shared
  sponsorship deck (championship) is its whole deck in a drawn order;
- the race's seed is drawn, so the engine's own shuffles differ from the race's.

Only the plan step is built (no car's turn is under way): a search plans, and defers
the steps of a turn to the expert. ``view_for`` of a built state for the driver is the
view it was built from (the tests check it), so the search never knows more than the
view, and every state it plays is one the engine accepts.
"""

from __future__ import annotations

from collections import Counter
from random import Random

import data
from engine.ai.driver import decide
from engine.cards import HEAT, STRESS, Card, remove_cards
from engine.championship import sponsorship_deck
from engine.conditions import starting_piles
from engine.decisions import Plan
from engine.state import Car, Championship, Options, PlannedMove, RaceState
from engine.view import CarView, RaceView, view_for


def can_determinize(view: RaceView) -> bool:
    """Whether :func:`determinize` builds this view's race: the plan step, draft over."""
    return (
        view.pending is not None
        and view.pending.step == "plan"
        and view.turn is None
        and view.draft is None
    )


def determinize(view: RaceView, rng: Random) -> RaceState:
    """One race the viewer of ``view`` could be in, drawn with ``rng`` (see the module)."""
    assert view.viewer is not None, "a driver's own view"
    assert can_determinize(view), "only the plan step is built"
    garage = view.garage != "off"
    cars = [_car(view, car, rng, garage) for car in view.cars]
    options = Options(
        aggressive_legends=view.aggressive_legends,
        legend_speed_bonus=view.legend_speed_bonus,
        garage=view.garage,
        weather=view.weather is not None,
    )
    championship = None
    if view.event is not None:
        deck = list(sponsorship_deck(False))
        rng.shuffle(deck)
        championship = Championship(view.event, tuple(deck))
    legend_deck = list(view.legend_cards_left)
    rng.shuffle(legend_deck)
    state = RaceState(
        view.track,
        view.laps,
        rng.getrandbits(62),
        view.round,
        cars,
        tuple(legend_deck),
        options,
        view.version,
        0,
        view.turn_order,
        None,
        view.legend_card,
        None,
        view.weather,
        championship,
    )
    for car in view.cars:
        if car.id != view.viewer and car.planned and car.kind != "legend":
            _plan_hidden(state, car.id)
    return state


def _car(view: RaceView, car: CarView, rng: Random, garage: bool) -> Car:
    """The car as the view shows it, its hidden piles drawn."""
    built = Car(
        car.id,
        car.color,
        car.kind,  # type: ignore[arg-type]
        car.space,
        car.spot,
        car.finished,
        car.gear,
        car.engine,
        play_area=car.play_area,
        upgrades=car.upgrades,
        eliminated=car.eliminated,
    )
    if car.kind == "legend":
        return built
    pool = possible_cards(view, car, garage)
    hand_count = 0 if car.hand is not None else car.hand_count
    cards = _drawn(pool, car.discard_top, hand_count + car.deck_count + car.discard_count, rng)
    built.hand = car.hand if car.hand is not None else cards[:hand_count]
    built.deck = cards[hand_count : hand_count + car.deck_count]
    built.discard = cards[hand_count + car.deck_count :]
    built.plan = car.plan
    return built


def possible_cards(view: RaceView, car: CarView, garage: bool) -> Counter[Card]:
    """The cards ``car`` could hold where its driver's view does not show them: in its
    deck and discard pile, and for another car in its hand too (a plan made face down
    included). What it owns (its starting deck as the weather, its upgrades and the
    championship event make it, and its Heat) but its cards in play, in its Engine and,
    for the driver's own car, in hand and plan; a Stress card stands in for each card more
    its piles count (a Stress taken in a spin out, a sponsorship card)."""
    upgrades = car.upgrades if garage or car.upgrades else None
    piles = starting_piles(data.track(view.track), view.weather, upgrades)
    owned = Counter(piles.deck + piles.discard)
    owned[HEAT] += piles.engine
    if view.event is not None:
        event = data.championship().event(view.event)
        owned[HEAT] = max(0, owned[HEAT] + event.engine_delta)
        owned[STRESS] = max(0, owned[STRESS] + event.stress_delta)
    seen = Counter(car.play_area)
    seen[HEAT] += car.engine
    hidden = car.hand_count
    if car.hand is not None:
        seen.update(car.hand)
        hidden = 0
    if car.plan is not None:
        seen.update(car.plan.cards)
    held = seen.total() + hidden + car.deck_count + car.discard_count
    owned[STRESS] += max(0, held - owned.total())
    return Counter({card: n for card, n in (owned - seen).items() if n > 0})


def _drawn(pool: Counter[Card], top: Card | None, count: int, rng: Random) -> tuple[Card, ...]:
    """``count`` cards from ``pool`` in a drawn order, ``top`` (the discard pile's top card,
    if any) last; Stress cards make up a pool too small."""
    cards = sorted(pool.elements())
    if top is not None:
        if top in cards:
            cards.remove(top)
        count -= 1
    rng.shuffle(cards)
    cards = cards[:count]
    cards += [STRESS] * (count - len(cards))
    if top is not None:
        cards.append(top)
    return tuple(cards)


def _plan_hidden(state: RaceState, car_id: str) -> None:
    """A plan made face down: the plan ``pro`` makes from the hand drawn for it."""
    plan = decide(view_for(state, car_id), car_id, "pro")
    assert isinstance(plan, Plan)
    car = state.edit_car(car_id)
    car.hand = remove_cards(car.hand, plan.cards) or ()
    car.plan = PlannedMove(plan.gear, plan.cards)
