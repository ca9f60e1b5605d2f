"""A league's other cases on the fake Discord, each in a short league.

Bad input (someone else's draft button, an old prompt, a second click, a
non-admin's end or correction, a season that cannot be raced) gets a short
private answer and changes nothing. Also: the first picker's swap, the draft's
turn timer, a cancelled league race, and the champion role where the bot may
manage roles.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite

import data
from bot.discord.league_posts import LeaguePoster
from bot.discord.texts import t as t_
from tests.support.botdriver import Table, answer, custom_ids, table
from tests.support.botrace import mentioned
from tests.support.fakediscord import FakeMessage, FakeUser, Permission


async def league_row(t: Table) -> tuple[int, str, int]:
    """The league's season version, status and number of corrections."""
    async with aiosqlite.connect(t.database) as db:
        row = await (await db.execute("SELECT season_version, status FROM leagues")).fetchone()
        count = await (await db.execute("SELECT COUNT(*) FROM league_corrections")).fetchone()
    assert row is not None and count is not None
    return int(row[0]), str(row[1]), int(count[0])


async def league_with_a_draft(t: Table) -> tuple[FakeMessage, FakeUser]:
    """Alice's league, Bob in it, an AI driver; the first person's draft prompt and who picks."""
    await t.slash(
        t.alice,
        "league create",
        name="Cup",
        season="custom",
        tracks="espana:6,usa:3,espana:2",
        seats=3,
        fill="ai",
    )
    await t.slash(t.bob, "league join")
    await t.slash(t.alice, "league start-race")
    await t.fake.wait_for(lambda: "heat:b:lg:" in " ".join(t.public()[-1].custom_ids))
    prompt = t.public()[-1]
    pickers = mentioned(prompt, [t.alice, t.bob])
    assert len(pickers) == 1
    return prompt, pickers[0]


def pick_of(prompt: FakeMessage) -> str:
    return next(c for c in custom_ids(prompt) if c.startswith("heat:b:lg:"))


async def test_someone_elses_draft_button_is_refused_privately(tmp_path: Path) -> None:
    """Only the named picker's click counts; anyone else is told so and nothing changes."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        prompt, picker = await league_with_a_draft(t)
        other = t.bob if picker is t.alice else t.alice
        before = await league_row(t)
        for user in (other, t.cleo):
            said = answer(await t.click(user, prompt, pick_of(prompt)))
            assert said.ephemeral and not custom_ids(said)
        assert t.said_to(t.cleo)[-1] == "You do not drive in this league."
        assert await league_row(t) == before
        assert custom_ids(prompt), "the prompt still waits for its picker"


async def test_a_second_click_on_a_pick_is_stale(tmp_path: Path) -> None:
    """Two clicks at once on the same pick: one is made, the other is answered as stale."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        prompt, picker = await league_with_a_draft(t)
        before, _, _ = await league_row(t)
        choice = pick_of(prompt)
        first = await t.fake.click(picker, prompt, choice)
        second = await t.fake.click(picker, prompt, choice)
        await asyncio.gather(first.done(), second.done())
        answers = [answer(i).content for i in (first, second) if i.followups]
        assert answers == [t_("league_stale", picker.locale)]
        after, _, _ = await league_row(t)
        assert after > before, "the first click was made"


