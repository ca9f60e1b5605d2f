"""Track and legend data load through one validating loader that names what is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import data
from data.loader import DataError, load_file
from data.models import Track

# (laps, spaces per lap, Heat, Stress, [(corner position, speed limit)]) as printed on each board.
BOARDS = {
    "usa": (2, 69, 6, 3, [(12, 7), (33, 3), (49, 3), (57, 2)]),
    "france": (2, 60, 6, 3, [(12, 5), (20, 2), (27, 4), (39, 3), (47, 4)]),
    "great_britain": (2, 63, 6, 3, [(15, 10), (30, 6), (37, 5), (43, 4), (48, 3)]),
    "italy": (3, 54, 6, 3, [(10, 5), (19, 2), (26, 3)]),
}


def test_the_four_base_tracks_are_shipped() -> None:
    assert set(BOARDS) <= set(data.track_ids())


@pytest.mark.parametrize("track_id", sorted(BOARDS))
def test_track_figures(track_id: str) -> None:
    laps, spaces, heat, stress, corners = BOARDS[track_id]
    track = data.track(track_id)
    assert (track.laps, track.spaces_per_lap) == (laps, spaces)
    assert (track.heat_in_engine, track.stress_in_deck) == (heat, stress)
    assert [(c.position, c.speed_limit) for c in track.corners] == corners
    assert [(g.space, g.lane) for g in track.starting_grid[:4]] == [
        (0, 1),
        (0, 2),
        (-1, 1),
        (-1, 2),
    ]


def test_race_lane_changes_at_each_corner() -> None:
    usa = data.track("usa")
    assert usa.race_lane_at(5) == 1
    assert usa.race_lane_at(13) == 2
    assert usa.race_lane_at(58) == 1


def test_legend_cards_give_every_colour_a_value() -> None:
    cards = data.legend_cards()
    assert len(cards.cards) == 10
    assert cards.value(1, "blue").helmet_speed == 18
    assert cards.value(1, "purple") == cards.value(1, "blue")


def test_an_unknown_track_is_named() -> None:
    with pytest.raises(DataError, match="unknown track 'moon'"):
        data.track("moon")


def test_a_bad_file_names_the_file_and_the_field(tmp_path: Path) -> None:
    good = json.loads((data.loader.TRACKS_DIR / "usa.json").read_text())
    good["corners"][1]["speed_limit"] = "fast"
    path = tmp_path / "usa.json"
    path.write_text(json.dumps(good))
    with pytest.raises(DataError) as refused:
        load_file(path, Track)
    assert str(path) in str(refused.value)
    assert "corners.1.speed_limit" in str(refused.value)


def test_an_inconsistent_track_is_refused(tmp_path: Path) -> None:
    bad = json.loads((data.loader.TRACKS_DIR / "usa.json").read_text())
    bad["corners"].reverse()
    path = tmp_path / "usa.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(DataError, match="lap order"):
        load_file(path, Track)


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{")
    with pytest.raises(DataError, match="not JSON"):
        load_file(path, Track)


def test_the_weather_data_is_read_once() -> None:
    """The rules ask for a road token's effect on every move: the file is read and checked once
    (uncached, it was 70% of a weather race's engine time)."""
    assert data.weather() is data.weather()
