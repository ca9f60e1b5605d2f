"""Invariants over random 3-race seasons whose races the engine plays out to the end.

The drivers draft as the engine AI does; in the races they take random legal
decisions (as tests/support/playout.py drives "human" cars: the AI's race search costs
seconds a race, and CI time matters). Between races a driver may join, leave, sit a race
out, or sit one out for another driver who drives it in its colour.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import data
import engine
from engine.cards import is_sponsor
from engine.championship import race_result, sponsorship_deck
from engine.garage import upgrade_deck
from engine.season import (
    JoinSeason,
    LeaveSeason,
    OpenDraft,
    RaceRecorded,
    RestDriver,
    SeasonConfig,
    SeasonDecision,
    SeasonRace,
    SeasonState,
    StartRace,
    SubDriver,
    apply_season,
    log_from_texts,
    log_to_texts,
    new_season,
    parse_season_decision,
    progress,
    replay_season,
    season_ai_decision,
    season_from_dict,
    season_legal_decisions,
    season_pending,
    season_race,
    season_to_dict,
    standings,
)
from engine.setup import Entrant
from engine.state import Options
from tests.support.playout import COLORS

MAX_DECISIONS = 5_000
GIVE_UP_CHANCE = 0.001
"""Per decision: some races see a driver give up, most do not."""
seasons = settings(
    max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


@dataclass(frozen=True)
class SeasonSetup:
    config: SeasonConfig
    kinds: list[str]
    seed: int
    joins: bool
    leaves: bool
    rests: bool


@st.composite
def season_races(draw: st.DrawFn) -> SeasonRace:
    """Any track with any event it can race: España's one lap never meets the Drivers'
    strike (refused, see tests/engine/season/test_season.py)."""
    track = draw(st.sampled_from(data.track_ids()))
    return SeasonRace(track, draw(st.integers(1, 18).filter(lambda e: (track, e) != ("espana", 3))))


@st.composite
def season_setups(draw: st.DrawFn) -> SeasonSetup:
    """3 races on any track with any event, a Garage deck (with the expansions or not),
    1 to 4 drivers (humans, AI, Legends), and maybe a join and a leave, a rest and a sub
    between races; each driver's worst race dropped or not."""
    options = Options(
        garage=draw(st.sampled_from(("basic", "advanced", "both"))),
        garage_expansions=draw(st.booleans()),
    )
    races = tuple(draw(season_races()) for _ in range(3))
    kinds = draw(st.lists(st.sampled_from(("human", "ai", "legend")), min_size=1, max_size=4))
    return SeasonSetup(
        SeasonConfig.custom(races, options, drop_worst=draw(st.booleans())),
        kinds,
        draw(st.integers(0, 2**32)),
        draw(st.booleans()),
        draw(st.booleans()),
        draw(st.booleans()),
    )


def assert_cards_kept(s: SeasonState) -> None:
    """Every Garage card is in the deck, a market, a driver's upgrades or the box; every
    sponsorship card in the shared deck or discard pile or carried by a driver."""
    upgrades = Counter(s.garage_deck + s.garage_box + (s.draft.market if s.draft else ()))
    sponsors = Counter(s.sponsor_deck + s.sponsor_discard)
    for driver in s.drivers:
        upgrades.update(driver.upgrades)
        sponsors.update(driver.sponsors)
    assert upgrades == Counter(upgrade_deck(s.options)), "Garage cards created or lost"
    assert sponsors == Counter(sponsorship_deck(s.options.garage_expansions)), "sponsors lost"


def assert_sound(s: SeasonState) -> None:
    """Round trip through the notation; points add up; each driver one upgrade a draft."""
    assert season_from_dict(json.loads(json.dumps(season_to_dict(s)))) == s
    lines = standings(s)
    assert [line.points for line in lines] == sorted((line.points for line in lines), reverse=True)
    for line in lines:
        dropped = 0 if line.dropped is None else line.race_points[line.dropped] or 0
        assert line.points == sum(p or 0 for p in line.race_points) - dropped
        held = len(line.race_points) - s.driver(line.driver).joined + 1
        assert (line.dropped is not None) == (s.drop_worst and held >= 2)
        assert progress(s)[line.driver][-1] == line.points, "the chart ends on the table"
    for driver in s.drivers:
        if driver.active and driver.drafts and s.phase in ("lineup", "over", "ready", "racing"):
            # One upgrade a race driven: a race sat out drafts nothing.
            driven = sum(driver.id in r.places or driver.id in r.eliminated for r in s.results)
            drafted = driven + (s.phase in ("ready", "racing") and driver.id in s.grid)
            assert len(driver.upgrades) == drafted, driver.id