async def test_an_old_prompt_is_stale(tmp_path: Path) -> None:
    """A prompt asked again: once the newer one is answered, the older one changes nothing."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        old, picker = await league_with_a_draft(t)
        count = len(t.public())
        await t.slash(t.alice, "league start-race")  # asks the same picker again
        await t.wait_public(count + 1)
        new = t.public()[-1]
        assert pick_of(new) == pick_of(old)
        await t.click(picker, new, pick_of(new))
        before = await league_row(t)
        said = answer(await t.click(picker, old, pick_of(old)))
        assert said.ephemeral and said.content == t_("league_stale", picker.locale)
        assert await league_row(t) == before


async def test_only_an_admin_ends_or_corrects_and_the_end_keeps_an_export(tmp_path: Path) -> None:
    """Without Manage Server, end and correct are refused; with it, end asks first."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await t.slash(t.alice, "league create", name="Cup", season="1961")
        before = await league_row(t)
        refused = answer(await t.slash(t.alice, "league end"))
        assert (
            refused.ephemeral and refused.content == "Only someone with Manage Server can do that."
        )
        corrected = await t.slash(t.bob, "league correct", user=t.alice, points=5, reason="x")
        assert answer(corrected).content == "Solo chi può gestire il server può farlo."
        assert await league_row(t) == before

        dana = t.member("dana", manage=True)
        asked = answer(await t.slash(dana, "league end"))
        assert asked.ephemeral and "End the league **Cup**?" in asked.content
        assert await league_row(t) == before, "nothing ends before the confirmation"
        await t.click(dana, asked, "heat:b:lgend:")
        await t.fake.wait_for(lambda: "ended by" in t.public()[-1].content)
        ended = t.public()[-1]
        assert f"ended by <@{dana.id}>" in ended.content
        assert ended.attachments[0].filename.endswith(".json")
        assert (await league_row(t))[1] == "ended"
        gone = answer(await t.slash(t.alice, "league standings"))
        assert gone.ephemeral and gone.content == "There is no league in this channel."


async def test_the_champion_role_is_given_only_where_the_bot_may_manage_roles(
    tmp_path: Path,
) -> None:
    """With Manage Roles the bot makes the role, named in the server's language, and gives it;
    a server that changes language keeps the role it has; without, it says so in one line."""
    async with table(tmp_path / "heat.sqlite3") as t:
        t.fake.grant_bot(t.guild, Permission.MANAGE_ROLES)
        bot = await t.start()
        await t.slash(t.alice, "league create", name="Cup", season="1961")
        league = await bot.leagues.league_in(t.channel.id)
        poster = LeaguePoster(bot, bot.leagues)
        given = await poster._crown(league, t.bob.id, "it")
        assert given == f"<@{t.bob.id}> ora ha il ruolo **Campione Heat**."
        assert [r.name for r in t.guild.members[t.bob.id].roles] == ["Campione Heat"]
        given = await poster._crown(league, t.alice.id, "en-US")
        assert given == f"<@{t.alice.id}> now has the **Campione Heat** role."
        assert [r.name for r in t.guild.members[t.alice.id].roles] == ["Campione Heat"]
        assert [r.name for r in t.guild.roles.values()].count("Campione Heat") == 1

    async with table(tmp_path / "other.sqlite3") as t:
        bot = await t.start()
        await t.slash(t.alice, "league create", name="Cup", season="1961")
        league = await bot.leagues.league_in(t.channel.id)
        said = await LeaguePoster(bot, bot.leagues)._crown(league, t.alice.id, "it")
        assert (
            said == "Non posso gestire i ruoli su questo server, quindi nessun ruolo di campione."
        )
        assert t.guild.members[t.alice.id].roles == []
        assert not {"Heat Champion", "Campione Heat"} & {r.name for r in t.guild.roles.values()}


async def test_the_first_picker_swaps_an_upgrade_from_a_select(tmp_path: Path) -> None:
    """After the picks, the first picker is offered the swap: one select per upgrade owned,
    its options the market's cards left; the choice is made on the season."""
    async with table(tmp_path / "heat.sqlite3") as t:
        bot = await t.start()
        await t.slash(t.alice, "league create", name="Cup", season="1961", seats=2, fill="none")
        await t.slash(t.bob, "league join")
        await t.slash(t.alice, "league start-race")
        pickers = []
        for _ in range(2):
            await t.fake.wait_for(lambda: "heat:b:lg:" in _ids(t) and ".pick." in _ids(t))
            prompt = t.public()[-1]
            pickers += mentioned(prompt, [t.alice, t.bob])
            await t.click(pickers[-1], prompt, "heat:b:lg:")
            await t.fake.wait_for(lambda answered=prompt: not custom_ids(answered))
        first = pickers[0]
        await t.fake.wait_for(lambda: "heat:s:lgs:" in _ids(t))
        offer = t.public()[-1]
        assert f"<@{first.id}> — " in offer.content and ".keep" in _ids(t)
        league = await bot.leagues.league_in(t.channel.id)
        member = league.member(first.id)
        assert member is not None
        owned = league.season.driver(member.driver_id).upgrades
        select = next(c for c in custom_ids(offer) if c.startswith("heat:s:lgs:"))
        give = select.split(".", 1)[1]
        assert owned == (give,), "the first pick is the one upgrade owned"
        options = next(c for c in offer.walk_components() if c.get("custom_id") == select)
        take = options["options"][0]["value"]
        assert league.season.draft is not None and take in league.season.draft.market
        await t.select(first, offer, select, [take])
        await t.fake.wait_for(lambda: not custom_ids(offer))
        after = await bot.leagues.league_in(t.channel.id)
        assert after.season.driver(member.driver_id).upgrades == (take,)


