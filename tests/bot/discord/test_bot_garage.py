"""The Garage and weather on Discord: /heat new switches them on; the draft is asked publicly."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from tests.support.botdriver import Table, answer, custom_ids, table
from tests.support.botrace import CAUTIOUS, car_of, plan, stored_state
from tests.support.fakediscord import FakeMessage, FakeUser

PICK = ".pick."
SPEED = ".speed."  # a card with several speeds: any of them will do
PNG = b"\x89PNG\r\n\x1a\n"


async def garage_race(t: Table, **options: object) -> None:
    """Alice hosts a garage + weather race on the USA track; AI drivers fill two seats."""
    await t.slash(
        t.alice,
        "heat new",
        track="usa",
        laps=1,
        seats=3,
        fill="ai",
        garage="both",
        weather=True,
        **options,
    )
    lobby = t.latest_with("heat:b:join:")
    assert "Garage: both decks (3 draft rounds) · weather: on" in lobby.embeds[0]["description"]
    await t.click(t.alice, lobby, "heat:b:start:")
    await t.wait_started()


async def refused_to(t: Table, user: FakeUser, prompt: FakeMessage) -> None:
    """Someone else's click on the market button gets a private no and changes nothing."""
    before = (await stored_state(t)).version
    said = answer(await t.click(user, prompt, "heat:b:mkt:"))
    assert said.ephemeral and not said.attachments and not custom_ids(said)
    assert (await stored_state(t)).version == before


async def posted(t: Table, needle: str) -> FakeMessage:
    """The newest public message, once its text or one of its components holds ``needle``."""

    def holds(message: FakeMessage) -> bool:
        return needle in message.content or any(needle in cid for cid in custom_ids(message))

    await t.fake.wait_for(lambda: holds(t.public()[-1]))
    return t.public()[-1]


@pytest.mark.parametrize("orders", [None, ["live"]], ids=["ai-reacts", "asked-live"])
async def test_a_garage_and_weather_race_runs_to_the_flag_with_drafted_upgrades(
    tmp_path: Path, orders: list[str] | None
) -> None:
    """Garage (both decks) and weather from /heat new; Alice drafts by buttons; AI cars fill.

    Asked live, Alice answers every other step by its prompt's buttons too.
    """
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await garage_race(t)
        first = await stored_state(t)
        assert first.options.garage == "both" and first.options.weather
        assert first.weather is not None, "the weather card is drawn at set-up"
        assert "First the Garage draft" in t.latest_with("heat:b:hand:").content
        alice = await car_of(t, t.alice)
        picks = 0
        race = 1
        live_steps: set[str] = set()
        while (waiting := engine.pending(state := await stored_state(t))) is not None:
            assert waiting.cars == (alice,), "AI cars never keep the race waiting"
            assert state.round < 150, "the race did not end"  # a sanity bound: seeds vary
            if waiting.step == "draft":
                prompt = await posted(t, f"heat:b:mkt:{race}:{state.version}:")
                assert f"<@{t.alice.id}>" in prompt.content, "the public prompt names the picker"
                assert PICK not in " ".join(custom_ids(prompt)), "the picks are private"
                await refused_to(t, t.bob, prompt)
                market = answer(await t.click(t.alice, prompt, "heat:b:mkt:"))
                assert market.ephemeral, "the market view is Alice's alone"
                assert market.attachments[0].data.startswith(PNG)
                buttons = [cid for cid in custom_ids(market) if PICK in cid]
                offered = set(state.garage.market) if state.garage else set()
                assert {b.split(PICK)[1] for b in buttons} == offered, "one button per card"
                card = buttons[0].split(PICK)[1]
                await (await t.fake.click(t.alice, market, buttons[0])).done()
                assert card in (await stored_state(t)).car(alice).upgrades
                picks += 1
            elif waiting.step == "plan":
                board = await posted(t, f"<@{t.alice.id}>: plan round {state.round} ")
                assert any(cid.startswith("heat:b:hand:") for cid in custom_ids(board))
                await plan(t, t.alice, board, orders)
            else:
                assert orders == ["live"], "Alice's orders leave every reaction to the AI"
                prompt = await posted(t, f"heat:b:do:{race}:{state.version}:{alice}.")
                choice = next(c for c in custom_ids(prompt) if c.endswith(CAUTIOUS) or SPEED in c)
                await (await t.fake.click(t.alice, prompt, choice)).done()
                assert custom_ids(prompt) == [], "an answered prompt loses its buttons"
                live_steps.add(waiting.step)
        await t.fake.wait_for(lambda: "Chequered flag" in t.public()[-1].content)
        final = await stored_state(t)
        assert engine.pending(final) is None
        assert picks == 3, "the default draft is 3 rounds, one pick each"
        assert ("react" in live_steps) == (orders == ["live"])
        assert all(not i.failed and i.ack_type is not None for i in t.fake.interactions)


async def test_an_idle_pickers_timer_hands_the_pick_to_the_ai(tmp_path: Path) -> None:
    """The draft waits like any decision: when the deadline passes, the AI picks for Alice."""
    async with table(tmp_path / "heat.sqlite3") as t:
        bot = await t.start()
        await garage_race(t, mode="async", timer=60)
        alice = await car_of(t, t.alice)
        state = await stored_state(t)
        waiting = engine.pending(state)
        assert waiting is not None and waiting.step == "draft" and waiting.cars == (alice,)
        await posted(t, f"heat:b:mkt:1:{state.version}:")
        t.clock.now += 2 * 60 * 60
        bot.scheduler.wake()
        await t.fake.wait_for(lambda: any("Time ran out" in m.content for m in t.public()))
        after = await stored_state(t)
        assert len(after.car(alice).upgrades) == 1, "the AI took one card from the market"
        assert after.version > state.version
