"""The Store interface, exercised through the interface only (every implementation must pass)."""

from __future__ import annotations

import pytest

import engine
from bot.storage import (
    ChannelBusy,
    GuildSettings,
    Orders,
    OutboxRow,
    RaceChange,
    RaceConfig,
    RaceStatus,
    SeatTaken,
    StaleWrite,
    StandingOrders,
    Store,
    Timer,
)
from bot.storage.models import Seat
from engine import Entrant, RaceState

CONFIG = RaceConfig(track="usa", laps=1, seats=2, fill="none", timer_seconds=600)
HOST = Seat(car_id="A", user_id=1, kind="human", name="Alice", color="red")
GUEST = Seat(car_id="B", user_id=2, kind="human", name="Bob", color="blue", locale="it")


def first_state() -> RaceState:
    state, _ = engine.new_race("usa", [Entrant("A", "red"), Entrant("B", "blue")], 7, laps=1)
    return state


def a_plan(state: RaceState, car: str) -> engine.Decision:
    return engine.legal_decisions(state, car)[0]


async def started(store: Store) -> tuple[int, RaceState]:
    """A running race of Alice and Bob, with one deadline armed for each."""
    race_id = await store.create_race(10, 20, 1, CONFIG, HOST)
    await store.add_seat(race_id, GUEST)
    state = first_state()
    timers = [Timer(race_id, "deadline", car, 100.0, "1/plan") for car in ("A", "B")]
    change = RaceChange(
        race_id, state.version, state, timers=timers, outbox=[OutboxRow(race_id, "start", state)]
    )
    posts = await store.start_race(race_id, [HOST, GUEST], state, change)
    assert [post.kind for post in posts] == ["start"] and posts[0].id > 0
    return race_id, state


async def test_a_channel_holds_one_open_race_and_a_seat_one_driver(store: Store) -> None:
    race_id = await store.create_race(10, 20, 1, CONFIG, HOST)
    with pytest.raises(ChannelBusy):
        await store.create_race(10, 20, 3, CONFIG, HOST)
    with pytest.raises(SeatTaken):
        await store.add_seat(race_id, HOST.model_copy(update={"car_id": "C"}))
    await store.add_seat(race_id, GUEST)
    assert [seat.name for seat in await store.seats(race_id)] == ["Alice", "Bob"]
    assert await store.remove_seat(race_id, 2)
    assert not await store.remove_seat(race_id, 2)
    record = await store.open_race_in(20)
    assert record is not None and record.id == race_id and record.status == RaceStatus.LOBBY
    assert record.config == CONFIG and record.state is None


async def test_a_started_race_reads_back_as_typed_values(store: Store) -> None:
    race_id, state = await started(store)
    record = await store.race(race_id)
    assert record is not None
    assert record.status == RaceStatus.RUNNING
    assert record.state == state and record.version == state.version
    assert await store.first_state(race_id) == state
    [post] = await store.outbox(race_id)
    assert post.kind == "start" and post.state == state
    assert {(t.car_id, t.wait) for t in await store.timers(race_id)} == {
        ("A", "1/plan"),
        ("B", "1/plan"),
    }
    with pytest.raises(StaleWrite):
        await store.start_race(race_id, [HOST], state, RaceChange(race_id, 0, state))


async def test_a_change_writes_state_decisions_orders_timers_and_outbox_at_once(
    store: Store,
) -> None:
    race_id, state = await started(store)
    decision = a_plan(state, "A")
    after, events = engine.apply(state, decision)
    live = StandingOrders(1, Orders("live"))
    reminder = Timer(race_id, "reminder", "B", 50.0, "1/plan")
    said = OutboxRow(race_id, "say", car_id="B", text="reminder", values={"step": "plan"})
    posts = await store.commit(
        RaceChange(
            race_id,
            state.version,
            after,
            decisions=[(decision, "user:1")],
            orders={"A": live},
            timers=[reminder],
            round_events=events,
            outbox=[said],
        )
    )
    record = await store.race(race_id)
    assert record is not None and record.state == after
    assert record.round_events == tuple(events)
    assert await store.decisions(race_id) == [decision]
    assert await store.orders(race_id) == {"A": live}
    assert await store.timers(race_id) == [reminder]
    assert [post.values for post in posts] == [{"step": "plan"}]
    assert [(p.kind, p.car_id, p.text) for p in await store.outbox(race_id)] == [
        ("start", "", ""),
        ("say", "B", "reminder"),
    ]


