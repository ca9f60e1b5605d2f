"""The rules of Heat: Pedal to the Metal, as pure functions on race states.

One question drives every caller: :func:`pending` (who must decide what).
:func:`legal_decisions` lists the choices, :func:`apply` makes one and
returns the new state with the events, and :func:`view_for` is the only way
to show a race to someone. No I/O happens here; chance comes only from the
seed kept in the state.
"""

from engine.apply import apply, replay, settle
from engine.decisions import (
    Adrenaline,
    Boost,
    Decision,
    Discard,
    Plan,
    ReactDone,
    Slipstream,
    parse_decision,
)
from engine.errors import (
    IllegalDecision,
    NotationError,
    NotYourTurn,
    RaceOver,
    RulesError,
    StaleDecision,
)
from engine.events import Event
from engine.pending import Pending, legal_decisions, pending
from engine.setup import Entrant, new_race
from engine.state import Car, Options, RaceState
from engine.view import CarView, RaceView, view_for

__all__ = [
    "Adrenaline",
    "Boost",
    "Car",
    "CarView",
    "Decision",
    "Discard",
    "Entrant",
    "Event",
    "IllegalDecision",
    "NotYourTurn",
    "NotationError",
    "Options",
    "Pending",
    "Plan",
    "RaceOver",
    "RaceState",
    "RaceView",
    "ReactDone",
    "RulesError",
    "Slipstream",
    "StaleDecision",
    "apply",
    "legal_decisions",
    "new_race",
    "parse_decision",
    "pending",
    "replay",
    "settle",
    "view_for",
]
