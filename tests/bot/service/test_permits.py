"""Who may change a race, a league or a server's settings: each refusal, and nothing stored.

On both stores. The services take who acts (a user id, and whether they have
Manage Server there); each refusal here is one the Discord layer shows as a
private line.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.leagues import LeagueService
from bot.service.races import Driver, RaceService
from bot.service.refusals import Refused
from bot.service.server_settings import ServerSettings
from bot.storage import GuildSettings, LeagueSettings, RaceConfig, RaceStatus, Store
from engine.season import SeasonConfig, SeasonRace

GUILD, CHANNEL = 10, 20
ALICE = Driver(1, "Alice")
BOB = Driver(2, "Bob", "it")
CLEO = Driver(3, "Cleo")  # in the server, in no race and no league
SEASON = SeasonConfig.custom(
    (SeasonRace("espana", 6), SeasonRace("espana", 2), SeasonRace("espana", 7))
)
LEAGUE = LeagueSettings(timer_seconds=600, fill="ai", seats=3)
RACE = RaceConfig(track="usa", laps=1, seats=3, fill="ai", timer_seconds=600)


async def refused(change: Any) -> str:
    """The refusal's text key, once the change is refused."""
    with pytest.raises(Refused) as refusal:
        await change
    return refusal.value.key


async def league_stored(store: Store, league_id: int) -> tuple[object, ...]:
    """What a league start would change: the season, its races, the channel's race."""
    season = await store.season(league_id)
    races = await store.league_races(league_id)
    return season, races, await store.open_race_in(CHANNEL)


async def test_only_the_leagues_drivers_or_a_manager_start_its_race(store: Store) -> None:
    """A stranger, or a driver who left, is refused and nothing is stored; Manage Server may."""
    leagues = LeagueService(store, RaceService(store))
    league = await leagues.create(GUILD, CHANNEL, ALICE, "Cup", SEASON, LEAGUE)
    await leagues.join(league.id, BOB)
    await leagues.leave(league.id, BOB.user_id)
    before = await league_stored(store, league.id)
    for user in (CLEO, BOB):
        key = await refused(leagues.start_race(league.id, user.user_id))
        assert key == "league_not_member_or_manager"
        assert await league_stored(store, league.id) == before, "nothing stored"
    change = await leagues.start_race(league.id, CLEO.user_id, can_manage=True)
    assert change.turn is not None and change.turn.user_id == ALICE.user_id, "the draft opens"


async def test_only_a_manager_corrects_points_or_ends_a_league(store: Store) -> None:
    """Even the league's creator needs Manage Server to correct points or end it."""
    leagues = LeagueService(store, RaceService(store))
    league = await leagues.create(GUILD, CHANNEL, ALICE, "Cup", SEASON, LEAGUE)
    correct = leagues.correct(league.id, ALICE.user_id, False, ALICE.user_id, 5, "typo")
    assert await refused(correct) == "needs_manage_server"
    ended = leagues.end(league.id, ALICE.user_id, False, GUILD)
    assert await refused(ended) == "needs_manage_server"
    assert (await store.league_points(league.id)).corrections == ()
    assert (await store.active_league_in(CHANNEL)) is not None, "the league goes on"


async def test_a_league_is_ended_only_from_its_own_server(store: Store) -> None:
    """A custom id may name any league: Manage Server in another server ends nothing."""
    leagues = LeagueService(store, RaceService(store))
    league = await leagues.create(GUILD, CHANNEL, ALICE, "Cup", SEASON, LEAGUE)
    elsewhere = leagues.end(league.id, CLEO.user_id, True, GUILD + 1)
    assert await refused(elsewhere) == "league_none"
    assert (await store.active_league_in(CHANNEL)) is not None, "the league goes on"
    assert (await leagues.end(league.id, CLEO.user_id, True, GUILD))["name"] == "Cup"


async def test_a_lobby_is_joined_only_from_its_own_server(store: Store) -> None:
    """A custom id may name any race: someone in another server takes no seat."""
    races = RaceService(store)
    record = await races.new_race(GUILD, CHANNEL, ALICE, RACE)
    seats = await store.seats(record.id)
    assert await refused(races.join(record.id, BOB, GUILD + 1)) == "no_race"
    assert await store.seats(record.id) == seats, "nothing stored"
    assert len(await races.join(record.id, BOB, GUILD)) == len(seats) + 1


