"""Issue 36: league nights through the service on real stores: dates in the organiser's time
zone, their reminders and the race's own start, claimed once, a restart in between."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import asyncpg
import pytest
import pytest_asyncio

from bot.service import calendar
from bot.service.league_attendance import attendance_steps
from bot.service.league_nights import Dated, LeagueNights, night_timers
from bot.service.league_seasons import season_after
from bot.service.leagues import LeagueService
from bot.service.races import Driver, RaceService
from bot.service.refusals import Refused
from bot.service.timers import Scheduler
from bot.storage import (
    NIGHT_TIMERS,
    LeagueDate,
    LeagueSettings,
    Member,
    Reserve,
    SQLiteStore,
    Store,
    Timer,
    checked_export,
)
from bot.storage.postgres import PostgresStore
from engine.season import (
    JoinSeason,
    OpenDraft,
    RestDriver,
    SeasonConfig,
    SeasonRace,
    StandIn,
    SubDriver,
    new_season,
)
from tests.support.clock import Clock
from tests.support.pgworker import POSTED, finished, worker

ALICE = Driver(1, "Alice", "en-US")
BOB = Driver(2, "Bob", "en-US")
ADMIN = 99
SEASON = SeasonConfig.custom(
    (SeasonRace("espana", 7), SeasonRace("espana", 2), SeasonRace("espana", 4))
)
SETTINGS = LeagueSettings(timer_seconds=600, fill="ai", seats=4)
ROME = ZoneInfo("Europe/Rome")
# Saturday 20 March 2027, noon in Rome: Europe's clocks go forward on Sunday 28 March.
START = datetime(2027, 3, 20, 12, 0, tzinfo=ROME).timestamp()
HOUR = 3600.0


@pytest_asyncio.fixture
async def sqlite(tmp_path: Path) -> AsyncIterator[Store]:
    store = await SQLiteStore.open(tmp_path / "heat.sqlite3")
    yield store
    await store.close()


def services(store: Store, clock: Clock) -> tuple[LeagueService, LeagueNights, Scheduler]:
    races = RaceService(store)
    leagues = LeagueService(store, races, clock)
    nights = LeagueNights(store, leagues, clock)
    scheduler = Scheduler(store, races, _nothing, clock)

    async def league_timer(timer: Timer) -> object:
        if timer.kind in NIGHT_TIMERS:
            return await nights.fire(timer)
        return await leagues.expire_draft(timer)

    scheduler.league_timer = league_timer
    return leagues, nights, scheduler


async def _nothing(_: int) -> None:
    return None


async def night_timers_of(store: Store, league_id: int) -> list[Timer]:
    timers = await store.due_timers(1e13)
    return [t for t in timers if t.league_id == league_id and t.kind in NIGHT_TIMERS]


async def sunday(nights: LeagueNights, league_id: int, zone: str) -> Dated:
    """Alice, the league's creator, dates race 1 on Sunday 21 March 2027 at 21:00."""
    return await nights.date(league_id, ALICE.user_id, False, 1, "2027-03-21", "21:00", zone)


async def opened(store: Store, league_id: int) -> int:
    """How many times the league's log opened a draft."""
    return sum(isinstance(d, OpenDraft) for d in await store.season_decisions(league_id))


def local(at: float) -> str:
    return datetime.fromtimestamp(at, tz=UTC).astimezone(ROME).strftime("%a %Y-%m-%d %H:%M")


# --- the calendar ---------------------------------------------------------------------------


def test_a_weekly_night_keeps_its_local_time_across_daylight_saving() -> None:
    """Choice: "every Sunday 21:00" is 21:00 on the organiser's clocks every week, so the
    instant moves an hour in UTC when Rome's clocks go forward (28 March 2027)."""
    starts = calendar.weekly(
        calendar.day_named("2027-03-21"), calendar.time_named("21:00"), ROME, 3
    )
    assert [local(at) for at in starts] == [
        "Sun 2027-03-21 21:00",
        "Sun 2027-03-28 21:00",
        "Sun 2027-04-04 21:00",
    ]
    utc_hours = [datetime.fromtimestamp(at, tz=UTC).hour for at in starts]
    assert utc_hours == [20, 19, 19]
    assert starts[1] - starts[0] == 7 * 24 * HOUR - HOUR


