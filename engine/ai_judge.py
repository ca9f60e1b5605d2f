"""What the end of a move is worth to a driver: the corner check played out, then a value.

The AI compares its choices by where they leave the car: rounds still to go
(from the track map), Heat left in the Engine (worth less as the finish nears),
Heat clogging the hand, and a spin out, which costs the most of all. Chance (a
+ symbol's card) is weighed by the odds of the car's own unseen cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ai_cards import plus_odds, sum_odds, unseen_cards
from engine.ai_track import rounds_to_go
from engine.course import course
from engine.map_spots import shift_heat
from engine.steps import GEAR_COOLDOWN, SLIPSTREAM_SPACES
from engine.view import RaceView

# The track map counts what Heat does at corners; beyond that, the n-th Heat card left in
# the Engine is worth HEAT_WORTH[n - 1] rounds (Boosts, and room for bad luck).
HEAT_WORTH = (0.3, 0.25, 0.2, 0.15, 0.1, 0.1)
# Each space further along breaks ties between moves the track map rates alike.
PROGRESS = 0.04
# Rounds lost per Heat card stuck in the hand grow with their number (fewer cards to play).
CLOG_LINEAR = 0.08
CLOG_SQUARE = 0.06
STRESS_CARD = 0.15
SPIN_OUT = 3.0
# Heat and a clean hand matter less once the finish is this many rounds away or closer.
HORIZON = 3.0


@dataclass(frozen=True, slots=True)
class Situation:
    """The car's own figures a move changes: where, how fast, gear, Heat in Engine and hand."""

    space: int
    speed: int
    gear: int
    engine: int
    hand_heat: int


class Judge:
    """Values the end of a move for one car, from that car's view of the race."""

    def __init__(self, view: RaceView, car_id: str, next_round: bool = False) -> None:
        """A judge for the car's turn now, or (``next_round``) for its next plan from here."""
        me = view.car(car_id)
        self.course = course(view.track, view.laps)
        self.rounds = rounds_to_go(view.track, view.laps)
        self.plus = plus_odds(unseen_cards(view.track, me))
        self.gear = me.gear
        self.engine = me.engine
        # Where the car stands is where it starts its next round: a flooded spot there
        # makes a downshift dearer.
        self.flooded = me.flooded
        # During its own turn the car knows where everyone stands, so blocking and
        # Slipstream can be played out; while planning, the cars ahead have yet to move.
        self.live = not next_round and view.turn is not None and view.turn.car == car_id
        self.start = view.turn.start_space if view.turn is not None and self.live else me.space
        self.taken = {(c.space, c.spot) for c in view.cars if c.id != car_id and c.finished is None}
        self._memo: dict[tuple[Situation, bool, bool], float] = {}
        self._plans: dict[tuple[int, int, int, int, bool, bool], float] = {}

    def plan_value(
        self, gear: int, known: int, stress: int, hand_heat: int, react: bool, adrenaline: bool
    ) -> float:
        """The expected value of shifting to ``gear`` and playing cards worth ``known`` + Stress.

        ``hand_heat`` is the Heat left in hand, which the gear's Cooldown takes back;
        ``react`` and ``adrenaline`` say whether to count on the React step.
        """
        key = (gear, known, stress, hand_heat, react, adrenaline)
        if key not in self._plans:
            engine = self.engine - shift_heat(self.gear, gear, self.flooded)
            cooled = min(GEAR_COOLDOWN.get(gear, 0), hand_heat)
            self._plans[key] = sum(
                p
                * self.after_reveal(
                    Situation(
                        self.start + known + flipped,
                        known + flipped,
                        gear,
                        engine + cooled,
                        hand_heat - cooled,
                    ),
                    boost=react,
                    adrenaline=adrenaline,
                )
                for flipped, p in sum_odds(self.plus, stress)
            )
        return self._plans[key]

    def land(self, target: int) -> int:
        """Where a move to ``target`` ends: behind full spaces, as the engine places cars."""
        if not self.live:
            return target
        while (target, 0) in self.taken and (target, 1) in self.taken:
            target -= 1
        return target

    def can_slipstream(self, space: int) -> bool:
        if not self.live or space + SLIPSTREAM_SPACES > self.course.finish:
            return False
        return any(s in (space, space + 1) for s, _ in self.taken)

    def after_reveal(self, now: Situation, boost: bool, adrenaline: bool) -> float:
        """The best the car can make of steps 5-7 from here: Boost, Adrenaline, Slipstream."""
        key = (now, boost, adrenaline)
        if key in self._memo:
            return self._memo[key]
        best = self.settle(now)
        if adrenaline:
            for faster, cooler in ((True, True), (True, False), (False, True)):
                used = self.adrenaline(now, faster, cooler)
                best = max(best, self.after_reveal(used, boost, False))
        if boost and now.engine > 0:
            best = max(best, self.expected_boost(now, adrenaline))
        self._memo[key] = best
        return best

    def adrenaline(self, now: Situation, faster: bool, cooler: bool) -> Situation:
        cooled = 1 if cooler and now.hand_heat > 0 else 0
        return Situation(
            self.land(now.space + 1) if faster else now.space,
            now.speed + faster,
            now.gear,
            now.engine + cooled,
            now.hand_heat - cooled,
        )

    def expected_boost(self, now: Situation, adrenaline: bool) -> float:
        """Pay 1 Heat and flip for a basic card, then make the best of what it gives."""
        return sum(
            p
            * self.after_reveal(
                Situation(
                    self.land(now.space + value),
                    now.speed + value,
                    now.gear,
                    now.engine - 1,
                    now.hand_heat,
                ),
                False,
                adrenaline,
            )
            for value, p in self.plus
        )

    def settle(self, now: Situation) -> float:
        """Step 6 taken or not, whichever is better, then the corner check."""
        best = self.corner_check(now)
        if self.can_slipstream(now.space):
            best = max(best, self.corner_check(self.slipstreamed(now)))
        return best

    def slipstreamed(self, now: Situation) -> Situation:
        space = self.land(now.space + SLIPSTREAM_SPACES)
        return Situation(space, now.speed, now.gear, now.engine, now.hand_heat)

    def corner_check(self, now: Situation) -> float:
        """Step 7 as the engine plays it, then the value of where the car ends."""
        engine = now.engine
        for line in self.course.corners_crossed(self.start, now.space):
            excess = max(0, now.speed - line.corner.speed_limit)
            if excess > engine:
                stress = 1 if now.gear <= 2 else 2
                return self.value(self.land(line.space), 1, 0, now.hand_heat) - (
                    SPIN_OUT + STRESS_CARD * stress
                )
            engine -= excess
        return self.value(now.space, now.gear, engine, now.hand_heat)

    def value(self, space: int, gear: int, engine: int, hand_heat: int) -> float:
        """Minus the rounds to go, plus what the Heat in Engine and hand means for them."""
        togo = self.rounds(space, gear, engine)
        weight = min(1.0, togo / HORIZON)
        heat = sum(HEAT_WORTH[: min(engine, len(HEAT_WORTH))]) + HEAT_WORTH[-1] * max(
            0, engine - len(HEAT_WORTH)
        )
        clog = CLOG_LINEAR * hand_heat + CLOG_SQUARE * hand_heat**2
        return -togo + PROGRESS * space + weight * (heat - clog)
