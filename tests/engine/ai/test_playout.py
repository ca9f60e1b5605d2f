"""The random driver of playouts draws only decisions the rules allow, and ends its races."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import data
import engine
from engine.ai import random_decision
from engine.championship import ChampionshipSetup, sponsorship_deck
from engine.decisions import Discard, Plan
from engine.limits import MAX_LAPS
from engine.rng import shuffled
from tests.support.playout import entrants
from tests.support.strategies import RaceSetup, garage_options, race_setups

EVENTS = len(data.championship().events)


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    race_setups(kinds=("human", "human", "legend")),
    st.one_of(st.none(), garage_options()),
    st.one_of(st.none(), st.integers(1, EVENTS)),
)
def test_random_decisions_are_legal_and_end_the_race(
    setup: RaceSetup, options: engine.Options | None, event: int | None
) -> None:
    """Every drawn decision is one of ``legal_decisions`` (the flooded spot's Heat to shift
    down, an event's discard rules and limit included), and a race driven by it ends.

    Plans and discards are drawn without the list, so both kinds must come up.
    """
    championship = None
    if event is not None:
        assume(1 <= setup.laps + data.championship().event(event).lap_delta <= MAX_LAPS)
        championship = ChampionshipSetup(event, shuffled(setup.seed, 0, sponsorship_deck(False)))
    state, _ = engine.new_race(
        setup.track,
        entrants(setup.kinds),
        setup.seed,
        laps=setup.laps,
        options=options,
        championship=championship,
    )
    rng = random.Random(setup.seed)
    drawn: set[type] = set()
    for _ in range(5_000):
        waiting = engine.pending(state)
        if waiting is None:
            break
        decision = random_decision(state, waiting, rng)
        assert decision in engine.legal_decisions(state, decision.car), (str(decision), state)
        drawn.add(type(decision))
        state, _ = engine.apply(state, decision)
    assert engine.pending(state) is None, "the race did not end in 5,000 decisions"
    if any(kind == "human" for kind in setup.kinds):
        assert {Plan, Discard} <= drawn
