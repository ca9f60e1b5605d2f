"""Two rounds planned together: a plan's end valued by the best plan the cards it keeps allow.

The track map (:mod:`engine.ai.track`) rates where a move ends for a nominal car
with a typical hand. An expert reads its own hand instead: the cards a plan
leaves, plus next round's draws (stood in for by cards spread evenly over the
car's unseen ones, as :mod:`engine.ai.discard` does), make next round's best
plan from where this one ends. Keeping a 5 for the straight after a slow corner,
or not emptying the hand of everything but Heat before the finish, shows up here
and not in the map. Only the few plans the map rates best are looked at again.
"""

from __future__ import annotations

from copy import copy

from engine.ai.cards import unseen_cards
from engine.ai.discard import best_plan, typical_draws
from engine.ai.judge import Judge
from engine.cards import HAND_SIZE, HEAT, Card
from engine.view import RaceView


class Lookahead(Judge):
    """A judge whose value of a move's end is next round's best plan from there."""

    def __init__(self, view: RaceView, car_id: str) -> None:
        super().__init__(view, car_id)
        me = view.car(car_id)
        self._draw_pool = unseen_cards(view.track, me, view.weather, view.garage != "off")
        self._kept: tuple[Card, ...] = ()
        self._next: dict[tuple[int, int, int], Judge] = {}
        self._values: dict[tuple[int, int, int, tuple[Card, ...]], float] = {}

    def keeping(self, kept: tuple[Card, ...]) -> Lookahead:
        """This judge for a plan that keeps ``kept`` in hand (its own memos)."""
        other = copy(self)
        other._kept = tuple(sorted(kept))
        other._memo, other._plans, other._adjusted = {}, {}, {}
        return other

    @property
    def hands_valued(self) -> int:
        """How many next-round hands this judge and its copies have valued so far: the
        work a decision did (each is a best plan over every plan the hand allows)."""
        return len(self._values)

    def value(self, space: int, gear: int, engine: int, hand_heat: int) -> float:
        if space > self.course.finish:
            return super().value(space, gear, engine, hand_heat)
        kept = _cooled(self._kept, hand_heat)
        key = (space, gear, engine, kept)
        if key not in self._values:
            draws = typical_draws(self._draw_pool, HAND_SIZE - len(kept))
            self._values[key] = best_plan(self._next_judge(space, gear, engine), kept + draws)
        return self._values[key]

    def _next_judge(self, space: int, gear: int, engine: int) -> Judge:
        key = (space, gear, engine)
        if key not in self._next:
            self._next[key] = self.next_round_from(space, gear, engine)
        return self._next[key]


def _cooled(kept: tuple[Card, ...], hand_heat: int) -> tuple[Card, ...]:
    """The kept cards once Cooldown has taken Heat back: ``hand_heat`` Heat cards left."""
    cards = list(kept)
    while cards.count(HEAT) > hand_heat:
        cards.remove(HEAT)
    return tuple(cards)
