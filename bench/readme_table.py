"""The README's table of AI levels, written from a ``bench/drivers.py`` run's output.

``python bench/drivers.py ... > docs/bench/drivers.txt`` keeps a run (its ``name: value``
lines, with the command and the day as ``#`` lines above them); ``python -m
bench.readme_table docs/bench/drivers.txt`` writes the README's block between its two
markers from it, so every figure of the table is one the bench printed. A test checks the
README's block against the kept run.
"""

from __future__ import annotations

import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
RUN = Path(__file__).resolve().parent.parent / "docs" / "bench" / "drivers.txt"
START = "<!-- the AI levels' table: python -m bench.readme_table (from docs/bench/drivers.txt) -->"
END = "<!-- end of the AI levels' table -->"
TRACK_NAMES = {
    "deutschland": "Deutschland",
    "espana": "España",
    "france": "France",
    "great_britain": "Great Britain",
    "italy": "Italy",
    "japan": "Japan",
    "mexico": "Mexico",
    "nederland": "Nederland",
    "south_africa": "South Africa",
    "usa": "USA",
}


def figures(text: str) -> dict[str, str]:
    """A run's ``name: value`` lines (``#`` lines are the run's notes)."""
    found = {}
    for line in text.splitlines():
        name, colon, value = line.partition(": ")
        if colon and not line.startswith("#"):
            found[name.strip()] = value.strip()
    return found


def notes(text: str) -> list[str]:
    """The ``#`` lines: the command that ran and when."""
    return [line.lstrip("# ").rstrip() for line in text.splitlines() if line.startswith("#")]


def table(text: str) -> str:
    """The markdown the README holds between its markers."""
    run = figures(text)
    levels = [name.removesuffix("_win_rate_vs_legends") for name in run if _is_level(name)]
    lines = [f"_{note}_" for note in notes(text)]
    lines += [
        "",
        "| level | USA vs Legends | with the Garage | mean of the 20 settings | lowest setting"
        " | decision p50 / p99 ms | plan p99 ms |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for level in levels:
        lines.append(
            f"| `{level}` | {run[f'{level}_win_rate_vs_legends']}"
            f" | {run[f'{level}_win_rate_vs_legends_modules']}"
            f" | {run[f'{level}_mean_of_settings']} | {run[f'{level}_lowest_setting']}"
            f" | {run[f'{level}_decision_p50_ms']} / {run[f'{level}_decision_p99_ms']}"
            f" | {run[f'{level}_plan_p99_ms']} |"
        )
    lines += [
        "",
        "Win rate against five Legends per track, dry / weather"
        f" ({run['races_per_track']} races a setting, {run['champion_races']} for `champion`):",
        "",
        "| track | " + " | ".join(f"`{level}`" for level in levels) + " |",
        "| --- | " + " | ".join("---" for _ in levels) + " |",
    ]
    lines += _track_rows(run, levels, "win_rate_vs_legends")
    if "races_per_track_own_laps" in run:
        lines += [
            "",
            "At each track's own lap count, the bot's default race"
            f" ({run['races_per_track_own_laps']} races a setting,"
            f" {run['champion_races']} for `champion`):",
            "",
            "| level | mean of the 20 settings | lowest setting | every race |",
            "| --- | --- | --- | --- |",
        ]
        for level in levels:
            lines.append(
                f"| `{level}` | {run[f'{level}_own_laps_mean_of_settings']}"
                f" | {run[f'{level}_own_laps_lowest_setting']}"
                f" | {run[f'{level}_own_laps_all_tracks']} |"
            )
        lines += [
            "",
            "| track (laps) | " + " | ".join(f"`{level}`" for level in levels) + " |",
            "| --- | " + " | ".join("---" for _ in levels) + " |",
        ]
        lines += _track_rows(run, levels, "own_laps")
    if "champion_ahead_of_expert" in run:
        lines += [
            "",
            f"Head to head ({run['h2h_races']} races of `champion`, `expert` and four Legends,"
            f" over the tracks, dry and weather): `champion` ahead of `expert`"
            f" {run['champion_ahead_of_expert']}; wins: `champion`"
            f" {run['h2h_champion_win_rate']}, `expert` {run['h2h_expert_win_rate']}."
            f" `champion`'s budget: {run['champion_playouts']} playouts a plan beside five"
            " cars that plan, more beside Legends (`engine.ai.playouts_for`).",
        ]
    return "\n".join(lines)


def _track_rows(run: dict[str, str], levels: list[str], figure: str) -> list[str]:
    """A row per track raced: each level's ``LEVEL_FIGURE_TRACK`` dry / weather (at its own
    lap count, the track's laps beside its name)."""
    rows = []
    for track, name in TRACK_NAMES.items():
        cells = [
            f"{_share(run, f'{level}_{figure}_{track}')}"
            f" / {_share(run, f'{level}_{figure}_{track}_weather')}"
            for level in levels
        ]
        laps = run.get(f"own_laps_{track}")
        if figure == "own_laps" and laps is not None:
            name = f"{name} ({laps})"
        if any(cell != "- / -" for cell in cells):
            rows.append(f"| {name} | " + " | ".join(cells) + " |")
    return rows


def _is_level(name: str) -> bool:
    return name.endswith("_win_rate_vs_legends") and not name.startswith("ai_")


def _share(run: dict[str, str], name: str) -> str:
    """A win rate without its interval (the table's cells are small)."""
    value = run.get(name)
    return "-" if value is None else value.split(" ")[0]


def block(readme: str) -> str:
    """The README's block between the markers, as it stands."""
    start = readme.index(START) + len(START)
    return readme[start : readme.index(END)].strip("\n")


def written(readme: str, text: str) -> str:
    """The README with its block written from the run ``text``."""
    start = readme.index(START) + len(START)
    return readme[:start] + "\n" + table(text) + "\n" + readme[readme.index(END) :]


def main(argv: list[str]) -> None:
    run = Path(argv[0]) if argv else RUN
    README.write_text(written(README.read_text(), run.read_text()))
    print(f"readme_table: written from {run}")


if __name__ == "__main__":
    main(sys.argv[1:])
