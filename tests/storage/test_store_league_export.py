"""A league's export imports into another channel as it was; a malformed or forged one stores
nothing and is refused in one line."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from bot.storage import BadLeagueExport, LeagueExists, LeagueStatus, Store
from bot.storage.league_check import MAX_EXPORT_BYTES, checked, read_export
from tests.support.leagues import CHANNEL, GUILD, league_with_history

THEIR_GUILD, THEIR_CHANNEL = 77, 88
"""Where a league is imported: another server's channel."""


def as_imported(document: dict[str, Any], guild_id: int, channel_id: int) -> dict[str, Any]:
    """The document as the import keeps it: in its new channel, active, its races run elsewhere."""
    kept = copy.deepcopy(document)
    kept.update(guild_id=guild_id, channel_id=channel_id, status="active", ended_at=None)
    for race in kept["races"]:
        race["race_id"] = None
    return kept


async def test_an_ended_league_imports_into_another_channel_as_it_was(store: Store) -> None:
    """The season, log, members, points and corrections read back; the place is the new one."""
    league_id = await league_with_history(store)
    with pytest.raises(LeagueExists):
        await store.import_league(await store.export_league(league_id), GUILD, CHANNEL)
    exported = await store.end_league(league_id)
    imported = await store.import_league(exported, THEIR_GUILD, THEIR_CHANNEL)
    record = await store.league(imported)
    assert record is not None and record.status == LeagueStatus.ACTIVE
    assert (record.guild_id, record.channel_id) == (THEIR_GUILD, THEIR_CHANNEL)
    assert await store.export_league(imported) == as_imported(exported, THEIR_GUILD, THEIR_CHANNEL)
    assert await store.members(imported) == await store.members(league_id)
    points, original = await store.league_points(imported), await store.league_points(league_id)
    assert points.races == original.races and points.totals() == original.totals()
    assert await store.season(imported) == await store.season(league_id)
    assert await store.first_season(imported) == await store.first_season(league_id)
    assert await store.season_decisions(imported) == await store.season_decisions(league_id)
    assert [race.race_id for race in await store.league_races(imported)] == [None, None]
    assert await store.player_stats(1, THEIR_GUILD) == await store.player_stats(1, GUILD)


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
    "no season": set_at("season", None),
}


def fifty_wins(document: dict[str, Any]) -> dict[str, Any]:
    """Alice (user 1) wins 50 more races, in rows the season never recorded."""
    first = document["results"][0]
    for race_no in range(3, 53):
        win = {"driver_id": "A", "user_id": 1, "place": 1, "points": 9, "spin_outs": 0}
        document["results"].append({"race_no": race_no, "at": first["at"], "points": [win]})
    return document


def points_of(driver: str, points: int) -> Callable[[dict[str, Any]], Any]:
    """Race 1's points row of ``driver`` says ``points``."""

    def change(document: dict[str, Any]) -> dict[str, Any]:
        for row in document["results"][0]["points"]:
            if row["driver_id"] == driver:
                row["points"] = points
        return document

    return change


def correction(driver: str, delta: int) -> Callable[[dict[str, Any]], Any]:
    def change(document: dict[str, Any]) -> dict[str, Any]:
        document["corrections"].append(
            {"driver_id": driver, "delta": delta, "reason": "forged", "admin_id": 1, "at": 1.0}
        )
        return document

    return change


def everyone_first(document: dict[str, Any]) -> dict[str, Any]:
    """Every driver won race 1, in a season whose first state is its last and whose log is empty:
    replaying nothing from it gives it back."""
    season = document["season"]["current"]
    season["results"][0]["places"] = {car: 1 for car in season["results"][0]["places"]}
    document["season"]["initial"] = copy.deepcopy(season)
    document["season"]["decisions"] = []
    for row in document["results"][0]["points"]:
        row.update(place=1, points=9)
    return document


