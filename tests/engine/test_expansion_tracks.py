"""The six expansion circuits load through the one loader, with their chicanes and special spots."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import data
from data.loader import DataError, load_file
from data.models import Track

# (laps, spaces per lap, Heat, Stress, [(corner position, speed limit)]) from BGA's data.
EXPANSIONS = {
    "japan": (2, 60, 7, 3, [(10, 4), (12, 4), (18, 2), (45, 5), (53, 3)]),
    "mexico": (3, 60, 6, 2, [(14, 7), (19, 7), (38, 6), (44, 4), (50, 2), (51, 2)]),
    "nederland": (3, 55, 6, 3, [(9, 5), (13, 5), (16, 3), (26, 8), (34, 4)]),
    "espana": (
        1,
        109,
        6,
        3,
        [
            *[(11, 5), (15, 4), (29, 4), (32, 4), (44, 2), (65, 5)],
            *[(85, 2), (92, 3), (95, 4), (98, 4), (103, 3)],
        ],
    ),
    "deutschland": (2, 62, 5, 3, [(10, 5), (22, 2), (24, 2), (36, 6), (45, 4), (52, 4)]),
    "south_africa": (
        2,
        70,
        7,
        3,
        [(11, 4), (19, 3), (24, 2), (35, 9), (46, 5), (55, 2), (61, 4)],
    ),
}
# The chicanes the source marks, as (first line, second line) positions.
CHICANES = {
    "japan": [(10, 12)],
    "mexico": [(14, 19), (50, 51)],
    "nederland": [(9, 13)],
    "espana": [(29, 32), (95, 98)],
    "deutschland": [(22, 24)],
    "south_africa": [],
}


def test_all_ten_tracks_are_shipped() -> None:
    assert set(data.track_ids()) == {"usa", "france", "great_britain", "italy", *EXPANSIONS}


@pytest.mark.parametrize("track_id", sorted(EXPANSIONS))
def test_expansion_track_figures(track_id: str) -> None:
    """Laps, spaces, Heat, Stress, corners and a grid of 8 spots behind the start line."""
    laps, spaces, heat, stress, corners = EXPANSIONS[track_id]
    track = data.track(track_id)
    assert (track.laps, track.spaces_per_lap) == (laps, spaces)
    assert (track.heat_in_engine, track.stress_in_deck) == (heat, stress)
    assert [(c.position, c.speed_limit) for c in track.corners] == corners
    assert [(g.space, g.lane) for g in track.starting_grid] == [
        (space, lane) for space in (0, -1, -2, -3) for lane in (1, 2)
    ]


@pytest.mark.parametrize("track_id", sorted(CHICANES))
def test_chicanes_pair_two_lines_with_one_limit(track_id: str) -> None:
    """ "They are composed of 2 consecutive corner lines with the same speed limit"."""
    track = data.track(track_id)
    pairs = []
    for index, corner in enumerate(track.corners):
        if corner.chicane_role == "first":
            second = track.corners[index + 1]
            assert (corner.chicane_with, second.chicane_with) == (index + 1, index)
            assert second.chicane_role == "second"
            assert second.speed_limit == corner.speed_limit
            pairs.append((corner.position, second.position))
    assert pairs == CHICANES[track_id]


def test_equal_limits_the_source_does_not_mark_are_ordinary_corners() -> None:
    """España 15/29 and Deutschland 45/52 share a limit but are not chicanes."""
    espana = {c.position: c for c in data.track("espana").corners}
    deutschland = {c.position: c for c in data.track("deutschland").corners}
    assert espana[15].chicane_role is None
    assert deutschland[45].chicane_role is None and deutschland[52].chicane_role is None


def test_press_corners_count_a_chicane_once_at_its_second_line() -> None:
    """ "In championship mode, the press corner is placed at the second chicane corner line"."""
    assert data.track("mexico").press_corner_positions == (19, 38, 44, 51)
    assert data.track("japan").press_corner_positions == (12, 18, 45, 53)
    assert data.track("usa").press_corner_positions == (12, 33, 49, 57)


def test_espana_is_one_lap_of_109_spaces_with_its_own_press_corners() -> None:
    espana = data.track("espana")
    assert (espana.laps, espana.spaces_per_lap) == (1, 109)
    assert espana.press_corners == (15, 32, 65, 85, 98)
    assert espana.press_corner_positions == (15, 32, 65, 85, 98)


def test_japan_has_flooded_spots_in_three_stretches() -> None:
    spaces = sorted({spot.space for spot in data.track("japan").flooded_spots})
    assert spaces == [*range(6, 12), *range(39, 46), *range(50, 56)]
    assert len(data.track("japan").flooded_spots) == 2 * len(spaces)


def test_espana_has_tunnel_spots_in_five_stretches() -> None:
    spaces = sorted({spot.space for spot in data.track("espana").tunnel_spots})
    stretches = [range(17, 25), range(38, 43), range(46, 50), range(62, 72), range(80, 89)]
    assert spaces == [space for stretch in stretches for space in stretch]


def test_gravel_is_drawn_only_and_the_data_says_so() -> None:
    """South Africa's gravel spots carry no rule; its notes say so."""
    africa = data.track("south_africa")
    assert len(africa.gravel_spots) == 38
    assert (13, 1) in {(spot.space, spot.lane) for spot in africa.gravel_spots}
    assert any("gravel no effect" in note for note in africa.notes)


