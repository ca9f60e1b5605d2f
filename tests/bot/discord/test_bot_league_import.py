"""``/league import`` on the fake Discord: a league ended with ``/league end`` comes back in
another server's channel with the same standings; a person without Manage Server, a forged
file or a channel with a league gets one private line, and nothing is stored."""

from __future__ import annotations

import json
from pathlib import Path

import aiosqlite

from tests.support.botdriver import Table, answer, table
from tests.support.botleague import draft
from tests.support.botrace import race_to_the_flag
from tests.support.fakediscord import FakeMessage, StoredAttachment

LEAGUE = "Club Cup"
POSTED_S = 60.0
"""A ceiling far above a post's second, for a loaded machine: the wait ends with the post."""


async def end_league(t: Table) -> StoredAttachment:
    """An admin ends the channel's league; the export file it posts."""
    dana = t.member("dana", manage=True)
    asked = answer(await t.slash(dana, "league end"))
    await t.click(dana, asked, "heat:b:lgend:")
    await t.fake.wait_for(lambda: "ended by" in t.public()[-1].content, POSTED_S)
    [export] = t.public()[-1].attachments
    return export


async def league_one_race_in(t: Table) -> FakeMessage:
    """Alice's and Bob's league with an AI driver, race 1 scored, a correction; its standings."""
    create = {"name": LEAGUE, "season": "custom", "tracks": "espana:6,usa:3,espana:2"}
    await t.slash(t.alice, "league create", **create, seats=3, fill="ai")
    await t.slash(t.bob, "league join")
    await t.slash(t.alice, "league start-race")
    await draft(t)
    await race_to_the_flag(t, {}, live=None)
    scored = f"Race 1 of **{LEAGUE}** is scored."
    await t.fake.wait_for(lambda: any(scored in m.content for m in t.public()), POSTED_S)
    admin = t.member("olga", manage=True)
    await t.slash(admin, "league correct", user=t.bob, points=3, reason="a recount")
    await t.slash(t.cleo, "league standings")
    return t.public()[-1]  # the standings are posted in the channel


async def leagues_stored(t: Table) -> int:
    async with aiosqlite.connect(t.database) as db:
        row = await (await db.execute("SELECT COUNT(*) FROM leagues")).fetchone()
    assert row is not None
    return int(row[0])


async def test_an_ended_league_is_imported_in_another_server_with_its_standings(
    tmp_path: Path,
) -> None:
    """The export ``/league end`` posted, imported elsewhere: same table, same stats, same races."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        standings = await league_one_race_in(t)
        stats = answer(await t.slash(t.cleo, "heat stats", user=t.alice)).content
        export = await end_league(t)

        guild = t.fake.add_guild("Other Club")
        channel = t.fake.add_text_channel(guild, "cups")
        erin = t.fake.add_user("erin")
        t.fake.add_member(guild, erin, manage_guild=True)
        done = await t.fake.slash(erin, channel, "league import", file=export)
        await done.done()
        assert answer(done).content == "✅" and answer(done).ephemeral
        said = t.fake.channel_messages(channel)[-1]
        assert said.content == (
            f"League **{LEAGUE}** imported by <@{erin.id}>: 1 of 3 races scored;"
            " the races to come are dealt anew. `/league standings` shows the table."
        )
        shown = await t.fake.slash(erin, channel, "league standings")
        await shown.done()
        posted = t.fake.channel_messages(channel)[-1]
        assert standings.attachments, "the last channel message is the standings picture"
        assert posted.content == standings.content
        assert posted.attachments[0].data == standings.attachments[0].data
        again = await t.fake.slash(erin, channel, "heat stats", user=t.alice)
        await again.done()
        assert answer(again).content == stats
        schedule = await t.fake.slash(erin, channel, "league schedule")
        await schedule.done()
        assert answer(schedule).content.count(" (run)") == 1
        assert await leagues_stored(t) == 2
        gone = answer(await t.slash(t.alice, "league standings"))
        assert gone.content == "There is no league in this channel.", "only the new channel has it"


async def test_only_an_admin_imports_a_real_export_into_a_free_channel(tmp_path: Path) -> None:
    """Without Manage Server, with a forged file, or where a league runs: one private line."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await t.slash(t.alice, "league create", name=LEAGUE, season="1961")
        export = await end_league(t)
        assert await leagues_stored(t) == 1

        refused = answer(await t.slash(t.alice, "league import", file=export))
        assert refused.ephemeral
        assert refused.content == "Only someone with Manage Server can do that."

        forged = json.loads(export.data)
        forged["settings"]["ai_level"] = "godlike"
        upload = t.fake.upload(t.channel, "forged.json", json.dumps(forged).encode())
        admin = t.member("olga", manage=True)
        refused = answer(await t.slash(admin, "league import", file=upload))
        assert refused.ephemeral and refused.content == (
            "This file is not a league export the bot can import (bad league export:"
            " settings.ai_level: unknown AI level 'godlike'"
            " (known: rookie, pro, expert, champion))."
        )
        text = t.fake.upload(t.channel, "notes.txt", b"my notes")
        refused = answer(await t.slash(admin, "league import", file=text))
        assert refused.content.startswith("This file is not a league export the bot can import")
        assert "\n" not in refused.content
        assert await leagues_stored(t) == 1

        await t.slash(t.alice, "league create", name="Busy", season="1962")
        refused = answer(await t.slash(admin, "league import", file=export))
        assert refused.content == "This channel already has a league. `/league end` it first."
        assert await leagues_stored(t) == 2
