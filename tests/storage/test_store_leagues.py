"""Leagues in the Store, through the interface only: SQLite and PostgreSQL pass the same tests."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.storage import (
    AlreadyMember,
    BadCorrection,
    Correction,
    LeagueExists,
    LeagueRace,
    LeagueStatus,
    Member,
    NoSuchLeague,
    OutboxRow,
    PlayerStats,
    RacePoints,
    RaceStatus,
    SeasonChange,
    StaleWrite,
    Store,
    Timer,
    Unposted,
    recorded_points,
)
from engine.championship import RaceResult
from engine.season import CorrectPoints, RaceRecorded, apply_season, replay_season, standings
from tests.support.leagues import (
    ALICE,
    BOB,
    CHANNEL,
    ELIMINATED,
    GUILD,
    HOST,
    RACE,
    SETTINGS,
    finished_race,
    first_season,
    league_with_season,
    moved,
    podium,
    race_1_recorded,
    to_the_race,
)


async def test_a_channel_holds_one_active_league(store: Store) -> None:
    league_id = await store.create_league(GUILD, CHANNEL, "Sunday Cup", SETTINGS, 1, first_season())
    with pytest.raises(LeagueExists):
        await store.create_league(GUILD, CHANNEL, "Another", SETTINGS, 2, first_season())
    record = await store.active_league_in(CHANNEL)
    assert record is not None and record.id == league_id
    assert (record.name, record.settings, record.created_by) == ("Sunday Cup", SETTINGS, 1)
    assert record.status == LeagueStatus.ACTIVE and record.season_version == 0
    await store.end_league(league_id)
    assert await store.active_league_in(CHANNEL) is None
    second = await store.create_league(GUILD, CHANNEL, "Season two", SETTINGS, 1, first_season())
    assert [league.id for league in await store.leagues(GUILD)] == [league_id, second]
    assert await store.leagues(GUILD + 1) == []
    assert await store.league(second + 1) is None


async def test_members_join_leave_and_come_back(store: Store) -> None:
    league_id = await store.create_league(GUILD, CHANNEL, "Sunday Cup", SETTINGS, 1, first_season())
    await store.add_member(league_id, ALICE)
    with pytest.raises(AlreadyMember):
        await store.add_member(league_id, Member(user_id=1, driver_id="D", name="Alice"))
    with pytest.raises(AlreadyMember):
        await store.add_member(league_id, Member(user_id=3, driver_id="A", name="Carol"))
    await store.add_member(league_id, BOB)
    assert await store.leave_league(league_id, BOB.user_id, at_race=2)
    assert not await store.leave_league(league_id, BOB.user_id, at_race=2)
    back = Member(user_id=2, driver_id="E", name="Bob", joined_at=3)
    await store.add_member(league_id, back)
    left = Member(user_id=2, driver_id="B", name="Bob", locale="it", left_at=2)
    assert await store.members(league_id) == [ALICE, left, back]
    with pytest.raises(NoSuchLeague):
        await store.add_member(league_id + 1, BOB)


async def test_a_member_joins_or_leaves_with_the_season_change_or_not_at_all(
    store: Store,
) -> None:
    """A person's membership and their driver in the season are one write: a crash
    between the two can leave neither a driver without a member nor the reverse."""
    league_id, initial = await league_with_season(store)
    change = moved(league_id, initial)
    carol = Member(user_id=3, driver_id="C", name="Carol", joined_at=1)
    taken = replace(carol, driver_id=ALICE.driver_id)
    with pytest.raises(AlreadyMember):
        await store.commit_season(replace(change, joined=taken))
    assert await store.season(league_id) == initial, "the season change was rolled back"
    assert await store.season_decisions(league_id) == []
    await store.commit_season(replace(change, joined=carol))
    assert await store.members(league_id) == [ALICE, BOB, carol]
    leaving = replace(moved(league_id, change.season), left_user=BOB.user_id)
    await store.commit_season(leaving)
    bob = replace(BOB, left_at=leaving.season.race_no)
    assert await store.members(league_id) == [ALICE, bob, carol]
    assert await store.season(league_id) == leaving.season


async def test_the_season_reads_back_typed_and_its_log_replays(store: Store) -> None:
    league_id, initial = await league_with_season(store)
    first = moved(league_id, initial, steps=2)
    await store.commit_season(first)
    second = moved(league_id, first.season)
    await store.commit_season(second)
    with pytest.raises(StaleWrite):
        await store.commit_season(moved(league_id, first.season))
    assert await store.first_season(league_id) == initial
    assert await store.season(league_id) == second.season
    decisions = await store.season_decisions(league_id)
    assert decisions == [d for change in (first, second) for d, _ in change.decisions]
    assert replay_season(initial, decisions) == second.season
    record = await store.league(league_id)
    assert record is not None and record.season_version == second.season.version


async def test_a_league_race_finds_its_league_and_a_cancelled_one_is_run_again(
    store: Store,
) -> None:
    league_id, _ = await league_with_season(store)
    cancelled = await store.create_race(GUILD, 30, 1, RACE, HOST)
    await store.add_league_race(league_id, 1, cancelled)
    assert await store.league_race_of(cancelled) == LeagueRace(league_id, 1, cancelled)
    running = await store.create_race(GUILD, 31, 1, RACE, HOST)
    with pytest.raises(StaleWrite):
        await store.add_league_race(league_id, 1, running)
    await store.set_status(cancelled, RaceStatus.CANCELLED)
    await store.add_league_race(league_id, 1, running)
    assert await store.league_race_of(cancelled) is None
    assert await store.league_races(league_id) == [LeagueRace(league_id, 1, running)]
    with pytest.raises(StaleWrite):
        await store.add_league_race(league_id, 2, running)  # it already runs race 1
    assert await store.unrecorded_races() == []
    await store.set_status(running, RaceStatus.FINISHED)
    assert await store.unrecorded_races() == [LeagueRace(league_id, 1, running)]
    assert await store.record_points(league_id, 1, podium())
    assert await store.unrecorded_races() == []
    assert await store.league_race_of(running) == LeagueRace(league_id, 1, running, True)
    with pytest.raises(StaleWrite):
        await store.add_league_race(league_id, 1, await finished_race(store, 32))


async def test_a_draft_s_thread_is_kept_when_its_race_is_linked(store: Store) -> None:
    """The thread a race's draft started in is stored before the race exists, stays with
    it once linked, and can be forgotten (0: the draft ran in the channel)."""
    league_id, _ = await league_with_season(store)
    await store.set_league_thread(league_id, 1, 0)
    await store.set_league_thread(league_id, 1, 777)
    assert await store.league_races(league_id) == [LeagueRace(league_id, 1, None, False, 777)]
    race = await store.create_race(GUILD, 30, 1, RACE, HOST)
    await store.add_league_race(league_id, 1, race)
    assert await store.league_race_of(race) == LeagueRace(league_id, 1, race, False, 777)
    await store.set_league_thread(league_id, 2, 0)
    await store.set_league_thread(league_id, 1, None)
    assert await store.league_races(league_id) == [
        LeagueRace(league_id, 1, race),
        LeagueRace(league_id, 2, None, False, 0),
    ]


async def test_points_are_recorded_once_with_the_season_change(store: Store) -> None:
    league_id, initial = await league_with_season(store)
    change = moved(league_id, initial)
    assert await store.record_points(league_id, 1, podium("B"), change)
    again = moved(league_id, change.season)
    assert not await store.record_points(league_id, 1, podium("A"), again)
    points = await store.league_points(league_id)
    assert points.races == {1: tuple(podium("B"))}
    assert await store.season(league_id) == change.season
    assert len(await store.season_decisions(league_id)) == 1


async def test_a_recorded_race_agrees_with_the_season_s_standings(store: Store) -> None:
    """Places and spin outs come from the race's result; standings add the corrections."""
    league_id, initial = await league_with_season(store)
    racing = to_the_race(league_id, initial)
    await store.commit_season(racing)
    recorded, result = race_1_recorded(league_id, racing.season)
    rows = recorded_points(result, {"A": ALICE.user_id, "B": BOB.user_id})
    assert rows == [
        RacePoints("B", BOB.user_id, 1, 9, 0),
        RacePoints("A", ALICE.user_id, 2, 6, 1),
        RacePoints("C", None, 3, 4, 0),
    ]
    assert await store.record_points(league_id, 1, rows, recorded)
    await store.correct_points(Correction(league_id, "C", 2, "a recount", 99))
    season = await store.season(league_id)
    assert season == apply_season(recorded.season, CorrectPoints("C", 2))[0]
    assert (await store.season_decisions(league_id))[-1] == CorrectPoints("C", 2)
    table = {line.driver: (line.points, line.correction) for line in standings(season)}
    assert table == {"B": (9, 0), "A": (6, 0), "C": (4 + 2, 2)}
    assert await store.player_stats(ALICE.user_id) == PlayerStats(1, 0, 1, 2.0, 1, 1)


