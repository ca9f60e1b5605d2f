"""A league's export reads back equal through an import; a malformed one stores nothing."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from bot.storage import (
    BadLeagueExport,
    Correction,
    LeagueExists,
    LeagueStatus,
    Member,
    Store,
    recorded_points,
)
from tests.support.leagues import (
    CHANNEL,
    GUILD,
    finished_race,
    league_with_season,
    moved,
    podium,
    race_1_recorded,
    to_the_race,
)


async def a_league_with_history(store: Store) -> int:
    """A league two races in: its draft, a linked race recorded, a leaver and a correction."""
    league_id, initial = await league_with_season(store)
    racing = to_the_race(league_id, initial)
    await store.commit_season(racing)
    await store.add_league_race(league_id, 1, await finished_race(store))
    recorded, result = race_1_recorded(league_id, racing.season)
    assert await store.record_points(league_id, 1, recorded_points(result, {"A": 1}), recorded)
    assert await store.record_points(league_id, 2, podium("C"), moved(league_id, recorded.season))
    await store.leave_league(league_id, 2, at_race=3)
    await store.add_member(league_id, Member(user_id=3, driver_id="D", name="Dan", joined_at=3))
    await store.correct_points(Correction(league_id, "B", -1, "blocked the pit lane", 99))
    return league_id


def without_race_ids(document: dict[str, Any]) -> dict[str, Any]:
    """The document as an import keeps it: race ids name races of the database it came from."""
    kept = copy.deepcopy(document)
    for race in kept["races"]:
        race["race_id"] = None
    return kept


async def test_an_export_imports_back_to_the_same_document(store: Store) -> None:
    league_id = await a_league_with_history(store)
    exported = await store.export_league(league_id)
    assert exported["format"] == "heat-league" and exported["version"] == 1
    assert exported["races"][0]["race_id"] is not None
    with pytest.raises(LeagueExists):
        await store.import_league(exported)  # the channel still has the league
    await store.end_league(league_id)
    imported = await store.import_league(exported)
    assert imported != league_id
    assert await store.export_league(imported) == without_race_ids(exported)
    assert await store.members(imported) == await store.members(league_id)
    points, original = await store.league_points(imported), await store.league_points(league_id)
    assert points.races == original.races and points.totals() == original.totals()
    assert await store.season(imported) == await store.season(league_id)
    assert await store.first_season(imported) == await store.first_season(league_id)
    assert await store.season_decisions(imported) == await store.season_decisions(league_id)
    [race_1] = await store.league_races(imported)
    assert race_1.race_id is None and race_1.recorded
    await store.add_league_race(imported, 3, await finished_race(store, 33))
    assert await store.unrecorded_races() == [(await store.league_races(imported))[1]]


async def test_an_ended_league_imports_ended_with_its_export_kept(store: Store) -> None:
    league_id = await a_league_with_history(store)
    kept = await store.end_league(league_id)
    imported = await store.import_league(kept)
    record = await store.league(imported)
    assert record is not None and record.status == LeagueStatus.ENDED
    assert await store.kept_export(imported) == without_race_ids(kept)


def set_at(path: str, value: Any) -> Callable[[dict[str, Any]], Any]:
    """A change to one field of the document, named by its path (``season.current.phase``)."""

    def change(document: dict[str, Any]) -> dict[str, Any]:
        *parents, last = path.split(".")
        place: Any = document
        for key in parents:
            place = place[int(key)] if isinstance(place, list) else place[key]
        if value is DELETE:
            del place[last]
        elif isinstance(place, list):
            place[int(last)] = value
        else:
            place[last] = value
        return document

    return change


DELETE = object()


def twice(key: str) -> Callable[[dict[str, Any]], Any]:
    def change(document: dict[str, Any]) -> dict[str, Any]:
        document[key].append(document[key][0])
        return document

    return change


def log_cut(document: dict[str, Any]) -> dict[str, Any]:
    document["season"]["decisions"].pop()
    return document


MALFORMED: dict[str, Callable[[dict[str, Any]], Any]] = {
    "not an object": lambda document: [document],
    "another format": set_at("format", "heat-race"),
    "a later version": set_at("version", 2),
    "no version": set_at("version", DELETE),
    "a field missing": set_at("members", DELETE),
    "an unknown field": set_at("owner", 1),
    "a place as text": set_at("results.0.points.0.place", "1"),
    "a timer too short": set_at("settings.timer_seconds", 5),
    "not JSON": set_at("name", {1, 2}),
    "a bad season": set_at("season.current.phase", "halftime"),
    "a bad decision": set_at("season.decisions.0.decision", "A fly away"),
    "a log that does not replay": log_cut,
    "a member twice": twice("members"),
    "a race twice": twice("races"),
    "a result twice": twice("results"),
}


@pytest.mark.parametrize("spoil", MALFORMED.values(), ids=MALFORMED.keys())
async def test_a_malformed_export_is_refused_in_one_line_and_stores_nothing(
    store: Store, spoil: Callable[[dict[str, Any]], Any]
) -> None:
    league_id = await a_league_with_history(store)
    await store.end_league(league_id)
    good = await store.kept_export(league_id)
    assert good is not None
    before = await store.leagues(GUILD)
    with pytest.raises(BadLeagueExport) as refused:
        await store.import_league(spoil(copy.deepcopy(good)))
    assert len(str(refused.value).splitlines()) == 1
    assert await store.leagues(GUILD) == before
    assert await store.active_league_in(CHANNEL) is None
    # The good document still imports: the refusal left no half-written league behind.
    imported = await store.import_league(good)
    assert [league.id for league in await store.leagues(GUILD)] == [league_id, imported]
