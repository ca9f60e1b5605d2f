"""Who may change a league or a race, on the fake Discord: a refusal is one private line.

Someone in the channel but not in the league once started its race: the AI
filled a seat and the draft opened in public. Now only the league's drivers,
or someone with Manage Server, may.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from bot.discord.texts import t as text
from tests.support.botdriver import Table, answer, table


async def stored(t: Table) -> tuple[object, ...]:
    """The league's season version and the races the bot holds: what a start would change."""
    async with aiosqlite.connect(t.database) as db:
        league = await (await db.execute("SELECT season_version FROM leagues")).fetchall()
        races = await (await db.execute("SELECT id, status FROM races")).fetchall()
    return tuple(map(tuple, league)), tuple(map(tuple, races))


async def test_only_the_leagues_drivers_or_a_manager_start_its_race(tmp_path: Path) -> None:
    """Cleo (no driver of the league) is refused in private and nothing is stored or posted;
    an admin who does not drive may start it, and the draft opens."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await t.slash(t.alice, "league create", name="Cup", season="random", seats=3, fill="ai")
        before, posted = await stored(t), len(t.public())

        refused = answer(await t.slash(t.cleo, "league start-race"))
        assert refused.ephemeral
        assert refused.content == text("league_not_member_or_manager", "en-US")
        assert "\n" not in refused.content, "one line"
        assert await stored(t) == before and len(t.public()) == posted

        admin = t.member("admin", manage=True)
        started = answer(await t.slash(admin, "league start-race"))
        assert started.ephemeral and started.content == "🏁"
        await t.fake.wait_for(lambda: "heat:b:lg:" in " ".join(t.public()[-1].custom_ids))
        assert f"<@{t.alice.id}>" in t.public()[-1].content, "Alice, the one person, picks"
