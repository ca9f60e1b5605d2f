"""Being told when it is your turn (/heat notify), on the fake Discord: a mention in the race's
thread (the default), a direct message with the "Open my hand" button, or nothing."""

from __future__ import annotations

from pathlib import Path

from bot.discord.texts import t as text
from tests.support.botdriver import Table, answer, custom_ids, table
from tests.support.botrace import open_lobby, plan
from tests.support.fakediscord import FakeMessage, FakeUser


async def race_of_three(t: Table, **options: object) -> FakeMessage:
    """Alice hosts, Bob and Cleo join, a Legend fills the fourth seat; the first board."""
    lobby = await open_lobby(t, seats=4, fill="legends", **options)
    await t.click(t.bob, lobby, "heat:b:join:")
    await t.click(t.cleo, lobby, "heat:b:join:")
    await t.click(t.alice, lobby, "heat:b:start:")
    await t.wait_started()
    return t.latest_with("heat:b:hand:")


def dms(t: Table, user: FakeUser) -> list[FakeMessage]:
    return t.fake.dm_messages(user)


async def test_each_driver_is_called_the_way_they_chose(tmp_path: Path) -> None:
    """Bob chose a direct message: the board names him unmentioned and his DM's button opens
    his hand, from which he plans; Cleo chose nothing: named, no mention, no DM; Alice keeps
    the default mention."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        saved = answer(await t.slash(t.bob, "heat notify", how="dm"))
        assert saved.ephemeral
        assert saved.content == text("notify_saved", "it", how=text("notify_dm", "it"))
        await t.slash(t.cleo, "heat notify", how="off")
        shown = answer(await t.slash(t.cleo, "heat notify"))
        assert shown.content == text("notify_saved", "en-US", how=text("notify_off", "en-US"))

        board = await race_of_three(t)
        [thread] = t.threads()
        assert f"<@{t.alice.id}>" in board.content
        assert f"<@{t.bob.id}>" not in board.content and "bob" in board.content
        assert f"<@{t.cleo.id}>" not in board.content and "cleo" in board.content
        assert dms(t, t.cleo) == [] and dms(t, t.alice) == []
        [dm] = dms(t, t.bob)
        assert f"<#{thread.id}>" in dm.content and "pianifica il round 1" in dm.content
        assert any(cid.startswith("heat:b:hand:") for cid in custom_ids(dm))

        count = len(t.public())
        await plan(t, t.alice, board, None)
        await plan(t, t.cleo, board, None)
        await plan(t, t.bob, dm, None)  # from the button in his DMs
        await t.wait_public(count + 1)
        assert "Round 1" in t.public()[-1].content, "Bob's plan from his DMs counted"
        await t.fake.wait_for(lambda: len(dms(t, t.bob)) == 2)


async def test_reminders_follow_the_setting(tmp_path: Path) -> None:
    """An async race waits on Bob (DM) and Cleo (nothing): Bob's reminder comes to his DMs,
    Cleo gets none, and the thread mentions neither."""
    async with table(tmp_path / "heat.sqlite3") as t:
        bot = await t.start()
        await t.slash(t.bob, "heat notify", how="dm")
        await t.slash(t.cleo, "heat notify", how="off")
        board = await race_of_three(t, mode="async", timer=60)
        await plan(t, t.alice, board, None)
        count = len(t.public())
        t.clock.now += 60 * 60 * 0.8
        bot.scheduler.wake()
        await t.fake.wait_for(lambda: len(dms(t, t.bob)) == 2)
        reminder = dms(t, t.bob)[-1]
        assert "guida l'IA" in reminder.content, "the reminder, in Bob's Italian"
        assert any(cid.startswith("heat:b:hand:") for cid in custom_ids(reminder))
        assert await bot.scheduler.run_due(t.clock.now) == 0, "each wait is reminded once"
        after = t.public()[count:]
        assert not any(
            f"<@{t.bob.id}>" in m.content or f"<@{t.cleo.id}>" in m.content for m in after
        )


async def test_closed_dms_fall_back_to_the_mention_once(tmp_path: Path) -> None:
    """Bob chose DMs but closed them: Discord refuses (50007), so the board mentions him, with
    one line saying why, and nothing is sent twice."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await t.slash(t.bob, "heat notify", how="dm")
        t.bob.dms_open = False
        board = await race_of_three(t)
        assert f"<@{t.bob.id}>" in board.content
        failed = text("dm_failed", "it", user=t.bob.id)
        assert board.content.splitlines().count(failed) == 1
        assert [r.error.code for r in t.fake.rejections] == [50007]
        assert dms(t, t.bob) == []
