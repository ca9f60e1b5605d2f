"""The season's draft before each race: one pick each, last in the standings first, then a swap.

"You will get one new garage upgrade per race. You don't get to find out the
weather or track condition until AFTER you've chosen upgrades." BGA's procedure
(../shared/facts/championship.json, garage_upgrades): a market of the drafting
drivers + 3 upgrades from the Garage deck (the same count as the race draft,
engine/garage/draft.py); each driver picks one, last in the standings first (before
the first race, from the back of its grid); then the first picker may swap one
upgrade it owns for a card left in the market; the cards left leave the game.
Legends do not draft. When the Garage deck runs short, the market is what is
left and the drivers at the end of the order go without.
"""

from __future__ import annotations

from dataclasses import replace

from engine.ai import upgrade_worth
from engine.cards import Card
from engine.events import Event, UpgradeDrafted
from engine.garage import MARKET_EXTRA
from engine.season.decisions import DraftKeep, DraftPick, DraftSwap, DriverDecision
from engine.season.events import DraftOpened, MarketBoxed, SwapDeclined, UpgradeSwapped
from engine.season.state import SeasonDraft, SeasonState


def open_draft(s: SeasonState, events: list[Event]) -> None:
    """Reveal the market for the next race; pickers from the back of its grid."""
    drafters = [car for car in s.grid if s.driver(car).drafts]
    size = min(len(drafters) + MARKET_EXTRA, len(s.garage_deck)) if drafters else 0
    market, s.garage_deck = s.garage_deck[:size], s.garage_deck[size:]
    order = tuple(drafters[::-1][:size])
    s.draft = SeasonDraft(market, order)
    events.append(DraftOpened(None, s.race_no, market, order))
    s.phase = "draft"
    if not order:
        close_draft(s, events)


def draft_options(s: SeasonState, driver_id: str) -> list[DriverDecision]:
    """What ``driver_id`` may decide in the draft now (nothing when it is not its turn)."""
    draft = s.draft
    if draft is None:
        return []
    if s.phase == "draft" and draft.order[:1] == (driver_id,):
        return [DraftPick(driver_id, card) for card in sorted(set(draft.market))]
    if s.phase == "swap" and draft.first == driver_id:
        owned = sorted(set(s.driver(driver_id).upgrades))
        market = sorted(set(draft.market))
        swaps = [DraftSwap(driver_id, give, take) for give in owned for take in market]
        return [*[swap for swap in swaps if swap.give != swap.take], DraftKeep(driver_id)]
    return []


def pick(s: SeasonState, decision: DraftPick, events: list[Event]) -> None:
    """The driver adds the card to its upgrades; after the last pick, the swap offer."""
    draft = s.draft
    assert draft is not None
    driver = s.driver(decision.driver)
    s.set_driver(replace(driver, upgrades=(*driver.upgrades, decision.card)))
    events.append(UpgradeDrafted(driver.id, decision.card))
    s.draft = draft = SeasonDraft(
        _without(draft.market, decision.card), draft.order[1:], draft.first or driver.id
    )
    if draft.order:
        return
    if draft.market:
        s.phase = "swap"
    else:
        close_draft(s, events)


def swap(s: SeasonState, decision: DraftSwap | DraftKeep, events: list[Event]) -> None:
    """The first picker's answer to the swap offer; then the leftovers leave the game."""
    draft = s.draft
    assert draft is not None
    if isinstance(decision, DraftSwap):
        driver = s.driver(decision.driver)
        upgrades = (*_without(driver.upgrades, decision.give), decision.take)
        s.set_driver(replace(driver, upgrades=upgrades))
        market = (*_without(draft.market, decision.take), decision.give)
        s.draft = SeasonDraft(market, (), draft.first)
        events.append(UpgradeSwapped(driver.id, decision.give, decision.take))
    else:
        events.append(SwapDeclined(decision.driver))
    close_draft(s, events)


def close_draft(s: SeasonState, events: list[Event]) -> None:
    """The cards left in the market leave the game; the race is ready."""
    draft = s.draft
    assert draft is not None
    if draft.market:
        events.append(MarketBoxed(None, draft.market))
    s.garage_box += draft.market
    s.draft = None
    s.phase = "ready"


def ai_draft(s: SeasonState, driver_id: str) -> DriverDecision:
    """The engine AI's draft decision: the market's best upgrade; swap the least useful
    owned upgrade for a better card left in the market, else keep."""
    options = draft_options(s, driver_id)
    if not options:
        raise ValueError(f"driver {driver_id} has no draft decision to make now")
    picks = [o for o in options if isinstance(o, DraftPick)]
    if picks:
        return max(picks, key=lambda o: upgrade_worth(o.card))
    swaps = [o for o in options if isinstance(o, DraftSwap)]
    best = max(swaps, key=lambda o: upgrade_worth(o.take) - upgrade_worth(o.give), default=None)
    if best is not None and upgrade_worth(best.take) > upgrade_worth(best.give):
        return best
    return DraftKeep(driver_id)


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` less one copy of ``card``."""
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]
