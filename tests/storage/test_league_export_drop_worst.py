"""A league's drop-worst setting travels in its export (docs/league-export.md): in the season
notation, set when the league was created or by a ``drop-worst on|off`` decision of its log;
an export from before the setting imports counting every race."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from bot.storage import BadLeagueExport, SeasonChange, Store, checked_export
from engine.season import (
    DropWorst,
    apply_season,
    parse_season_decision,
    season_from_dict,
    season_to_dict,
    standings,
)
from tests.support.leagues import league_with_history

THEIR_GUILD, THEIR_CHANNEL = 77, 88


async def switched_on(store: Store) -> int:
    """The league two races in (tests/support/leagues.py), then an admin's ``drop-worst on``."""
    league_id = await league_with_history(store)
    season = await store.season(league_id)
    assert season is not None and season.phase == "lineup"
    after, _ = apply_season(season, DropWorst(True))
    await store.commit_season(
        SeasonChange(league_id, season.version, after, [(DropWorst(True), "user:99")])
    )
    return league_id


async def test_a_league_switched_to_drop_worst_imports_with_it(store: Store) -> None:
    """The switch is a decision of the log; the import replays it, so the season, its table
    and the export read back as they were."""
    league_id = await switched_on(store)
    exported = await store.end_league(league_id)
    assert exported["season"]["decisions"][-1]["decision"] == "drop-worst on"
    assert exported["season"]["current"]["drop_worst"] is True
    assert "drop_worst" not in exported["season"]["initial"], "written only when on"
    imported = await store.import_league(checked_export(exported), THEIR_GUILD, THEIR_CHANNEL)
    season = await store.season(imported)
    assert season is not None and season == await store.season(league_id)
    assert season.drop_worst and any(line.dropped is not None for line in standings(season))
    again = await store.export_league(imported)
    assert again["season"] == exported["season"]


def created_with_drop_worst(document: dict[str, Any]) -> dict[str, Any]:
    """The same league had it been created with drop-worst on: its first season says so,
    and the log replayed from there gives its current season."""
    made = copy.deepcopy(document)
    made["season"]["initial"]["drop_worst"] = True
    season = season_from_dict(made["season"]["initial"])
    for entry in made["season"]["decisions"]:
        season, _ = apply_season(season, parse_season_decision(entry["decision"]))
    made["season"]["current"] = season_to_dict(season)
    return made


async def test_a_league_created_with_drop_worst_imports_with_it(store: Store) -> None:
    """``/league create drop-worst:True``: a start the rules give (``new_season`` with the
    setting), so the import takes it."""
    exported = await store.end_league(await league_with_history(store))
    made = created_with_drop_worst(exported)
    imported = checked_export(made)
    assert imported.initial.drop_worst and imported.current.drop_worst
    league_id = await store.import_league(imported, THEIR_GUILD, THEIR_CHANNEL)
    assert (await store.export_league(league_id))["season"] == made["season"]


async def test_an_export_without_the_setting_imports_counting_every_race(store: Store) -> None:
    """An export written before drop-worst existed names it nowhere: it imports, off."""
    exported = await store.end_league(await league_with_history(store))
    assert "drop_worst" not in json.dumps(exported)
    league_id = await store.import_league(checked_export(exported), THEIR_GUILD, THEIR_CHANNEL)
    season = await store.season(league_id)
    assert season is not None and not season.drop_worst
    assert all(line.dropped is None for line in standings(season))


async def test_drop_worst_written_in_without_its_decision_is_refused(store: Store) -> None:
    """A current season edited to drop worst races, with no decision saying so, is not where
    the log leads: refused in one line, as any forged season."""
    exported = await store.end_league(await league_with_history(store))
    exported["season"]["current"]["drop_worst"] = True
    with pytest.raises(BadLeagueExport, match=r"season\.current is not where the decision log"):
        checked_export(exported)
