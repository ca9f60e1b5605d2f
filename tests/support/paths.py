"""Where the tests find the repository and their documents, wherever a test module lives."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE_TESTS = ROOT / "tests" / "engine"
RULEBOOK = ENGINE_TESTS / "rulebook"
SCENARIO_FOLDER = ENGINE_TESTS / "scenarios"
SEASON_SCENARIO_FOLDER = ENGINE_TESTS / "season" / "scenarios"
SAMPLE_RACE = ROOT / "docs" / "sample-race.json"
