"""AI drivers: every decision a person makes, from that car's own view of the race.

The face: :func:`decide` plays any pending decision of a car from
:func:`engine.view_for` (a ``kind: ai`` car, or a person whose turn timer ran
out) at one of the :data:`LEVELS`; :func:`suggest` is the plan with its :class:`Reason`
(the figures that chose it, for the hand's suggestion); :func:`upgrade_worth` is how much the AI
values a Garage upgrade (the season's draft uses it too); :func:`random_decision` is the
random legal driver of playouts (the engine bench, a search). Inside: ``driver``
(the choices a person has, judged), ``judge`` (where a move leaves the car),
``track`` (the corners ahead), ``cards`` (the odds of the cards to come),
``discard`` (what to throw away), ``explain`` (a plan's reasons), ``garage``
(upgrades and their symbols) and ``playout`` (random decisions).
"""

from engine.ai.driver import LEVELS, Level, decide, suggest
from engine.ai.explain import Reason
from engine.ai.garage import upgrade_worth
from engine.ai.playout import random_decision

__all__ = ["LEVELS", "Level", "Reason", "decide", "random_decision", "suggest", "upgrade_worth"]
