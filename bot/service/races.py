"""The one place a race changes: lobbies, ``decide``, kicks and timers, each under the race's lock.

A change loads the race, asks the engine, lets the AI and standing orders play
on, and stores the new state with the decisions, standing orders, timers and
what must be posted (the outbox) in one transaction. Who sits in which car is
worked out in :mod:`bot.service.race_seats`. Nothing here imports discord: bad
input is a :class:`Refused` with a text key.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace

import engine
from bot.hosting import metrics
from bot.service import cpu, permits
from bot.service.autoplay import ai_decision, champions_planning, play_on
from bot.service.limits import check_room
from bot.service.race_seats import person_seat, seat_of, with_fill
from bot.service.raced import read_again_if_raced
from bot.service.refusals import Refused, refusal
from bot.service.retention import RETENTION_DAYS, race_file, result_of, retention_timer
from bot.service.waits import Deadlines, draft_over, split_rounds, wait_of, waiting_humans
from bot.storage import (
    ChannelBusy,
    Orders,
    OutboxRow,
    RaceChange,
    RaceConfig,
    RaceRecord,
    RaceStatus,
    Seat,
    SeatTaken,
    StandingOrders,
    Store,
    Timer,
)
from engine import Decision, Entrant, RaceState, RulesError
from engine.ai import DEFAULT_PLAYOUTS
from engine.choices import is_current
from engine.events import Event

log = logging.getLogger("heat.race")

NEVER = 1e300  # a due time that never comes


@dataclass(frozen=True, slots=True)
class Driver:
    """A Discord user as a race needs them."""

    user_id: int
    name: str
    locale: str = "en-US"


@dataclass
class Change:
    """What a change did: the race after it and the drivers it now waits for."""

    race: RaceRecord
    seats: list[Seat]
    state: RaceState
    waiting: list[Seat] = field(default_factory=list)


def fresh_seed() -> int:
    """A race's or a season's seed in service: nobody can guess the deal from it."""
    return secrets.randbits(48)


class RaceService:
    """Runs races: lobbies, decisions, timers; every change under the race's lock."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        *,
        retention_days: float = RETENTION_DAYS,
        seeds: Callable[[], int] = fresh_seed,
        champion_playouts: int = DEFAULT_PLAYOUTS,
    ) -> None:
        self.store = store
        self.clock = clock
        # A champion's budget: the playouts each of its plans searches (in the process pool).
        self.champion_playouts = champion_playouts
        # Each race's and season's seed: unguessable in service, a fixed series in tests,
        # so a test's races are the same on every run.
        self.seeds = seeds
        self.retention_days = retention_days
        self.deadlines = Deadlines(clock)
        self._locks: dict[int, asyncio.Lock] = {}
        # Called with the race's id once a finished race is committed (a league scores it).
        self.on_finished: list[Callable[[int], Awaitable[object]]] = []
        # What else a race's last change posts, after its podium (a league's standings).
        self.finish_notices: list[Callable[[RaceRecord], Awaitable[list[OutboxRow]]]] = []

    def lock(self, race_id: int) -> asyncio.Lock:
        return self._locks.setdefault(race_id, asyncio.Lock())

    # --- lobby ----------------------------------------------------------------------------

    async def new_race(
        self, guild_id: int, channel_id: int, host: Driver, config: RaceConfig
    ) -> RaceRecord:
        seat = person_seat([], host.user_id, host.name, host.locale)
        await check_room(self.store, guild_id, "lobbies")
        try:
            race_id = await self.store.create_race(guild_id, channel_id, host.user_id, config, seat)
        except ChannelBusy:
            raise Refused("channel_busy") from None
        log.info("race created race=%s guild=%s track=%s", race_id, guild_id, config.track)
        record = await self.store.race(race_id)
        assert record is not None
        return record

    async def join(self, race_id: int, driver: Driver, guild_id: int) -> list[Seat]:
        """A seat in the lobby, for someone in the race's own server (``guild_id`` is where
        the click came from: a custom id names any race, but joins only its server's)."""
        async with self.lock(race_id):
            record = await self._lobby(race_id)
            if record.guild_id != guild_id:
                raise Refused("no_race")
            seats = await self.store.seats(race_id)
            if any(seat.user_id == driver.user_id for seat in seats):
                raise Refused("already_joined")
            if len(seats) >= record.config.seats:
                raise Refused("lobby_full")
            seat = person_seat(seats, driver.user_id, driver.name, driver.locale)
            try:
                await self.store.add_seat(race_id, seat)
            except SeatTaken:
                raise Refused("already_joined") from None
            log.info("driver joined race=%s guild=%s car=%s", race_id, record.guild_id, seat.car_id)
            return [*seats, seat]

    async def leave(self, race_id: int, user_id: int) -> list[Seat]:
        async with self.lock(race_id):
            record = await self._lobby(race_id)
            if user_id == record.host_id:
                raise Refused("host_cannot_leave")
            if not await self.store.remove_seat(race_id, user_id):
                raise Refused("not_in_race")
            return await self.store.seats(race_id)

    @read_again_if_raced
    async def start(self, race_id: int, user_id: int) -> Change:
        async with self.lock(race_id):
            record = await self._lobby(race_id)
            permits.host(record.host_id, user_id)
            # A league's race is not refused here: the leagues cap admitted its league.
            await check_room(self.store, record.guild_id, "races")
            seats = with_fill(await self.store.seats(race_id), record.config)
            if len(seats) < 2:
                raise Refused("need_rival")
            entrants = [Entrant(seat.car_id, seat.color, seat.kind) for seat in seats]
            state, events = engine.new_race(
                record.config.track,
                entrants,
                self.seeds(),
                laps=record.config.laps,
                options=record.config.options(),
            )
            return await self._start(record, seats, state, list(events))

    @read_again_if_raced
    async def start_prepared(
        self, race_id: int, seats: list[Seat], state: RaceState, events: list[Event]
    ) -> Change:
        """Start a lobby with a race set up elsewhere: a league's next race, from its season."""
        async with self.lock(race_id):
            record = await self._record(race_id, RaceStatus.LOBBY)
            return await self._start(record, seats, state, events)

    async def _start(
        self, record: RaceRecord, seats: list[Seat], state: RaceState, events: list[Event]
    ) -> Change:
        running = replace(record, status=RaceStatus.RUNNING, state=state, round_events=())
        change = await self._play(running, seats, state, events, [], [], started=True)
        await self.store.start_race(record.id, seats, state, change)
        log.info("race started race=%s guild=%s cars=%s", record.id, record.guild_id, len(seats))
        return await self._changed(running, seats, change)

    async def cancel(self, race_id: int, user_id: int, can_manage: bool) -> RaceRecord:
        async with self.lock(race_id):
            record = await self.store.race(race_id)
            if record is None or record.status not in (RaceStatus.LOBBY, RaceStatus.RUNNING):
                raise Refused("no_race")
            permits.host_or_manager(record.host_id, user_id, can_manage)
            await self.store.set_status(race_id, RaceStatus.CANCELLED)
            log.info("race cancelled race=%s guild=%s", race_id, record.guild_id)
            return record

    # --- racing ---------------------------------------------------------------------------

    @read_again_if_raced
    async def decide(
        self,
        race_id: int,
        user_id: int,
        version: int,
        decision: Decision,
        orders: Orders | None = None,
    ) -> Change:
        """A driver's decision, made on race ``version``; a plan brings the round's orders.

        The one entry for every decision a person makes: ownership and staleness
        are checked here, the rules by the engine, and the orders are stored
        only with the decision they came with.
        """
        async with self.lock(race_id):
            record, seats, state = await self._load(race_id)
            seat = seat_of(seats, user_id)
            if decision.car != seat.car_id:
                raise Refused("not_your_turn")
            if not is_current(state, version):
                raise Refused("stale")
            try:
                after, events = engine.apply(state, decision)
            except RulesError as error:
                raise refusal(error) from None
            standing = {} if orders is None else {seat.car_id: StandingOrders(state.round, orders)}
            change = await self._play(
                record, seats, after, list(events), [(decision, f"user:{user_id}")], [], standing
            )
            await self.store.commit(change)
            return await self._changed(record, seats, change)

    @read_again_if_raced
    async def kick(
        self, race_id: int, user_id: int, target_user_id: int, *, can_manage: bool = False
    ) -> Change:
        """The host (or Manage Server) hands an idle driver's car to the AI, which decides at
        once if it must."""
        async with self.lock(race_id):
            record, seats, state = await self._load(race_id)
            permits.host_or_manager(record.host_id, user_id, can_manage)
            seat = seat_of(seats, target_user_id, missing="kick_not_driver")
            seats = [s.model_copy(update={"autopilot": True}) if s is seat else s for s in seats]
            notice = OutboxRow(record.id, "say", text="kicked", values={"user": target_user_id})
            change = await self._play(record, seats, state, [], [], [notice])
            change = replace(change, autopilot=[seat.car_id])
            await self.store.commit(change)
            log.info("driver kicked race=%s guild=%s car=%s", race_id, record.guild_id, seat.car_id)
            return await self._changed(record, seats, change)

    @read_again_if_raced
    async def expire(self, timer: Timer) -> Change | None:
        """A deadline passed: the AI decides for the absent driver. None if already decided."""
        race_id = timer.race_id
        assert race_id is not None, "a race's timer"
        async with self.lock(race_id):
            record = await self.store.race(race_id)
            if record is None or record.status != RaceStatus.RUNNING or record.state is None:
                await self.store.drop_timer(timer)
                return None
            state = record.state
            if wait_of(state, timer.car_id) != timer.wait:
                await self.store.drop_timer(timer)
                return None
            seats = await self.store.seats(race_id)
            seat = next(s for s in seats if s.car_id == timer.car_id)
            decision = await cpu.run(
                ai_decision,
                state,
                seat.car_id,
                record.config.ai_level,
                self.champion_playouts,
            )
            after, events = engine.apply(state, decision)
            step = timer.wait.partition("/")[2]
            notice = OutboxRow(
                record.id, "say", text="timer_played", values={"name": seat.name, "step": step}
            )
            change = await self._play(
                record, seats, after, list(events), [(decision, "timer")], [notice]
            )
            await self.store.commit(change)
            log.info(
                "deadline passed race=%s guild=%s car=%s wait=%s",
                record.id,
                record.guild_id,
                timer.car_id,
                timer.wait,
            )
            return await self._changed(record, seats, change)

    async def remind(self, timer: Timer) -> list[OutboxRow]:
        """A reminder is due: its message goes to the outbox and the wait is marked reminded."""
        race_id = timer.race_id
        assert race_id is not None, "a race's timer"
        async with self.lock(race_id):
            deadline = next(
                (
                    t.due_at
                    for t in await self.store.timers(race_id)
                    if t.kind == "deadline" and t.car_id == timer.car_id
                ),
                None,
            )
            mark = Timer(race_id, "reminded", timer.car_id, NEVER, timer.wait)
            if deadline is None:
                await self.store.replace_timer(timer, mark)
                return []
            values: dict[str, str | int] = {
                "step": timer.wait.partition("/")[2],
                "deadline": int(deadline),
            }
            row = OutboxRow(race_id, "say", car_id=timer.car_id, text="reminder", values=values)
            return await self.store.replace_timer(timer, mark, [row])

    async def prune(self, timer: Timer) -> bool:
        """A finished race's retention is over: it keeps its export and result alone."""
        race_id = timer.race_id
        assert race_id is not None, "a race's timer"
        async with self.lock(race_id):
            record = await self.store.race(race_id)
            initial = await self.store.first_state(race_id)
            if record is None or record.state is None or initial is None:
                await self.store.drop_timer(timer)
                return False
            export = race_file(initial, await self.store.decisions(race_id))
            pruned = await self.store.prune_race(race_id, export, result_of(record.state), timer)
        self._locks.pop(race_id, None)
        log.info(
            "race pruned race=%s guild=%s kept_bytes=%s", race_id, record.guild_id, len(export)
        )
        return pruned

    # --- reading --------------------------------------------------------------------------

    async def load(self, race_id: int) -> tuple[RaceRecord, list[Seat], RaceState]:
        """A running or finished race, to look at."""
        record = await self.store.race(race_id)
        if record is None or record.state is None:
            raise Refused("no_race")
        return record, await self.store.seats(race_id), record.state

    async def board(
        self, race_id: int, guild_id: int | None, user_id: int
    ) -> tuple[list[Seat], RaceState]:
        """A race's board, for a server's own race, or, where no server is (a direct
        message), for one of its drivers. A button's id may name any race: another server's
        race is answered as no race at all."""
        record, seats, state = await self.load(race_id)
        if guild_id is None:
            if not any(seat.user_id == user_id for seat in seats):
                raise Refused("no_race")
        elif record.guild_id != guild_id:
            raise Refused("no_race")
        return seats, state

    # --- the core -------------------------------------------------------------------------

    async def _record(self, race_id: int, status: RaceStatus) -> RaceRecord:
        record = await self.store.race(race_id)
        if record is None or record.status in (RaceStatus.FINISHED, RaceStatus.CANCELLED):
            raise Refused("no_race")
        if record.status != status:
            raise Refused("race_running" if record.status == RaceStatus.RUNNING else "not_started")
        return record

    async def _lobby(self, race_id: int) -> RaceRecord:
        """A lobby people join, leave and start; a league's race starts from its season."""
        record = await self._record(race_id, RaceStatus.LOBBY)
        if await self.store.league_race_of(race_id) is not None:
            raise Refused("league_race_lobby")
        return record

    async def _load(self, race_id: int) -> tuple[RaceRecord, list[Seat], RaceState]:
        record = await self._record(race_id, RaceStatus.RUNNING)
        assert record.state is not None
        return record, await self.store.seats(race_id), record.state

    async def _play_on(
        self,
        state: RaceState,
        seats: list[Seat],
        standing: dict[str, StandingOrders],
        config: RaceConfig,
    ) -> tuple[RaceState, list[Event], list[tuple[Decision, str]]]:
        """The AI and standing orders play on in the process pool; champions planning at
        once search side by side, a worker each, so a round of five waits for about two
        searches on two cores, not five."""
        events: list[Event] = []
        made: list[tuple[Decision, str]] = []
        while True:
            planners = champions_planning(state, seats, config)
            planned: dict[str, Decision] = {}
            if len(planners) > 1:
                level, budget = config.ai_level, self.champion_playouts
                searched = await asyncio.gather(
                    *(cpu.run(ai_decision, state, car, level, budget) for car in planners)
                )
                planned = dict(zip(planners, searched, strict=True))
            state, more, done = await cpu.run(
                play_on,
                state,
                seats,
                standing,
                config,
                self.champion_playouts,
                planned,
                side_by_side=True,
            )
            events += more
            made += done
            if not done or len(champions_planning(state, seats, config)) < 2:
                return state, events, made

    async def _play(
        self,
        record: RaceRecord,
        seats: list[Seat],
        state: RaceState,
        events: list[Event],
        decisions: list[tuple[Decision, str]],
        notices: list[OutboxRow],
        orders: dict[str, StandingOrders] | None = None,
        *,
        started: bool = False,
    ) -> RaceChange:
        """Let the AI and standing orders play on, then say what the change writes."""
        standing = await self.store.orders(record.id) | (orders or {})
        if engine.pending(state) is not None:
            state, more, made = await self._play_on(state, seats, standing, record.config)
            events += more
            decisions += made
        finished_rounds, ongoing = split_rounds([*record.round_events, *events])
        waiting = waiting_humans(state, seats)
        timers = self.deadlines.timers(
            record.id,
            record.config.timer_seconds,
            state,
            waiting,
            await self.store.timers(record.id),
        )
        if state.over and await self.store.league_race_of(record.id) is None:
            timers.append(retention_timer(record.id, self.clock(), self.retention_days))
        posts = list(notices)
        if started:
            posts.append(OutboxRow(record.id, "start", state))
        waits = engine.pending(state)
        if (finished_rounds or draft_over(events, waits)) and not started:
            posts.append(OutboxRow(record.id, "round", state, rounds=tuple(finished_rounds)))
        if waits is not None and waits.step != "plan" and waiting and (decisions or started):
            posts.append(OutboxRow(record.id, "prompt", state, car_id=waiting[0].car_id))
        if waits is None:
            for notice in self.finish_notices:
                posts += await notice(record)
        return RaceChange(
            record.id,
            record.version,
            state,
            RaceStatus.FINISHED if waits is None else RaceStatus.RUNNING,
            decisions,
            orders or {},
            (),
            timers,
            ongoing,
            posts,
        )

    async def _changed(self, record: RaceRecord, seats: list[Seat], change: RaceChange) -> Change:
        """The change as its caller needs it, logged once committed."""
        for decision, by in change.decisions:
            metrics.decided(record.guild_id, decision.do)
            log.info(
                "decision race=%s guild=%s by=%s step=%s car=%s",
                record.id,
                record.guild_id,
                by.split(":")[0],
                decision.do,
                decision.car,
            )
        if change.status == RaceStatus.FINISHED:
            log.info("race finished race=%s guild=%s", record.id, record.guild_id)
            for finished in self.on_finished:
                try:
                    await finished(record.id)
                except Exception:
                    # The race stays finished; start-up completes the step (it is idempotent).
                    log.exception("after the finish race=%s guild=%s", record.id, record.guild_id)
        after = replace(
            record,
            status=change.status,
            state=change.state,
            round_events=tuple(change.round_events),
        )
        return Change(after, seats, change.state, waiting=waiting_humans(change.state, seats))