def play_race(s: SeasonState, rng: random.Random) -> RaceRecorded:
    """Race the season's next race to the end with random legal decisions (now and then a
    driver gives up)."""
    race, _ = season_race(s)
    for _ in range(MAX_DECISIONS):
        waiting = engine.pending(race)
        if waiting is None:
            break
        car = rng.choice(waiting.cars)
        if rng.random() < GIVE_UP_CHANCE and engine.can_give_up(race, car):
            decision: engine.Decision = engine.GiveUp(car)
        else:
            decision = rng.choice(engine.legal_decisions(race, car))
        race, _ = engine.apply(race, decision)
    else:
        raise AssertionError(f"race did not end within {MAX_DECISIONS} decisions")
    result = race_result(race)
    in_cars = Counter(c for cards in result.sponsors.values() for c in cards)
    in_piles = Counter(result.sponsor_deck + result.sponsor_discard)
    assert all(map(is_sponsor, in_cars + in_piles))
    return RaceRecorded(s.race_no, result)


def between_races(s: SeasonState, setup: SeasonSetup, rng: random.Random) -> list[SeasonDecision]:
    """Maybe a driver joins, maybe one leaves (never the last one); maybe one sits race 2
    out, and one sits race 3 out for another (the last race: no colour met again after it)."""
    decisions: list[SeasonDecision] = []
    taken = {d.color for d in s.active()}
    free = [c for c in COLORS if c not in taken]
    if setup.joins and s.race_no == 2 and free and len(s.active()) < 6:
        decisions.append(JoinSeason(f"J{s.race_no}", free[0], rng.choice(("human", "ai"))))
    if setup.leaves and s.race_no == 3 and len(s.active()) > 1:
        decisions.append(LeaveSeason(rng.choice(s.active()).id))
    left = {d.driver for d in decisions if isinstance(d, LeaveSeason)}
    racing = [d for d in s.racing() if d.id not in left]
    if setup.rests and s.race_no == 2 and len(racing) > 1:
        decisions.append(RestDriver(rng.choice(racing).id))
    reserves = [d for d in racing if d.kind != "legend"]
    if setup.rests and s.race_no == 3 and len(racing) > 1 and reserves:
        reserve = rng.choice(reserves)
        absent = rng.choice([d for d in racing if d != reserve])
        decisions.append(SubDriver(absent.id, reserve.id))
    return decisions


@seasons
@given(season_setups())
def test_random_seasons_keep_cards_notation_and_replay(setup: SeasonSetup) -> None:
    """Every season decision keeps the cards (Garage and sponsorship piles), reads back
    from its text and the notation, and the log replays the season."""
    entrants = [Entrant(chr(ord("A") + i), COLORS[i], k) for i, k in enumerate(setup.kinds)]  # type: ignore[arg-type]
    initial = new_season(setup.config, entrants, setup.seed)
    rng = random.Random(setup.seed)
    s, log = initial, []
    while s.phase != "over":
        waiting = season_pending(s)
        if waiting.step == "lineup":
            decisions = [*between_races(s, setup, rng), OpenDraft(s.race_no)]
        elif waiting.step in ("draft", "swap"):
            decisions = [season_ai_decision(s, waiting.drivers[0])]
            assert decisions[0] in season_legal_decisions(s, waiting.drivers[0])
        elif waiting.step == "ready":
            decisions = [StartRace(s.race_no)]
        else:
            decisions = [play_race(s, rng)]
        for decision in decisions:
            assert parse_season_decision(str(decision)) == decision
            s, _ = apply_season(s, decision)
            log.append(decision)
            assert_cards_kept(s)
            assert_sound(s)
    assert len(s.results) == 3
    assert replay_season(initial, log_from_texts(log_to_texts(log))) == s
