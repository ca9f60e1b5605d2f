"""What the end of a move is worth to a driver: the corner check played out, then a value.

The AI compares its choices by where they leave the car: rounds still to go
(from the track map), Heat left in the Engine (worth less as the finish nears),
Heat clogging the hand, and a spin out, which costs the most of all. Chance (a
+ symbol's card) is weighed by the odds of the car's own unseen cards.
"""

from __future__ import annotations

from typing import NamedTuple

import data
from data.models import ChampionshipEvent
from engine.ai.cards import NO_EFFECTS, CardEffects, Odds, plus_odds, sum_odds, unseen_cards
from engine.ai.rivals import Rivals
from engine.ai.track import RoundsToGo, rounds_to_go
from engine.championship import slipstreams_in
from engine.conditions import (
    corner_heat,
    free_boost,
    may_cool_down,
    may_start_slipstream,
    sector_cooldown,
)
from engine.course import CornerLine, Course, course
from engine.map_spots import shift_heat
from engine.state import Weather
from engine.steps import GEAR_COOLDOWN, SLIPSTREAM_SPACES, slipstream_spaces
from engine.view import RaceView

# The track map counts what Heat does at corners; beyond that, the n-th Heat card left in
# the Engine is worth HEAT_WORTH[n - 1] rounds (Boosts, and room for bad luck).
HEAT_WORTH = (0.3, 0.25, 0.2, 0.15, 0.1, 0.1)
# What n Heat cards in the Engine are worth together, for n up to len(HEAT_WORTH).
HEAT_WORTH_SUMS = tuple(sum(HEAT_WORTH[:n]) for n in range(len(HEAT_WORTH) + 1))
# Each space further along breaks ties between moves the track map rates alike.
PROGRESS = 0.04
# Rounds lost per Heat card stuck in the hand grow with their number (fewer cards to play).
CLOG_LINEAR = 0.08
CLOG_SQUARE = 0.06
STRESS_CARD = 0.15
SPIN_OUT = 3.0
# Championship event 10 puts a car that spins out out of the race with no points: worse
# than any number of rounds lost, so no risk of it is worth taking.
SPIN_OUT_ELIMINATED = 30.0
# A space past the finish line, where places are decided, beyond PROGRESS; and the Speed a
# card of the last round's plan adds, about (the hand's best cards are kept for it).
OVERSHOOT = 0.06
FINAL_CARD_SPEED = 3.0
# Rounds a crossing that beats every Legend is worth beside one that beats none (Legends
# racing: where they will end is known better than any rule of thumb about spaces).
FINISH_WORTH = 1.5
# Heat and a clean hand matter less once the finish is this many rounds away or closer.
HORIZON = 3.0


# What no + symbol adds: nothing, surely (most plans flip no card).
_NO_FLIP: Odds = ((0, 1.0),)


class Situation(NamedTuple):
    """The car's own figures a move changes: where, how fast, gear, Heat in Engine and hand.

    A named tuple, not a dataclass: the AI builds and looks up hundreds of thousands of
    them a decision (each a memo key), and a tuple is made and hashed in C."""

    space: int
    speed: int
    gear: int
    engine: int
    hand_heat: int


class Sight(NamedTuple):
    """What the car sees of the race that every judge it makes shares."""

    course: Course
    weather: Weather | None
    rounds: RoundsToGo
    plus: Odds
    # Board spots (space within the lap): a car a lap behind blocks like any other.
    taken: frozenset[tuple[int, int]]
    spin_out: float
    # The championship event, whose rules change when a car may Slipstream.
    event: ChampionshipEvent | None


class Standing(NamedTuple):
    """Where the judged move starts from and what the car has there."""

    start: int
    gear: int
    engine: int
    # Where the car stands is where it starts its next round: a flooded spot there
    # makes a downshift dearer.
    flooded: bool
    # During its own turn the car knows where everyone stands, so blocking and
    # Slipstream can be played out; while planning, the cars ahead have yet to move.
    live: bool
    # Adjust and the Slipstream boost of the cards played this turn (Garage module).
    adjust: int
    slipstream_boost: int
    # The Legends a crossing must beat, in the round the judged move crosses.
    rivals: Rivals


