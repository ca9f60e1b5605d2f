"""Invariants over 150 random championship races: a random event, sponsors, give-ups."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import data
import engine
from engine.championship import ChampionshipSetup, race_result, sponsorship_deck
from engine.limits import MAX_LAPS
from engine.notation import load_state, state_json
from engine.rng import shuffled
from tests.support.invariants import assert_cards_kept, assert_sound, sponsors_held
from tests.support.playout import play
from tests.support.strategies import RaceSetup, race_setups

GIVE_UP_CHANCE = 0.003

championship_races = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def check_step(
    before: engine.RaceState,
    decision: engine.Decision,
    after: engine.RaceState,
    events: list[engine.Event],
) -> None:
    if isinstance(decision, engine.GiveUp):
        assert engine.can_give_up(before, decision.car)
    else:
        assert decision in engine.legal_decisions(before, decision.car)
    assert engine.parse_decision(str(decision)) == decision
    assert_cards_kept(before, after, events)
    assert_sound(after)
    assert load_state(json.dumps(state_json(after))) == after


@championship_races
@given(
    race_setups(kinds=("human", "human", "human", "ai", "legend")),
    st.integers(1, len(data.championship().events)),
    st.booleans(),
    st.integers(0, 40),
)
def test_championship_races_keep_cards_spots_and_notation(
    setup: RaceSetup, event: int, expansions: bool, dealt: int
) -> None:
    """Every decision of a random championship race keeps the invariants (sponsorship
    cards conserved through the shared piles); the log replays it; its result adds up.

    ``dealt`` sponsorship cards start in the shared discard pile, so the deck runs
    out and is reshuffled in some races.
    """
    # A race the event would leave without a lap is refused (tests/engine/championship).
    assume(1 <= setup.laps + data.championship().event(event).lap_delta <= MAX_LAPS)
    cards = shuffled(setup.seed, 0, sponsorship_deck(expansions))
    setup_ = ChampionshipSetup(event, cards[dealt:], cards[:dealt])
    playout = play(
        setup.track,
        setup.kinds,
        setup.seed,
        setup.laps,
        on_step=check_step,
        championship=setup_,
        give_up_chance=GIVE_UP_CHANCE,
    )
    final = playout.final
    assert engine.pending(final) is None
    # Event 10: an eliminated car has no place; the others share places 1 to N.
    placed = [car for car in final.cars if not car.eliminated]
    assert sorted(car.finished for car in placed) == list(range(1, len(placed) + 1))
    assert all(car.finished is None for car in final.cars if car.eliminated)
    assert engine.replay(playout.initial, playout.decisions) == final
    result = race_result(final)
    assert result.places == {car.id: car.finished for car in placed}
    assert result.eliminated == {car.id for car in final.cars if car.eliminated}
    assert type(result).from_dict(json.loads(json.dumps(result.to_dict()))) == result
    carried = sum(len(cards) for cards in result.sponsors.values())
    total = carried + len(result.sponsor_deck) + len(result.sponsor_discard)
    assert total == sum(sponsors_held(final).values()) == len(cards)
