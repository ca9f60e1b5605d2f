"""The real bot on the real discord.py client, against the fake Discord: whole races."""

from __future__ import annotations

import re
from pathlib import Path

import aiosqlite
import pytest

import engine
from engine.notation import load_state
from tests.support.botdriver import Table, answer, custom_ids, table
from tests.support.botrace import (
    PNG,
    mentioned,
    open_lobby,
    plan,
    race_to_the_flag,
    stored_state,
    two_driver_race,
)
from tests.support.fakediscord.message_limits import MAX_CONTENT


async def test_three_drivers_and_a_legend_race_to_the_hall_of_fame(tmp_path: Path) -> None:
    """From /heat new to the Hall of Fame: AI reactions, standing orders, live prompts."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        lobby = await open_lobby(t, seats=4, fill="legends")
        await t.slash(t.bob, "heat join")
        await t.click(t.cleo, lobby, "heat:b:join:")
        drivers = lobby.embeds[0]["description"]
        assert all(f"<@{user.id}>" in drivers for user in (t.alice, t.bob, t.cleo))
        await t.click(t.alice, lobby, "heat:b:start:")
        await t.wait_started()
        started = t.latest_with("heat:b:hand:")
        assert started.attachments[0].data.startswith(PNG)
        # The board's words ride beside it: one field per car (issue 22 point 2).
        fields = started.embeds[0]["fields"]
        assert len(fields) == 4 and all(" · " in field["name"] for field in fields)
        assert set(mentioned(started, [t.alice, t.bob, t.cleo])) == {t.alice, t.bob, t.cleo}

        orders = {t.alice.id: None, t.bob.id: ["live"], t.cleo.id: ["boost", "slipstream"]}
        rounds = await race_to_the_flag(t, orders, live=t.bob)

        finish = t.public()[-1]
        assert finish.attachments[0].data.startswith(PNG)
        boards = [m for m in t.public() if m.attachments and "Round" in m.content]
        assert len(boards) >= rounds
        assert all(not i.failed and i.ack_type is not None for i in t.fake.interactions)
        assert any(text.startswith("Sei dentro") for text in t.said_to(t.bob))

        async with aiosqlite.connect(t.database) as db:
            row = await (await db.execute("SELECT initial, state, status FROM races")).fetchone()
            log = [
                r[0]
                for r in await (
                    await db.execute("SELECT decision FROM decisions ORDER BY seq")
                ).fetchall()
            ]
        assert row is not None and row[2] == "finished"
        final = load_state(row[1])
        assert engine.pending(final) is None
        assert engine.replay(load_state(row[0]), map(engine.parse_decision, log)) == final
        assert sorted(car.finished for car in final.cars) == [1, 2, 3, 4]
        public_text = " ".join(m.content for m in t.public())
        assert "Hand:" not in public_text and "deck" not in public_text


def t_stale(locale: str) -> str:
    from bot.discord.texts import t

    return t("stale", locale)


async def stored(t: Table) -> tuple[int, str]:
    """The stored race's version and state, to prove bad input changed nothing."""
    async with aiosqlite.connect(t.database) as db:
        row = await (await db.execute("SELECT version, COALESCE(state, '') FROM races")).fetchone()
    assert row is not None
    return int(row[0]), str(row[1])


async def test_a_restart_mid_round_loses_nothing_and_old_buttons_still_work(tmp_path: Path) -> None:
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await two_driver_race(t)
        await plan(t, t.alice, board, None)
        bob_hand = answer(await t.click(t.bob, board, "heat:b:hand:"))
        before = await stored(t)
        await t.restart()
        assert await stored(t) == before
        count = len(t.public())
        await t.click(t.bob, bob_hand, "heat:b:sug:")
        await t.click(t.bob, bob_hand, "heat:b:go:")
        await t.wait_public(count + 1)
        assert "Round 1" in t.public()[-1].content
        version, _ = await stored(t)
        assert version > before[0]


