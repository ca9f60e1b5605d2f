"""League nights on the fake Discord: dated races, the server's Events, refusals, reminders with
their answer buttons, and the race opening by itself at its time, across a restart.

The bot's clock and the fake's move together (the fake's epoch set to the bot's "now"), so an
event Discord starts by its own clock starts when the bot's race does.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.discord.league_night_commands import zone_choices
from bot.discord.league_nights import to_remind
from bot.discord.texts import t as text
from bot.service.league_nights import Night
from bot.service.league_values import League
from bot.storage import (
    NIGHT_TIMERS,
    LeagueRecord,
    LeagueSettings,
    LeagueStatus,
    Member,
    Reserve,
)
from engine.season import OpenDraft, SeasonConfig, new_season
from tests.support.botdriver import Table, answer, custom_ids, table
from tests.support.fakediscord import EntityType, FakeMessage, Permission

LEAGUE = "Night Cup"
TRACKS = "espana:6,usa:3,espana:2"
ZONE = "Europe/Rome"
# The bot's clock starts on 2027-01-15 at 08:00 UTC (tests/support/botdriver.py).
DAY, TIME = "2027-01-20", "21:00"
START = int(datetime(2027, 1, 20, 21, 0, tzinfo=ZoneInfo(ZONE)).timestamp())
HOUR = 3600
DAY_S = 24 * HOUR
GUILD_ONLY = 2  # Discord's privacy_level for a server's own events


@asynccontextmanager
async def league(tmp_path: Path, *, events: bool = True) -> AsyncIterator[Table]:
    """Alice's league in #races, Bob driving in it too; the bot may create events if ``events``."""
    async with table(tmp_path / "heat.sqlite3") as t:
        t.fake.state.epoch = datetime.fromtimestamp(t.clock.now, UTC)
        if events:
            t.fake.grant_bot(t.guild, Permission.CREATE_EVENTS)
        await t.start()
        await t.slash(
            t.alice, "league create", name=LEAGUE, season="custom", tracks=TRACKS, seats=3
        )
        await t.slash(t.bob, "league join")
        yield t


def move_to(t: Table, when: float) -> None:
    """Both clocks to ``when``; the bot looks at its timers."""
    t.fake.clock.advance(when - t.clock.now)
    t.clock.now = when
    assert t.bot is not None
    t.bot.scheduler.wake()


async def date_race_1(t: Table, day: str = DAY, at: str = TIME) -> str:
    """Alice dates race 1; what she reads."""
    dated = answer(await t.slash(t.alice, "league date set", race=1, date=day, time=at, zone=ZONE))
    assert dated.ephemeral
    return dated.content


async def schedule(t: Table) -> str:
    return answer(await t.slash(t.cleo, "league schedule")).content


async def league_id_of(t: Table) -> int:
    assert t.bot is not None
    return (await t.bot.leagues.league_in(t.channel.id)).id


async def dates(t: Table) -> list[tuple[int, float]]:
    assert t.bot is not None
    league_id = await league_id_of(t)
    return [(d.race_no, d.starts_at) for d in await t.bot.store.league_dates(league_id)]


def reminders(t: Table) -> list[FakeMessage]:
    return [m for m in t.in_channel() if m.content.startswith("⏰")]


