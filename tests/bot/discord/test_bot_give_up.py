"""/heat give-up: a private confirmation, then the car leaves in the last free place."""

from __future__ import annotations

from pathlib import Path

from tests.support.botdriver import answer, custom_ids, table
from tests.support.botrace import car_of, stored_state, two_driver_race


async def test_a_driver_gives_up_after_confirming_and_takes_the_last_free_place(
    tmp_path: Path,
) -> None:
    """Only the confirmation's button gives up; the car is then placed last (BGA giveUp)."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await two_driver_race(t)  # Alice, Bob and a Legend
        before = await stored_state(t)
        stranger = answer(await t.slash(t.cleo, "heat give-up"))
        assert stranger.ephemeral and stranger.content == "You are not driving in this race."
        asked = answer(await t.slash(t.bob, "heat give-up"))
        assert asked.ephemeral and asked.content.startswith("Ritirarti da questa gara?")
        assert (await stored_state(t)).version == before.version, "asking changes nothing"

        button = next(c for c in custom_ids(asked) if c.endswith(".give_up"))
        await t.click(t.bob, asked, button)
        await t.fake.wait_for(lambda: not custom_ids(asked))
        after = await stored_state(t)
        bob = after.car(await car_of(t, t.bob))
        assert bob.finished == 3, "the last free place of three"
        assert after.car(await car_of(t, t.alice)).finished is None, "the race goes on"
