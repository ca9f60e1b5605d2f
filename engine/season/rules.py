"""A championship season as a pure state above its races: who decides what, and what it does.

Like a race, one question drives every caller: :func:`season_pending`.
:func:`season_legal_decisions` lists the choices, :func:`apply_season` makes one
(refusing an illegal one with the engine's typed errors) and returns the new
season with its events, :func:`season_race` builds the next race for the bot
to run, and :func:`replay_season` rebuilds a season from its first state and
its decision log. A season goes, for each race: ``lineup`` (join, leave, rest, sub) ->
``draft`` -> ``swap`` -> ``ready`` -> ``racing`` -> recorded, then the next
race's lineup, or ``over`` after the last.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

import data
from engine.cards import Card
from engine.championship import ChampionshipSetup, RaceResult, sponsorship_deck
from engine.errors import IllegalDecision, NotYourTurn, StaleDecision, cut, quoted
from engine.events import Event
from engine.garage import upgrade_deck
from engine.limits import MAX_CARS, MAX_COUNT, MAX_NAME, MAX_ROUND, MAX_SEED, in_range
from engine.rng import shuffled
from engine.season.decisions import (
    LEAGUE_WORDS,
    MAX_CORRECTION,
    CancelRace,
    CorrectPoints,
    DraftKeep,
    DraftPick,
    DraftSwap,
    DriverDecision,
    DropWorst,
    JoinSeason,
    LeaveSeason,
    OpenDraft,
    RaceRecorded,
    Reseed,
    RestDriver,
    SeasonDecision,
    StandIn,
    StartRace,
    SubDriver,
)
from engine.season.draft import ai_draft, draft_options, open_draft, pick, swap
from engine.season.events import (
    DriverJoined,
    DriverLeft,
    DriverRests,
    DriverSubbed,
    DropWorstSwitched,
    PointsCorrected,
    RaceScored,
    SeasonEnded,
    SeasonRaceCancelled,
    SeasonRaceStarted,
)
from engine.season.points import champion, race_points, standings
from engine.season.schedule import RANDOM_DRAWS, schedule
from engine.season.state import (
    SeasonConfig,
    SeasonDraft,
    SeasonDriver,
    SeasonPhase,
    SeasonState,
)
from engine.setup import Entrant, new_race
from engine.state import Options, RaceState

_DRIVER_ID = re.compile(r"^[\w-]+$")


@dataclass(frozen=True, slots=True)
class SeasonPending:
    """What the season waits for before race ``race_no``, and who owes it.

    ``step`` is the phase: ``lineup`` (the league may let drivers join or leave,
    then opens the draft), ``draft`` (``drivers`` = the one to pick), ``swap``
    (the first picker's offer), ``ready`` (race ``race_no`` may start),
    ``racing`` (its result is awaited) or ``over``.
    """

    step: SeasonPhase
    race_no: int
    drivers: tuple[str, ...] = ()


def new_season(config: SeasonConfig, drivers: Sequence[Entrant], seed: int) -> SeasonState:
    """A season before its first race: its schedule, its shuffled Garage and sponsorship decks.

    ValueError says what is wrong with the setup. A championship always races
    with the Garage (the options name its deck) and the weather (switched on).
    """
    in_range("seed", seed, 0, MAX_SEED)
    options = championship_options(config.options)
    races = schedule(config, seed, 0)
    draw = RANDOM_DRAWS if config.kind == "random" else 0
    s = SeasonState(
        seed, races, [], options, preset=config.season, rng=draw + 2, drop_worst=config.drop_worst
    )
    s.garage_deck = shuffled(seed, draw, upgrade_deck(options))
    s.sponsor_deck = shuffled(seed, draw + 1, sponsorship_deck(options.garage_expansions))
    for entrant in drivers:
        problem = join_problem(s, entrant.id, entrant.color, entrant.kind)
        if problem is not None:
            raise ValueError(problem)
        s.drivers.append(SeasonDriver(entrant.id, entrant.color, entrant.kind))
    return s


def championship_options(options: Options) -> Options:
    """The race options of a season: a Garage deck is needed, the weather is always on."""
    if options.garage == "off":
        raise ValueError("a championship races with the Garage: choose basic, advanced or both")
    return replace(options, weather=True)


def season_pending(s: SeasonState) -> SeasonPending:
    """What the season waits for now."""
    draft = s.draft
    if s.phase == "draft" and draft is not None:
        return SeasonPending("draft", s.race_no, draft.order[:1])
    if s.phase == "swap" and draft is not None and draft.first is not None:
        return SeasonPending("swap", s.race_no, (draft.first,))
    return SeasonPending(s.phase, s.race_no)


def season_legal_decisions(s: SeasonState, driver_id: str | None) -> list[SeasonDecision]:
    """Every decision ``driver_id`` may make now; ``None`` asks for the league's own.

    The league's are: in the lineup, opening the draft, each driver's leave, each racing
    driver's rest (a join names a new driver and a sub two, so neither is listed) and
    switching drop-worst; when ready,
    the start; while racing, the cancel (a result comes from the race, see
    :class:`RaceRecorded`). A points correction (:class:`CorrectPoints`) may come in any
    phase; its points are the admin's, so it is not listed either.
    """
    if driver_id is not None:
        return list(draft_options(s, driver_id))
    k = s.race_no
    if s.phase == "lineup":
        leaves: list[SeasonDecision] = [LeaveSeason(d.id) for d in s.active()]
        rests = [RestDriver(d.id) for d in s.racing()]
        switch = DropWorst(not s.drop_worst)
        lineup = [*leaves, *rests, switch]
        return [OpenDraft(k), *lineup] if s.racing() else lineup
    if s.phase == "ready":
        return [StartRace(k)]
    if s.phase == "racing":
        return [CancelRace(k)]
    return []


def season_ai_decision(s: SeasonState, driver_id: str) -> DriverDecision:
    """The engine AI's draft decision for ``driver_id`` (ValueError when it owes none)."""
    return ai_draft(s, driver_id)


def apply_season(
    s: SeasonState, decision: SeasonDecision, *, expected_version: int | None = None
) -> tuple[SeasonState, list[Event]]:
    """The season after ``decision`` and what happened; ``s`` itself is not changed.

    ``expected_version`` is the version the decider saw; a different current
    version means the decision is stale.
    """
    who = getattr(decision, "driver", None)
    if expected_version is not None and expected_version != s.version:
        reason = f"made on version {expected_version}, season is at {s.version}"
        raise StaleDecision(who, s.phase, reason)
    working = s.copy()
    events: list[Event] = []
    if isinstance(decision, DraftPick | DraftSwap | DraftKeep):
        _draft_decision(working, decision, events)
    else:
        _league_decision(working, decision, events)
    working.version += 1
    return working, events


def _draft_decision(s: SeasonState, decision: DriverDecision, events: list[Event]) -> None:
    phase = "draft" if isinstance(decision, DraftPick) else "swap"
    waiting = season_pending(s)
    if waiting.step != phase or waiting.drivers != (decision.driver,):
        owed = f"{waiting.step} from {', '.join(waiting.drivers) or 'the league'}"
        raise NotYourTurn(decision.driver, s.phase, f"the season waits for {owed}")
    if decision not in draft_options(s, decision.driver):
        reason = f"{cut(str(decision))} is not allowed: {_draft_problem(s, decision)}"
        raise IllegalDecision(decision.driver, s.phase, reason)
    if isinstance(decision, DraftPick):
        pick(s, decision, events)
    else:
        swap(s, decision, events)


def _draft_problem(s: SeasonState, decision: DriverDecision) -> str:
    market = ", ".join(s.draft.market) if s.draft is not None else ""
    if isinstance(decision, DraftSwap) and decision.give not in s.driver(decision.driver).upgrades:
        return f"it owns no {quoted(decision.give)}"
    if isinstance(decision, DraftSwap) and decision.give == decision.take:
        return "a swap takes a different card"
    return f"the market holds {market or 'nothing'}"


def _league_decision(s: SeasonState, decision: SeasonDecision, events: list[Event]) -> None:
    """Join, leave, rest, sub, open the draft, start, cancel or record a race; correct
    points; switch drop-worst; reseed."""
    if isinstance(decision, CorrectPoints):
        _correct(s, decision, events)
        return
    if isinstance(decision, Reseed):
        _reseed(s, decision.seed)
        return
    expected = {
        JoinSeason: "lineup",
        LeaveSeason: "lineup",
        RestDriver: "lineup",
        SubDriver: "lineup",
        StandIn: "draft",
        DropWorst: "lineup",
        OpenDraft: "lineup",
        StartRace: "ready",
        CancelRace: "racing",
        RaceRecorded: "racing",
    }[type(decision)]
    who = getattr(decision, "driver", getattr(decision, "absent", None))
    if s.phase != expected:
        raise IllegalDecision(who, s.phase, f"'{decision.do}' needs the {expected} phase")
    number = getattr(decision, "race_no", s.race_no)
    if number != s.race_no:
        raise IllegalDecision(who, s.phase, f"race {s.race_no} is next, not {number}")
    if isinstance(decision, JoinSeason):
        _join(s, decision, events)
    elif isinstance(decision, LeaveSeason):
        _leave(s, decision, events)
    elif isinstance(decision, RestDriver | SubDriver):
        _rest(s, decision, events)
    elif isinstance(decision, StandIn):
        _stand_in(s, decision, events)
    elif isinstance(decision, DropWorst):
        _switch_drop_worst(s, decision, events)
    elif isinstance(decision, OpenDraft):
        _open(s, events)
    elif isinstance(decision, StartRace):
        s.phase = "racing"
        events.append(SeasonRaceStarted(None, s.race_no, s.grid))
    elif isinstance(decision, CancelRace):
        s.phase = "ready"
        s.reruns += 1
        events.append(SeasonRaceCancelled(None, s.race_no))
    else:
        assert isinstance(decision, RaceRecorded)
        _record(s, decision.result, events)


def new_id_problem(s: SeasonState, driver_id: str) -> str | None:
    """Why ``driver_id`` cannot name a new driver of the season, or None."""
    if not _DRIVER_ID.match(driver_id) or len(driver_id) > MAX_NAME:
        return f"driver id {quoted(driver_id)}: letters, digits, _ and - only, at most {MAX_NAME}"
    if driver_id in LEAGUE_WORDS:
        return f"driver id {quoted(driver_id)} is a season word"
    if any(d.id == driver_id for d in s.drivers):
        return f"driver {driver_id} already takes part in this season"
    return None


def join_problem(s: SeasonState, driver_id: str, color: str, kind: str) -> str | None:
    """Why this driver cannot join the season now, or None."""
    problem = new_id_problem(s, driver_id)
    if problem is not None:
        return problem
    # The next race's field: a driver may join in the seat, or the colour, of one resting.
    if len(s.racing()) >= MAX_CARS:
        return f"a race takes at most {MAX_CARS} cars"
    if not _DRIVER_ID.match(color) or len(color) > MAX_NAME:
        return f"colour {quoted(color)}: letters, digits, _ and - only, at most {MAX_NAME}"
    if any(d.color == color for d in s.racing()):
        return f"colour {color} is taken"
    legends = data.legend_cards()
    # Two tests, not ``in (*colours, *extra_colours)``: mypyc cannot compile that.
    if kind == "legend" and color not in legends.colours and color not in legends.extra_colours:
        return f"the Legends deck has no colour {quoted(color)}"
    return None


def _join(s: SeasonState, decision: JoinSeason, events: list[Event]) -> None:
    problem = join_problem(s, decision.driver, decision.color, decision.kind)
    if problem is not None:
        raise IllegalDecision(decision.driver, s.phase, problem)
    driver = SeasonDriver(decision.driver, decision.color, decision.kind, joined=s.race_no)
    s.drivers.append(driver)
    events.append(DriverJoined(driver.id, s.race_no))


def _leave(s: SeasonState, decision: LeaveSeason, events: list[Event]) -> None:
    """The driver races no more; its upgrades leave the game, its sponsors go to the discard."""
    if decision.driver not in {d.id for d in s.active()}:
        raise IllegalDecision(decision.driver, s.phase, "no such driver racing in this season")
    driver = s.driver(decision.driver)
    s.garage_box += driver.upgrades
    s.sponsor_discard += driver.sponsors
    s.set_driver(replace(driver, upgrades=(), sponsors=(), active=False, resting=False))
    events.append(DriverLeft(driver.id))


def rest_problem(s: SeasonState, driver_id: str) -> str | None:
    """Why this driver cannot sit the next race out now, or None."""
    if driver_id not in {d.id for d in s.active()}:
        return f"no driver {quoted(driver_id)} racing in this season"
    if s.driver(driver_id).resting:
        return f"driver {driver_id} sits race {s.race_no} out already"
    return None


def sub_problem(s: SeasonState, absent: str, reserve: str) -> str | None:
    """Why ``reserve`` cannot drive the next race in ``absent``'s place now, or None."""
    if absent == reserve:
        return f"driver {absent} cannot stand in for itself"
    problem = rest_problem(s, absent) or rest_problem(s, reserve)
    if problem is not None:
        return problem
    colour = s.driver(absent).color
    legends = data.legend_cards()
    if (
        s.driver(reserve).kind == "legend"
        and colour not in legends.colours
        and colour not in legends.extra_colours
    ):
        return f"the Legends deck has no colour {quoted(colour)}"
    return None


def _rest(s: SeasonState, decision: RestDriver | SubDriver, events: list[Event]) -> None:
    """The driver sits the next race out (a reserve takes its colour and drives it): off
    the grid, its upgrades, sponsors and points kept, back once the race is recorded."""
    if isinstance(decision, RestDriver):
        absent, problem = decision.driver, rest_problem(s, decision.driver)
    else:
        absent, problem = decision.absent, sub_problem(s, decision.absent, decision.reserve)
    if problem is not None:
        raise IllegalDecision(absent, s.phase, problem)
    driver = s.driver(absent)
    s.set_driver(replace(driver, resting=True))
    if isinstance(decision, RestDriver):
        events.append(DriverRests(absent, s.race_no))
        return
    s.set_driver(replace(s.driver(decision.reserve), color=driver.color))
    events.append(DriverSubbed(absent, decision.reserve, s.race_no))


def stand_in_problem(s: SeasonState, absent: str, reserve: str) -> str | None:
    """Why ``reserve`` cannot take ``absent``'s place in the draft now, or None."""
    if season_pending(s).drivers != (absent,):
        return f"the draft does not wait on {absent}"
    if absent == reserve:
        return f"driver {absent} cannot stand in for itself"
    if not any(d.id == reserve for d in s.drivers):
        return new_id_problem(s, reserve)
    driver = s.driver(reserve)
    if not driver.active or reserve in s.grid:
        return f"driver {reserve} is not free to stand in (it left, or races already)"
    if driver.kind != "human":
        return f"driver {reserve} is not a person"
    return None


def _stand_in(s: SeasonState, decision: StandIn, events: list[Event]) -> None:
    """The reserve takes the absent driver's place in the grid and the draft, in its colour;
    the absent driver rests (a reserve new to the season joins it on 0 points)."""
    absent, reserve = decision.absent, decision.reserve
    problem = stand_in_problem(s, absent, reserve)
    if problem is not None:
        raise IllegalDecision(absent, s.phase, problem)
    colour = s.driver(absent).color
    if any(d.id == reserve for d in s.drivers):
        s.set_driver(replace(s.driver(reserve), color=colour, resting=False))
    else:
        s.drivers.append(SeasonDriver(reserve, colour, "human", joined=s.race_no))
        events.append(DriverJoined(reserve, s.race_no))
    s.set_driver(replace(s.driver(absent), resting=True))
    s.grid = tuple(reserve if car == absent else car for car in s.grid)
    draft = s.draft
    assert draft is not None
    order = tuple(reserve if car == absent else car for car in draft.order)
    s.draft = SeasonDraft(draft.market, order, draft.first)
    events.append(DriverSubbed(absent, reserve, s.race_no))


def correction_problem(s: SeasonState, driver_id: str, points: int) -> str | None:
    """Why ``points`` cannot be added to this driver's total now, or None."""
    if not any(d.id == driver_id for d in s.drivers):
        return f"no driver {quoted(driver_id)} in this season"
    if points == 0:
        return "a correction of 0 points changes nothing"
    if not -MAX_CORRECTION <= points <= MAX_CORRECTION:
        return f"a correction adds or takes away 1 to {MAX_CORRECTION} points"
    if not -MAX_COUNT <= s.driver(driver_id).correction + points <= MAX_COUNT:
        return f"a driver's corrections add up to at most {MAX_COUNT:,} either way"
    return None


def _correct(s: SeasonState, decision: CorrectPoints, events: list[Event]) -> None:
    """In any phase: the driver's total changes, so do the standings. A grid already fixed
    (from the draft until its race is recorded) stays; the next one counts the correction."""
    problem = correction_problem(s, decision.driver, decision.points)
    if problem is not None:
        raise IllegalDecision(decision.driver, s.phase, problem)
    driver = s.driver(decision.driver)
    s.set_driver(replace(driver, correction=driver.correction + decision.points))
    total = next(line.points for line in standings(s) if line.driver == driver.id)
    events.append(PointsCorrected(driver.id, decision.points, total))


def _switch_drop_worst(s: SeasonState, decision: DropWorst, events: list[Event]) -> None:
    """Between races only: the table changes as a whole, so it must not change under a grid
    already fixed, nor after the last race (the champion is crowned on the table as it was)."""
    if decision.on == s.drop_worst:
        state = "on" if s.drop_worst else "off"
        raise IllegalDecision(None, s.phase, f"drop-worst is {state} already")
    s.drop_worst = decision.on
    events.append(DropWorstSwitched(None, decision.on))


def _open(s: SeasonState, events: list[Event]) -> None:
    """Fix the grid (race 1 at random, later ones by the standings) from the drivers not
    resting, then reveal the market."""
    racing = [d.id for d in s.racing()]
    if not racing:
        raise IllegalDecision(None, s.phase, "no driver is racing in this season")
    # A driver back from a rest may meet the one who joined in its seat or its colour, or
    # the reserve who took its colour: the league rests, subs or lets one leave first.
    if len(racing) > MAX_CARS:
        reason = f"{len(racing)} drivers would race: a race takes at most {MAX_CARS} cars"
        raise IllegalDecision(None, s.phase, reason)
    colours = Counter(d.color for d in s.racing())
    shared = sorted(colour for colour, count in colours.items() if count > 1)
    if shared:
        reason = f"two drivers would race in {shared[0]}: rest one, or let one leave"
        raise IllegalDecision(None, s.phase, reason)
    if s.race_no == 1:
        s.grid = shuffled(s.seed, s.rng, tuple(racing))
        s.rng += 1
    else:
        s.grid = tuple(line.driver for line in standings(s) if line.driver in racing)
    open_draft(s, events)


def _reseed(s: SeasonState, seed: int) -> None:
    """The season's chance from ``seed`` on: the Garage deck left shuffled with it (the
    market on the table stays), and every later grid and race seed drawn from it (the
    sponsorship deck is shuffled with each race's seed, :func:`season_race`)."""
    if s.phase == "over":
        raise IllegalDecision(None, s.phase, "an ended season deals nothing more")
    if not 0 <= seed <= MAX_SEED:
        raise IllegalDecision(None, s.phase, f"a seed is 0 to {MAX_SEED}, not {seed}")
    s.seed = seed
    s.garage_deck = shuffled(seed, s.rng, s.garage_deck)
    s.rng += 1


def race_seed(s: SeasonState) -> int:
    """The seed of the next race, drawn from the season's seed and the race's number, and,
    for a race run again after a cancel, its run: a run again is dealt anew, so a cancel
    never replays a deal whose cards everyone saw (nor one its host could peek at)."""
    key = f"heat-season/{s.seed}/race/{s.race_no}"
    if s.reruns:
        key += f"/run/{s.reruns + 1}"
    return random.Random(key).randint(0, MAX_SEED)


def season_race(s: SeasonState) -> tuple[RaceState, list[Event]]:
    """The next race, set up for the bot to run: grid by the standings (leader on pole;
    race 1 at random), carried upgrades and sponsors, the shared sponsorship piles.

    Available once the draft is over (``ready``) and while it runs (``racing``),
    always the same race for the same season.

    The sponsorship deck is shuffled with the race's seed before it starts: a finished
    race's notation file (which ``/heat replay`` posts) shows the order the deck ended in,
    and the next race must not deal from that known order. No one at the table can tell
    a face-down deck from one shuffled again.
    """
    if s.phase not in ("ready", "racing"):
        raise IllegalDecision(None, s.phase, "the race is built once its draft is over")
    race = s.races[s.race_no - 1]
    entrants = [
        Entrant(d.id, d.color, d.kind, upgrades=d.upgrades, sponsors=d.sponsors)
        for d in map(s.driver, s.grid)
    ]
    seed = race_seed(s)
    deck = shuffled(seed, SPONSOR_SHUFFLE, s.sponsor_deck)
    setup = ChampionshipSetup(race.event, deck, s.sponsor_discard)
    return new_race(
        race.track, entrants, seed, options=s.options, championship=setup, grid="as_listed"
    )


# The draw number of the sponsorship deck's shuffle before a race: none of the race's own
# draws (they count from 0), so the two never share a generator.
SPONSOR_SHUFFLE = -1


def result_problem(s: SeasonState, result: RaceResult) -> str | None:
    """Why ``result`` cannot be the next race's, or None."""
    event = s.races[s.race_no - 1].event
    if result.event != event:
        return f"race {s.race_no} races event {event}, not {result.event}"
    if not result.gave_up | result.eliminated <= set(s.grid):
        return "gave_up and eliminated name cars of the grid only"
    # An eliminated car has no place; a result recorded before that rule gives it one.
    if set(result.places) | result.eliminated != set(s.grid):
        return f"the places must name the grid but its eliminated cars: {', '.join(sorted(s.grid))}"
    if sorted(result.places.values()) != list(range(1, len(result.places) + 1)):
        return f"the places must be 1 to {len(result.places)}, each once"
    if not set(result.spin_outs) <= set(s.grid):
        return "spin_outs name cars of the grid only"
    if any(not 0 <= count <= MAX_ROUND for count in result.spin_outs.values()):
        return f"a car spins out 0 to {MAX_ROUND} times in a race"
    carriers = {car for car in s.grid if s.driver(car).drafts}
    if not set(result.sponsors) <= carriers:
        return "only drivers of the race carry sponsorship cards"
    before = Counter(s.sponsor_deck + s.sponsor_discard + _carried(s, carriers))
    after = Counter(
        result.sponsor_deck
        + result.sponsor_discard
        + tuple(c for cards in result.sponsors.values() for c in cards)
    )
    if before != after:
        return "the sponsorship cards after the race are not those before it"
    return None


def _carried(s: SeasonState, drivers: Iterable[str]) -> tuple[Card, ...]:
    return tuple(card for d in sorted(drivers) for card in s.driver(d).sponsors)


def _record(s: SeasonState, result: RaceResult, events: list[Event]) -> None:
    """Score the race, carry each driver's unplayed sponsors and the shared piles over."""
    problem = result_problem(s, result)
    if problem is not None:
        raise IllegalDecision(None, s.phase, f"race {s.race_no} result: {problem}")
    for car in s.grid:
        driver = s.driver(car)
        if driver.drafts:
            s.set_driver(replace(driver, sponsors=result.sponsors.get(car, ())))
    s.sponsor_deck, s.sponsor_discard = result.sponsor_deck, result.sponsor_discard
    events.append(RaceScored(None, s.race_no, race_points(result)))
    s.results.append(result)
    s.reruns = 0
    s.grid = ()
    # A rest lasts one race (a cancelled race is run again, its rests kept).
    s.drivers = [replace(d, resting=False) if d.resting else d for d in s.drivers]
    if s.race_no > len(s.races):
        s.phase = "over"
        events.append(SeasonEnded(champion(s)))
    else:
        s.phase = "lineup"


def replay_season(initial: SeasonState, decisions: Iterable[SeasonDecision]) -> SeasonState:
    """The season after applying a decision log to its first state, in order."""
    s = initial
    for decision in decisions:
        s, _ = apply_season(s, decision)
    return s
