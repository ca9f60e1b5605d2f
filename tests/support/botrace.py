"""A race on the fake Discord as its players run it: the lobby, plans from the hand, the flag."""

from __future__ import annotations

import re

import aiosqlite

import engine
from engine.notation import load_state
from tests.support.botdriver import Table, answer, custom_ids
from tests.support.fakediscord import FakeMessage, FakeUser

PNG = b"\x89PNG\r\n\x1a\n"

LIVE_PREFIXES = ("heat:b:do:", "heat:s:dl:")

CAUTIOUS = (".react_done", ".slipstream.no", ".discard.-")  # done, no slipstream, keep all


async def open_lobby(t: Table, **options: object) -> FakeMessage:
    created = await t.slash(t.alice, "heat new", track="usa", laps=1, **options)
    assert answer(created).ephemeral, "the lobby is a post in the channel"
    return t.latest_with("heat:b:join:")


async def plan(t: Table, user: FakeUser, board: FakeMessage, orders: list[str] | None) -> None:
    """Open the hand from the round message, take the AI's suggestion, set orders, confirm."""
    opened = await t.click(user, board, "heat:b:hand:")
    hand = answer(opened)
    assert hand.components, f"{user.name} got no hand: {hand.content}"
    await t.click(user, hand, "heat:b:sug:")
    if orders is not None:
        await t.select(user, hand, "heat:s:o:", orders)
    await t.click(user, hand, "heat:b:go:")


def mentioned(message: FakeMessage, users: list[FakeUser]) -> list[FakeUser]:
    ids = {int(m) for m in re.findall(r"<@(\d+)>", message.content)}
    return [user for user in users if user.id in ids]


async def answer_live_prompts(t: Table, user: FakeUser) -> None:
    """Answer every live prompt addressed to ``user``: no boost, no slipstream, keep cards."""
    while True:
        prompt = t.public()[-1]
        ids = custom_ids(prompt)
        if not any(cid.startswith(LIVE_PREFIXES) for cid in ids):
            return
        assert f"<@{user.id}>" in prompt.content
        count = len(t.public())
        choice = next((cid for cid in ids if cid.endswith(CAUTIOUS)), None)
        assert choice is not None, ids
        await (await t.fake.click(user, prompt, choice)).done()
        assert custom_ids(prompt) == [], "an answered prompt loses its buttons"
        await t.wait_public(count + 1)


async def race_to_the_flag(
    t: Table, orders: dict[int, list[str] | None], live: FakeUser | None
) -> int:
    """Plan every round for every mentioned driver until the chequered flag; returns rounds."""
    drivers = [t.alice, t.bob, t.cleo]
    rounds = 0
    while custom_ids(board := t.public()[-1]):
        assert any(cid.startswith("heat:b:hand:") for cid in custom_ids(board))
        planners = mentioned(board, drivers)
        assert planners, f"round message without planners: {board.content}"
        count = len(t.public())
        for user in planners:
            await plan(t, user, board, orders.get(user.id))
        await t.wait_public(count + 1)
        if live is not None:
            await answer_live_prompts(t, live)
        rounds += 1
        assert rounds < 60, "the race did not end"
    await t.fake.wait_for(lambda: "Chequered flag" in t.public()[-1].content)
    return rounds


async def two_driver_race(t: Table, **options: object) -> FakeMessage:
    """Alice hosts, Bob joins, a Legend fills the third seat; returns the first round message."""
    lobby = await open_lobby(t, seats=3, fill="legends", **options)
    await t.click(t.bob, lobby, "heat:b:join:")
    await t.click(t.alice, lobby, "heat:b:start:")
    await t.wait_started()
    return t.latest_with("heat:b:hand:")


async def stored_state(t: Table) -> engine.RaceState:
    async with aiosqlite.connect(t.database) as db:
        row = await (await db.execute("SELECT state FROM races")).fetchone()
    assert row is not None
    return load_state(row[0])


async def car_of(t: Table, user: FakeUser) -> str:
    async with aiosqlite.connect(t.database) as db:
        query = "SELECT car_id FROM seats WHERE user_id = ?"
        row = await (await db.execute(query, (user.id,))).fetchone()
    assert row is not None
    return str(row[0])
