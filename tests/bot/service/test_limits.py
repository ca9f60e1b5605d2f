"""A server's caps on lobbies, running races and leagues, and the per-person rate limit.

On both stores: a change past a cap is refused with one text key and nothing is
stored; only Manage Server changes the caps; another server is not held back.
"""

from __future__ import annotations

import pytest

from bot.service import limits
from bot.service.leagues import LeagueService
from bot.service.races import Driver, RaceService
from bot.service.refusals import Refused
from bot.storage import GuildLimits, LeagueSettings, RaceConfig, RaceStatus, Store
from engine.season import SeasonConfig, SeasonRace

GUILD, OTHER = 10, 11
ALICE, BOB = Driver(1, "Alice"), Driver(2, "Bob")
RACE = RaceConfig(track="usa", laps=1, seats=3, fill="ai", timer_seconds=600)
SEASON = SeasonConfig.custom(
    (SeasonRace("espana", 6), SeasonRace("espana", 2), SeasonRace("espana", 7))
)
LEAGUE = LeagueSettings(timer_seconds=600, fill="ai", seats=3)


async def refusal(change: object) -> Refused:
    with pytest.raises(Refused) as refused:
        await change  # type: ignore[misc]
    return refused.value


async def test_a_lobby_past_the_servers_cap_is_refused_and_not_stored(store: Store) -> None:
    """Cap 1: the second lobby in another channel is refused; another server still opens one."""
    races = RaceService(store)
    await limits.change_limits(store, GUILD, True, lobbies=1)
    await races.new_race(GUILD, 20, ALICE, RACE)
    refused = await refusal(races.new_race(GUILD, 21, BOB, RACE))
    assert (refused.key, refused.details) == ("limit_lobbies", {"limit": 1})
    assert await store.open_race_in(21) is None, "nothing stored"
    assert (await races.new_race(OTHER, 30, BOB, RACE)).guild_id == OTHER


async def test_starting_a_race_past_the_running_cap_is_refused_and_it_stays_a_lobby(
    store: Store,
) -> None:
    races = RaceService(store)
    await limits.change_limits(store, GUILD, True, races=1)
    first = await races.new_race(GUILD, 20, ALICE, RACE)
    second = await races.new_race(GUILD, 21, BOB, RACE)
    await races.start(first.id, ALICE.user_id)
    refused = await refusal(races.start(second.id, BOB.user_id))
    assert (refused.key, refused.details) == ("limit_races", {"limit": 1})
    still = await store.race(second.id)
    assert still is not None and still.status == RaceStatus.LOBBY and still.state is None
    await races.cancel(first.id, ALICE.user_id, False)
    assert (await races.start(second.id, BOB.user_id)).race.status == RaceStatus.RUNNING


async def test_a_league_past_the_cap_is_refused_created_or_imported(store: Store) -> None:
    """The import is refused before its file is even read."""
    leagues = LeagueService(store, RaceService(store))
    await limits.change_limits(store, GUILD, True, leagues=1)
    await leagues.create(GUILD, 20, ALICE, "Cup", SEASON, LEAGUE)
    refused = await refusal(leagues.create(GUILD, 21, BOB, "Other Cup", SEASON, LEAGUE))
    assert refused.key == "limit_leagues"

    async def never_read() -> bytes:
        raise AssertionError("the file was read")

    refused = await refusal(leagues.import_league(GUILD, 22, 3, True, 100, never_read))
    assert refused.key == "limit_leagues"
    assert len(await store.leagues(GUILD)) == 1, "nothing stored"


async def test_only_manage_server_changes_the_caps_and_within_range(store: Store) -> None:
    refused = await refusal(limits.change_limits(store, GUILD, False, races=3))
    assert refused.key == "needs_manage_server"
    for bad in (0, limits.HIGHEST + 1):
        refused = await refusal(limits.change_limits(store, GUILD, True, races=5, lobbies=bad))
        assert refused.key == "limit_out_of_range"
    assert await store.guild_limits(GUILD) == GuildLimits(), "nothing stored"
    changed = await limits.change_limits(store, GUILD, True, lobbies=4)
    assert changed == GuildLimits(lobbies=4) == await store.guild_limits(GUILD)
    kept = await limits.change_limits(store, GUILD, True, leagues=2)
    assert kept == GuildLimits(lobbies=4, leagues=2), "a cap not given is kept"
    assert await store.guild_limits(OTHER) == GuildLimits()