async def test_timers_remind_once_then_the_ai_drives(tmp_path: Path) -> None:
    async with table(tmp_path / "heat.sqlite3") as t:
        bot = await t.start()
        board = await two_driver_race(t, mode="async", timer=60)
        await plan(t, t.alice, board, None)
        count = len(t.public())
        t.clock.now += 60 * 60 * 0.8
        bot.scheduler.wake()
        await t.wait_public(count + 1)
        reminder = t.public()[-1]
        assert f"<@{t.bob.id}>" in reminder.content
        assert "guida l'IA" in reminder.content, "addressed to Bob, in Bob's Italian"
        assert await bot.scheduler.run_due(t.clock.now) == 0, "a wait is reminded once"
        t.clock.now += 60 * 60
        bot.scheduler.wake()
        await t.fake.wait_for(lambda: any("Round 1" in m.content for m in t.public()))
        assert any("Time ran out for bob" in m.content for m in t.public())


async def test_timers_are_rearmed_after_a_restart(tmp_path: Path) -> None:
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await two_driver_race(t, mode="async", timer=60)
        bot = await t.restart()
        t.clock.now += 2 * 60 * 60
        bot.scheduler.wake()
        await t.fake.wait_for(lambda: any("Round 1" in m.content for m in t.public()))


async def test_bad_lobby_input_gets_a_short_private_answer(tmp_path: Path) -> None:
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        lobby = await open_lobby(t, seats=2, fill="none")
        before = await stored(t)
        second = await t.slash(t.bob, "heat new", track="france")
        assert answer(second).ephemeral and "c'è già una gara" in answer(second).content
        alone = await t.click(t.alice, lobby, "heat:b:start:")
        assert "need a rival" in answer(alone).content
        await t.click(t.bob, lobby, "heat:b:join:")
        twice = await t.click(t.bob, lobby, "heat:b:join:")
        assert "Sei già in questa gara" in answer(twice).content
        full = await t.click(t.cleo, lobby, "heat:b:join:")
        assert "full" in answer(full).content
        not_host = await t.click(t.bob, lobby, "heat:b:start:")
        assert "Solo chi ospita" in answer(not_host).content
        export = await t.slash(t.alice, "heat export")
        assert "once the race is over" in answer(export).content
        cancel = await t.slash(t.cleo, "heat cancel")
        assert "Only the host" in answer(cancel).content
        assert all(answer(i).ephemeral for i in (alone, twice, full, not_host, export, cancel))
        assert (await stored(t))[0] == before[0]


async def test_bad_race_input_changes_nothing(tmp_path: Path) -> None:
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await two_driver_race(t)
        stranger = await t.click(t.cleo, board, "heat:b:hand:")
        assert "not driving" in answer(stranger).content
        hand = answer(await t.click(t.alice, board, "heat:b:hand:"))
        await t.click(t.alice, hand, "heat:b:sug:")
        confirm = next(cid for cid in custom_ids(hand) if cid.startswith("heat:b:go:"))
        first = await t.fake.click(t.alice, hand, confirm)
        second = await t.fake.click(t.alice, hand, confirm)
        await first.done()
        await second.done()
        answers = sorted([answer(first).content, answer(second).content], key=len)
        assert answers[1].startswith("Plan locked")
        assert answers[0] in ("It is not your decision now.", t_stale("en-US"))
        before = await stored(t)
        export = await t.slash(t.bob, "heat export")
        assert "a gara finita" in answer(export).content
        kick = await t.slash(t.bob, "heat kick", user=t.alice)
        assert "Solo chi ospita" in answer(kick).content
        assert await stored(t) == before
        status = await t.slash(t.cleo, "heat status")
        assert f"<@{t.bob.id}>" in answer(status).content
        look = await t.slash(t.cleo, "heat board")
        assert answer(look).attachments[0].data.startswith(PNG)
        assert len(answer(look).embeds[0]["fields"]) == len(load_state(before[1]).cars)


async def test_the_host_hands_an_idle_driver_to_the_ai(tmp_path: Path) -> None:
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await two_driver_race(t)
        await plan(t, t.alice, board, None)
        count = len(t.public())
        kicked = await t.slash(t.alice, "heat kick", user=t.bob)
        assert "driven by the AI" in answer(kicked).content
        await t.wait_public(count + 2)
        assert "Round 1" in t.public()[-1].content
        assert f"<@{t.bob.id}>" not in t.public()[-1].content


