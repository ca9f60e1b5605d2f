"""An upper bound on the AI's win rate: a clairvoyant driver that searches the true race.

Issue 34 asks the expert to win 0.75 and the champion 0.80 of 1-lap races against five
Legends on every track, dry and with weather. This bench asks whether a driver could,
even one that cheats: the oracle sees the true :class:`engine.RaceState` (its own draw
deck in order, the Legends' deck, the seed behind every reshuffle), so every future is
known, and it searches its own decisions over it.

At each of its plan steps the oracle runs a beam search over the true state. A node is
the race at the car's next plan step (or once it has finished); a node's children are
every legal plan (:func:`engine.legal_decisions`), each played forward with the engine:
the Legends move by their deck, the car's other steps (reveal, React, Slipstream,
discard) are the expert's, and with ``--branch boost`` (the default) the React step also
branches on Boost against ending React (``--branch all`` further branches on every
Slipstream distance and, at the discard step, on discarding nothing or every card
that may go; ``--branch none``: the expert alone). Children alike in every card, space
and deck are kept once, and the ``--beam`` best (default 8) are expanded again, ranked:

- the car has finished: by its place, then by how far past the line it ended;
- no car has finished: by the expert's own valuation of the position (the best plan its
  hand allows there, :func:`engine.ai.position_worth`, which is minus the rounds to go
  with what its Heat means), less the rounds already raced;
- a Legend has finished and the car has not (it can no longer win): last.

The search stops at the first depth that holds a win (a win is a win), once every line
left can no longer win, or after ``--depth`` rounds. Its line is the best finish found,
or with none the best node of the last depth searched. The oracle plays that line, and
remembers it: it searches again at every later plan step unless the line it follows
already wins, and keeps the better of the new search's line, the rest of the remembered
one and the expert's own line from there (the expert played out to its finish, or a
Legend's, on the true state). The race is deterministic (the engine draws from the state's seed,
the expert weighs chances without drawing), so a line found is a line played: the bench
checks that each race ends as its last line foretold (``foretold_wrong``), and the
oracle cannot lose a race the expert wins on the same seed (``oracle_lost_expert_won``).

``python bench/oracle.py [--seeds 0:30] [--tracks italy,great_britain,japan,usa]
[--weather both] [--beam 8] [--depth 20] [--branch boost] [--laps 1] [--procs 2]`` races
one car (the oracle, then the plain expert, on the same seeds) against five Legends (the
field of :func:`bench.drivers.lineup`) on 1 lap of each track (``--laps``: another count,
or ``own``, each track's own), weather off and on, and prints
``name: value`` lines: ``win_rate_oracle_TRACK[_weather]`` and
``win_rate_expert_TRACK[_weather]`` with their 95% Wilson intervals, ``mean_oracle``,
``mean_expert``, ``lowest_oracle``, ``lowest_expert``, how often the oracle's line came
from its search or from the expert's own (``line_from_search``, ``line_from_expert``),
the races the oracle won that the expert lost and the reverse, the searches made and the
nodes expanded, and ``seconds_per_race_oracle`` / ``seconds_per_race_expert``. ``gb``
names Great Britain. A race stops once the car has finished or a Legend has (the car can
no longer win: a loss).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Literal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from bench.drivers import AI, lineup, rate
from engine import Boost, Decision, Discard, Options, RaceState, ReactDone
from engine.ai import decide, position_worth
from engine.choices import discard_choices
from engine.events import Finished

Branch = Literal["none", "boost", "all"]
TRACKS = "italy,great_britain,japan,usa"
ALIASES = {"gb": "great_britain"}
EXPERT = "expert"

# A node's rank, highest best: (kind, place term, value). Kinds: the car finished (its
# place counts), still able to win (the valuation counts), or beaten (a Legend is home).
DONE, RACING, BEATEN = 2, 1, 0
Score = tuple[int, float, float]
WORST: Score = (-1, 0.0, 0.0)


@dataclass(frozen=True, slots=True)
class Node:
    """The race at the car's plan step (or after it finished), the car's decisions that led
    there from the search's root, and its rank."""

    state: RaceState
    line: tuple[Decision, ...]
    score: Score

    @property
    def won(self) -> bool:
        return self.score[0] == DONE and self.score[1] == -1.0

    @property
    def open(self) -> bool:
        """The car may still win from here, and has not finished."""
        return self.score[0] == RACING