@pytest.mark.parametrize("track_id", data.track_ids())
def test_every_legends_line_lies_before_its_corner(track_id: str) -> None:
    """A Legend can only corner if its line comes first; it lies after the corner before
    (a chicane's second line may share the first line's Legends line, as in España)."""
    track = data.track(track_id)
    previous = track.corners[-1].position - track.spaces_per_lap
    for corner in track.corners:
        assert previous <= corner.legend_line < corner.position
        if corner.chicane_role != "first":
            previous = corner.position


def test_deutschland_legends_lines_are_the_source_shifted_by_one_corner() -> None:
    """The source's 18, 23, 28, 38, 45, 54 each moved to the next corner (54 is -8, last lap)."""
    lines = [c.legend_line for c in data.track("deutschland").corners]
    assert lines == [54 - 62, 18, 23, 28, 38, 45]
    assert any("shifted by one corner" in note for note in data.track("deutschland").notes)


def _broken(tmp_path: Path, track_id: str, edit: Callable[[dict[str, Any]], None]) -> Path:
    """A copy of a track's file with one edit made to it."""
    document = json.loads((data.loader.TRACKS_DIR / f"{track_id}.json").read_text())
    edit(document)
    path = tmp_path / f"{track_id}.json"
    path.write_text(json.dumps(document))
    return path


def test_a_chicane_with_two_limits_is_refused(tmp_path: Path) -> None:
    def edit(document: dict[str, Any]) -> None:
        document["corners"][1]["speed_limit"] = 5

    with pytest.raises(DataError, match="one limit"):
        load_file(_broken(tmp_path, "japan", edit), Track)


def test_a_chicane_that_does_not_pair_back_is_refused(tmp_path: Path) -> None:
    def edit(document: dict[str, Any]) -> None:
        del document["corners"][1]["chicane_with"]
        del document["corners"][1]["chicane_role"]

    with pytest.raises(DataError, match="pair back"):
        load_file(_broken(tmp_path, "japan", edit), Track)


def test_a_legends_line_after_its_corner_is_refused(tmp_path: Path) -> None:
    def edit(document: dict[str, Any]) -> None:
        document["corners"][0]["legend_line"] = 18

    with pytest.raises(DataError, match="before its corner"):
        load_file(_broken(tmp_path, "deutschland", edit), Track)


def test_a_spot_beyond_the_lap_is_refused(tmp_path: Path) -> None:
    def edit(document: dict[str, Any]) -> None:
        document["flooded_spots"].append({"space": 61, "lane": 1})

    with pytest.raises(DataError, match="inside the lap"):
        load_file(_broken(tmp_path, "japan", edit), Track)
