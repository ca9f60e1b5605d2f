"""Every shipped track can be raced from Discord: the choice comes from the data, not a list."""

from __future__ import annotations

from pathlib import Path

import pytest

import data
from bot.discord.commands import track_choices
from tests.support.botdriver import table

PNG = b"\x89PNG\r\n\x1a\n"
EXPANSIONS = ("japan", "mexico", "nederland", "espana", "deutschland", "south_africa")


def test_the_track_choice_lists_every_track_by_name() -> None:
    """A new file in data/tracks is a new choice; Discord allows 25, we ship 10."""
    choices = track_choices()
    assert sorted(track_id for _, track_id in choices) == sorted(data.track_ids())
    assert ("España", "espana") in choices
    assert [name for name, _ in choices] == sorted(name for name, _ in choices)
    assert len(choices) <= 25


@pytest.mark.parametrize("track_id", EXPANSIONS)
async def test_an_expansion_race_starts_with_its_board(tmp_path: Path, track_id: str) -> None:
    """/heat new on the track, a rival joins, a Legend fills a seat: round 1's board is posted."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await t.slash(t.alice, "heat new", track=track_id, seats=3, fill="legends")
        lobby = t.latest_with("heat:b:join:")
        assert data.track(track_id).name in lobby.content + str(lobby.embeds)
        await t.click(t.bob, lobby, "heat:b:join:")
        await t.click(t.alice, lobby, "heat:b:start:")
        await t.wait_started()
        started = t.latest_with("heat:b:hand:")
        assert started.attachments[0].data.startswith(PNG)
        assert all(not i.failed for i in t.fake.interactions)
