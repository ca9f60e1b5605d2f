"""Two rounds planned together: a plan's end valued by the best plan the cards it keeps allow.

The track map (:mod:`engine.ai.track`) rates where a move ends for a nominal car
with a typical hand. An expert reads its own hand instead: the cards a plan
leaves, plus next round's draws (stood in for by one draw of cards spread evenly
over the car's unseen ones, :func:`engine.ai.discard.typical_draws`), make next
round's best plan from where this one ends. Keeping a 5 for the straight after a
slow corner, or not emptying the hand of everything but Heat before the finish,
shows up here and not in the map. Only the few plans the map rates best are
looked at again. The expert weighs its discards over eight draws; four draws here
cost the plan 2.3 times its time and won 81 races of 600 that one draw lost, and
lost 70 it won (bench/paired.py, 2026-12-07): luck, so one draw it stays.
"""

from __future__ import annotations

from collections import Counter

from engine.ai.cards import unseen_cards
from engine.ai.discard import best_plan, typical_draws
from engine.ai.judge import Judge, Sight, Standing
from engine.cards import HEAT, Card
from engine.championship import hand_size_under
from engine.view import RaceView


class Found:
    """What a lookahead and the judges made from it (another Adjust, other kept cards)
    have found so far, shared: next round's judges and the values of next round's hands."""

    def __init__(self) -> None:
        self.next: dict[tuple[int, int, int], Judge] = {}
        self.values: dict[tuple[int, int, int, tuple[Card, ...]], float] = {}


class Lookahead(Judge):
    """A judge whose value of a move's end is next round's best plan from there."""

    def __init__(
        self,
        sight: Sight,
        standing: Standing,
        draw_pool: Counter[Card],
        kept: tuple[Card, ...],
        found: Found,
    ) -> None:
        super().__init__(sight, standing)
        self._draw_pool = draw_pool
        self._kept = kept
        self._found = found

    @staticmethod
    def planning(view: RaceView, car_id: str) -> Lookahead:
        """The lookahead for the car's plan now, keeping no card yet."""
        judge = Judge.seen_by(view, car_id)
        me = view.car(car_id)
        pool = unseen_cards(view.track, me, view.weather, view.garage != "off")
        return Lookahead(judge.sight, judge.standing, pool, (), Found())

    def standing_at(self, standing: Standing) -> Lookahead:
        return Lookahead(self.sight, standing, self._draw_pool, self._kept, self._found)

    def keeping(self, kept: tuple[Card, ...]) -> Lookahead:
        """This judge for a plan that keeps ``kept`` in hand (its own memos)."""
        return Lookahead(
            self.sight, self.standing, self._draw_pool, tuple(sorted(kept)), self._found
        )

    @property
    def hands_valued(self) -> int:
        """How many next-round hands this judge and its copies have valued so far: the
        work a decision did (each is a best plan over every plan the hand allows)."""
        return len(self._found.values)

    def value(self, space: int, gear: int, engine: int, hand_heat: int) -> float:
        if space > self.course.finish:
            return super().value(space, gear, engine, hand_heat)
        kept = _cooled(self._kept, hand_heat)
        key = (space, gear, engine, kept)
        values = self._found.values
        if key not in values:
            size = hand_size_under(self.event)
            draws = typical_draws(self._draw_pool, size - len(kept))
            values[key] = best_plan(self._next_judge(space, gear, engine), kept + draws)
        return values[key]

    def _next_judge(self, space: int, gear: int, engine: int) -> Judge:
        key = (space, gear, engine)
        judges = self._found.next
        if key not in judges:
            judges[key] = self.next_round_from(space, gear, engine)
        return judges[key]


def _cooled(kept: tuple[Card, ...], hand_heat: int) -> tuple[Card, ...]:
    """The kept cards once Cooldown has taken Heat back: ``hand_heat`` Heat cards left."""
    cards = list(kept)
    while cards.count(HEAT) > hand_heat:
        cards.remove(HEAT)
    return tuple(cards)
