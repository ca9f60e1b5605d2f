"""The choices a driver has, read from :func:`engine.legal_decisions` for whoever shows them.

A hand view or a prompt lists gears, cards and discards; these helpers take
them from the legal decisions, so no caller works a rule out again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, canonical, remove_cards
from engine.championship import race_event
from engine.decisions import Decision, DirectPlay, Discard, Plan, Reduce, Salvage, Slipstream
from engine.map_spots import shift_heat
from engine.pending import discard_options
from engine.state import RaceState
from engine.steps import GEAR_COOLDOWN, slipstream_distances


@dataclass(frozen=True, slots=True)
class GearOption:
    """A gear the car may plan in: its Heat cost, its cooldown, and its cards if forced."""

    gear: int
    heat: int
    cooldown: int
    forced: tuple[Card, ...] | None


def plans(decisions: Sequence[Decision]) -> list[Plan]:
    return [d for d in decisions if isinstance(d, Plan)]


def gear_options(
    decisions: Sequence[Decision], current_gear: int, flooded: bool = False
) -> list[GearOption]:
    """Every gear some legal plan uses, with the Heat its shift costs (a downshift from a
    flooded spot costs 1 more); ``forced`` when that gear has one plan only."""
    by_gear: dict[int, list[Plan]] = {}
    for plan in plans(decisions):
        by_gear.setdefault(plan.gear, []).append(plan)
    return [
        GearOption(
            gear,
            shift_heat(current_gear, gear, flooded),
            GEAR_COOLDOWN.get(gear, 0),
            options[0].cards if len(options) == 1 else None,
        )
        for gear, options in sorted(by_gear.items())
    ]


def card_choices(decisions: Sequence[Decision], gear: int) -> tuple[Card, ...]:
    """The cards a plan in ``gear`` can pick from: each as often as some legal plan plays it."""
    most: Counter[Card] = Counter()
    for plan in plans(decisions):
        if plan.gear == gear:
            most |= Counter(plan.cards)
    return canonical(most.elements())


def discard_choices(decisions: Sequence[Decision]) -> tuple[Card, ...]:
    """Every card the car may discard now (the largest legal discard)."""
    discards = [d.cards for d in decisions if isinstance(d, Discard)]
    return max(discards, key=len, default=())


def salvage_choices(decisions: Sequence[Decision]) -> tuple[Card, ...]:
    """The cards Salvage may take back: each as often as some legal Salvage takes it."""
    most: Counter[Card] = Counter()
    for decision in decisions:
        if isinstance(decision, Salvage):
            most |= Counter(decision.cards)
    return canonical(most.elements())


def shows_hidden_cards(decision: Decision) -> bool:
    """Whether offering ``decision`` shows cards only its driver may see, so that only the
    driver may be shown it: cards of the hand (a plan, a discard, a Direct Play card, how
    many Stress cards Reduce Stress may discard) or of the discard pile, which Salvage takes
    from ("Nobody can browse through the discard piles"). Keeping every card does not."""
    if isinstance(decision, Discard):
        return bool(decision.cards)
    return isinstance(decision, Plan | DirectPlay | Reduce | Salvage)


def wait_began(state: RaceState) -> int:
    """The version at which the race began waiting for its current decision.

    Drivers plan at once, and every plan made moves the version on: a plan
    chosen on any version since planning began is still current. In steps
    5-8 one car decides, and only the current version is.
    """
    if state.turn is not None:
        return state.version
    return state.version - sum(1 for car in state.cars if car.plan is not None)


def is_current(state: RaceState, version: int) -> bool:
    """A decision chosen on ``version`` is still one the race waits for."""
    return wait_began(state) <= version <= state.version


def discardable_after(state: RaceState, plan: Plan) -> tuple[Card, ...]:
    """The cards the car could discard at step 8 if it played ``plan`` now (under the
    race's championship event rule, if any: Heat or Stress may be discardable)."""
    rest = remove_cards(state.car(plan.car).hand, plan.cards) or ()
    return discard_choices(discard_options(plan.car, rest, race_event(state)))


def slipstream_spaces(state: RaceState, decision: Slipstream) -> int:
    """How far a Slipstream decision would take its car: the distance it names, or (for a
    plain "yes") as far as the Slipstream may go now; 0 for a declined one."""
    if not decision.take:
        return 0
    if decision.spaces is not None:
        return decision.spaces
    return slipstream_distances(state, state.car(decision.car))[-1]