@pytest.mark.parametrize(
    ("call", "key"),
    [
        (lambda: calendar.zone_named("Mars/Olympus"), "league_bad_zone"),
        (lambda: calendar.zone_named("../etc/passwd"), "league_bad_zone"),
        (lambda: calendar.day_named("2027-02-30"), "league_bad_date"),
        (lambda: calendar.day_named("next sunday"), "league_bad_date"),
        (lambda: calendar.time_named("25:00"), "league_bad_time"),
        (lambda: calendar.time_named("9pm"), "league_bad_time"),
        (lambda: calendar.reminder_hours("24, 1, 2, 3"), "league_bad_reminders"),
        (lambda: calendar.reminder_hours("0.5"), "league_bad_reminders"),
        (lambda: calendar.check_ahead(START - 1, START), "league_date_past"),
        (lambda: calendar.check_ahead(START + 400 * 86400, START), "league_date_far"),
    ],
)
def test_what_the_calendar_refuses(call: object, key: str) -> None:
    """Each bad input is a refusal with the key of its one line."""
    with pytest.raises(Refused) as refused:
        call()  # type: ignore[operator]
    assert refused.value.key == key


def test_a_zone_typed_in_lower_case_is_the_zone() -> None:
    assert calendar.zone_named("europe/rome").key == "Europe/Rome"
    assert calendar.zone_named(" utc ").key == "UTC"


def test_reminder_hours_read_as_people_write_them() -> None:
    assert calendar.reminder_hours("1, 24") == (24 * 3600, 3600)
    assert calendar.reminder_hours("none") == ()
    assert calendar.reminder_hours(" 48 ") == (48 * 3600,)


# --- dates through the service --------------------------------------------------------------


async def test_a_dated_race_gets_its_reminders_and_its_start(sqlite: Store) -> None:
    """A date is a start timer and one reminder per offset (24 h and 1 h by default); moving
    it moves them all, and cancelling it leaves none."""
    clock = Clock(START)
    leagues, nights, _ = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    dated = await nights.date(
        league.id, ALICE.user_id, False, 1, "2027-03-21", "21:00", "Europe/Rome"
    )
    (date,) = dated.dated
    assert local(date.starts_at) == "Sun 2027-03-21 21:00" and date.zone == "Europe/Rome"
    timers = await night_timers_of(sqlite, league.id)
    assert sorted((t.kind, t.due_at) for t in timers) == [
        ("league_reminder", date.starts_at - 24 * HOUR),
        ("league_reminder", date.starts_at - HOUR),
        ("league_start", date.starts_at),
    ]
    await nights.set_event(league.id, 1, 777)
    moved = await nights.date(league.id, ADMIN, True, 1, "2027-03-22", "20:30", "Europe/Rome")
    assert moved.dated[0].event_id == 777, "a moved race keeps its Discord event"
    assert {t.due_at for t in await night_timers_of(sqlite, league.id)} == {
        moved.dated[0].starts_at - 24 * HOUR,
        moved.dated[0].starts_at - HOUR,
        moved.dated[0].starts_at,
    }
    cancelled = await nights.undate(league.id, ALICE.user_id, False, 1)
    assert [d.event_id for d in cancelled.undated] == [777]
    assert await night_timers_of(sqlite, league.id) == []
    assert await sqlite.league_dates(league.id) == []


async def test_a_weekly_pattern_dates_every_race_yet_to_open(sqlite: Store) -> None:
    clock = Clock(START)
    leagues, nights, _ = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    dated = await nights.date_weekly(league.id, ADMIN, True, "2027-03-21", "21:00", "Europe/Rome")
    assert [(d.race_no, local(d.starts_at)) for d in dated.dated] == [
        (1, "Sun 2027-03-21 21:00"),
        (2, "Sun 2027-03-28 21:00"),
        (3, "Sun 2027-04-04 21:00"),
    ]
    assert len(await night_timers_of(sqlite, league.id)) == 3 * 3


