"""The one place a race changes: load, apply, let the AI and standing orders play, store.

Each race has a lock; a change loads the race, asks the engine, runs every
decision the AI or the driver's standing orders make, and stores the new state
with all those decisions and the new timers in one transaction. What to post
is left to the caller, from the returned :class:`Progress`. Nothing here
imports discord: bad input is a :class:`Refused` with a text key.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import engine
from bot.models import RaceConfig, RaceRecord, RaceStatus, Seat
from bot.orders import Orders, ordered_decision
from bot.store import Store, Timer
from engine import Decision, Entrant, NotYourTurn, Plan, RaceOver, RaceState, RulesError
from engine.ai import decide
from engine.events import Event, RaceEnded, RoundStarted, event_from_json
from engine.notation import compact_state, load_state

log = logging.getLogger("heat.race")

COLOURS = ("red", "blue", "green", "yellow", "black", "gray")
CAR_IDS = ("A", "B", "C", "D", "E", "F")
REMINDER_AT = 0.75  # of the turn timer: one mention before the deadline
REMINDED = "reminded"  # a reminder already sent, kept so it is not sent again
NEVER = 1e300  # a due time that never comes


class Refused(Exception):
    """Bad input: the race is unchanged; ``key`` names the text to show the user."""

    def __init__(self, key: str, **details: Any) -> None:
        super().__init__(key)
        self.key = key
        self.details = details


@dataclass(frozen=True, slots=True)
class Driver:
    """A Discord user as a race needs them."""

    user_id: int
    name: str
    locale: str = "en-US"


@dataclass
class Progress:
    """What a change did: the race after it, its events, and who must act now."""

    race: RaceRecord
    seats: list[Seat]
    state: RaceState
    events: list[Event] = field(default_factory=list)
    started: bool = False
    resumed: bool = False
    waiting: list[Seat] = field(default_factory=list)
    newly_waiting: list[Seat] = field(default_factory=list)
    finished_rounds: list[list[Event]] = field(default_factory=list)
    deadlines: dict[str, float] = field(default_factory=dict)

    def seat(self, car_id: str) -> Seat:
        return next(seat for seat in self.seats if seat.car_id == car_id)

    @property
    def step(self) -> str | None:
        waiting = engine.pending(self.state)
        return None if waiting is None else waiting.step


class Orchestrator:
    """Runs races: lobbies, decisions, timers; every change under the race's lock."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, race_id: int) -> asyncio.Lock:
        return self._locks.setdefault(race_id, asyncio.Lock())

    # --- lobby ----------------------------------------------------------------------------

    async def new_race(
        self, guild_id: int, channel_id: int, host: Driver, config: RaceConfig
    ) -> RaceRecord:
        if await self.store.open_race_in(channel_id) is not None:
            raise Refused("channel_busy")
        seat = Seat(
            car_id=CAR_IDS[0],
            user_id=host.user_id,
            kind="human",
            name=host.name,
            color=COLOURS[0],
            locale=host.locale,
        )
        try:
            race_id = await self.store.create_race(guild_id, channel_id, host.user_id, config, seat)
        except sqlite3.IntegrityError:
            raise Refused("channel_busy") from None
        log.info("race created race=%s guild=%s track=%s", race_id, guild_id, config.track)
        record = await self.store.race(race_id)
        assert record is not None
        return record

    async def join(self, race_id: int, driver: Driver) -> list[Seat]:
        async with self.lock(race_id):
            record = await self._record(race_id, RaceStatus.LOBBY)
            seats = await self.store.seats(race_id)
            if any(seat.user_id == driver.user_id for seat in seats):
                raise Refused("already_joined")
            if len(seats) >= record.config.seats:
                raise Refused("lobby_full")
            taken = {seat.car_id for seat in seats}
            car_id = next(c for c in CAR_IDS if c not in taken)
            colour = next(c for c in COLOURS if c not in {seat.color for seat in seats})
            seat = Seat(
                car_id=car_id,
                user_id=driver.user_id,
                kind="human",
                name=driver.name,
                color=colour,
                locale=driver.locale,
            )
            await self.store.add_seat(race_id, seat)
            log.info("driver joined race=%s guild=%s car=%s", race_id, record.guild_id, car_id)
            return [*seats, seat]

    async def leave(self, race_id: int, user_id: int) -> list[Seat]:
        async with self.lock(race_id):
            record = await self._record(race_id, RaceStatus.LOBBY)
            if user_id == record.host_id:
                raise Refused("host_cannot_leave")
            if not await self.store.remove_seat(race_id, user_id):
                raise Refused("not_in_race")
            return await self.store.seats(race_id)

    async def start(self, race_id: int, user_id: int) -> Progress:
        async with self.lock(race_id):
            record = await self._record(race_id, RaceStatus.LOBBY)
            if user_id != record.host_id:
                raise Refused("not_host")
            seats = _with_fill(await self.store.seats(race_id), record.config)
            if len(seats) < 2:
                raise Refused("need_rival")
            entrants = [Entrant(seat.car_id, seat.color, seat.kind) for seat in seats]
            seed = secrets.randbits(48)
            state, events = engine.new_race(
                record.config.track, entrants, seed, laps=record.config.laps
            )
            initial = compact_state(state)
            progress = Progress(record, seats, state, list(events), started=True)
            await self.store.start_race(race_id, seats, initial, initial, state.version)
            record = await self._record(race_id, RaceStatus.RUNNING)
            progress.race = record
            log.info("race started race=%s guild=%s cars=%s", race_id, record.guild_id, len(seats))
            return await self._run(progress, [], previous_timers=[])

    async def cancel(self, race_id: int, user_id: int, can_manage: bool) -> RaceRecord:
        async with self.lock(race_id):
            record = await self.store.race(race_id)
            if record is None or record.status not in (RaceStatus.LOBBY, RaceStatus.RUNNING):
                raise Refused("no_race")
            if user_id != record.host_id and not can_manage:
                raise Refused("not_host_or_manager")
            await self.store.set_status(race_id, RaceStatus.CANCELLED)
            log.info("race cancelled race=%s guild=%s", race_id, record.guild_id)
            return record

    # --- racing ---------------------------------------------------------------------------

    async def plan(
        self,
        race_id: int,
        user_id: int,
        round_: int,
        plan: tuple[int, tuple[str, ...]],
        orders: Orders,
    ) -> Progress:
        """A driver's steps 1-2, with standing orders for the round's reactions."""
        async with self.lock(race_id):
            record, seats, state = await self._load(race_id)
            seat = _seat_of(seats, user_id)
            if state.round != round_:
                raise Refused("stale")
            decision = Plan(seat.car_id, plan[0], plan[1])
            await self.store.set_orders(race_id, seat.car_id, round_, orders.encode())
            return await self._decide(record, seats, state, decision, f"user:{user_id}")

    async def react(
        self, race_id: int, user_id: int, version: int, decision_of: Callable[[str], Decision]
    ) -> Progress:
        """A live decision (react, slipstream, discard) made on race version ``version``."""
        async with self.lock(race_id):
            record, seats, state = await self._load(race_id)
            seat = _seat_of(seats, user_id)
            if state.version != version:
                raise Refused("stale")
            return await self._decide(
                record, seats, state, decision_of(seat.car_id), f"user:{user_id}"
            )

    async def kick(self, race_id: int, host_id: int, target_user_id: int) -> Progress:
        """The host hands an idle driver's car to the AI, which decides at once if it must."""
        async with self.lock(race_id):
            record, seats, state = await self._load(race_id)
            if host_id != record.host_id:
                raise Refused("not_host")
            seat = _seat_of(seats, target_user_id, missing="kick_not_driver")
            await self.store.set_autopilot(race_id, seat.car_id)
            seats = [s.model_copy(update={"autopilot": True}) if s is seat else s for s in seats]
            log.info("driver kicked race=%s guild=%s car=%s", race_id, record.guild_id, seat.car_id)
            return await self._run(
                Progress(record, seats, state), [], await self.store.timers(race_id)
            )

    async def expire(self, timer: Timer) -> Progress | None:
        """A deadline passed: the AI decides for the absent driver. None if already decided."""
        async with self.lock(timer.race_id):
            record = await self.store.race(timer.race_id)
            if record is None or record.status != RaceStatus.RUNNING or record.state is None:
                await self.store.drop_timer(timer)
                return None
            seats = await self.store.seats(timer.race_id)
            state = load_state(record.state)
            if _wait_of(state, timer.car_id) != timer.wait:
                await self.store.drop_timer(timer)
                return None
            seat = next(s for s in seats if s.car_id == timer.car_id)
            level = record.config.ai_level
            decision = decide(engine.view_for(state, seat.car_id), seat.car_id, level)
            log.info(
                "deadline passed race=%s guild=%s car=%s wait=%s",
                record.id,
                record.guild_id,
                timer.car_id,
                timer.wait,
            )
            return await self._decide(record, seats, state, decision, "timer")

    # --- reading --------------------------------------------------------------------------

    async def snapshot(self, race_id: int) -> Progress:
        """A running race as it stands: who it waits for, and until when."""
        record, seats, state = await self._load(race_id)
        timers = await self.store.timers(race_id)
        progress = Progress(record, seats, state, waiting=_waiting_humans(state, seats))
        progress.deadlines = {t.car_id: t.due_at for t in timers if t.kind == "deadline"}
        return progress

    async def load(self, race_id: int) -> tuple[RaceRecord, list[Seat], RaceState]:
        """A running or finished race, to look at."""
        record = await self.store.race(race_id)
        if record is None or record.state is None:
            raise Refused("no_race")
        return record, await self.store.seats(race_id), load_state(record.state)

    # --- the core -------------------------------------------------------------------------

    async def _record(self, race_id: int, status: RaceStatus) -> RaceRecord:
        record = await self.store.race(race_id)
        if record is None or record.status in (RaceStatus.FINISHED, RaceStatus.CANCELLED):
            raise Refused("no_race")
        if record.status != status:
            raise Refused("race_running" if record.status == RaceStatus.RUNNING else "not_started")
        return record

    async def _load(self, race_id: int) -> tuple[RaceRecord, list[Seat], RaceState]:
        record = await self._record(race_id, RaceStatus.RUNNING)
        assert record.state is not None
        return record, await self.store.seats(race_id), load_state(record.state)

    async def _decide(
        self,
        record: RaceRecord,
        seats: list[Seat],
        state: RaceState,
        decision: Decision,
        by: str,
    ) -> Progress:
        try:
            after, events = engine.apply(state, decision)
        except NotYourTurn:
            raise Refused("not_your_turn") from None
        except RaceOver:
            raise Refused("no_race") from None
        except RulesError as exc:
            raise Refused("illegal", reason=exc.reason) from None
        progress = Progress(record, seats, after, list(events))
        progress.waiting = _waiting_humans(state, seats)
        return await self._run(
            progress, [(decision, by)], await self.store.timers(record.id), before=state
        )

    async def _run(
        self,
        progress: Progress,
        decisions: list[tuple[Decision, str]],
        previous_timers: Sequence[Timer],
        before: RaceState | None = None,
    ) -> Progress:
        """Let the AI and standing orders play, then store everything in one transaction."""
        record = progress.race
        orders = await self.store.orders(record.id)
        waited_before = (
            {
                (seat.car_id, _wait_of(before, seat.car_id))
                for seat in _waiting_humans(before, progress.seats)
            }
            if before is not None
            else set()
        )
        state, events, made = await asyncio.to_thread(
            play_on, progress.state, progress.seats, orders, record.config
        )
        progress.events += events
        decisions += made
        progress.state = state
        progress.waiting = _waiting_humans(state, progress.seats)
        progress.newly_waiting = [
            seat
            for seat in progress.waiting
            if (seat.car_id, _wait_of(state, seat.car_id)) not in waited_before
        ]
        timers = self._timers(record, state, progress.waiting, previous_timers)
        progress.deadlines = {t.car_id: t.due_at for t in timers if t.kind == "deadline"}
        finished = engine.pending(state) is None
        progress.finished_rounds, ongoing = _split_rounds(
            [event_from_json(e) for e in json.loads(record.round_events)] + progress.events
        )
        await self.store.record(
            record.id,
            record.version,
            compact_state(state),
            state.version,
            [(str(d), by) for d, by in decisions],
            timers,
            finished,
            json.dumps([event.to_json() for event in ongoing]),
        )
        status = RaceStatus.FINISHED if finished else RaceStatus.RUNNING
        progress.race = record.model_copy(update={"version": state.version, "status": status})
        for decision, by in decisions:
            log.info(
                "decision race=%s guild=%s by=%s step=%s car=%s",
                record.id,
                record.guild_id,
                by.split(":")[0],
                decision.do,
                decision.car,
            )
        if finished:
            log.info("race finished race=%s guild=%s", record.id, record.guild_id)
        return progress

    def _timers(
        self,
        record: RaceRecord,
        state: RaceState,
        waiting: list[Seat],
        previous: Sequence[Timer],
    ) -> list[Timer]:
        """A deadline and one reminder per waiting driver; a wait that goes on keeps its own."""
        kept = {(t.kind, t.car_id, t.wait): t for t in previous}
        now = self.clock()
        window = record.config.timer_seconds
        timers = []
        for seat in waiting:
            wait = _wait_of(state, seat.car_id)
            deadline = kept.get(("deadline", seat.car_id, wait))
            timers.append(deadline or Timer(record.id, "deadline", seat.car_id, now + window, wait))
            reminder = kept.get(("reminder", seat.car_id, wait)) or kept.get(
                (REMINDED, seat.car_id, wait)
            )
            due = now + window * REMINDER_AT
            timers.append(reminder or Timer(record.id, "reminder", seat.car_id, due, wait))
        return timers

    async def reminded(self, timer: Timer) -> None:
        """The reminder was sent: keep its mark so the same wait is never reminded twice."""
        async with self.lock(timer.race_id):
            await self.store.replace_timer(
                timer, Timer(timer.race_id, REMINDED, timer.car_id, NEVER, timer.wait)
            )