def _ids(t: Table) -> str:
    return " ".join(t.public()[-1].custom_ids) if t.public() else ""


async def test_a_season_that_cannot_be_raced_is_refused_in_one_line(tmp_path: Path) -> None:
    """An unknown track or event, a track without its event, or too few races: one line in the
    reader's language (Bob's Italian), saying what is wrong with what was typed; no league."""
    tracks_known = ", ".join(data.track_ids())
    cases = {
        "usa:3,nowhere:1,italy:2": ("season_unknown_track", {"track": "'nowhere'"}),
        "usa:3,italy,france:2": ("season_no_event", {"entry": "italy"}),
        "usa:3,italy:2": ("season_too_few_races", {"least": 3, "races": 2}),
        "usa:3,italy:19,japan:1": ("season_unknown_event", {"event": 19, "events": 18}),
    }
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        for user in (t.alice, t.bob):
            for tracks, (key, values) in cases.items():
                said = answer(
                    await t.slash(user, "league create", name="Cup", season="custom", tracks=tracks)
                )
                expected = t_(key, user.locale, tracks=tracks_known, **values)
                assert said.ephemeral and said.content == expected
                assert "\n" not in said.content
        assert t_("season_no_event", "it", entry="x").startswith("`x`: indica per ogni pista")
        async with aiosqlite.connect(t.database) as db:
            row = await (await db.execute("SELECT COUNT(*) FROM leagues")).fetchone()
        assert row == (0,)
        assert not t.public()


async def test_espana_with_the_drivers_strike_is_refused_naming_both(tmp_path: Path) -> None:
    """España's one lap less one (event 3, BGA bug 197392) is never raced on a lap clamped to
    one: the season is refused in one ephemeral line naming the track and the event."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        tracks = "usa:2,espana:3,italy:4"
        said = answer(
            await t.slash(t.alice, "league create", name="Cup", season="custom", tracks=tracks)
        )
        assert said.ephemeral and "\n" not in said.content
        assert said.content.startswith("España cannot race event 3 (Drivers' strike): ")
        assert "would have 0 laps" in said.content
        italian = answer(
            await t.slash(t.bob, "league create", name="Cup", season="custom", tracks=tracks)
        )
        assert italian.content.startswith("Spagna non può correre l'evento 3 (Sciopero dei piloti)")
        async with aiosqlite.connect(t.database) as db:
            row = await (await db.execute("SELECT COUNT(*) FROM leagues")).fetchone()
        assert row == (0,)
        assert not t.public()


async def test_a_pickers_turn_timer_hands_the_pick_to_the_ai(tmp_path: Path) -> None:
    """The draft waits like any decision: when the league's timer runs out, the AI picks,
    the channel is told, and the other person is asked; even across a restart."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await t.slash(
            t.alice, "league create", name="Cup", season="1961", seats=2, fill="none", timer=1
        )
        await t.slash(t.bob, "league join")
        await t.slash(t.alice, "league start-race")
        await t.fake.wait_for(lambda: ".pick." in _ids(t))
        prompt = t.public()[-1]
        late = mentioned(prompt, [t.alice, t.bob])[0]
        other = t.bob if late is t.alice else t.alice
        before, _, _ = await league_row(t)
        bot = await t.restart()  # the timer is a stored row: a restart keeps it
        await bot.caught_up()
        t.clock.now += 30
        assert await bot.scheduler.run_due(t.clock.now) == 0, "not before the timer runs out"
        assert (await league_row(t))[0] == before
        t.clock.now += 60
        assert await bot.scheduler.run_due(t.clock.now) == 1
        assert any("Time ran out for" in m.content for m in t.public())
        await t.fake.wait_for(lambda: ".pick." in _ids(t) and t.public()[-1] is not prompt)
        assert mentioned(t.public()[-1], [t.alice, t.bob]) == [other]
        assert (await league_row(t))[0] == before + 1
        said = answer(await t.click(late, prompt, pick_of(prompt)))
        assert said.ephemeral and said.content == t_("league_stale", late.locale)


