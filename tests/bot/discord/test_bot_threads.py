"""A thread per race, on the fake Discord: the race runs in a thread started from its lobby,
the channel keeps the lobby, one line at the start and the result."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from bot.discord.texts import t as text
from tests.support.botdriver import Table, answer, custom_ids, table
from tests.support.botrace import open_lobby, plan, race_to_the_flag, two_driver_race
from tests.support.fakediscord import FakeChannel, FakeMessage, Permission
from tests.support.fakediscord.models import ChannelType, Overwrite


def the_thread(t: Table) -> FakeChannel:
    [thread] = t.threads()
    return thread


def in_thread(t: Table, thread: FakeChannel) -> list[FakeMessage]:
    return t.fake.channel_messages(thread)


async def stored_thread(t: Table) -> int | None:
    async with aiosqlite.connect(t.database) as db:
        row = await (await db.execute("SELECT thread_id FROM races")).fetchone()
    assert row is not None
    return None if row[0] is None else int(row[0])


async def test_a_race_runs_in_its_thread_and_the_channel_keeps_three_messages(
    tmp_path: Path,
) -> None:
    """Boards and prompts go to the thread (its drivers added, commands work there); the
    channel shows the lobby, a line linking the thread, then the result; the thread is
    archived after it."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await two_driver_race(t)
        thread = the_thread(t)
        lobby = t.in_channel()[0]
        assert thread.type is ChannelType.PUBLIC_THREAD and thread.parent_id == t.channel.id
        assert thread.id == lobby.id, "started from the lobby message"
        assert thread.name == "Heat · USA · #1"
        await t.fake.wait_for(lambda: {t.alice.id, t.bob.id} <= thread.members)
        assert board.channel_id == thread.id
        assert await stored_thread(t) == thread.id
        line = t.in_channel()[-1]
        assert f"<#{thread.id}>" in line.content and not line.attachments

        status = await t.fake.slash(t.bob, thread, "heat status")
        await status.done()
        assert "1" in answer(status).content and answer(status).ephemeral
        hand = await t.fake.slash(t.alice, thread, "heat hand")
        await hand.done()
        assert answer(hand).components, "the hand opens from inside the thread"

        await race_to_the_flag(t, {}, live=None)
        channel = t.in_channel()
        assert len(channel) == 3, [m.content for m in channel]
        assert channel[0] is lobby and channel[1] is line
        assert "Chequered flag" in channel[2].content and channel[2].attachments
        boards = [m for m in in_thread(t, thread) if m.attachments]
        assert len(boards) >= 2 and all(m.channel_id == thread.id for m in boards)
        await t.fake.wait_for(lambda: thread.archived)


async def test_after_a_restart_the_race_goes_on_in_its_thread(tmp_path: Path) -> None:
    """A restart mid-round: an old hand's buttons still play, and the next board is posted
    in the thread; the channel gets nothing more."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await two_driver_race(t)
        thread = the_thread(t)
        await plan(t, t.alice, board, None)
        bob_hand = answer(await t.click(t.bob, board, "heat:b:hand:"))
        in_channel = len(t.in_channel())
        count = len(in_thread(t, thread))
        await t.restart()
        await t.click(t.bob, bob_hand, "heat:b:sug:")
        await t.click(t.bob, bob_hand, "heat:b:go:")
        await t.fake.wait_for(lambda: len(in_thread(t, thread)) > count)
        assert "Round 1" in in_thread(t, thread)[count].content
        assert len(t.in_channel()) == in_channel
        assert len(t.threads()) == 1


async def test_where_the_bot_may_not_start_a_thread_the_race_runs_in_the_channel(
    tmp_path: Path,
) -> None:
    """No Create Public Threads in the channel: the race runs there, and its first board
    tells the host why in one line."""
    async with table(tmp_path / "heat.sqlite3") as t:
        t.fake.deny_bot_permissions(t.channel, Permission.CREATE_PUBLIC_THREADS)
        await t.start()
        board = await two_driver_race(t)
        assert t.threads() == [] and await stored_thread(t) is None
        assert board.channel_id == t.channel.id
        why = text("thread_refused", "en-US", host=t.alice.id, permissions="Create Public Threads")
        assert board.content.splitlines()[0] == why


async def test_a_refused_thread_start_falls_back_to_the_channel(tmp_path: Path) -> None:
    """Discord refuses the thread with 403 (the permission was taken after the bot read it):
    the race still starts, in the channel, and says why."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        lobby = await open_lobby(t, seats=3, fill="legends")
        await t.click(t.bob, lobby, "heat:b:join:")
        bot = t.fake.bot_user
        # Changed without telling the bot (no CHANNEL_UPDATE): only Discord's answer says so.
        t.channel.overwrites[bot.id] = Overwrite(bot.id, 1, deny=Permission.CREATE_PUBLIC_THREADS)
        await t.click(t.alice, lobby, "heat:b:start:")
        await t.wait_started()
        assert t.threads() == []
        [refused] = [r for r in t.fake.rejections if r.path.endswith("/threads")]
        assert (refused.error.status, refused.error.code) == (403, 50013)
        board = t.latest_with("heat:b:hand:")
        assert board.channel_id == t.channel.id
        assert board.content.startswith(f"<@{t.alice.id}>")


async def test_a_server_turns_threads_off(tmp_path: Path) -> None:
    """/heat settings threads:False (Manage Server): races run in the channel as before,
    with no line about threads; someone without Manage Server is refused."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        refused = answer(await t.slash(t.alice, "heat settings", threads=False))
        assert refused.ephemeral and refused.content == text("needs_manage_server", "en-US")
        admin = t.member("admin", manage=True)
        saved = answer(await t.slash(admin, "heat settings", threads=False))
        assert "a thread per race: off" in saved.content
        board = await two_driver_race(t)
        assert t.threads() == [] and board.channel_id == t.channel.id
        assert "thread" not in board.content
        assert len(t.in_channel()) == 2, "the lobby and the first board, as before"
        assert custom_ids(board)