def _split_rounds(events: list[Event]) -> tuple[list[list[Event]], list[Event]]:
    """The events of each round that ended, and those of the round under way.

    A round ends with the next RoundStarted (or RaceEnded); the round under way
    is what follows the last of them.
    """
    rounds: list[list[Event]] = []
    current: list[Event] = []
    for event in events:
        current.append(event)
        if isinstance(event, RoundStarted | RaceEnded):
            rounds.append(current)
            current = []
    return rounds, current


def play_on(
    state: RaceState,
    seats: list[Seat],
    orders: dict[str, tuple[int, str]],
    config: RaceConfig,
) -> tuple[RaceState, list[Event], list[tuple[Decision, str]]]:
    """Every decision the AI and standing orders make from here, until a driver must decide.

    Pure CPU work: the caller runs it in a worker thread so the event loop keeps
    acknowledging interactions meanwhile.
    """
    events: list[Event] = []
    made: list[tuple[Decision, str]] = []
    while (next_decision := _automatic(state, seats, orders, config)) is not None:
        state, more = engine.apply(state, next_decision[0])
        events += more
        made.append(next_decision)
    return state, events, made


def _automatic(
    state: RaceState, seats: list[Seat], orders: dict[str, tuple[int, str]], config: RaceConfig
) -> tuple[Decision, str] | None:
    """The next decision the AI or a driver's standing orders make, if any."""
    waiting = engine.pending(state)
    if waiting is None:
        return None
    by_car = {seat.car_id: seat for seat in seats}
    for car_id in waiting.cars:
        seat = by_car[car_id]
        view = engine.view_for(state, car_id)
        if seat.driven_by_ai:
            return decide(view, car_id, config.ai_level), "ai"
        if waiting.step != "plan":
            given = orders.get(car_id)
            standing = Orders.decode(given[1]) if given and given[0] == state.round else Orders()
            decision = ordered_decision(standing, view, car_id, config.ai_level)
            if decision is not None:
                return decision, "orders"
    return None


