"""The Garage module: upgrade cards, the draft before the race, and the cards' symbols.

``draft`` runs the draft (markets, pick order, the decks it builds);
``symbols`` resolves the symbols of the cards a car plays, each when Board Game
Arena resolves it (+ flips, speeds to choose, Heat, Scrap, Cooldown, and the
optional React symbols such as Super Cool, Salvage, Reduce Stress, Draft);
``steps`` holds the moves those symbols make (Direct Play, Draft, Accelerate);
``apply`` checks and applies the Garage's decisions. The race core calls the
names below; :data:`GARAGE_STEP` says which step each Garage decision belongs to.
"""

from engine.garage.apply import GARAGE_STEP, resolve_garage
from engine.garage.draft import (
    MARKET_EXTRA,
    garage_deck,
    giving_back,
    open_garage,
    upgrade_deck,
)
from engine.garage.symbols import (
    after_move,
    card_heat,
    draft_target,
    flip_plus,
    forget_symbols,
    has_options,
    pay_owed_heat,
    react_options,
    refreshable,
    release_symbols,
    salvage_choices,
    unchosen,
)

__all__ = [
    "GARAGE_STEP",
    "MARKET_EXTRA",
    "after_move",
    "card_heat",
    "draft_target",
    "flip_plus",
    "forget_symbols",
    "garage_deck",
    "giving_back",
    "has_options",
    "open_garage",
    "pay_owed_heat",
    "react_options",
    "refreshable",
    "release_symbols",
    "resolve_garage",
    "salvage_choices",
    "unchosen",
    "upgrade_deck",
]
