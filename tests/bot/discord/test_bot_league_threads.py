"""A league race in a thread, its draft included, on the fake Discord: the channel keeps one
line when the race starts, its result and the standings."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

import data
from bot.discord.texts import t as text
from tests.support.botdriver import Table, answer, custom_ids, table
from tests.support.botleague import draft
from tests.support.botrace import race_to_the_flag
from tests.support.fakediscord import FakeChannel, FakeMessage, Permission
from tests.support.fakediscord.models import ChannelType

LEAGUE = "Club Cup"
TRACKS = "espana:6,usa:3,espana:2"


async def league_of_two(t: Table) -> None:
    """Alice's three-race league, Bob in it, an AI driver filling the third seat."""
    await t.slash(
        t.alice, "league create", name=LEAGUE, season="custom", tracks=TRACKS, seats=3, fill="ai"
    )
    await t.slash(t.bob, "league join")


async def start_race(t: Table) -> FakeMessage:
    """/league start-race: the first draft prompt, once posted."""
    started = await t.slash(t.alice, "league start-race")
    assert answer(started).content == "🏁"
    await t.fake.wait_for(
        lambda: any(c.startswith("heat:b:lg:") for c in t.public()[-1].custom_ids)
    )
    return t.public()[-1]


def the_thread(t: Table) -> FakeChannel:
    [thread] = t.threads()
    return thread


def draft_posts(t: Table) -> list[FakeMessage]:
    """The market pictures, one per prompt, and the lines saying who took what."""
    return [
        m
        for m in t.public()
        if " took " in m.content or any(a.filename.startswith("league-") for a in m.attachments)
    ]


def heading(race_no: int) -> dict[str, str | int]:
    """Race ``race_no`` as the league's lines name it, from the season's own files."""
    track, event = TRACKS.split(",")[race_no - 1].split(":")
    return {
        "race": race_no,
        "name": LEAGUE,
        "track": data.track(track).name,
        "event": int(event),
        "title": data.championship().event(int(event)).title,
    }


async def stored_threads(t: Table) -> tuple[list[int | None], list[int | None]]:
    """The threads stored for the league's races, and for the bot's races."""
    async with aiosqlite.connect(t.database) as db:
        league = await (await db.execute("SELECT thread_id FROM league_races")).fetchall()
        races = await (await db.execute("SELECT thread_id FROM races ORDER BY id")).fetchall()
    return [row[0] for row in league], [row[0] for row in races]


async def test_a_league_race_runs_its_draft_and_its_race_in_one_thread(tmp_path: Path) -> None:
    """The draft's prompts and picks go to a thread started from one line in the league's
    channel (its drivers added, the line linking it); the race follows in the same thread,
    named like every race's; the channel gains that line, the result and the standings."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await league_of_two(t)
        before = len(t.in_channel())
        prompt = await start_race(t)
        thread = the_thread(t)
        assert thread.type is ChannelType.PUBLIC_THREAD and thread.parent_id == t.channel.id
        assert prompt.channel_id == thread.id, "the draft prompt is in the race's thread"
        line = t.in_channel()[before]
        assert thread.id == line.id, "started from the channel's line"
        assert thread.name == f"Heat · España · {LEAGUE} 1/3"
        await t.fake.wait_for(lambda: {t.alice.id, t.bob.id} <= thread.members)
        linked = text("league_thread_line", "en-US", **heading(1), thread=f"<#{thread.id}>")
        await t.fake.wait_for(lambda: line.content == linked)

        schedule = await t.fake.slash(t.bob, thread, "league schedule")
        await schedule.done()
        said = answer(schedule)
        assert said.ephemeral and LEAGUE in said.content, "/league works inside the thread"

        await draft(t)
        asked = {
            user: text("league_draft", "en-US", user=user.id, race=1) for user in (t.alice, t.bob)
        }
        said = [m.content for m in t.public()]
        assert asked[t.bob] in said, "Bob reads Italian, but his prompt is public: the server's"
        assert asked[t.alice] in said
        assert text("league_draft", "it", user=t.bob.id, race=1) not in said
        board = t.latest_with("heat:b:hand:")
        assert board.channel_id == thread.id, "the race follows in the draft's thread"
        assert t.threads() == [thread] and thread.name == "Heat · España · #1"
        posts = draft_posts(t)
        assert len(posts) >= 3 and {m.channel_id for m in posts} == {thread.id}
        assert len(t.in_channel()) == before + 1, [m.content for m in t.in_channel()[before:]]
        league_ids, race_ids = await stored_threads(t)
        assert league_ids == race_ids == [thread.id]

        await race_to_the_flag(t, {}, live=None)
        scored = f"Race 1 of **{LEAGUE}** is scored."
        await t.fake.wait_for(lambda: any(scored in m.content for m in t.in_channel()))
        channel = t.in_channel()[before:]
        assert len(channel) == 3, [m.content for m in channel]
        assert channel[0] is line
        assert "Chequered flag" in channel[1].content and channel[1].attachments
        assert scored in channel[2].content and channel[2].attachments
        await t.fake.wait_for(lambda: thread.archived)


async def test_a_restart_in_the_draft_keeps_it_in_its_thread(tmp_path: Path) -> None:
    """The bot restarts while a prompt waits: the old prompt's button still picks, and the
    rest of the draft and the race go on in the same thread; no second line or thread."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await league_of_two(t)
        before = len(t.in_channel())
        await start_race(t)
        thread = the_thread(t)
        assert await draft(t, restart=True) >= 2
        assert t.threads() == [thread]
        assert {m.channel_id for m in draft_posts(t)} == {thread.id}
        assert t.latest_with("heat:b:hand:").channel_id == thread.id
        assert len(t.in_channel()) == before + 1


async def test_where_threads_are_refused_the_draft_runs_in_the_channel(tmp_path: Path) -> None:
    """No Create Public Threads: the draft and the race run in the channel as before, and the
    draft's first post tells the league's creator why, once."""
    async with table(tmp_path / "heat.sqlite3") as t:
        t.fake.deny_bot_permissions(t.channel, Permission.CREATE_PUBLIC_THREADS)
        await t.start()
        await league_of_two(t)
        prompt = await start_race(t)
        assert t.threads() == [] and prompt.channel_id == t.channel.id
        why = text("thread_refused", "en-US", host=t.alice.id, permissions="Create Public Threads")
        first = next(m for m in t.in_channel() if m.content.startswith(why))
        await draft(t)
        board = t.latest_with("heat:b:hand:")
        assert board.channel_id == t.channel.id and custom_ids(board)
        assert [m for m in t.in_channel() if why in m.content] == [first], "told once"
        assert (await stored_threads(t)) == ([0], [0])


async def test_with_threads_off_the_draft_runs_in_the_channel_without_a_word(
    tmp_path: Path,
) -> None:
    """/heat settings threads:False: the draft and the race run in the channel, no thread
    started, nothing said about threads."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        admin = t.member("admin", manage=True)
        await t.slash(admin, "heat settings", threads=False)
        await league_of_two(t)
        prompt = await start_race(t)
        assert prompt.channel_id == t.channel.id
        await draft(t)
        assert t.latest_with("heat:b:hand:").channel_id == t.channel.id
        assert t.threads() == []
        assert not any("thread" in m.content for m in t.in_channel())