@dataclass
class Tally:
    """What one oracle race cost and where its lines came from."""

    searches: int = 0
    nodes: int = 0
    from_search: int = 0
    from_expert: int = 0
    kept: int = 0


def car_key(state: RaceState) -> tuple[object, ...]:
    """Everything of the race that a future depends on (all but the version count): two
    nodes with the same key have the same futures."""
    cars = tuple(
        (
            c.id,
            c.space,
            c.spot,
            c.finished,
            c.gear,
            c.engine,
            c.hand,
            c.deck,
            c.discard,
            c.plan,
            c.play_area,
            c.eliminated,
        )
        for c in state.cars
    )
    return (state.round, state.rng, state.legend_deck, state.legend_card, state.turn_order, cars)


def legend_home(state: RaceState) -> bool:
    return any(c.finished is not None for c in state.cars if c.id != AI)


def rank(state: RaceState, place: int | None) -> Score:
    """A node's rank: see the module's docstring."""
    me = state.car(AI)
    if place is not None:
        return DONE, -float(place), float(me.space - state.course.finish)
    value = position_worth(engine.view_for(state, AI), AI) - state.round
    if legend_home(state):
        home = sum(1 for c in state.cars if c.finished is not None)
        return BEATEN, -float(home), value
    return RACING, 0.0, value


def finish_place(events: Sequence[engine.Event]) -> int | None:
    for event in events:
        if isinstance(event, Finished) and event.car == AI:
            return event.place
    return None


def choices(state: RaceState, step: str, branch: Branch) -> list[Decision]:
    """The car's decisions tried at a step other than the plan: the expert's first."""
    expert = decide(engine.view_for(state, AI), AI, EXPERT)
    tried = [expert]
    if branch == "none":
        return tried
    legal = engine.legal_decisions(state, AI)
    extra: list[Decision] = []
    if step == "react":
        extra = [d for d in legal if isinstance(d, Boost | ReactDone)]
    elif branch == "all" and step == "slipstream":
        extra = list(legal)
    elif branch == "all" and step == "discard":
        extra = [Discard(AI, ()), Discard(AI, discard_choices(legal))]
    for decision in extra:
        if decision not in tried and decision in legal:
            tried.append(decision)
    return tried


def forward(
    state: RaceState, line: tuple[Decision, ...], place: int | None, branch: Branch
) -> list[Node]:
    """Play on from just after a plan to the car's next plan step, its finish, or the race's
    end: the Legends by the engine, the car's other steps by :func:`choices`."""
    while place is None:
        waiting = engine.pending(state)
        if waiting is None or AI not in waiting.cars:
            break
        if waiting.step == "plan":
            break
        tried = choices(state, waiting.step, branch)
        if len(tried) > 1:
            nodes: list[Node] = []
            for decision in tried:
                after, events = engine.apply(state, decision)
                nodes += forward(after, (*line, decision), finish_place(events), branch)
            return nodes
        state, events = engine.apply(state, tried[0])
        line = (*line, tried[0])
        place = finish_place(events)
    return [Node(state, line, rank(state, place))]


