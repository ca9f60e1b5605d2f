"""AI drivers: every decision a person makes, from that car's own view of the race.

The face: :func:`decide` plays any pending decision of a car from
:func:`engine.view_for` (a ``kind: ai`` car, or a person whose turn timer ran
out) at one of the :data:`LEVELS`: rookie, pro and expert judge each choice by
the track map; the champion (:data:`CHAMPION`) searches, given a seed and a
budget of playouts (or the view's and the default; :func:`playouts_for` is what a
budget buys beside the cars of the view), so a caller with an event loop runs it in a
process of its own. :func:`search` is the champion's decision
with what its playouts found (:class:`Search`), playing out the races its
:data:`Worlds` draws (:func:`determinize`: from the view alone) and valuing a playout's
end by :func:`position_worth`; :func:`suggest` is the plan with
its :class:`Reason` (the figures that chose it, and for the champion what its
playouts found, for the hand's suggestion); :func:`upgrade_worth` is how much the
AI values a Garage upgrade (the season's draft uses it too); :func:`random_decision`
is the random legal driver of playouts (the engine bench, a search); :class:`Judge` values
where a move leaves a car, as every level does (a bench weighs it against races). Inside:
``driver`` (the choices a person has, judged), ``judge`` (where a move leaves the
car), ``track`` (the corners ahead), ``cards`` (the odds of the cards to come),
``discard`` (what to throw away), ``explain`` (a plan's reasons), ``garage``
(upgrades and their symbols), ``playout`` (random decisions), ``sampling`` (races a
driver could be in, drawn from its view) and ``champion`` (the search).
"""

from engine.ai.champion import (
    CHAMPION,
    DEFAULT_PLAYOUTS,
    DEFAULT_SEARCH,
    LEVELS,
    Search,
    SearchSettings,
    Worlds,
    decide,
    playouts_for,
    position_worth,
    search,
    suggest,
)
from engine.ai.driver import Level
from engine.ai.explain import Reason
from engine.ai.garage import upgrade_worth
from engine.ai.judge import Judge
from engine.ai.playout import random_decision
from engine.ai.sampling import determinize
from engine.state import pickle_by_fields

__all__ = [
    "CHAMPION",
    "DEFAULT_PLAYOUTS",
    "DEFAULT_SEARCH",
    "LEVELS",
    "Judge",
    "Level",
    "Reason",
    "Search",
    "SearchSettings",
    "Worlds",
    "decide",
    "determinize",
    "playouts_for",
    "position_worth",
    "random_decision",
    "search",
    "suggest",
    "upgrade_worth",
]

# Its classes cross to the bot's worker processes, compiled too (see engine.state.pickle_by_fields).
pickle_by_fields()
