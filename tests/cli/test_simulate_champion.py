"""``heat simulate`` races any level a race can be set up with, the searching champion too."""

from __future__ import annotations

from pathlib import Path

from tests.support.heatcli import heat, refused


def test_simulate_races_champions_the_same_way_twice(tmp_path: Path) -> None:
    """Champions at a small budget race to the flag; the same seed and budget give the same
    race (their searches are seeded by the race, as the bot seeds them)."""
    argv = ("--track", "mexico", "--cars", "3", "--laps", "1", "--seed", "3")
    results = []
    for run in ("first", "second"):
        out = tmp_path / run
        code, text, err = heat(
            "simulate", *argv, "--driver", "champion", "--playouts", "2", "--out", str(out)
        )
        assert (code, err) == (0, ""), err
        assert (out / "finish.png").is_file() and (out / "race.gif").is_file()
        results.append(text.replace(str(out), "OUT"))
    assert results[0] == results[1]
    assert results[0].startswith("1st ") and "did not finish" not in results[0]


def test_simulate_refuses_a_budget_out_of_range(tmp_path: Path) -> None:
    """A champion plays at least one playout a plan, and at most 5,000."""
    for value in ("0", "5001"):
        code, _, err = heat("simulate", "--playouts", value, "--out", str(tmp_path / "demo"))
        assert "argument --playouts: must be 1 to 5000" in refused("simulate", code, err)
    assert not (tmp_path / "demo").exists()