async def test_a_races_board_is_shown_in_its_own_server_or_to_its_drivers_only(
    store: Store,
) -> None:
    """The board button's id may name any race: from another server it is no race at all,
    and in a direct message (no server) only the race's drivers see it."""
    races = RaceService(store)
    record = await races.new_race(GUILD, CHANNEL, ALICE, RACE)
    await races.join(record.id, BOB, GUILD)
    await races.start(record.id, ALICE.user_id)
    assert await refused(races.board(record.id, GUILD + 1, BOB.user_id)) == "no_race"
    assert await refused(races.board(record.id, None, CLEO.user_id)) == "no_race"
    _, state = await races.board(record.id, GUILD, CLEO.user_id)
    assert state == (await races.board(record.id, None, BOB.user_id))[1]
    assert {car.id for car in state.cars} == {seat.car_id for seat in await store.seats(record.id)}


async def test_the_host_does_not_leave_their_lobby_nor_a_stranger_a_league(store: Store) -> None:
    """The host keeps their seat (a lobby without its host could not start); someone in no
    league leaves none. Nothing stored changes."""
    races = RaceService(store)
    leagues = LeagueService(store, races)
    record = await races.new_race(GUILD, CHANNEL, ALICE, RACE)
    seats = await store.seats(record.id)
    assert await refused(races.leave(record.id, ALICE.user_id)) == "host_cannot_leave"
    assert await store.seats(record.id) == seats
    league = await leagues.create(GUILD, CHANNEL + 1, ALICE, "Cup", SEASON, LEAGUE)
    season = await store.season(league.id)
    assert await refused(leagues.leave(league.id, CLEO.user_id)) == "league_not_member"
    assert await store.season(league.id) == season


async def test_only_the_host_or_a_manager_hands_a_car_to_the_ai(store: Store) -> None:
    """A driver who is not the host may not kick; Manage Server may, as the host may."""
    races = RaceService(store)
    record = await races.new_race(GUILD, CHANNEL, ALICE, RACE)
    await races.join(record.id, BOB, GUILD)
    await races.start(record.id, ALICE.user_id)
    before = await store.race(record.id)
    key = await refused(races.kick(record.id, BOB.user_id, ALICE.user_id))
    assert key == "not_host_or_manager"
    assert await store.race(record.id) == before, "nothing stored"
    kicked = await races.kick(record.id, CLEO.user_id, BOB.user_id, can_manage=True)
    assert next(s for s in kicked.seats if s.user_id == BOB.user_id).autopilot


async def test_a_league_races_lobby_is_not_joined_left_or_started_by_hand(store: Store) -> None:
    """The league's race starts from its season (``/league start-race``): even its host cannot
    start it as a plain race, and nobody joins or leaves it."""
    races = RaceService(store)
    leagues = LeagueService(store, races)
    league = await leagues.create(GUILD, CHANNEL, ALICE, "Cup", SEASON, LEAGUE)
    record = await races.new_race(GUILD, CHANNEL, ALICE, RACE)
    await races.join(record.id, BOB, GUILD)
    await store.add_league_race(league.id, 1, record.id)  # as a start cut short by a crash
    seats = await store.seats(record.id)
    for change in (
        races.start(record.id, ALICE.user_id),
        races.join(record.id, CLEO, GUILD),
        races.leave(record.id, BOB.user_id),
    ):
        assert await refused(change) == "league_race_lobby"
    after = await store.race(record.id)
    assert after is not None and after.status == RaceStatus.LOBBY
    assert await store.seats(record.id) == seats


async def test_only_a_manager_changes_the_servers_settings(store: Store) -> None:
    """Without Manage Server nothing is stored; with it, the timer and channels change."""
    server = ServerSettings(store)
    change = server.change(GUILD, False, CHANNEL, timer_seconds=60, allow_channel=True)
    assert await refused(change) == "needs_manage_server"
    assert await store.guild_settings(GUILD) == GuildSettings()
    changed = await server.change(GUILD, True, CHANNEL, timer_seconds=60, allow_channel=True)
    assert changed == GuildSettings(60, (CHANNEL,)) == await store.guild_settings(GUILD)