async def test_a_cancelled_league_race_never_scores_and_runs_again(tmp_path: Path) -> None:
    """/heat cancel stops the league's race with no points; start-race runs race 1 anew, in a
    thread of its own (the cancel archived the one its draft and first run had)."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await t.slash(
            t.alice,
            "league create",
            name="Cup",
            season="custom",
            tracks="espana:6,espana:2,espana:7",
            seats=2,
            fill="ai",
        )
        for attempt in (1, 2):
            await t.slash(t.alice, "league start-race")
            while "heat:b:hand:" not in _ids(t):
                await t.fake.wait_for(lambda: "heat:b:lg:" in _ids(t) or "heat:b:hand:" in _ids(t))
                if "heat:b:lg:" in _ids(t):
                    prompt = t.public()[-1]
                    await t.click(t.alice, prompt, "heat:b:lg:")
                    await t.fake.wait_for(lambda answered=prompt: not custom_ids(answered))
            assert f"heat:b:hand:{attempt}:" in _ids(t), "a new bot race each time"
            threads = t.threads()
            assert len(threads) == attempt and t.public()[-1].channel_id == threads[-1].id
            assert threads[-1].name == f"Heat · España · #{attempt}"
            if attempt == 1:
                await t.slash(t.alice, "heat cancel")
        async with aiosqlite.connect(t.database) as db:
            query = "SELECT COUNT(*) FROM league_points"
            assert await (await db.execute(query)).fetchone() == (0,)
            statuses = await (await db.execute("SELECT status FROM races ORDER BY id")).fetchall()
        assert statuses == [("cancelled",), ("running",)]
        assert not any("is scored" in m.content for m in t.public())


async def test_a_draft_prompt_the_channel_refused_is_asked_again_by_start_race(
    tmp_path: Path,
) -> None:
    """A pick is stored but the race's thread refuses the bot's posts (no Send Messages in
    Threads), so the next picker is not asked: once the bot may post again, /league
    start-race asks them.

    A crash between the pick and its prompt loses nothing (the prompt waits in the
    outbox, see test_posts_after_a_stop); a channel that refuses the bot drops the
    post, as a race's, and the turn timer would hand the pick to the AI.
    """
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        prompt, picker = await league_with_a_draft(t)
        other = t.bob if picker is t.alice else t.alice
        before, _, _ = await league_row(t)
        refused = len(t.fake.rejections)
        t.fake.deny_bot_permissions(t.channel, Permission.SEND_MESSAGES_IN_THREADS)
        await t.click(picker, prompt, pick_of(prompt))
        # The picks made and the next prompt: both refused.
        await t.fake.wait_for(lambda: len(t.fake.rejections) >= refused + 2)
        assert (await league_row(t))[0] > before, "the pick is stored"
        assert t.public()[-1] is prompt, "and nothing reached the thread"
        t.fake.set_overwrite(t.channel, t.fake.bot_user)  # the bot may post again
        await t.slash(t.alice, "league start-race")
        await t.fake.wait_for(lambda: t.public()[-1] is not prompt)
        asked = t.public()[-1]
        assert mentioned(asked, [t.alice, t.bob]) == [other]
        picked, _, _ = await league_row(t)
        await t.click(other, asked, pick_of(asked))
        assert (await league_row(t))[0] > picked, "the prompt asked again works"
