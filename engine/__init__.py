"""The rules of Heat: Pedal to the Metal, as pure functions on race states.

One question drives every caller: :func:`pending` (who must decide what).
:func:`legal_decisions` lists the choices (:func:`can_give_up` says whether the
driver may give up instead), :func:`apply` makes one and
returns the new state with the events (:func:`apply_in_place` changes a
search's own copy instead), and :func:`view_for` is the only way
to show a race to someone. No I/O happens here; chance comes only from the
seed kept in the state.
"""

from engine.apply import apply, apply_in_place, as_replayed, replay, settle
from engine.decisions import (
    Accelerate,
    Adrenaline,
    Boost,
    ChooseSpeed,
    Decision,
    DirectPlay,
    Discard,
    DraftMove,
    GiveBack,
    GiveUp,
    Pick,
    Plan,
    ReactDone,
    Reduce,
    Refresh,
    Salvage,
    Slipstream,
    SuperCool,
    parse_decision,
)
from engine.errors import (
    IllegalDecision,
    NotationError,
    NotYourTurn,
    RaceOver,
    RulesError,
    SeasonSetupError,
    StaleDecision,
)
from engine.events import Event
from engine.pending import Pending, can_give_up, legal_decisions, pending
from engine.setup import Entrant, new_race
from engine.state import Car, Options, RaceState, pickle_by_fields
from engine.view import CarView, RaceView, view_for

__all__ = [
    "Accelerate",
    "Adrenaline",
    "Boost",
    "Car",
    "CarView",
    "ChooseSpeed",
    "Decision",
    "DirectPlay",
    "Discard",
    "DraftMove",
    "Entrant",
    "Event",
    "GiveBack",
    "GiveUp",
    "IllegalDecision",
    "NotYourTurn",
    "NotationError",
    "Options",
    "Pending",
    "Pick",
    "Plan",
    "RaceOver",
    "RaceState",
    "RaceView",
    "ReactDone",
    "Reduce",
    "Refresh",
    "RulesError",
    "Salvage",
    "SeasonSetupError",
    "Slipstream",
    "StaleDecision",
    "SuperCool",
    "apply",
    "apply_in_place",
    "as_replayed",
    "can_give_up",
    "legal_decisions",
    "new_race",
    "parse_decision",
    "pending",
    "pickle_by_fields",
    "replay",
    "settle",
    "view_for",
]

# Its classes cross to the bot's worker processes, compiled too (see engine.state.pickle_by_fields).
pickle_by_fields()
