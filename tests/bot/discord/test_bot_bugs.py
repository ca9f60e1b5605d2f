"""The five bugs of issue 9, each played end to end on the fake Discord as a user met it.

Bug 3 (the missed round after a crash) is tested beside the other restarts, in
test_bot_e2e.py.

The tests click buttons by their labels, not their ids, so they read the same
against any version of the bot's components.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

import tests.support.fakediscord.driver as fake_driver
from bot.discord.texts import t as text
from bot.service.refusals import refusal
from engine import IllegalDecision
from tests.support.botdriver import Table, answer, custom_ids, table
from tests.support.botrace import open_lobby, plan
from tests.support.fakediscord import FakeMessage, FakeUser
from tests.support.fakediscord.models import ComponentType

ROUNDS = 8  # a random race offers every kind of live step well within this
CAUTIOUS = ("Done", "Fatto", "No", "Keep all", "Tieni tutto")
BOTH = ("Adrenaline both", "Adrenalina entrambe")
BOOST = "Boost (1 Heat)"


def buttons(message: FakeMessage) -> dict[str, str]:
    """Each button's label, with its custom id."""
    return {
        c["label"]: c["custom_id"]
        for row in message.components
        for c in row["components"]
        if c["type"] == 2 and "label" in c
    }


def is_prompt(message: FakeMessage) -> bool:
    """A live prompt: addressed to a driver, with something to click."""
    return message.content.startswith("<@") and bool(message.components)


def owner_of(t: Table, prompt: FakeMessage) -> FakeUser:
    return next(u for u in (t.alice, t.bob) if prompt.content.startswith(f"<@{u.id}>"))


async def click_label(t: Table, user: FakeUser, message: FakeMessage, label: str) -> None:
    await (await t.fake.click(user, message, buttons(message)[label])).done()


async def duel(t: Table) -> FakeMessage:
    """Alice and Bob alone on the grid (so one of them always has Adrenaline)."""
    lobby = await open_lobby(t, seats=2, fill="none")
    await t.click(t.bob, lobby, "heat:b:join:")
    await t.click(t.alice, lobby, "heat:b:start:")
    await t.wait_started()
    return t.public()[-1]


async def plan_live(t: Table, board: FakeMessage) -> None:
    count = len(t.public())
    await plan(t, t.alice, board, ["live"])
    await plan(t, t.bob, board, ["live"])
    await t.wait_public(count + 1)


async def answer_cautiously(t: Table, prompt: FakeMessage) -> None:
    count = len(t.public())
    label = next(label for label in CAUTIOUS if label in buttons(prompt))
    await click_label(t, owner_of(t, prompt), prompt, label)
    await t.wait_public(count + 1)


async def test_bug_1_adrenaline_with_a_boost_left_asks_again(tmp_path: Path) -> None:
    """ "Adrenaline both" while a Boost is still possible: a new prompt offers the Boost."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await duel(t)
        for _ in range(ROUNDS):
            await plan_live(t, board)
            while is_prompt(prompt := t.public()[-1]):
                labels = buttons(prompt)
                both = next((label for label in BOTH if label in labels), None)
                if both is None or BOOST not in labels:
                    await answer_cautiously(t, prompt)
                    continue
                owner, count = owner_of(t, prompt), len(t.public())
                await click_label(t, owner, prompt, both)
                await t.wait_public(count + 1)
                again = t.public()[-1]
                assert is_prompt(again) and owner_of(t, again) is owner
                assert BOOST in buttons(again) and not any(b in buttons(again) for b in BOTH)
                assert custom_ids(prompt) == [], "the answered prompt lost its buttons"
                return
            board = t.public()[-1]
        raise AssertionError(f"no React prompt with Adrenaline and a Boost in {ROUNDS} rounds")


async def stored_orders(t: Table, car: str) -> str:
    async with aiosqlite.connect(t.database) as db:
        query = "SELECT orders FROM orders WHERE car_id = ?"
        row = await (await db.execute(query, (car,))).fetchone()
    return "" if row is None else str(row[0])


async def test_bug_2_a_refused_confirm_leaves_the_standing_orders_alone(tmp_path: Path) -> None:
    """Two hand views confirmed: the refused one's "ask me at each step" is not stored."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await duel(t)
        first = answer(await t.click(t.alice, board, "heat:b:hand:"))
        second = answer(await t.click(t.alice, board, "heat:b:hand:"))
        for hand in (first, second):
            await t.click(t.alice, hand, "heat:b:sug:")
        await t.select(t.alice, second, "heat:s:o:", ["live"])
        confirms = [
            await t.fake.click(t.alice, hand, next(c for c in custom_ids(hand) if ":go:" in c))
            for hand in (first, second)
        ]
        for confirm in confirms:
            await confirm.done()
        said = [answer(confirm).content for confirm in confirms]
        assert sorted(s.startswith("Plan locked") for s in said) == [False, True], said
        locked = next(s for s in said if s.startswith("Plan locked"))
        live = "ask me at each step" in locked
        orders = await stored_orders(t, "A")
        assert orders.startswith("l" if live else "a"), f"{orders!r} stored, yet {locked!r}"