def _waiting_humans(state: RaceState | None, seats: list[Seat]) -> list[Seat]:
    """Drivers (not AI-driven) the race waits for."""
    waiting = None if state is None else engine.pending(state)
    if waiting is None:
        return []
    return [s for s in seats if s.car_id in waiting.cars and not s.driven_by_ai]


def _wait_of(state: RaceState, car_id: str) -> str:
    """What the car is waiting to decide, as "round/step" (empty if not waiting)."""
    waiting = engine.pending(state)
    if waiting is None or car_id not in waiting.cars:
        return ""
    return f"{state.round}/{waiting.step}"


def _seat_of(seats: list[Seat], user_id: int, missing: str = "not_your_race") -> Seat:
    for seat in seats:
        if seat.user_id == user_id:
            return seat
    raise Refused(missing)


def _with_fill(seats: list[Seat], config: RaceConfig) -> list[Seat]:
    """The lobby's drivers plus Legends or AI cars up to the seat count, as the host chose."""
    if config.fill == "none":
        return seats
    filled = list(seats)
    kind = "legend" if config.fill == "legends" else "ai"
    for car_id in CAR_IDS[: config.seats]:
        if any(seat.car_id == car_id for seat in filled):
            continue
        colour = next(c for c in COLOURS if c not in {seat.color for seat in filled})
        name = f"{'Legend' if kind == 'legend' else 'AI'} {colour}"
        filled.append(Seat(car_id=car_id, user_id=None, kind=kind, name=name, color=colour))
    return sorted(filled, key=lambda seat: seat.car_id)