def nested(depth: int) -> list[Any]:
    """A list inside a list ... ``depth`` times, built without recursion."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def spun_out(times: int) -> Callable[[dict[str, Any]], Any]:
    """Race 1's result, in the season's log and its current state, has Alice spinning out
    ``times`` times."""

    def change(document: dict[str, Any]) -> dict[str, Any]:
        log = document["season"]["decisions"]
        index = next(i for i, d in enumerate(log) if d["decision"].startswith("record 1 "))
        result = json.loads(log[index]["decision"].removeprefix("record 1 "))
        result["spin_outs"]["A"] = times
        log[index]["decision"] = "record 1 " + json.dumps(result, sort_keys=True)
        document["season"]["current"]["results"][0]["spin_outs"]["A"] = times
        return document

    return change


FORGED: dict[str, Callable[[dict[str, Any]], Any]] = {
    "50 wins in /heat stats": fifty_wins,
    "50,000 points where the standings say 6": points_of("A", 50_000),
    "9 points where the standings say 6": points_of("A", 9),
    "a correction of 10**9 for a driver who does not exist": correction("Z", 10**9),
    "a correction for a driver who does not exist": correction("Z", 5),
    "every driver first, from a start that is the end": everyone_first,
    "ai_level godlike": set_at("settings.ai_level", "godlike"),
    "timer_seconds as text": set_at("settings.timer_seconds", "3600"),
    "timer_seconds 10**29": set_at("settings.timer_seconds", 10**29),
    "a user id of 2**63": set_at("members.0.user_id", 2**63),
    "a time that is NaN": set_at("created_at", float("nan")),
    "deep nesting": set_at("name", nested(100_000)),
    "a member of a driver the season does not have": set_at("members.2.driver_id", "E"),
    "a member who joined before the driver did": set_at("members.2.joined_at", 1),
    "a member still driving a car that left": set_at("members.1.left_at", None),
    "a name of many lines": set_at("name", "Cup\n@everyone"),
    "a reason of 10,000 characters": set_at("corrections.0.reason", "x" * 10_000),
    "a result with 10**29 spin outs": spun_out(10**29),
}


async def good_document(store: Store) -> dict[str, Any]:
    """The export ``/league end`` posts for a league two races in."""
    return await store.end_league(await league_with_history(store))


@pytest.mark.parametrize("spoil", MALFORMED.values(), ids=MALFORMED.keys())
async def test_a_malformed_export_is_refused_in_one_line_and_stores_nothing(
    store: Store, spoil: Callable[[dict[str, Any]], Any]
) -> None:
    """Each way a document can be broken is one line, and the good one still imports after."""
    await refused_and_nothing_stored(store, spoil)


@pytest.mark.parametrize("forge", FORGED.values(), ids=FORGED.keys())
async def test_a_forged_export_is_refused_in_one_line_and_stores_nothing(
    store: Store, forge: Callable[[dict[str, Any]], Any]
) -> None:
    """Each forgery the import once took (or crashed on) is refused before anything is stored."""
    await refused_and_nothing_stored(store, forge)


async def refused_and_nothing_stored(store: Store, spoil: Callable[[dict[str, Any]], Any]) -> None:
    good = await good_document(store)
    before = await store.leagues(THEIR_GUILD)
    stats = await store.player_stats(1)
    with pytest.raises(BadLeagueExport) as refused:
        await store.import_league(spoil(copy.deepcopy(good)), THEIR_GUILD, THEIR_CHANNEL)
    assert len(str(refused.value).splitlines()) == 1
    assert len(str(refused.value)) < 300
    assert await store.leagues(THEIR_GUILD) == before == []
    assert await store.active_league_in(THEIR_CHANNEL) is None
    assert await store.player_stats(1) == stats
    # The good document still imports: the refusal left no half-written league behind.
    imported = await store.import_league(good, THEIR_GUILD, THEIR_CHANNEL)
    assert [league.id for league in await store.leagues(THEIR_GUILD)] == [imported]


async def test_the_documents_own_server_and_channel_are_never_used(store: Store) -> None:
    """A document naming another server's channel lands where it is imported, and only there."""
    good = await good_document(store)
    forged = {**good, "guild_id": THEIR_GUILD, "channel_id": THEIR_CHANNEL}
    imported = await store.import_league(forged, GUILD, CHANNEL + 5)
    record = await store.league(imported)
    assert record is not None and (record.guild_id, record.channel_id) == (GUILD, CHANNEL + 5)
    assert await store.leagues(THEIR_GUILD) == []
    assert await store.active_league_in(THEIR_CHANNEL) is None


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested deeper than"),
        (b'{"format": "heat-league", "created_at": NaN}', "NaN is not a number a league has"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b"{", "not JSON"),
        (b" " * (MAX_EXPORT_BYTES + 1), "more than the 4,194,304 allowed"),
    ],
    ids=["deep", "nan", "not-utf8", "not-json", "too-big"],
)
def test_a_file_that_is_not_an_export_is_one_line(content: bytes, problem: str) -> None:
    """The file's bytes are bounded and parsed before any check reads them."""
    with pytest.raises(BadLeagueExport, match=problem) as refused:
        checked(read_export(content))
    assert len(str(refused.value).splitlines()) == 1
