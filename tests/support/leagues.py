"""A league's makings for the store tests: a season, the decisions that move it, a finished race."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from types import ModuleType

import pytest

from bot.storage import (
    Correction,
    LeaguePoints,
    LeagueSettings,
    Member,
    PlayerStats,
    RaceConfig,
    RacePoints,
    RaceStatus,
    SeasonChange,
    Seat,
    Store,
    Timer,
    recorded_points,
)
from bot.storage.league_check import checked_export
from engine import Entrant
from engine.championship import RaceResult
from engine.season import (
    CorrectPoints,
    JoinSeason,
    LeaveSeason,
    OpenDraft,
    RaceRecorded,
    SeasonConfig,
    SeasonDecision,
    SeasonState,
    apply_season,
    new_season,
    season_legal_decisions,
    season_pending,
)

GUILD, CHANNEL = 10, 20
SETTINGS = LeagueSettings(timer_seconds=3600, fill="ai", seats=4)
ALICE = Member(user_id=1, driver_id="A", name="Alice")
BOB = Member(user_id=2, driver_id="B", name="Bob", locale="it")
RACE = RaceConfig(track="usa", laps=1, seats=2, fill="none", timer_seconds=600)
HOST = Seat(car_id="A", user_id=1, kind="human", name="Alice", color="red")


def first_season() -> SeasonState:
    """The 1961 season of Alice (A), Bob (B) and an AI driver (C), before race 1."""
    drivers = [Entrant("A", "red"), Entrant("B", "blue"), Entrant("C", "green", "ai")]
    return new_season(SeasonConfig.preset(1961), drivers, 7)


def next_decision(season: SeasonState) -> SeasonDecision:
    """The first legal decision of whoever the season waits for (the league, in the lineup)."""
    waiting = season_pending(season).drivers
    return season_legal_decisions(season, waiting[0] if waiting else None)[0]


def moved(league_id: int, season: SeasonState, steps: int = 1) -> SeasonChange:
    """The change that makes the next ``steps`` decisions on ``season``, each by a user."""
    decisions: list[tuple[SeasonDecision, str]] = []
    after = season
    for _ in range(steps):
        decision = next_decision(after)
        after, _ = apply_season(after, decision)
        decisions.append((decision, "user:1"))
    return SeasonChange(league_id, season.version, after, decisions)


def to_the_race(league_id: int, season: SeasonState) -> SeasonChange:
    """The change that takes the season from its lineup through the draft to race 1 running."""
    decisions: list[tuple[SeasonDecision, str]] = []
    after = season
    while after.phase != "racing":
        decision = next_decision(after)
        after, _ = apply_season(after, decision)
        decisions.append((decision, "user:1"))
    return SeasonChange(league_id, season.version, after, decisions)


def race_recorded(
    league_id: int, racing: SeasonState, order: str, spin_outs: dict[str, int] | None = None
) -> tuple[SeasonChange, RaceResult]:
    """The running race finished in ``order`` (car ids, winner first); no sponsorship card moved."""
    carriers = [car for car in racing.grid if racing.driver(car).drafts]
    result = RaceResult(
        racing.races[racing.race_no - 1].event,
        {car: place for place, car in enumerate(order, start=1)},
        spin_outs=spin_outs or {},
        sponsors={car: racing.driver(car).sponsors for car in carriers},
        sponsor_deck=racing.sponsor_deck,
        sponsor_discard=racing.sponsor_discard,
    )
    decision = RaceRecorded(racing.race_no, result)
    after, _ = apply_season(racing, decision)
    return SeasonChange(league_id, racing.version, after, [(decision, "race")]), result


def race_1_recorded(league_id: int, racing: SeasonState) -> tuple[SeasonChange, RaceResult]:
    """Race 1 finished: Bob won, Alice second with a spin out, the AI third."""
    return race_recorded(league_id, racing, "BAC", {"A": 1})


def podium(first: str = "A", spin_outs: int = 0) -> list[RacePoints]:
    """A race's points: ``first`` won, the others in id order behind (users for A and B)."""
    users = {"A": ALICE.user_id, "B": BOB.user_id, "C": None}
    order = [first, *sorted(set(users) - {first})]
    scores = (9, 6, 4)
    return [
        RacePoints(car, users[car], place, scores[place - 1], spin_outs if car == first else 0)
        for place, car in enumerate(order, start=1)
    ]


async def league_with_season(store: Store, channel_id: int = CHANNEL) -> tuple[int, SeasonState]:
    """A league of Alice and Bob whose season has started."""
    season = first_season()
    league_id = await store.create_league(
        GUILD, channel_id, "Sunday Cup", SETTINGS, ALICE.user_id, season
    )
    await store.add_member(league_id, ALICE)
    await store.add_member(league_id, BOB)
    return league_id, season


async def finished_race(store: Store, channel_id: int = 30) -> int:
    """A bot race that finished (its state does not matter to the league tables)."""
    race_id = await store.create_race(GUILD, channel_id, 1, RACE, HOST)
    await store.set_status(race_id, RaceStatus.FINISHED)
    return race_id


