"""``/heat replay`` on the fake Discord: a finished race posted as a GIF with its notation
file; a race of another server, unknown or not finished, refused in one private line."""

from __future__ import annotations

import io
from pathlib import Path

import aiosqlite
from PIL import Image

import engine
from engine.notation import load_scenario
from tests.support.botdriver import answer, table
from tests.support.botrace import open_lobby, race_to_the_flag, stored_state


async def race_ids(database: Path) -> list[tuple[int, str]]:
    async with aiosqlite.connect(database) as db:
        rows = await (await db.execute("SELECT id, status FROM races ORDER BY id")).fetchall()
    return [(int(race), str(status)) for race, status in rows]


async def test_a_finished_race_is_posted_as_an_animation_with_its_notation(
    tmp_path: Path,
) -> None:
    """Every round is a frame after the grid; the file replays to the stored final state."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        lobby = await open_lobby(t, seats=2, fill="legends")
        await t.click(t.alice, lobby, "heat:b:start:")
        await t.wait_started()  # the board, after the channel's line linking the thread
        rounds = await race_to_the_flag(t, {}, live=None)
        [(race, status)] = await race_ids(t.database)
        assert status == "finished"

        asked = await t.slash(t.cleo, "heat replay")
        assert answer(asked).ephemeral and answer(asked).content == "✅"
        posted = t.public()[-1]
        assert posted.content.startswith(f"Race {race} on USA, round by round (asked by <@")
        gif, notation = posted.attachments
        assert (gif.filename, notation.filename) == (
            f"heat-race-{race}.gif",
            f"heat-race-{race}.json",
        )
        with Image.open(io.BytesIO(gif.data)) as animation:
            assert animation.format == "GIF"
            assert animation.n_frames == rounds + 1, "the grid, then one board per round"
        state, decisions = load_scenario(notation.data.decode())
        state, _ = engine.settle(state)
        for decision in decisions:
            state, _ = engine.apply(state, decision)
        assert state == await stored_state(t), "the file is the race, decision by decision"

        again = await t.slash(t.alice, "heat replay", race=race)
        assert answer(again).content == "✅" and t.public()[-1].attachments[0].data == gif.data
        assert all(not i.failed and i.ack_type is not None for i in t.fake.interactions)


async def test_a_race_not_finished_or_of_another_server_is_refused_privately(
    tmp_path: Path,
) -> None:
    """A lobby, an unknown number and another server's race each get one private line, and
    nothing is posted."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await open_lobby(t, seats=2, fill="legends")
        [(race, _)] = await race_ids(t.database)
        posted = len(t.public())
        early = answer(await t.slash(t.bob, "heat replay", race=race))
        assert early.ephemeral
        assert (
            early.content == f"La gara {race} non è finita: si può rivedere solo una gara finita."
        )
        unknown = answer(await t.slash(t.cleo, "heat replay", race=race + 7))
        assert unknown.ephemeral
        assert unknown.content == f"There is no race {race + 7} on this server."
        none_here = answer(await t.slash(t.cleo, "heat replay"))
        assert none_here.ephemeral and none_here.content == "No finished race in this channel."

        other = t.fake.add_guild("Other Club")
        elsewhere = t.fake.add_text_channel(other, "races")
        dora = t.fake.add_user("dora")
        t.fake.add_member(other, dora)
        interaction = await t.fake.slash(dora, elsewhere, "heat replay", race=race)
        await interaction.done()
        foreign = answer(interaction)
        assert foreign.ephemeral and foreign.content == f"There is no race {race} on this server."
        assert len(t.public()) == posted and t.fake.channel_messages(elsewhere) == []
        assert "\n" not in early.content + unknown.content + foreign.content