async def race_2_dated(sqlite: Store) -> tuple[Any, int, tuple[Any, Any]]:
    """Alice's league with Bob driving and race 2 dated by Alice: its nights, its id, and its
    dates and timers as stored."""
    leagues, nights, _ = services(sqlite, Clock(START))
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    await leagues.join(league.id, BOB)
    await nights.date(league.id, ALICE.user_id, False, 2, "2027-03-28", "21:00", "Europe/Rome")
    return (
        nights,
        league.id,
        (await sqlite.league_dates(league.id), await night_timers_of(sqlite, league.id)),
    )


@pytest.mark.parametrize(
    ("who", "manages", "race", "day", "zone", "key"),
    [
        (BOB.user_id, False, 1, "2027-03-21", "Europe/Rome", "league_not_creator_or_manager"),
        (ALICE.user_id, False, 1, "2027-03-19", "Europe/Rome", "league_date_past"),
        (ALICE.user_id, False, 1, "2027-03-21", "Europe/Atlantis", "league_bad_zone"),
        (ALICE.user_id, False, 100, "2027-03-21", "Europe/Rome", "league_race_not_open"),
        (ALICE.user_id, False, 0, "2027-03-21", "Europe/Rome", "league_race_not_open"),
    ],
)
async def test_who_and_what_a_date_refuses(
    sqlite: Store, who: int, manages: bool, race: int, day: str, zone: str, key: str
) -> None:
    """Dating needs the league's creator or Manage Server, a future date, a real zone and a
    race of the season yet to open; a refusal stores nothing."""
    nights, league_id, before = await race_2_dated(sqlite)
    with pytest.raises(Refused) as refused:
        await nights.date(league_id, who, manages, race, day, "21:00", zone)
    assert refused.value.key == key
    after = (await sqlite.league_dates(league_id), await night_timers_of(sqlite, league_id))
    assert after == before


async def test_the_league_settings_move_the_reminders(sqlite: Store) -> None:
    clock = Clock(START)
    leagues, nights, _ = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    dated = await nights.date(league.id, ALICE.user_id, False, 1, "2027-03-23", "21:00", "UTC")
    with pytest.raises(Refused):
        await nights.configure(league.id, BOB.user_id, False, reminders="2")
    changed = await nights.configure(league.id, ALICE.user_id, False, reminders="48, 2")
    assert changed.record.settings.reminders == (48 * 3600, 2 * 3600)
    champions = await nights.configure(league.id, ALICE.user_id, False, level="champion")
    assert champions.record.settings.ai_level == "champion"
    with pytest.raises(Refused):
        await nights.configure(league.id, ALICE.user_id, False, level="godlike")
    assert (await leagues.load(league.id)).record.settings.ai_level == "champion"
    at = dated.dated[0].starts_at
    reminders = [t for t in await night_timers_of(sqlite, league.id) if t.kind == "league_reminder"]
    assert sorted(t.due_at for t in reminders) == [at - 48 * HOUR, at - 2 * HOUR]


# --- the timers -----------------------------------------------------------------------------


async def test_reminders_then_the_race_opens_by_itself(sqlite: Store) -> None:
    """At each reminder's time a reminder row is written (once); at the start the draft of
    race 1 opens with no one asking; a timer left over then does nothing."""
    clock = Clock(START)
    leagues, nights, scheduler = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    (date,) = (await sunday(nights, league.id, "Europe/Rome")).dated
    clock.now = date.starts_at - 24 * HOUR
    assert await scheduler.run_due(clock.now) == 1
    rows = await sqlite.outbox(league_id=league.id)
    assert [(r.kind, r.values["race_no"], r.values["starts_at"]) for r in rows] == [
        ("reminder", 1, int(date.starts_at))
    ]
    assert await scheduler.run_due(clock.now) == 0, "a reminder is written once"
    clock.now = date.starts_at
    assert await scheduler.run_due(clock.now) == 2  # the hour's reminder, then the start
    season = (await leagues.load(league.id)).season
    assert season.phase in ("draft", "swap") and season.race_no == 1
    assert await night_timers_of(sqlite, league.id) == []