async def league_with_history(store: Store, channel_id: int = CHANNEL) -> int:
    """A league two races in, every row as the league service writes it.

    Race 1 (Bob won, Alice spun out once) and race 2 (the AI won) ran as bot races
    and were recorded through the season; Bob left before race 3 and Dan joined as
    driver D; an admin took a point from Bob.
    """
    league_id, season = await league_with_season(store, channel_id)
    users = {ALICE.driver_id: ALICE.user_id, BOB.driver_id: BOB.user_id}
    for race_no, order, spun in ((1, "BAC", {"A": 1}), (2, "CAB", {})):
        racing = to_the_race(league_id, season)
        await store.commit_season(racing)
        await store.add_league_race(league_id, race_no, await finished_race(store, 30 + race_no))
        recorded, result = race_recorded(league_id, racing.season, order, spun)
        points = recorded_points(result, users)
        assert await store.record_points(league_id, race_no, points, recorded)
        season = recorded.season
    left = LeaveSeason(BOB.driver_id)
    after, _ = apply_season(season, left)
    await store.commit_season(
        SeasonChange(league_id, season.version, after, [(left, "user:2")], left_user=BOB.user_id)
    )
    joined = JoinSeason("D", "yellow", "human")
    dan = Member(user_id=3, driver_id="D", name="Dan", joined_at=3)
    last, _ = apply_season(after, joined)
    await store.commit_season(
        SeasonChange(league_id, after.version, last, [(joined, "user:3")], joined=dan)
    )
    await store.correct_points(Correction(league_id, "B", -1, "blocked the pit lane", 99))
    return league_id


ELIMINATED = (
    RacePoints("B", BOB.user_id, 1, 9),
    RacePoints("C", None, 2, 6),
    RacePoints("A", ALICE.user_id, None, 0, 1),
)
"""A race's points where Bob won, the AI came 2nd and Alice was eliminated (event 10)."""


async def points_across_migration_5(
    open_store: Callable[[], Awaitable[Store]], module: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> tuple[LeaguePoints, PlayerStats]:
    """Race 1 scored by a store that stops at schema 4, race 2 (:data:`ELIMINATED`) once the
    same database has opened with every migration; its points and Alice's stats read back."""
    monkeypatch.setattr(module, "MIGRATIONS", module.MIGRATIONS[:4])
    store = await open_store()
    try:
        league_id, _ = await league_with_season(store)
        assert await store.record_points(league_id, 1, podium())
    finally:
        await store.close()
    monkeypatch.undo()
    store = await open_store()
    try:
        assert await store.schema_version() == len(module.MIGRATIONS)
        assert await store.record_points(league_id, 2, [ELIMINATED[-1], *ELIMINATED[:-1]])
        return await store.league_points(league_id), await store.player_stats(ALICE.user_id)
    finally:
        await store.close()


OLD_CORRECTIONS = (
    Correction(0, "C", 2, "a recount", 99, at=5.0),
    Correction(0, "A", -1, "late to the grid", 98, at=6.0),
)
"""Two corrections an older bot (schema 9) kept outside the season, in its audit log only."""


async def corrections_across_migration_10(
    open_store: Callable[[], Awaitable[Store]], module: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> tuple[int, SeasonState, Store]:
    """A league in race 1's draft (its turn timer on the season's version) whose
    :data:`OLD_CORRECTIONS` a store at schema 9 kept; then the same database opened with
    every migration. Returns the league, its season before, and the store, open."""
    monkeypatch.setattr(module, "MIGRATIONS", module.MIGRATIONS[:9])
    store = await open_store()
    try:
        league_id, season = await league_with_season(store)
        drafting, _ = apply_season(season, OpenDraft(1))
        waiting = season_pending(drafting).drivers[0]
        timer = Timer(None, "draft", waiting, 1e12, str(drafting.version), league_id=league_id)
        change = SeasonChange(
            league_id, season.version, drafting, [(OpenDraft(1), "user:1")], timers=[timer]
        )
        await store.commit_season(change)
        async with store._transaction_db() as db:  # type: ignore[attr-defined]
            for old in OLD_CORRECTIONS:
                await db.execute(
                    "INSERT INTO league_corrections (league_id, driver_id, delta, reason,"
                    " admin_id, at) VALUES ($1, $2, $3, $4, $5, $6)",
                    league_id,
                    old.driver_id,
                    old.delta,
                    old.reason,
                    old.admin_id,
                    old.at,
                )
    finally:
        await store.close()
    monkeypatch.undo()
    return league_id, drafting, await open_store()


async def check_corrections_folded(store: Store, league_id: int, drafting: SeasonState) -> None:
    """:data:`OLD_CORRECTIONS` are decisions of the season, oldest first, logged as their
    admins' at their times; the draft's timer waits on the new version; the audit log is
    as it was; the export checks out; nothing is folded twice."""
    season = await store.season(league_id)
    assert season is not None
    assert {d.id: d.correction for d in season.drivers} == {"A": -1, "B": 0, "C": 2}
    assert season.version == drafting.version + 2
    assert (season.grid, season.draft) == (drafting.grid, drafting.draft)
    fixes = [CorrectPoints(c.driver_id, c.delta) for c in OLD_CORRECTIONS]
    assert (await store.season_decisions(league_id))[-2:] == fixes
    kept = await store.corrections(league_id)
    assert [(c.driver_id, c.delta, c.reason, c.admin_id, c.at) for c in kept] == [
        (c.driver_id, c.delta, c.reason, c.admin_id, c.at) for c in OLD_CORRECTIONS
    ]
    timers = [t for t in await store.due_timers(1e13) if t.league_id == league_id]
    assert [t.wait for t in timers] == [str(season.version)]
    exported = await store.export_league(league_id)
    logged = [(d["decision"], d["by"], d["at"]) for d in exported["season"]["decisions"]][-2:]
    assert logged == [("correct C +2", "user:99", 5.0), ("correct A -1", "user:98", 6.0)]
    assert checked_export(exported).current == season
    assert await store.fold_corrections() == 0  # type: ignore[attr-defined]