async def test_a_race_the_ai_finishes_at_once_posts_a_board_discord_takes_then_its_podium(
    tmp_path: Path,
) -> None:
    """The one driver handed to the AI: every round is played in one change, and its one board
    message stays within Discord's 2,000 characters (the newest rounds, and how many are left
    out), so the podium after it is posted too."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await t.slash(t.alice, "heat new", track="usa", laps=2, seats=6, fill="ai")
        await t.click(t.alice, t.latest_with("heat:b:join:"), "heat:b:start:")
        await t.slash(t.alice, "heat kick", user=t.alice)
        await t.fake.wait_for(lambda: "Chequered flag" in t.public()[-1].content)
        board = t.public()[-2]
        assert board.attachments and len(board.content) <= MAX_CONTENT
        assert re.search(r"\(\d+ earlier rounds not shown: see the board\.\)", board.content)
        last = (await stored_state(t)).round
        assert f"**Round {last}**" in board.content.splitlines(), "the newest round is in"
        assert not t.fake.rejections


async def test_races_only_in_allowed_channels(tmp_path: Path) -> None:
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        admin = t.member("admin", manage=True)
        other = t.fake.add_text_channel(t.guild, "general")
        refused = await t.slash(t.alice, "heat settings", channel="allow")
        assert "Manage Server" in answer(refused).content
        allowed = await t.fake.slash(admin, other, "heat settings", channel="allow", timer=30)
        await allowed.done()
        assert "30 min" in answer(allowed).content
        here = await t.slash(t.alice, "heat new", track="usa")
        assert "not allowed in this channel" in answer(here).content
        assert not t.public()


async def test_missing_permissions_are_reported_to_the_starter(tmp_path: Path) -> None:
    from tests.support.fakediscord import Permission

    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        t.fake.deny_bot_permissions(t.channel, Permission.ATTACH_FILES)
        created = await t.slash(t.alice, "heat new", track="usa")
        assert answer(created).ephemeral
        assert "missing Attach Files." in answer(created).content  # as the server's settings say


async def test_a_finished_race_exports_a_replayable_scenario(tmp_path: Path) -> None:
    from engine.scenario import run_scenario

    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        lobby = await open_lobby(t, seats=2, fill="ai")
        await t.click(t.alice, lobby, "heat:b:start:")
        await t.wait_started()
        while custom_ids(board := t.public()[-1]):
            count = len(t.public())
            await plan(t, t.alice, board, None)
            await t.wait_public(count + 1)
        await t.fake.wait_for(lambda: "Chequered flag" in t.public()[-1].content)
        exported = await t.slash(t.bob, "heat export")
        document = answer(exported).attachments[0].data.decode()
        result = run_scenario(document)
        assert result["pending"] is None
        assert sorted(car["finished"] for car in result["state"]["cars"]) == [1, 2]


@pytest.mark.parametrize(
    ("locale", "said"), [("en-US", "Send Messages, Attach Files"), ("it", "Invia messaggi")]
)
async def test_a_channel_the_bot_cannot_post_in_is_reported_once_to_the_host(
    tmp_path: Path, locale: str, said: str
) -> None:
    """The host reads why in their own language (their seat's), the permissions named as the
    server's settings name them."""
    from tests.support.fakediscord import Permission

    async with table(tmp_path / "heat.sqlite3") as t:
        t.alice.locale = locale
        await t.start()
        board = await two_driver_race(t)
        t.fake.deny_bot_permissions(t.channel, Permission.SEND_MESSAGES)
        await plan(t, t.alice, board, None)
        await plan(t, t.bob, board, None)
        await t.fake.wait_for(lambda: len(t.fake.dm_messages(t.alice)) == 1)
        hand = answer(await t.click(t.alice, board, "heat:b:hand:"))
        await t.click(t.alice, hand, "heat:b:sug:")
        await t.click(t.alice, hand, "heat:b:go:")
        hand = answer(await t.click(t.bob, board, "heat:b:hand:"))
        await t.click(t.bob, hand, "heat:b:sug:")
        await t.click(t.bob, hand, "heat:b:go:")
        assert len(t.fake.dm_messages(t.alice)) == 1
        assert said in t.fake.dm_messages(t.alice)[0].content
        assert t.fake.dm_messages(t.bob) == []


async def test_live_prompts_answer_only_their_driver_and_only_once(tmp_path: Path) -> None:
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await two_driver_race(t)
        count = len(t.public())
        await plan(t, t.alice, board, ["live"])
        await plan(t, t.bob, board, ["live"])
        await t.wait_public(count + 1)
        prompt = t.public()[-1]
        owner = t.alice if f"<@{t.alice.id}>" in prompt.content else t.bob
        other = t.bob if owner is t.alice else t.alice
        done = next(cid for cid in custom_ids(prompt) if cid.startswith("heat:b:"))
        before = await stored(t)
        for intruder, text in (
            (t.cleo, "not driving"),
            (other, ("not your decision", "non tocca")),
        ):
            click = await t.fake.click(intruder, prompt, done)
            await click.done()
            assert answer(click).ephemeral
            expected = (text,) if isinstance(text, str) else text
            assert any(e in answer(click).content for e in expected), answer(click).content
        assert await stored(t) == before
        first = await t.fake.click(owner, prompt, done)
        late = await t.fake.click(owner, prompt, done)
        await first.done()
        await late.done()
        assert answer(late).ephemeral
        assert (await stored(t))[0] == before[0] + 1


async def test_after_a_crash_the_missed_round_is_posted_with_its_summary(tmp_path: Path) -> None:
    """Bug 3: a stop between storing a round and posting it loses neither summary nor board.

    The race service alone (no Discord) stores Bob's plan, which ends round 1,
    as a bot that stopped right after its commit would have; the restarted bot
    posts what the channel missed from the outbox.
    """
    from bot.service.races import RaceService
    from bot.storage import SQLiteStore

    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await two_driver_race(t)
        await plan(t, t.alice, board, None)
        await t.stop()
        store = await SQLiteStore.open(t.database)
        record = await store.open_race_in(t.channel.id)
        assert record is not None and record.state is not None
        bobs_plan = engine.legal_decisions(record.state, "B")[0]
        await RaceService(store, t.clock).decide(
            record.id, t.bob.id, record.state.version, bobs_plan
        )
        await store.close()
        assert not any("Round 1" in m.content for m in t.public())
        bot = await t.start()
        await t.fake.wait_for(lambda: any("Round 1" in m.content for m in t.public()))
        missed = next(m for m in t.public() if "Round 1" in m.content)
        assert "Back on track" in missed.content
        assert "alice: gear" in missed.content and "bob: gear" in missed.content
        assert f"<@{t.bob.id}>" in missed.content and f"<@{t.alice.id}>" in missed.content
        assert missed.attachments[0].data.startswith(PNG)
        await bot.caught_up()
        assert await bot.store.outbox() == [], "a posted row is deleted"
        count = len(t.public())
        await t.bot_restarted_and_caught_up()
        assert len(t.public()) == count, "nothing is posted twice"


async def test_ordered_discards_are_chosen_from_the_cards_left_after_the_plan(
    tmp_path: Path,
) -> None:
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await two_driver_race(t)
        hand = answer(await t.click(t.alice, board, "heat:b:hand:"))
        await t.click(t.alice, hand, "heat:b:sug:")
        await t.select(t.alice, hand, "heat:s:o:", ["slipstream"])
        discard = next(
            row["components"][0]
            for row in hand.components
            if row["components"][0]["custom_id"].startswith("heat:s:d:")
        )
        offered = [option["label"] for option in discard["options"]]
        assert "H" not in offered and "Stress (+1-4)" not in offered
        await t.select(t.alice, hand, "heat:s:d:", ["0"])
        assert f"discard {offered[0]}" in hand.embeds[0]["description"]
        await t.click(t.alice, hand, "heat:b:go:")
        assert hand.content.startswith("Plan locked") and f"discard {offered[0]}" in hand.content


async def test_a_bot_stopped_before_it_is_ready_drops_the_late_ready(tmp_path: Path) -> None:
    """discord.py announces ``ready`` a while after connecting (2 s without a new guild),
    from a task a close does not cancel. A bot stopped sooner, as a quick restart does,
    drops that late event: scheduling ``on_ready`` without a loop raised in that task and
    left the event's coroutine never awaited (Python warned at every such restart)."""
    async with table(tmp_path / "heat.sqlite3") as t:
        bot = await t.start()
        await t.stop()
        bot.dispatch("ready")  # what discord.py's late task does
