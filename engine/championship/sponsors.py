"""The shared sponsorship piles in a championship race: drawing sponsors, spending them.

"Discarding them will put them back in your deck but if you use the card then
it will leave the game": a played sponsor goes to the shared sponsorship
discard pile, which Board Game Arena reshuffles into the sponsorship deck when
that deck runs out.
"""

from __future__ import annotations

from dataclasses import replace

from engine.cards import SPONSOR_CARDS, Card, is_sponsor
from engine.events import Event, SponsorGained, SponsorReason, SponsorsReshuffled, SponsorsSpent
from engine.rng import shuffled
from engine.state import Car, RaceState


def draw_sponsors(
    state: RaceState,
    car: Car,
    count: int,
    reason: SponsorReason,
    events: list[Event],
    corner: int | None = None,
) -> int:
    """Draw ``count`` sponsorship cards into the car's hand, reshuffling the shared discard
    pile when the deck runs out; fewer when both are empty. Returns the cards drawn."""
    champ = state.championship
    assert champ is not None, "sponsors come with a championship"
    deck, discard = champ.sponsor_deck, champ.sponsor_discard
    drawn: list[Card] = []
    for _ in range(count):
        if not deck and discard:
            deck = shuffled(state.seed, state.rng, discard)
            state.rng += 1
            events.append(SponsorsReshuffled(None, len(discard)))
            discard = ()
        if not deck:
            break
        drawn.append(deck[0])
        deck = deck[1:]
    state.championship = replace(champ, sponsor_deck=deck, sponsor_discard=discard)
    if drawn:
        car.hand = car.hand + tuple(drawn)
        events.append(SponsorGained(car.id, len(drawn), reason, corner))
    return len(drawn)


def keep_unplayed(
    state: RaceState, car: Car, played: tuple[Card, ...], events: list[Event]
) -> tuple[Card, ...]:
    """The played cards that go to the car's discard pile: every played sponsor goes to the
    shared sponsorship discard pile instead."""
    if SPONSOR_CARDS.isdisjoint(played):
        return played
    spent = tuple(card for card in played if is_sponsor(card))
    champ = state.championship
    assert champ is not None, "sponsors are played only in a championship"
    state.championship = replace(champ, sponsor_discard=champ.sponsor_discard + spent)
    events.append(SponsorsSpent(car.id, spent))
    return tuple(card for card in played if not is_sponsor(card))