async def test_bug_4_a_click_the_bot_does_not_know_gets_a_short_answer(tmp_path: Path) -> None:
    """A button of an old or altered message: a private one-line answer, not a failure."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await duel(t)
        row = {"type": 2, "style": 2, "label": "Old", "custom_id": "heat:b:zz:1:0:"}
        body = {"content": "An old message", "components": [{"type": 1, "components": [row]}]}
        old = t.fake.state.create_message(t.channel, body, [])
        clicked = await t.fake.click(t.alice, old, "heat:b:zz:1:0:")
        reply = await clicked.done()
        assert not clicked.failed
        assert answer(clicked).ephemeral and "nothing changed" in answer(clicked).content
        assert reply is None or reply.ephemeral


async def test_bug_4_a_failing_click_after_the_defer_still_gets_an_answer(tmp_path: Path) -> None:
    """A race that cannot be read (a damaged row): the click says something went wrong."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await duel(t)
        async with aiosqlite.connect(t.database) as db:
            await db.execute("UPDATE races SET state = '{\"damaged\": true}'")
            await db.commit()
        clicked = await t.fake.click(t.alice, board, custom_ids(board)[-1])
        await clicked.done()
        assert answer(clicked).ephemeral
        assert answer(clicked).content == text("something_wrong", "en-US")


async def test_bug_5_a_reminder_to_an_italian_driver_is_all_italian(tmp_path: Path) -> None:
    """Bob's reminder is in Bob's Italian, its step included."""
    async with table(tmp_path / "heat.sqlite3") as t:
        bot = await t.start()
        lobby = await open_lobby(t, seats=2, fill="none", mode="async", timer=60)
        await t.click(t.bob, lobby, "heat:b:join:")
        await t.click(t.alice, lobby, "heat:b:start:")
        await t.wait_started()
        await plan(t, t.alice, t.public()[-1], None)
        count = len(t.public())
        t.clock.now += 60 * 60 * 0.8
        bot.scheduler.wake()
        await t.wait_public(count + 1)
        reminder = t.public()[-1].content
        assert reminder.startswith(f"<@{t.bob.id}>")
        assert "la tua decisione (pianificazione)" in reminder, reminder


def test_bug_5_engine_reasons_never_show_in_english_to_an_italian_driver() -> None:
    """The engine explains in English; an Italian refusal names the step in Italian instead."""
    refused = refusal(IllegalDecision("B", "discard", "card 'H' can never be discarded"))
    details = dict(refused.details, step=text(f"step_{refused.details['step']}", "it"))
    italian = text(refused.key, "it", **details)
    assert "Scarta" in italian and "never" not in italian and "card" not in italian


async def discard_picker(t: Table) -> tuple[FakeMessage, FakeUser, FakeMessage, str]:
    """Race Alice and Bob cautiously up to a Discard prompt with cards to discard: the prompt,
    its driver, the message holding the card select (the prompt or the driver's private
    view) and the select's custom id."""
    board = await duel(t)
    for _ in range(ROUNDS):
        await plan_live(t, board)
        while is_prompt(prompt := t.public()[-1]):
            owner = owner_of(t, prompt)
            if not any(w in prompt.content for w in ("Discard", "scarto")):
                await answer_cautiously(t, prompt)
                continue
            picker = prompt
            if not any(cid.startswith("heat:s:") for cid in custom_ids(prompt)):
                labels = buttons(prompt)
                opener = text("open_my_cards", owner.locale)
                if opener not in labels:
                    await answer_cautiously(t, prompt)
                    continue
                opened = await t.fake.click(owner, prompt, labels[opener])
                await opened.done()
                picker = answer(opened)
            chosen = next(cid for cid in custom_ids(picker) if cid.startswith("heat:s:"))
            return prompt, owner, picker, chosen
        board = t.public()[-1]
    raise AssertionError(f"no Discard prompt with cards to discard in {ROUNDS} rounds")


async def test_bug_5_a_discard_prompt_is_in_its_driver_language_and_loses_its_controls(
    tmp_path: Path,
) -> None:
    """Choosing discards on the public prompt decides, and the prompt keeps no live control."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        prompt, owner, picker, chosen = await discard_picker(t)
        expected = "scarto" if owner is t.bob else "Discard"
        assert expected in prompt.content, "the prompt speaks its driver's language"
        count = len(t.public())
        await (await t.fake.select(owner, picker, chosen, ["0"])).done()
        await t.wait_public(count + 1)
        assert custom_ids(prompt) == [], "a decided Discard prompt keeps no live control"


async def test_a_forged_discard_select_says_nothing_of_anothers_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A modified client may send any custom id and values: the other driver's discard select,
    sent by a stranger with a card the hand holds or an index past it, is refused alike
    ("stale" for the second alone would count the cards there), and the owner decides after."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        _, owner, picker, chosen = await discard_picker(t)
        stranger = t.bob if owner is t.alice else t.alice
        with monkeypatch.context() as forging:
            forging.setattr(fake_driver, "check_can_see", lambda message, user: None)
            forging.setattr(
                fake_driver,
                "select_data",
                lambda message, cid, values, resolved: {
                    "custom_id": cid,
                    "component_type": int(ComponentType.STRING_SELECT),
                    "values": values,
                },
            )
            answers = []
            for values in (["0"], ["40"]):
                forged = await t.fake.select(stranger, picker, chosen, values)
                await forged.done()
                answers.append(answer(forged).content)
        assert answers[0] == answers[1] == text("not_your_turn", stranger.locale)
        count = len(t.public())
        await (await t.fake.select(owner, picker, chosen, ["0"])).done()
        await t.wait_public(count + 1)