async def test_a_stale_change_writes_nothing(store: Store) -> None:
    race_id, state = await started(store)
    decision = a_plan(state, "A")
    after, _ = engine.apply(state, decision)
    stale = RaceChange(
        race_id,
        state.version + 5,
        after,
        decisions=[(decision, "user:1")],
        orders={"A": StandingOrders(1, Orders("live"))},
        outbox=[OutboxRow(race_id, "round", after)],
    )
    with pytest.raises(StaleWrite):
        await store.commit(stale)
    record = await store.race(race_id)
    assert record is not None and record.state == state
    assert await store.decisions(race_id) == []
    assert await store.orders(race_id) == {}
    assert len(await store.outbox(race_id)) == 1
    assert len(await store.timers(race_id)) == 2


async def test_autopilot_and_a_finish_are_part_of_the_change(store: Store) -> None:
    race_id, state = await started(store)
    await store.commit(
        RaceChange(race_id, state.version, state, status=RaceStatus.FINISHED, autopilot=["B"])
    )
    assert [seat.autopilot for seat in await store.seats(race_id)] == [False, True]
    assert await store.timers(race_id) == []
    assert await store.open_race_in(20) is None
    finished = await store.last_finished_in(20)
    assert finished is not None and finished.id == race_id
    with pytest.raises(StaleWrite):
        await store.commit(RaceChange(race_id, state.version, state))


async def test_posted_rows_are_gone_and_every_race_is_listed_at_start_up(store: Store) -> None:
    first, _ = await started(store)
    second = await store.create_race(10, 21, 1, CONFIG, HOST)
    await store.add_seat(second, GUEST)
    state = first_state()
    change = RaceChange(second, state.version, state, outbox=[OutboxRow(second, "start", state)])
    await store.start_race(second, [HOST, GUEST], state, change)
    rows = await store.outbox()
    assert [row.race_id for row in rows] == [first, second]
    await store.delete_posted(rows[0])
    assert [row.id for row in await store.outbox()] == [rows[1].id]
    assert await store.outbox(first) == []


async def test_timers_fire_when_due_and_a_reminded_mark_never_does(store: Store) -> None:
    race_id, _ = await started(store)
    assert await store.next_due() == 100.0
    assert await store.due_timers(99.0) == []
    deadline_a, deadline_b = await store.due_timers(100.0)
    mark = Timer(race_id, "reminded", "A", 1e300, "1/plan")
    note = OutboxRow(race_id, "say", car_id="A", text="reminder")
    [posted] = await store.replace_timer(deadline_a, mark, [note])
    assert posted.id > 0 and posted.text == "reminder"
    assert await store.due_timers(2e300) == [deadline_b]
    await store.drop_timer(deadline_b)
    assert await store.next_due() is None
    assert await store.timers(race_id) == [mark]
    await store.replace_timer(deadline_a, deadline_a)
    assert await store.timers(race_id) == [mark], "a timer already replaced stays replaced"


async def test_a_lobby_message_and_cancelling(store: Store) -> None:
    race_id = await store.create_race(10, 20, 1, CONFIG, HOST)
    await store.set_lobby_message(race_id, 555)
    await store.set_status(race_id, RaceStatus.CANCELLED)
    record = await store.race(race_id)
    assert record is not None and record.lobby_message_id == 555
    assert record.status == RaceStatus.CANCELLED
    assert await store.open_race_in(20) is None


async def test_server_settings_default_then_saved(store: Store) -> None:
    assert await store.guild_settings(10) == GuildSettings()
    await store.save_guild_settings(10, GuildSettings(1800, (20, 21)))
    assert await store.guild_settings(10) == GuildSettings(1800, (20, 21))