def utc(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


async def test_a_dated_race_is_an_event_of_the_server_moved_and_cancelled_with_it(
    tmp_path: Path,
) -> None:
    """The organiser reads the date as Discord shows it; the schedule shows it; the server
    holds one external event for the race, which moves (same event) and goes with the date."""
    async with league(tmp_path) as t:
        said = await date_race_1(t)
        assert said == f"Race 1 (España): <t:{START}:F> (<t:{START}:R>)"
        assert f"📅 <t:{START}:F> (<t:{START}:R>)" in await schedule(t)
        [event] = t.fake.scheduled_events(t.guild)
        assert (event.privacy_level, event.entity_type) == (GUILD_ONLY, EntityType.EXTERNAL)
        assert (event.start, event.end) == (utc(START), utc(START + 2 * HOUR))
        assert event.name == f"{LEAGUE} — race 1: España" and event.location == "#races"
        assert event.description is not None
        assert event.description.startswith("España, 1 lap. Event 6: Corruption in rules")

        moved = START + 24 * HOUR - 30 * 60
        assert await date_race_1(t, "2027-01-21", "20:30") == (
            f"Race 1 (España): <t:{moved}:F> (<t:{moved}:R>)"
        )
        [again] = t.fake.scheduled_events(t.guild)
        assert again.id == event.id and again.start == utc(moved)
        assert await dates(t) == [(1, moved)]

        cancelled = answer(await t.slash(t.alice, "league date cancel", race=1))
        assert cancelled.content.startswith("Race 1 (España) has no date now")
        assert t.fake.scheduled_events(t.guild) == []
        assert await dates(t) == []
        assert "<t:" not in await schedule(t)


async def test_without_create_events_the_date_holds_and_the_organiser_is_told_once(
    tmp_path: Path,
) -> None:
    async with league(tmp_path, events=False) as t:
        said = await date_race_1(t)
        assert said.splitlines() == [
            f"Race 1 (España): <t:{START}:F> (<t:{START}:R>)",
            "Grant me the Create Events permission to add the races to the server's Events.",
        ]
        assert t.fake.scheduled_events(t.guild) == []
        assert await dates(t) == [(1, START)]
        weekly = answer(
            await t.slash(t.alice, "league date weekly", **{"from": DAY}, time=TIME, zone=ZONE)
        ).content.splitlines()
        assert len(weekly) == 3 + 1, "each race's date, and the one line about the permission"
        assert weekly[2].startswith("Race 3 (España): ")


async def test_refusals_answer_in_one_line_and_change_nothing(tmp_path: Path) -> None:
    """Neither the creator nor Manage Server; a date gone by; no such time zone; race 100."""
    async with league(tmp_path) as t:
        past = int(datetime(2020, 1, 1, 21, 0, tzinfo=ZoneInfo(ZONE)).timestamp())
        tries = [
            (t.bob, {"race": 1, "date": DAY}, text("league_not_creator_or_manager", "it")),
            (t.alice, {"race": 1, "date": "2020-01-01"}, text("league_date_past", "en", when=past)),
            (
                t.alice,
                {"race": 1, "date": DAY, "zone": "Mars/Olympus"},
                text("league_bad_zone", "en", zone="Mars/Olympus"),
            ),
            (t.alice, {"race": 100, "date": DAY}, text("league_race_not_open", "en", race=100)),
        ]
        for user, options, expected in tries:
            asked = {"time": TIME, "zone": ZONE, **options}
            refused = answer(await t.slash(user, "league date set", **asked))
            assert refused.ephemeral and refused.content == expected
            assert "\n" not in refused.content
        assert await dates(t) == []
        assert t.fake.scheduled_events(t.guild) == []
        assert "<t:" not in await schedule(t)


async def test_reminders_answers_and_the_start_by_the_clock(tmp_path: Path) -> None:
    """The day before, the channel reminds Alice (a mention) and Bob by DM, with two buttons;
    Alice cannot come, Bob will (from his DM), a non-member's click changes nothing; the
    hour before, Alice is left alone; at its time the draft opens in the race's thread."""
    async with league(tmp_path) as t:
        await t.slash(t.bob, "heat notify", how="dm")
        await date_race_1(t)

        move_to(t, START - 24 * HOUR)
        await t.fake.wait_for(lambda: len(reminders(t)) == 1)
        [reminder] = reminders(t)
        assert f"<@{t.alice.id}>" in reminder.content and f"<@{t.bob.id}>" not in reminder.content
        assert reminder.content.splitlines()[0] == (
            f"⏰ Race 1 (España) of **{LEAGUE}** starts <t:{START}:R> (<t:{START}:F>). "
            "Will you race?"
        )
        league_id = await league_id_of(t)
        buttons = [f"heat:b:rsvpy:{league_id}:1:", f"heat:b:rsvpn:{league_id}:1:"]
        assert custom_ids(reminder) == buttons
        await t.fake.wait_for(lambda: len(t.fake.dm_messages(t.bob)) == 1)
        [dm] = t.fake.dm_messages(t.bob)
        assert "Ci sarai?" in dm.content and f"<#{t.channel.id}>" in dm.content
        assert custom_ids(dm) == buttons

        declined = answer(await t.click(t.alice, reminder, "heat:b:rsvpn:"))
        assert declined.ephemeral and declined.content == "❌ Race 1 (España): you cannot make it."
        coming = answer(await t.click(t.bob, dm, "heat:b:rsvpy:"))
        assert coming.content == "✅ Gara 1 (Spagna): ci sarai."
        stranger = answer(await t.click(t.cleo, reminder, "heat:b:rsvpy:"))
        assert stranger.ephemeral and stranger.content == text("league_not_member", "en")
        shown = await schedule(t)
        assert "✅ bob · ❌ alice" in shown and "cleo" not in shown

        move_to(t, START - HOUR)
        await t.fake.wait_for(lambda: len(reminders(t)) == 2)
        assert f"<@{t.alice.id}>" not in reminders(t)[1].content, "she said she cannot come"
        await t.fake.wait_for(lambda: len(t.fake.dm_messages(t.bob)) == 2)

        assert t.threads() == []
        move_to(t, START)
        await draft_opens(t)  # nobody ran /league start-race


async def draft_opens(t: Table) -> None:
    """Until the race's thread is started and its first draft prompt posted there."""

    def prompted() -> bool:
        threads = t.threads()
        return bool(threads) and any(
            cid.startswith("heat:b:lg:")
            for m in t.fake.channel_messages(threads[0])
            for cid in custom_ids(m)
        )

    await t.fake.wait_for(prompted)


async def test_a_restart_between_reminder_and_start_starts_the_race_once(tmp_path: Path) -> None:
    async with league(tmp_path) as t:
        await date_race_1(t)
        move_to(t, START - 24 * HOUR)
        await t.fake.wait_for(lambda: len(reminders(t)) == 1)

        await t.stop()
        bot = await t.start()
        await bot.caught_up()
        move_to(t, START)
        await draft_opens(t)

        assert await bot.scheduler.run_due(t.clock.now) == 0, "nothing left due"
        kinds = {timer.kind for timer in await bot.store.due_timers(t.clock.now + 400 * DAY_S)}
        assert not kinds & set(NIGHT_TIMERS), "no reminder or start left, for any day"
        league_id = await league_id_of(t)
        opened = [
            d for d in await bot.store.season_decisions(league_id) if isinstance(d, OpenDraft)
        ]
        assert opened == [OpenDraft(1)]
        assert len(t.threads()) == 1
        assert len(reminders(t)) == 1, "the day's; the hour's was due only as the race began"


def test_the_zone_autocomplete_offers_what_is_typed_cities_first() -> None:
    """A city typed with a space finds its zone first; 25 at most; common zones before typing."""
    assert [c.value for c in zone_choices("new york")][:1] == ["America/New_York"]
    assert zone_choices("rome")[0].value == "Europe/Rome"
    assert len(zone_choices("a")) == 25
    assert zone_choices("")[0].value == "UTC" and len(zone_choices("")) <= 25
    assert zone_choices("Mars/Olympus") == []


async def test_a_race_started_by_hand_before_its_date_leaves_the_server_s_events(
    tmp_path: Path,
) -> None:
    """Started early with /league start-race, race 1 will not happen at its date: its event
    leaves the Events tab, its date the schedule, and nothing fires at that time."""
    async with league(tmp_path) as t:
        await date_race_1(t)
        assert len(t.fake.scheduled_events(t.guild)) == 1
        await t.slash(t.alice, "league start-race")
        await t.fake.wait_for(lambda: t.fake.scheduled_events(t.guild) == [])
        assert await dates(t) == []
        assert "<t:" not in await schedule(t)
        assert t.bot is not None
        timers = await t.bot.store.due_timers(1e13)
        assert [x for x in timers if x.kind in NIGHT_TIMERS] == []


async def test_an_ended_league_leaves_no_event_behind(tmp_path: Path) -> None:
    """People mark "Interested" in events: a league that ended takes its races' events away."""
    async with league(tmp_path) as t:
        await t.slash(t.alice, "league date weekly", **{"from": DAY}, time=TIME, zone=ZONE)
        assert len(t.fake.scheduled_events(t.guild)) == 3
        dana = t.member("dana", manage=True)
        asked = answer(await t.slash(dana, "league end"))
        await t.click(dana, asked, "heat:b:lgend:")
        await t.fake.wait_for(lambda: t.fake.scheduled_events(t.guild) == [])


def test_a_reserve_who_drove_already_is_reminded_once() -> None:
    """Carol, a reserve who stood in before, is a member of the league and still a reserve:
    one reminder for her; Bob said he cannot come: none for him."""
    settings = LeagueSettings(timer_seconds=600, no_show="reserve")
    record = LeagueRecord(1, 10, 20, "Cup", LeagueStatus.ACTIVE, settings, 1, 0.0, None, 0)
    members = [Member(1, "A", "Alice"), Member(2, "B", "Bob", "it"), Member(3, "C", "Carol")]
    league = League(record, members, new_season(SeasonConfig.preset(1961), [], 1))
    night = Night({}, {}, {1: (2,)}, (Reserve(1, 3, "Carol", "it"), Reserve(1, 4, "Dan", "it")))
    assert to_remind(league, night, 1) == {1: "en-US", 3: "en-US", 4: "it"}
    assert to_remind(league, night, 2) == {1: "en-US", 2: "it", 3: "en-US", 4: "it"}
