"""A league's export imports into another channel as it was; a malformed or forged one stores
nothing and is refused in one line."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from bot.storage import (
    MAX_EXPORT_BYTES,
    BadLeagueExport,
    LeagueExists,
    LeagueStatus,
    Store,
    checked_export,
    checked_file,
)
from engine.season import apply_season, parse_season_decision, season_from_dict, season_to_dict
from tests.support.league_forgeries import FORGED, MALFORMED
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
        await store.import_league(
            checked_export(await store.export_league(league_id)), GUILD, CHANNEL
        )
    exported = await store.end_league(league_id)
    imported = await store.import_league(checked_export(exported), THEIR_GUILD, THEIR_CHANNEL)
    record = await store.league(imported)
    assert record is not None and record.status == LeagueStatus.ACTIVE
    assert (record.guild_id, record.channel_id) == (THEIR_GUILD, THEIR_CHANNEL)
    assert await store.export_league(imported) == as_imported(exported, THEIR_GUILD, THEIR_CHANNEL)
    assert await store.members(imported) == await store.members(league_id)
    points, original = await store.league_points(imported), await store.league_points(league_id)
    assert points.races == original.races
    assert await store.season(imported) == await store.season(league_id)
    assert await store.first_season(imported) == await store.first_season(league_id)
    assert await store.season_decisions(imported) == await store.season_decisions(league_id)
    assert [race.race_id for race in await store.league_races(imported)] == [None, None]
    assert await store.player_stats(1, THEIR_GUILD) == await store.player_stats(1, GUILD)


def made_before_corrections_were_decisions(document: dict[str, Any]) -> dict[str, Any]:
    """The export an older bot posted for the same league: its corrections in the audit log
    only, not in the season's log nor in its current season."""
    old = copy.deepcopy(document)
    log = old["season"]["decisions"]
    log[:] = [entry for entry in log if not entry["decision"].startswith("correct ")]
    season = season_from_dict(old["season"]["initial"])
    for entry in log:
        season, _ = apply_season(season, parse_season_decision(entry["decision"]))
    old["season"]["current"] = season_to_dict(season)
    return old


async def test_an_export_from_before_corrections_were_decisions_imports_with_them(
    store: Store,
) -> None:
    """Its audit log's corrections join the season's log at its end, by their admins at their
    times: the imported league is the one exported since, its standings as they were shown."""
    good = await good_document(store)
    old = made_before_corrections_were_decisions(good)
    assert "correction" not in str(old["season"]["current"])
    assert old["corrections"] == good["corrections"] != []
    assert checked_export(old) == checked_export(good)
    imported = await store.import_league(checked_export(old), THEIR_GUILD, THEIR_CHANNEL)
    assert await store.export_league(imported) == as_imported(good, THEIR_GUILD, THEIR_CHANNEL)
    season = await store.season(imported)
    assert season is not None and season.driver("B").correction == -1


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
        imported = checked_export(spoil(copy.deepcopy(good)))
        await store.import_league(imported, THEIR_GUILD, THEIR_CHANNEL)
    assert len(str(refused.value).splitlines()) == 1
    assert len(str(refused.value)) < 300
    assert await store.leagues(THEIR_GUILD) == before == []
    assert await store.active_league_in(THEIR_CHANNEL) is None
    assert await store.player_stats(1) == stats
    # The good document still imports: the refusal left no half-written league behind.
    imported = await store.import_league(checked_export(good), THEIR_GUILD, THEIR_CHANNEL)
    assert [league.id for league in await store.leagues(THEIR_GUILD)] == [imported]


async def test_the_documents_own_server_and_channel_are_never_used(store: Store) -> None:
    """A document naming another server's channel lands where it is imported, and only there."""
    good = await good_document(store)
    forged = {**good, "guild_id": THEIR_GUILD, "channel_id": THEIR_CHANNEL}
    imported = await store.import_league(checked_export(forged), GUILD, CHANNEL + 5)
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
        checked_file(content)
    assert len(str(refused.value).splitlines()) == 1