class Judge:
    """Values the end of a move for one car, from that car's view of the race.

    Built from its two parts (:meth:`seen_by` reads them from a view): a judge for
    another Adjust or for next round is built from the same :class:`Sight`, not copied,
    since a class mypyc compiles has no ``__dict__`` to copy (and the expert's judges are
    most of its decision time).
    """

    def __init__(self, sight: Sight, standing: Standing) -> None:
        self.sight, self.standing = sight, standing
        (
            self.course,
            self.weather,
            self.rounds,
            self.plus,
            self.taken,
            self.spin_out,
            self.event,
        ) = sight
        (
            self.start,
            self.gear,
            self.engine,
            self.flooded,
            self.live,
            self.adjust,
            self.slipstream_boost,
            self.rivals,
        ) = standing
        self.lap = self.course.lap_length
        self._memo: dict[tuple[Situation, bool, bool], float] = {}
        self._plans: dict[tuple[int, int, int, int, bool, bool, CardEffects], float] = {}
        self._adjusted: dict[int, Judge] = {}
        # While planning, the odds of a Slipstream behind a Legend by board space.
        self._followed = self.rivals.followed() if not self.live else {}

    @staticmethod
    def seen_by(view: RaceView, car_id: str, next_round: bool = False) -> Judge:
        """A judge for the car's turn now, or (``next_round``) for its next plan from here."""
        me = view.car(car_id)
        here = course(view.track, view.laps)
        event = None if view.event is None else data.championship().event(view.event)
        eliminates = event is not None and event.spin_out_eliminates
        sight = Sight(
            here,
            view.weather,
            rounds_to_go(view.track, view.laps, view.weather),
            plus_odds(unseen_cards(view.track, me, view.weather, view.garage != "off")),
            frozenset(
                (c.space % here.lap_length, c.spot)
                for c in view.cars
                if c.id != car_id and c.racing
            ),
            SPIN_OUT_ELIMINATED if eliminates else SPIN_OUT,
            event,
        )
        live = not next_round and view.turn is not None and view.turn.car == car_id
        turn = view.turn if live else None
        standing = Standing(
            turn.start_space if turn is not None else me.space,
            me.gear,
            me.engine,
            me.flooded,
            live,
            turn.adjust if turn is not None else 0,
            turn.slipstream_boost if turn is not None else 0,
            Rivals.seen_by(view, car_id, 1 if next_round else 0),
        )
        return Judge(sight, standing)

    def standing_at(self, standing: Standing) -> Judge:
        """A judge of this kind, seeing what this one sees, for a move from ``standing``."""
        return Judge(self.sight, standing)

    def adjusted(self, adjust: int) -> Judge:
        """This judge for a plan whose Adjust symbols change every corner's limit by ``adjust``."""
        if adjust == self.adjust:
            return self
        if adjust not in self._adjusted:
            self._adjusted[adjust] = self.standing_at(self.standing._replace(adjust=adjust))
        return self._adjusted[adjust]

    def next_round_from(self, space: int, gear: int, engine: int) -> Judge:
        """A plain judge for the car's next plan, once a move has left it on ``space`` in
        ``gear`` with ``engine`` Heat (no spot known there: no flooded spot counted)."""
        standing = Standing(space, gear, max(0, engine), False, False, 0, 0, self.rivals.later())
        return Judge(self.sight, standing)

    def plan_value(
        self,
        gear: int,
        known: int,
        stress: int,
        hand_heat: int,
        react: bool,
        adrenaline: bool,
        cards: CardEffects = NO_EFFECTS,
    ) -> float:
        """The expected value of shifting to ``gear`` and playing cards worth ``known`` + Stress.

        ``hand_heat`` is the Heat left in hand, which the gear's Cooldown takes back;
        ``react`` and ``adrenaline`` say whether to count on the React step; ``cards`` is
        the Heat the played cards' symbols cost and the Cooldown they bring (Garage).
        """
        key = (gear, known, stress, hand_heat, react, adrenaline, cards)
        found = self._plans.get(key)
        if found is None:
            # A loop, not sum() over a generator: the expert's innermost sum, asked hundreds
            # of thousands of times a decision (the same additions in the same order).
            found = 0.0
            for p, now in self.outcomes(gear, known, stress, hand_heat, cards):
                if now.engine >= 0:
                    found += p * self.after_reveal(now, react, adrenaline)
                else:
                    found += p * self.unpaid(now)
            self._plans[key] = found
        return found

    def outcomes(
        self, gear: int, known: int, stress: int, hand_heat: int, cards: CardEffects = NO_EFFECTS
    ) -> list[tuple[float, Situation]]:
        """Where a plan's reveal may leave the car, with the odds of each (its Stress flips),
        once the React step has used the Cooldown and paid the cards' Heat (before the corner
        check, so that Heat is not there for the corners). An Engine below 0: the Heat owed
        cannot be paid."""
        heat, card_cooldown = cards
        engine = self.engine - shift_heat(self.gear, gear, self.flooded) - heat
        cooldown = GEAR_COOLDOWN.get(gear, 0) + card_cooldown
        start = self.start + known
        result = []
        for flipped, p in sum_odds(self.plus, stress) if stress else _NO_FLIP:
            space = start + flipped
            cooled = hand_heat and min(self.cooldown(space, cooldown), hand_heat)
            now = Situation(space, known + flipped, gear, engine + cooled, hand_heat - cooled)
            result.append((p, now))
        return result

    def unpaid(self, now: Situation) -> float:
        """Cards whose Heat the Engine cannot pay: the car goes back to its start, the unpaid
        cards are lost to + flips (as bad as a spin out, and as much to be avoided)."""
        return self.value(self.start, now.gear, 0, now.hand_heat) - self.spin_out

    def cooldown(self, space: int, cooldown: int) -> int:
        """The Cooldown a car on ``space`` gets from ``cooldown``, as its sector allows."""
        return sector_cooldown(self.weather, self.course, space, cooldown)

    def may_cool_down(self, space: int) -> bool:
        return may_cool_down(self.weather, self.course, space)

    def may_boost(self, now: Situation) -> bool:
        """Heat for the Boost, or a Heat control sector that makes it free."""
        return now.engine > 0 or free_boost(self.weather, self.course, now.space)

    def land(self, target: int) -> int:
        """Where a move to ``target`` ends: behind full spaces, as the engine places cars."""
        if not self.live:
            return target
        while (target % self.lap, 0) in self.taken and (target % self.lap, 1) in self.taken:
            target -= 1
        return target

    def slipstream_spaces(self, space: int) -> int:
        """How far a Slipstream from ``space`` goes: 2, the cards' boost, the sector's extra."""
        return slipstream_spaces(self.weather, self.course, space, self.slipstream_boost)

    def may_slipstream_from(self, space: int, gear: int) -> bool:
        """Whether a Slipstream may start on ``space`` in ``gear``: short of the finish, where
        the sector allows one, in a gear the event allows."""
        return (
            space + SLIPSTREAM_SPACES <= self.course.finish
            and may_start_slipstream(self.weather, self.course, space)
            and slipstreams_in(self.event, gear)
        )

    def can_slipstream(self, space: int, gear: int) -> bool:
        if not self.live or not self.may_slipstream_from(space, gear):
            return False
        near = (space % self.lap, (space + 1) % self.lap)
        return (
            any(s in near for s, _ in self.taken)
            and self.land(space + self.slipstream_spaces(space)) > space
        )

    def after_reveal(self, now: Situation, boost: bool, adrenaline: bool) -> float:
        """The best the car can make of steps 5-7 from here: Boost, Adrenaline, Slipstream."""
        key = (now, boost, adrenaline)
        known = self._memo.get(key)
        if known is not None:
            return known
        best = self.settle(now)
        if adrenaline:
            for faster, cooler in self.adrenaline_uses(now.space):
                used = self.adrenaline(now, faster, cooler)
                best = max(best, self.after_reveal(used, boost, False))
        if boost and self.may_boost(now):
            best = max(best, self.expected_boost(now, adrenaline))
        self._memo[key] = best
        return best

    def adrenaline_uses(self, space: int) -> tuple[tuple[bool, bool], ...]:
        """(+1 Speed, +1 Cooldown) pairs worth weighing, as the engine offers them: the +1
        needs room ahead, and no Cooldown where the sector bans it."""
        speeds = (True, False) if self.land(space + 1) > space else (False,)
        cools = (True, False) if self.may_cool_down(space) else (False,)
        return tuple((s, c) for s in speeds for c in cools if s or c)

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
        """Pay 1 Heat (none in a Heat control sector), flip for a basic card, play on."""
        cost = 0 if free_boost(self.weather, self.course, now.space) else 1
        space, speed, gear, engine, hand_heat = now
        expected = 0.0
        for value, p in self.plus:
            boosted = Situation(
                self.land(space + value), speed + value, gear, engine - cost, hand_heat
            )
            expected += p * self.after_reveal(boosted, False, adrenaline)
        return expected

    def settle(self, now: Situation) -> float:
        """Step 6 taken or not, whichever is better, then the corner check."""
        best = self.corner_check(now)
        if self.can_slipstream(now.space, now.gear):
            best = max(best, self.corner_check(self.slipstreamed(now)))
        elif self._followed:
            odds = self.slipstream_odds(now.space, now.gear)
            if odds:
                gain = self.corner_check(self.slipstreamed(now)) - best
                if gain > 0:
                    best += odds * gain
        return best

    def slipstream_odds(self, space: int, gear: int) -> float:
        """While planning: the odds that a Legend which moves first ends where the car, its
        move ended on ``space`` in ``gear``, may Slipstream behind it (other cars' moves are
        not known)."""
        odds = self._followed.get(space % self.lap, 0.0)
        return odds if odds and self.may_slipstream_from(space, gear) else 0.0

    def slipstreamed(self, now: Situation, spaces: int | None = None) -> Situation:
        """After a Slipstream of ``spaces`` (as far as it goes, when not named)."""
        if spaces is None:
            spaces = self.slipstream_spaces(now.space)
        space = self.land(now.space + spaces)
        return Situation(space, now.speed, now.gear, now.engine, now.hand_heat)

    def corner_check(self, now: Situation) -> float:
        """Step 7 as the engine plays it, then the value of where the car ends."""
        paid, spun_at = self.passage(now)
        if spun_at is not None:
            stress = 1 if now.gear <= 2 else 2
            return self.value(self.land(spun_at.space), 1, 0, now.hand_heat) - (
                self.spin_out + STRESS_CARD * stress
            )
        return self.value(now.space, now.gear, now.engine - paid, now.hand_heat)

    def passage(self, now: Situation) -> tuple[int, CornerLine | None]:
        """The Heat the corners crossed cost (as far as the Engine pays), and the line the car
        spins out at, if any."""
        paid = 0
        for line in self.course.corners_crossed(self.start, now.space):
            excess = corner_heat(self.weather, self.course, line, now.speed - self.adjust)
            if excess > now.engine - paid:
                return paid, line
            paid += excess
        return paid, None

    def value(self, space: int, gear: int, engine: int, hand_heat: int) -> float:
        """Minus the rounds to go, plus what the Heat in Engine and hand means for them."""
        togo = self.rounds(space, gear, engine)
        weight = min(1.0, togo / HORIZON)
        most = len(HEAT_WORTH)
        heat = (
            HEAT_WORTH_SUMS[max(0, engine)]
            if engine <= most
            else HEAT_WORTH_SUMS[most] + HEAT_WORTH[-1] * (engine - most)
        )
        clog = CLOG_LINEAR * hand_heat + CLOG_SQUARE * hand_heat**2
        return (
            -togo + PROGRESS * space + weight * (heat - clog) + self._overshoot(space, gear, togo)
        )

    def _overshoot(self, space: int, gear: int, togo: float) -> float:
        """Cars crossing the line in the same round are placed by how far past it they end:
        over the last round, spaces past the finish (or likely past it next round, in the
        gear the car can reach) are worth more than progress elsewhere."""
        finish = self.course.finish
        if space > finish:
            beaten = self.rivals.beaten(space)
            if beaten is not None:
                # Past the line only the places count: progress stops there.
                return FINISH_WORTH * beaten - PROGRESS * (space - finish)
            return OVERSHOOT * (space - finish)
        if togo > 1:
            return 0.0
        return OVERSHOOT * max(0.0, space + FINAL_CARD_SPEED * min(4, gear + 1) - finish)
