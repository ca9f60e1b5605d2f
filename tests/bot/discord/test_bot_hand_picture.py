"""The private hand view carries the driver's own hand and stretch of road as pictures, with
their words as alt text."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

import engine
from engine.forecast import landings
from engine.notation import load_state
from render import closeup_description, closeup_image, hand_description, hand_image, png_bytes
from tests.support.botdriver import Table, answer, table
from tests.support.botrace import two_driver_race
from tests.support.fakediscord import FakeUser


async def car_of(t: Table, user: FakeUser) -> str:
    async with aiosqlite.connect(t.database) as db:
        cursor = await db.execute("SELECT car_id FROM seats WHERE user_id = ?", (user.id,))
        row = await cursor.fetchone()
    assert row is not None
    return str(row[0])


async def stored_state(t: Table) -> engine.RaceState:
    async with aiosqlite.connect(t.database) as db:
        row = await (await db.execute("SELECT state FROM races")).fetchone()
    assert row is not None
    return load_state(str(row[0]))


async def test_each_driver_sees_their_own_hand_picture_and_never_another(tmp_path: Path) -> None:
    """Issue 13: "the private hand view shows the hand as a picture ... drawn from the
    driver's own view ... Keep the text too, for screen readers." Each in the driver's
    language (issue 35): bob's in Italian.
    """
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await two_driver_race(t)
        state = await stored_state(t)
        pictures = {}
        for user in (t.alice, t.bob):
            car = await car_of(t, user)
            view = engine.view_for(state, car)
            drawn = hand_image(view, car, user.locale)
            pictures[user.id] = (png_bytes(drawn), hand_description(view, car, user.locale))
        assert pictures[t.alice.id][0] != pictures[t.bob.id][0], "the two hands must differ"
        for user, other in ((t.alice, t.bob), (t.bob, t.alice)):
            hand = answer(await t.click(user, board, "heat:b:hand:"))
            assert hand.ephemeral and hand.components
            attachment, _road = hand.attachments
            assert attachment.filename.endswith(".png")
            assert attachment.data == pictures[user.id][0]
            assert attachment.data != pictures[other.id][0]
            assert attachment.description == pictures[user.id][1]
            assert attachment.description.startswith("Mano: " if user is t.bob else "Hand: ")


async def test_the_hand_picture_stays_while_the_plan_is_drafted(tmp_path: Path) -> None:
    """Editing the hand view (taking the AI's suggestion) keeps the pictures it opened with,
    and its embed still shows the road."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await two_driver_race(t)
        hand = answer(await t.click(t.alice, board, "heat:b:hand:"))
        opened = [a.data for a in hand.attachments]
        await t.click(t.alice, hand, "heat:b:sug:")
        assert [a.data for a in hand.attachments] == opened
        road = hand.attachments[1].filename
        assert hand.embeds[0]["image"]["url"] == f"attachment://{road}"


async def test_the_hand_view_shows_the_driver_s_stretch_of_road_and_says_it(
    tmp_path: Path,
) -> None:
    """Issue 22 point 3: beside the hand, the road from the driver's car to the corner after
    next, drawn from their own view with where each legal plan lands, shown in the hand's
    embed at full width, its words as alt text; each in the driver's language (bob's in
    Italian)."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await two_driver_race(t)
        state = await stored_state(t)
        roads = {}
        for user in (t.alice, t.bob):
            car = await car_of(t, user)
            view = engine.view_for(state, car)
            plans = [
                d.cards for d in engine.legal_decisions(state, car) if isinstance(d, engine.Plan)
            ]
            reach = landings(view, view.car(car), plans)
            assert reach, "a driver who must plan has somewhere to land"
            roads[user.id] = (
                png_bytes(closeup_image(view, car, reach, user.locale)),
                closeup_description(view, car, reach, user.locale),
                car,
            )
        assert roads[t.alice.id][0] != roads[t.bob.id][0], "each road rings its own car"
        for user in (t.alice, t.bob):
            picture, words, car = roads[user.id]
            hand = answer(await t.click(user, board, "heat:b:hand:"))
            _, road = hand.attachments
            assert road.filename == f"road-{car}.png"
            assert road.data == picture
            assert road.description == words
            if user is t.bob:
                assert f"{car} (tu) sullo spazio" in road.description
                assert "Dove arrivano le velocità pianificate" in road.description
            else:
                assert f"{car} (you) on space" in road.description
                assert "Planned speeds land" in road.description
            assert hand.embeds[0]["image"]["url"] == f"attachment://{road.filename}"