async def test_an_eliminated_driver_is_recorded_without_a_place(store: Store) -> None:
    """Event 10: the eliminated driver's row has no place and 0 points, after the placed
    ones; it still counts as a race with its spin out, and the export keeps it."""
    league_id, initial = await league_with_season(store)
    racing = to_the_race(league_id, initial).season
    await store.commit_season(to_the_race(league_id, initial))
    result = RaceResult(
        racing.races[0].event,
        {"B": 1, "C": 2},
        eliminated=frozenset({"A"}),
        spin_outs={"A": 1},
        sponsor_deck=racing.sponsor_deck,
        sponsor_discard=racing.sponsor_discard,
    )
    decision = RaceRecorded(1, result)
    after, _ = apply_season(racing, decision)
    rows = recorded_points(result, {"A": ALICE.user_id, "B": BOB.user_id})
    assert rows == list(ELIMINATED)
    change = SeasonChange(league_id, racing.version, after, [(decision, "bot")])
    assert await store.record_points(league_id, 1, rows, change)
    assert (await store.league_points(league_id)).races == {1: tuple(rows)}
    assert await store.player_stats(ALICE.user_id) == PlayerStats(1, 0, 0, None, 1, 1)
    exported = await store.export_league(league_id)
    assert [row["place"] for row in exported["results"][0]["points"]] == [1, 2, None]