class Oracle:
    """The clairvoyant driver of one race: its searches share the expansions they made."""

    def __init__(self, beam: int, depth: int, branch: Branch) -> None:
        self.beam, self.depth, self.branch = beam, depth, branch
        self.children: dict[tuple[object, ...], list[Node]] = {}
        self.tally = Tally()

    def expand(self, node: Node) -> list[Node]:
        """Every plan from ``node`` played forward (kept: later searches meet it again)."""
        key = car_key(node.state)
        found = self.children.get(key)
        if found is None:
            found = []
            self.tally.nodes += 1
            for plan in engine.legal_decisions(node.state, AI):
                after, events = engine.apply(node.state, plan)
                found += forward(after, (plan,), finish_place(events), self.branch)
            self.children[key] = found
        return [Node(c.state, node.line + c.line, c.score) for c in found]

    def search(self, root: RaceState) -> Node:
        """The best line the beam finds from ``root`` (the car's plan step)."""
        self.tally.searches += 1
        frontier = [Node(root, (), rank(root, None))]
        best = Node(root, (), WORST)  # the best finish found
        deepest = best  # the best node of the last depth searched
        for _ in range(self.depth):
            seen: set[tuple[object, ...]] = set()
            children: list[Node] = []
            for node in frontier:
                for child in self.expand(node):
                    key = car_key(child.state)
                    if key not in seen:
                        seen.add(key)
                        children.append(child)
            if not children:
                break
            deepest = max(children, key=lambda n: n.score)
            finishes = [c for c in children if c.score[0] == DONE]
            if finishes:
                top = max(finishes, key=lambda n: n.score)
                if top.score > best.score:
                    best = top
            if best.won:
                break
            # Finished cars end their line; the rest race on, the best first (a stable
            # sort: ties keep the order the plans were listed in).
            going = [c for c in children if c.score[0] != DONE and engine.pending(c.state)]
            going.sort(key=lambda n: n.score, reverse=True)
            frontier = going[: self.beam]
            if not any(n.open for n in frontier):
                break
        # No finish found: the line that raced furthest (the valuation of positions a
        # different number of rounds ahead is not compared).
        return best if best.score[0] == DONE else deepest

    def expert_line(self, state: RaceState) -> Node:
        """The expert's own line from ``state`` to the car's finish (or a Legend's)."""
        line: list[Decision] = []
        place = None
        while place is None and not legend_home(state):
            waiting = engine.pending(state)
            if waiting is None or AI not in waiting.cars:
                break
            decision = decide(engine.view_for(state, AI), AI, EXPERT)
            state, events = engine.apply(state, decision)
            line.append(decision)
            place = finish_place(events)
        return Node(state, tuple(line), rank(state, place))


@dataclass(frozen=True)
class Job:
    seed: int
    track: str
    weather: bool
    driver: str  # "oracle" or "expert"
    beam: int
    depth: int
    branch: Branch
    laps: int | None = 1  # None: the track's own


@dataclass(frozen=True)
class Result:
    won: bool
    seconds: float
    foretold_wrong: bool = False
    searches: int = 0
    nodes: int = 0
    from_search: int = 0
    from_expert: int = 0


def race(job: Job) -> Result:
    """One race of the car (the oracle or the expert) until it finishes or a Legend does."""
    start = time.perf_counter()
    options = Options(weather=job.weather)
    state, _ = engine.new_race(job.track, lineup(), job.seed, laps=job.laps, options=options)
    oracle = Oracle(job.beam, job.depth, job.branch)
    following: Node | None = None  # the line the oracle plays, and where it ends
    wrong = False  # the race left the line it followed
    place = None
    while place is None and not legend_home(state):
        waiting = engine.pending(state)
        if waiting is None:
            break
        car = waiting.cars[0]
        if car != AI:
            raise AssertionError(f"seed {job.seed}: only the AI decides, not {car}")
        if job.driver == EXPERT:
            decision = decide(engine.view_for(state, AI), AI, EXPERT)
        else:
            if waiting.step == "plan" and (following is None or not following.won):
                following = choose(oracle, state, following)
            if following is None or not following.line:
                # The line ran out before its end: the race did not go as foretold.
                wrong = True
                following = None
                decision = decide(engine.view_for(state, AI), AI, EXPERT)
            else:
                decision = following.line[0]
                following = Node(following.state, following.line[1:], following.score)
                if decision not in engine.legal_decisions(state, AI):
                    wrong = True
                    following = None
                    decision = decide(engine.view_for(state, AI), AI, EXPERT)
        state, events = engine.apply(state, decision)
        place = finish_place(events)
    won = place == 1
    seconds = time.perf_counter() - start
    if job.driver == EXPERT:
        return Result(won, seconds)
    if following is None or following.line != () or following.won != won:
        wrong = True
    tally = oracle.tally
    return Result(
        won,
        seconds,
        wrong,
        tally.searches,
        tally.nodes,
        tally.from_search,
        tally.from_expert,
    )


