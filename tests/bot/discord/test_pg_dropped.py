"""The real bot on PostgreSQL through the fake Discord: the connection drops as a driver confirms.

The driver is told to try again, nothing of the plan is stored, and the next
click works: the store's pool has reconnected by itself.
"""

from __future__ import annotations

import asyncpg

from bot.discord.texts import t as text
from tests.support.botdriver import answer, custom_id, table
from tests.support.pgraces import blocked_by, end_blocked, eventually


async def test_a_driver_confirming_while_the_database_drops_is_asked_to_try_again(
    pg_url: str,
) -> None:
    async with table(pg_url) as t:  # a postgresql:// URL is a database too
        await t.start()
        await t.slash(t.alice, "heat new", track="usa", laps=1, seats=2, fill="none")
        lobby = t.latest_with("heat:b:join:")
        await t.click(t.bob, lobby, "heat:b:join:")
        await t.click(t.alice, lobby, "heat:b:start:")
        await t.wait_started()
        board = t.latest_with("heat:b:hand:")
        hand = answer(await t.click(t.alice, board, "heat:b:hand:"))
        await t.click(t.alice, hand, "heat:b:sug:")
        admin = await asyncpg.connect(pg_url)
        try:
            async with admin.transaction():
                await admin.execute("SELECT 1 FROM races FOR UPDATE")
                confirm = await t.fake.click(t.alice, hand, custom_id(hand, "heat:b:go:"))
                await eventually(lambda: _one_waiting(admin), "the confirm waits to write the race")
                await end_blocked(admin)
            await confirm.done()
            assert answer(confirm).content == text("try_again", "en-US")
            assert await admin.fetchval("SELECT count(*) FROM decisions") == 0
            again = await t.click(t.alice, hand, "heat:b:go:")
            assert answer(again).content.startswith("Plan locked")
            assert await admin.fetchval("SELECT count(*) FROM decisions") == 1
        finally:
            await admin.close()
        await t.stop()


async def _one_waiting(admin: asyncpg.Connection) -> bool:
    return await blocked_by(admin) >= 1