async def test_a_stale_season_records_no_points_and_a_retry_does(store: Store) -> None:
    league_id, initial = await league_with_season(store)
    await store.commit_season(moved(league_id, initial))
    with pytest.raises(StaleWrite):
        await store.record_points(league_id, 1, podium(), moved(league_id, initial))
    assert (await store.league_points(league_id)).races == {}
    current = await store.season(league_id)
    assert current is not None
    assert await store.record_points(league_id, 1, podium(), moved(league_id, current))


async def test_corrections_are_kept_in_the_audit_log_and_counted(store: Store) -> None:
    league_id, _ = await league_with_season(store)
    assert await store.record_points(league_id, 1, podium("A"))
    kept = await store.correct_points(Correction(league_id, "C", 2, "  AI spun out by a bug ", 99))
    assert (kept.driver_id, kept.delta, kept.reason, kept.admin_id) == (
        "C",
        2,
        "AI spun out by a bug",
        99,
    )
    assert kept.id > 0 and kept.at > 0
    penalty = await store.correct_points(Correction(league_id, "A", -3, "late to the grid", 98))
    for bad in (
        Correction(league_id, "A", 1, "   ", 99),
        Correction(league_id, "A", 0, "nothing", 99),
        Correction(league_id, "Z", 1, "no such driver", 99),
        Correction(league_id, "A", 101, "more than /league correct takes", 99),
    ):
        with pytest.raises(BadCorrection):
            await store.correct_points(bad)
    assert await store.corrections(league_id) == [kept, penalty]
    points = await store.league_points(league_id)
    assert points.corrections == (kept, penalty)
    season = await store.season(league_id)
    assert season is not None, "the season keeps each driver's net correction"
    assert {d.id: d.correction for d in season.drivers} == {"A": -3, "B": 0, "C": 2}
    logged = await store.season_decisions(league_id)
    assert logged[-2:] == [CorrectPoints("C", 2), CorrectPoints("A", -3)]


async def test_an_ended_league_keeps_its_export_and_takes_no_more_changes(store: Store) -> None:
    league_id, initial = await league_with_season(store)
    assert await store.record_points(league_id, 1, podium())
    assert await store.kept_export(league_id) is None
    export = await store.end_league(league_id)
    assert export["status"] == "ended" and await store.kept_export(league_id) == export
    record = await store.league(league_id)
    assert record is not None and record.status == LeagueStatus.ENDED and record.ended_at
    for write in (
        store.add_member(league_id, Member(user_id=5, driver_id="D", name="Dan")),
        store.commit_season(moved(league_id, initial)),
        store.record_points(league_id, 2, podium()),
        store.correct_points(Correction(league_id, "A", 1, "late", 99)),
        store.end_league(league_id),
    ):
        with pytest.raises(StaleWrite):
            await write
    assert await store.export_league(league_id) == export