def choose(oracle: Oracle, state: RaceState, following: Node | None) -> Node:
    """The line to play from the plan step ``state``: the search's, the rest of the one
    followed so far, or the expert's own, whichever ends best (ties: the search's)."""
    found = oracle.search(state)
    expert = oracle.expert_line(state)
    best = found
    source = "search"
    if following is not None and following.line and following.score > best.score:
        best, source = following, "kept"
    if expert.score > best.score:
        best, source = expert, "expert"
    tally = oracle.tally
    if source == "search":
        tally.from_search += 1
    elif source == "expert":
        tally.from_expert += 1
    else:
        tally.kept += 1
    return best


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", default="0:30", help="START:END, END excluded")
    parser.add_argument("--tracks", default=TRACKS)
    parser.add_argument("--weather", choices=("off", "on", "both"), default="both")
    parser.add_argument("--beam", type=int, default=8, help="nodes kept at each depth")
    parser.add_argument("--depth", type=int, default=20, help="rounds searched at most")
    parser.add_argument("--branch", choices=("none", "boost", "all"), default="boost")
    parser.add_argument("--laps", default="1", help="a number, or own: each track's own")
    parser.add_argument("--procs", type=int, default=2)
    args = parser.parse_args(argv)
    laps = None if args.laps == "own" else int(args.laps)
    first, last = (int(part) for part in args.seeds.split(":"))
    tracks = [ALIASES.get(t, t) for t in args.tracks.split(",")]
    weathers = {"off": [False], "on": [True], "both": [False, True]}[args.weather]
    settings = [(t, w) for t in tracks for w in weathers]
    seeds = range(first, last)

    def jobs(driver: str) -> list[Job]:
        return [
            Job(seed, t, w, driver, args.beam, args.depth, args.branch, laps)
            for t, w in settings
            for seed in seeds
        ]

    began = time.perf_counter()
    with Pool(args.procs) as pool:
        expert = pool.map(race, jobs(EXPERT), 4)
        oracle = []
        for done, result in enumerate(pool.imap(race, jobs("oracle"), 1), 1):
            oracle.append(result)
            print(f"oracle race {done}: {result}", file=sys.stderr, flush=True)
    wall = time.perf_counter() - began
    per = len(seeds)
    print(f"seeds: {first}:{last}")
    print(f"laps: {args.laps}")
    print(f"beam: {args.beam}")
    print(f"depth: {args.depth}")
    print(f"branch: {args.branch}")
    print(f"races_per_setting: {per}")
    shares: dict[str, list[float]] = {"oracle": [], "expert": []}
    for i, (track, weather) in enumerate(settings):
        tag = track + ("_weather" if weather else "")
        mine = oracle[i * per : (i + 1) * per]
        theirs = expert[i * per : (i + 1) * per]
        shares["oracle"].append(rate(f"win_rate_oracle_{tag}", [r.won for r in mine]))
        shares["expert"].append(rate(f"win_rate_expert_{tag}", [r.won for r in theirs]))
        only = [s for s, o, e in zip(seeds, mine, theirs, strict=True) if o.won and not e.won]
        print(f"oracle_only_wins_{tag}: {len(only)}")
    for driver, values in shares.items():
        print(f"mean_{driver}: {sum(values) / len(values):.3f}")
        print(f"lowest_{driver}: {min(values):.3f}")
    rate("win_rate_oracle", [r.won for r in oracle])
    rate("win_rate_expert", [r.won for r in expert])
    pairs = list(zip(oracle, expert, strict=True))
    print(f"oracle_won_expert_lost: {sum(o.won and not e.won for o, e in pairs)}")
    print(f"oracle_lost_expert_won: {sum(e.won and not o.won for o, e in pairs)}")
    print(f"foretold_wrong: {sum(r.foretold_wrong for r in oracle)}")
    print(f"searches: {sum(r.searches for r in oracle)}")
    print(f"nodes_expanded: {sum(r.nodes for r in oracle)}")
    print(f"line_from_search: {sum(r.from_search for r in oracle)}")
    print(f"line_from_expert: {sum(r.from_expert for r in oracle)}")
    print(f"seconds_per_race_oracle: {sum(r.seconds for r in oracle) / len(oracle):.2f}")
    print(f"seconds_per_race_expert: {sum(r.seconds for r in expert) / len(expert):.3f}")
    print(f"wall_s: {wall:.0f}")


if __name__ == "__main__":
    main()