async def test_a_race_opened_by_hand_is_not_opened_again(sqlite: Store) -> None:
    clock = Clock(START)
    leagues, nights, scheduler = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    (date,) = (await sunday(nights, league.id, "UTC")).dated
    await leagues.start_race(league.id, ALICE.user_id)
    clock.now = date.starts_at
    await scheduler.run_due(clock.now)
    assert await opened(sqlite, league.id) == 1
    assert [r.kind for r in await sqlite.outbox(league_id=league.id)].count("reminder") == 0


async def test_a_restart_between_reminder_and_start_loses_nothing(tmp_path: Path) -> None:
    """The bot stops after the day-before reminder; a new one on the same file opens the race
    at its time (the timers are rows, re-read at start-up)."""
    path = tmp_path / "heat.sqlite3"
    clock = Clock(START)
    store = await SQLiteStore.open(path)
    leagues, nights, scheduler = services(store, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    (date,) = (await sunday(nights, league.id, "UTC")).dated
    clock.now = date.starts_at - 24 * HOUR
    assert await scheduler.run_due(clock.now) == 1
    await store.close()

    store = await SQLiteStore.open(path)
    try:
        leagues, nights, scheduler = services(store, clock)
        assert await store.next_due() == date.starts_at - HOUR
        clock.now = date.starts_at + 5
        assert await scheduler.run_due(clock.now) == 2
        assert (await leagues.load(league.id)).season.phase in ("draft", "swap")
    finally:
        await store.close()


def test_no_timer_for_a_race_that_has_opened() -> None:
    """night_timers arms nothing for a past date or a race already opened."""
    season = new_season(SEASON, [], 1)
    dates = [LeagueDate(1, 1, START - 10, "UTC"), LeagueDate(1, 2, START + 10 * HOUR, "UTC")]
    timers = night_timers(1, season, dates, (24 * 3600, 3600), START)
    assert sorted((t.kind, t.car_id) for t in timers) == [
        ("league_reminder", "2:3600"),
        ("league_start", "2"),
    ]


async def test_two_processes_on_postgres_open_the_race_once(pg_url: str) -> None:
    """Two bots share one PostgreSQL database and fire the same due start: the race opens
    once (one draft opened in the season's log), whichever process claims the timer."""
    clock = Clock(START)
    first = await PostgresStore.open(pg_url, owner="one")
    second = await PostgresStore.open(pg_url, owner="two")
    try:
        leagues, nights, one = services(first, clock)
        _, _, two = services(second, clock)
        league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
        (date,) = (await sunday(nights, league.id, "UTC")).dated
        clock.now = date.starts_at
        fired = await asyncio.gather(one.run_due(clock.now), two.run_due(clock.now))
        assert await opened(first, league.id) == 1
        assert sum(fired) == 3  # two reminders and the start, each fired by one process
        assert (await leagues.load(league.id)).season.phase in ("draft", "swap")
    finally:
        await first.close()
        await second.close()


# --- attendance and reserves ----------------------------------------------------------------

CAROL = Driver(3, "Carol", "en-US")
DAN = Driver(4, "Dan", "en-US")


async def test_a_reserve_drives_for_a_driver_who_cannot_come(sqlite: Store) -> None:
    """Choice: with no-show "reserve", Bob's "can't make it" puts him off race 1's grid (he
    keeps his points and cards) and Carol, the league's first free reserve, joins the season
    in his colour, scoring for herself; her draft picks are hers to make."""
    clock = Clock(START)
    leagues, nights, scheduler = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    await leagues.join(league.id, BOB)
    await nights.configure(league.id, ALICE.user_id, False, no_show="reserve")
    assert await nights.reserve(league.id, ALICE.user_id, False, CAROL.user_id, "Carol", True)
    (date,) = (await sunday(nights, league.id, "UTC")).dated
    await nights.rsvp(league.id, BOB.user_id, None, False)
    bob = (await leagues.load(league.id)).member(BOB.user_id)
    assert bob is not None
    clock.now = date.starts_at
    await scheduler.run_due(clock.now)

    opened_league = await leagues.load(league.id)
    carol = opened_league.member(CAROL.user_id)
    assert carol is not None, "the reserve is a driver of the league now"
    season = opened_league.season
    assert season.phase in ("draft", "swap")
    assert bob.driver_id not in season.grid and carol.driver_id in season.grid
    assert season.driver(carol.driver_id).color == season.driver(bob.driver_id).color
    assert len(season.grid) == SETTINGS.seats


async def test_with_the_ai_setting_nobody_is_moved(sqlite: Store) -> None:
    """Choice: with no-show "ai" (the default) a driver who cannot come keeps the seat; the
    AI drives for them when their turn timer runs out, as for anyone."""
    clock = Clock(START)
    leagues, nights, scheduler = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    await leagues.join(league.id, BOB)
    await nights.reserve(league.id, ALICE.user_id, False, CAROL.user_id, "Carol", True)
    (date,) = (await sunday(nights, league.id, "UTC")).dated
    await nights.rsvp(league.id, BOB.user_id, 1, False)
    clock.now = date.starts_at
    await scheduler.run_due(clock.now)
    league_now = await leagues.load(league.id)
    bob = league_now.member(BOB.user_id)
    assert bob is not None and bob.driver_id in league_now.season.grid
    assert league_now.member(CAROL.user_id) is None


def test_an_idle_reserve_sits_out_and_a_known_one_subs_in() -> None:
    """A reserve already in the season rests when nobody needs them, and takes the place of
    the next driver who cannot come (``sub``) without joining again."""
    season = new_season(SEASON, [], 1)
    for entry, colour in (("A", "red"), ("B", "blue"), ("C", "green")):
        season = season_after(season, JoinSeason(entry, colour, "human"))
    members = [
        Member(1, "A", "Alice"),
        Member(2, "B", "Bob"),
        Member(3, "C", "Carol", joined_at=1),
    ]
    reserves = [Reserve(1, 3, "Carol")]
    idle = attendance_steps(season, members, reserves, set(), "reserve")
    assert [s.decisions for s in idle] == [(RestDriver("C"),)]
    needed = attendance_steps(season, members, reserves, {2}, "reserve")
    assert [s.decisions for s in needed] == [(SubDriver("B", "C"),)]
    assert attendance_steps(season, members, reserves, {2}, "ai") == idle


@pytest.mark.parametrize(
    ("who", "manages", "reserve", "key"),
    [
        (BOB.user_id, False, CAROL.user_id, "league_not_creator_or_manager"),
        (ALICE.user_id, False, BOB.user_id, "league_reserve_is_driver"),
    ],
)
async def test_who_may_list_a_reserve(
    sqlite: Store, who: int, manages: bool, reserve: int, key: str
) -> None:
    clock = Clock(START)
    leagues, nights, _ = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    await leagues.join(league.id, BOB)
    with pytest.raises(Refused) as refused:
        await nights.reserve(league.id, who, manages, reserve, "Someone", True)
    assert refused.value.key == key
    assert await sqlite.reserves(league.id) == []


async def test_only_the_league_s_people_answer_for_a_race(sqlite: Store) -> None:
    clock = Clock(START)
    leagues, nights, _ = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    with pytest.raises(Refused) as refused:
        await nights.rsvp(league.id, CAROL.user_id, None, True)
    assert refused.value.key == "league_not_member"
    with pytest.raises(Refused) as refused:
        await nights.rsvp(league.id, ALICE.user_id, 9, True)
    assert refused.value.key == "league_race_not_open"
    assert await sqlite.rsvps(league.id) == []
    await nights.rsvp(league.id, ALICE.user_id, None, True)
    await nights.rsvp(league.id, ALICE.user_id, None, False)
    assert [(a.race_no, a.coming) for a in await sqlite.rsvps(league.id)] == [(1, False)]
    await leagues.start_race(league.id, ALICE.user_id)
    answer = await nights.rsvp(league.id, ALICE.user_id, None, True)
    assert answer.race_no == 2, "while race 1 is drafted, the next race to answer for is 2"


async def test_a_reserve_stands_in_for_a_driver_whose_draft_turn_runs_out(sqlite: Store) -> None:
    """Issue 36: "a driver who does not answer within the league's timer is ... replaced by a
    named reserve". Choice: the draft is the first thing a league race asks of a driver; when
    Bob's draft turn timer runs out (no-show "reserve"), Carol takes his place in the draft and
    the race, in his colour; she is asked next, and the channel is told in one line."""
    clock = Clock(START)
    leagues, nights, scheduler = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    await leagues.join(league.id, BOB)
    await nights.configure(league.id, ALICE.user_id, False, no_show="reserve")
    await nights.reserve(league.id, ALICE.user_id, False, CAROL.user_id, "Carol", True, "it")
    bob = (await leagues.load(league.id)).member(BOB.user_id)
    assert bob is not None
    await leagues.start_race(league.id, ALICE.user_id)
    while (turn := await leagues.turn(league.id)) is not None and turn.user_id != BOB.user_id:
        assert turn.user_id == ALICE.user_id
        await leagues.decide(league.id, ALICE.user_id, turn.version, turn.decisions[0])
    assert turn is not None, "Bob's turn comes"
    clock.now += SETTINGS.timer_seconds + 1
    assert await scheduler.run_due(clock.now) == 1

    after = await leagues.load(league.id)
    carol = after.member(CAROL.user_id)
    assert carol is not None and carol.locale == "it", "asked in the server's language"
    season = after.season
    assert bob.driver_id not in season.grid and carol.driver_id in season.grid
    assert season.driver(carol.driver_id).color == season.driver(bob.driver_id).color
    asked = await leagues.turn(league.id)
    assert asked is not None and asked.user_id == CAROL.user_id
    notes = [r for r in await sqlite.outbox(league_id=league.id) if r.text == "league_stand_in"]
    assert [(n.values["absent"], n.values["reserve"]) for n in notes] == [("Bob", "Carol")]


async def test_without_a_free_reserve_the_ai_picks_for_the_absent_driver(sqlite: Store) -> None:
    """No-show "reserve" but the only reserve said they cannot come: the AI picks for Bob."""
    clock = Clock(START)
    leagues, nights, scheduler = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    await leagues.join(league.id, BOB)
    await nights.configure(league.id, ALICE.user_id, False, no_show="reserve")
    await nights.reserve(league.id, ALICE.user_id, False, CAROL.user_id, "Carol", True)
    await nights.rsvp(league.id, CAROL.user_id, 1, False)
    await leagues.start_race(league.id, ALICE.user_id)
    while (turn := await leagues.turn(league.id)) is not None and turn.user_id != BOB.user_id:
        await leagues.decide(league.id, ALICE.user_id, turn.version, turn.decisions[0])
    assert turn is not None
    clock.now += SETTINGS.timer_seconds + 1
    await scheduler.run_due(clock.now)
    after = await leagues.load(league.id)
    assert after.member(CAROL.user_id) is None
    bob = after.member(BOB.user_id)
    assert bob is not None and bob.driver_id in after.season.grid
    assert len(after.season.driver(bob.driver_id).upgrades) == 1, "the AI picked for Bob"


async def test_two_bot_processes_open_a_dated_race_once(pg_url: str) -> None:
    """Two real processes (tests/support/pgworker.py) on one PostgreSQL database fire the
    league's timers at the race's time, at once: the draft opens once."""
    clock = Clock(START)
    store = await PostgresStore.open(pg_url, owner="setup")
    try:
        leagues, nights, _ = services(store, clock)
        league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
        (date,) = (await sunday(nights, league.id, "UTC")).dated
    finally:
        await store.close()
    admin = await asyncpg.connect(pg_url)
    try:
        await admin.execute(POSTED)
    finally:
        await admin.close()
    command = f"league_timers:{date.starts_at}"
    workers = [await worker(pg_url, owner, command) for owner in ("one", "two")]
    await asyncio.gather(*(finished(process) for process in workers))
    store = await PostgresStore.open(pg_url, owner="check")
    try:
        assert await opened(store, league.id) == 1
        season = await store.season(league.id)
        assert season is not None and season.phase in ("draft", "swap")
        assert await night_timers_of(store, league.id) == []
    finally:
        await store.close()


async def test_reminders_count_real_hours_across_a_daylight_saving_change(sqlite: Store) -> None:
    """Choice: a reminder "24 h before" is 24 real hours before the start. Race 2 is Sunday
    28 March 2027 at 21:00 in Rome, the night the clocks go forward: its day-before reminder
    is due at 20:00 on the Saturday's clocks (still winter time), and fires then, not at the
    Saturday's 21:00; the hour-before one at 20:00 on the Sunday."""
    clock = Clock(START)
    leagues, nights, scheduler = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    dated = await nights.date_weekly(
        league.id, ALICE.user_id, False, "2027-03-21", "21:00", "Europe/Rome"
    )
    second = dated.dated[1]
    reminders = sorted(
        t.due_at
        for t in await night_timers_of(sqlite, league.id)
        if t.kind == "league_reminder" and t.car_id.startswith("2:")
    )
    assert [local(at) for at in reminders] == ["Sat 2027-03-27 20:00", "Sun 2027-03-28 20:00"]
    assert second.starts_at - reminders[0] == 24 * HOUR
    # A second before its time nothing is written for race 2; at its time, its reminder.
    clock.now = reminders[0] - 1
    await scheduler.run_due(clock.now)
    before = [r for r in await sqlite.outbox(league_id=league.id) if r.kind == "reminder"]
    clock.now = reminders[0]
    await scheduler.run_due(clock.now)
    after = [r for r in await sqlite.outbox(league_id=league.id) if r.kind == "reminder"]
    assert [r.values["race_no"] for r in after[len(before) :]] == [2]


async def test_silent_reserves_do_not_hand_the_draft_back_and_forth(sqlite: Store) -> None:
    """Bob cannot come, Carol drives for him and does not answer either: Dan stands in for
    her; when Dan's turn runs out too, the AI picks for him (Carol, replaced in this draft,
    is not called back), and the draft ends."""
    clock = Clock(START)
    leagues, nights, scheduler = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    await leagues.join(league.id, BOB)
    await nights.configure(league.id, ALICE.user_id, False, no_show="reserve")
    for reserve in (CAROL, DAN):
        await nights.reserve(league.id, ALICE.user_id, False, reserve.user_id, reserve.name, True)
    await nights.rsvp(league.id, BOB.user_id, 1, False)
    await leagues.start_race(league.id, ALICE.user_id)
    for _ in range(12):
        turn = await leagues.turn(league.id)
        if turn is None:
            break
        if turn.user_id == ALICE.user_id:
            await leagues.decide(league.id, ALICE.user_id, turn.version, turn.decisions[0])
        else:
            clock.now += SETTINGS.timer_seconds + 1
            await scheduler.run_due(clock.now)
    assert await leagues.turn(league.id) is None, "the draft is over"
    log = await sqlite.season_decisions(league.id)
    assert [type(d) for d in log if isinstance(d, StandIn)] == [StandIn]


async def test_a_race_whose_time_comes_while_the_one_before_runs_waits_with_a_note(
    sqlite: Store,
) -> None:
    """Race 2's time comes while race 1 is still being drafted: race 2 does not open over it;
    one line tells the channel to start it by hand, and its timer is spent."""
    clock = Clock(START)
    leagues, nights, _ = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    dated = await nights.date(league.id, ALICE.user_id, False, 2, "2027-03-22", "21:00", "UTC")
    await leagues.start_race(league.id, ALICE.user_id)
    for row in await sqlite.outbox(league_id=league.id):
        await sqlite.delete_posted(row)
    clock.now = dated.dated[0].starts_at
    fired = await nights.fire(
        next(t for t in await night_timers_of(sqlite, league.id) if t.kind == "league_start")
    )
    assert fired is not None and fired.started is None
    assert [(r.kind, r.text, r.values["race_no"], r.values["current"]) for r in fired.posts] == [
        ("say", "league_night_not_ready", 2, 1)
    ]
    season = (await leagues.load(league.id)).season
    assert season.race_no == 1 and await opened(sqlite, league.id) == 1
    assert [t for t in await night_timers_of(sqlite, league.id) if t.kind == "league_start"] == []


async def test_a_league_with_reserves_in_its_log_exports_and_imports(sqlite: Store) -> None:
    """docs/league-export.md: the season's log keeps each ``rest``, ``join`` and ``stand-in``
    a reserve made; the import replays them, so the season and its people come back."""
    clock = Clock(START)
    leagues, nights, scheduler = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    await leagues.join(league.id, BOB)
    await nights.configure(league.id, ALICE.user_id, False, no_show="reserve")
    for reserve in (CAROL, DAN):
        await nights.reserve(league.id, ALICE.user_id, False, reserve.user_id, reserve.name, True)
    await nights.rsvp(league.id, BOB.user_id, 1, False)
    await leagues.start_race(league.id, ALICE.user_id)
    while (turn := await leagues.turn(league.id)) is not None and turn.user_id == ALICE.user_id:
        await leagues.decide(league.id, ALICE.user_id, turn.version, turn.decisions[0])
    clock.now += SETTINGS.timer_seconds + 1
    await scheduler.run_due(clock.now)
    words = {d.do for d in await sqlite.season_decisions(league.id)}
    assert {"rest", "join", "stand-in"} <= words

    exported = await sqlite.end_league(league.id)
    imported = await sqlite.import_league(checked_export(exported), 11, 21)
    assert await sqlite.season(imported) == await sqlite.season(league.id)
    people = {(m.user_id, m.driver_id) for m in await sqlite.members(imported)}
    assert people == {(m.user_id, m.driver_id) for m in await sqlite.members(league.id)}


async def test_only_the_creator_or_a_manager_undates_or_dates_every_week(sqlite: Store) -> None:
    """A driver who neither created the league nor manages the server changes no date: not
    by taking one away, not by a weekly pattern; nothing stored changes."""
    nights, league_id, before = await race_2_dated(sqlite)
    for change in (
        nights.undate(league_id, BOB.user_id, False, 2),
        nights.date_weekly(league_id, BOB.user_id, False, "2027-03-28", "21:00", "Europe/Rome"),
    ):
        with pytest.raises(Refused) as refused:
            await change
        assert refused.value.key == "league_not_creator_or_manager"
    after = (await sqlite.league_dates(league_id), await night_timers_of(sqlite, league_id))
    assert after == before
    undated = await nights.undate(league_id, BOB.user_id, True, 2)
    assert [d.race_no for d in undated.undated] == [2], "Manage Server may"


async def test_only_the_creator_or_a_manager_takes_a_reserve_off(sqlite: Store) -> None:
    clock = Clock(START)
    leagues, nights, _ = services(sqlite, clock)
    league = await leagues.create(10, 20, ALICE, "Cup", SEASON, SETTINGS)
    await leagues.join(league.id, BOB)
    await nights.reserve(league.id, ALICE.user_id, False, CAROL.user_id, "Carol", True)
    listed = await sqlite.reserves(league.id)
    with pytest.raises(Refused) as refused:
        await nights.reserve(league.id, BOB.user_id, False, CAROL.user_id, "Carol", False)
    assert refused.value.key == "league_not_creator_or_manager"
    assert await sqlite.reserves(league.id) == listed != []