async def test_stats_follow_a_person_across_leagues(store: Store) -> None:
    assert await store.player_stats(ALICE.user_id) == PlayerStats(0, 0, 0, None, 0, 0)
    first, _ = await league_with_season(store)
    second, _ = await league_with_season(store, channel_id=CHANNEL + 1)
    elsewhere = await store.create_league(GUILD + 1, 99, "Away", SETTINGS, 1, first_season())
    assert await store.record_points(first, 1, podium("A", spin_outs=2))
    assert await store.record_points(first, 2, podium("B"))
    assert await store.record_points(second, 1, podium("C"))
    assert await store.record_points(elsewhere, 1, [RacePoints("A", 1, 4, 3, 1)])
    # Alice: 1st (2 spin outs), 2nd, 2nd here; 4th (1 spin out) on another server.
    assert await store.player_stats(ALICE.user_id, GUILD) == PlayerStats(3, 1, 3, 5 / 3, 2, 2)
    assert await store.player_stats(ALICE.user_id) == PlayerStats(4, 1, 3, 9 / 4, 3, 3)
    assert await store.player_stats(BOB.user_id) == PlayerStats(3, 1, 3, 2.0, 0, 2)


async def test_an_unknown_league_is_refused(store: Store) -> None:
    with pytest.raises(NoSuchLeague):
        await store.commit_season(moved(1, first_season()))
    with pytest.raises(NoSuchLeague):
        await store.record_points(1, 1, podium())
    with pytest.raises(NoSuchLeague):
        await store.export_league(1)
    assert await store.season(1) is None and await store.kept_export(1) is None


async def test_a_season_change_writes_the_league_s_timers_and_posts_with_it(store: Store) -> None:
    """A draft's prompt and turn timer are rows of the outbox and the timers, written with the
    season change (or not at all), read back by league, and its server's start-up finds them."""
    league_id, season = await league_with_season(store)
    timer = Timer(None, "draft", "A", 500.0, str(season.version + 1), league_id=league_id)
    asked = OutboxRow(None, "draft", values={"version": season.version + 1}, league_id=league_id)
    change = replace(moved(league_id, season), timers=[timer], outbox=[asked])
    [written] = await store.commit_season(change)
    with pytest.raises(StaleWrite):
        await store.commit_season(replace(change, outbox=[asked, asked]))
    race_id = await finished_race(store)
    said = OutboxRow(race_id, "say", text="kicked", values={"user": 2})
    spent = Timer(race_id, "reminder", "A", 1.0, "1/plan")
    [race_row] = await store.replace_timer(spent, spent, [said])  # a race's row, alone

    assert written == replace(asked, id=written.id) and written.id > 0
    assert await store.outbox(league_id=league_id) == [written]
    assert await store.outbox(race_id) == [race_row]
    assert await store.due_timers(499.0) == []
    assert await store.due_timers(500.0) == [timer]
    assert await store.next_due() == 500.0
    assert await store.unposted(GUILD) == Unposted(leagues=(league_id,), races=(race_id,))
    assert await store.unposted(GUILD + 1) == Unposted()
    await store.delete_posted(written)
    await store.delete_posted(race_row)
    assert await store.unposted(GUILD) == Unposted()


async def test_a_league_s_timers_are_replaced_kept_or_dropped(store: Store) -> None:
    """A change replaces the league's timers (or keeps them: None), a spent one is dropped
    alone, and an ended league has none; a race's timers are never touched."""
    league_id, season = await league_with_season(store)
    first = Timer(None, "draft", "A", 500.0, "1", league_id=league_id)
    second = Timer(None, "draft", "B", 600.0, "2", league_id=league_id)
    change = moved(league_id, season)
    await store.commit_season(replace(change, timers=[first]))
    await store.commit_season(moved(league_id, change.season))  # timers=None keeps them
    assert await store.due_timers(1000.0) == [first]
    later = moved(league_id, (await store.season(league_id)) or season)
    await store.commit_season(replace(later, timers=[second]))
    assert await store.due_timers(1000.0) == [second]
    await store.drop_timer(first)  # spent already: nothing happens
    assert await store.due_timers(1000.0) == [second]
    await store.drop_timer(second)
    assert await store.due_timers(1000.0) == []
    await store.commit_season(replace(moved(league_id, later.season), timers=[first]))
    await store.end_league(league_id)
    assert await store.due_timers(1000.0) == []
