"""One loader for every data file: parse, validate, cache, fail loudly."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from data.models import ChampionshipData, LegendCards, Track, UpgradeCards, WeatherModule

DATA_DIR = Path(__file__).resolve().parent
TRACKS_DIR = DATA_DIR / "tracks"

M = TypeVar("M", bound=BaseModel)


class DataError(ValueError):
    """A data file is missing or malformed; the message names the file and the field."""


def load_file(path: Path, model: type[M]) -> M:
    """Read one JSON file into ``model``, or raise DataError naming file and field."""
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        return model.model_validate(json.loads(raw))
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}: not JSON (line {exc.lineno}: {exc.msg})") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(part) for part in first["loc"]) or "(file)"
        raise DataError(f"{path}: field {field}: {first['msg']}") from None


def track_ids() -> tuple[str, ...]:
    """The ids of every track shipped in data/tracks."""
    return tuple(sorted(p.stem for p in TRACKS_DIR.glob("*.json")))


@cache
def track(track_id: str) -> Track:
    """The track with this id; DataError if there is none or its file is bad."""
    if track_id not in track_ids():
        raise DataError(f"unknown track {track_id!r} (known: {', '.join(track_ids())})")
    loaded = load_file(TRACKS_DIR / f"{track_id}.json", Track)
    if loaded.id != track_id:
        raise DataError(f"{TRACKS_DIR / track_id}.json: field id: must be {track_id!r}")
    return loaded


@cache
def legend_cards() -> LegendCards:
    """The Legends deck."""
    return load_file(DATA_DIR / "legend_cards.json", LegendCards)


@cache
def upgrade_cards() -> UpgradeCards:
    """The Garage upgrade cards (basic, advanced and the expansions' decks)."""
    return load_file(DATA_DIR / "cards.json", UpgradeCards)


@cache
def weather() -> WeatherModule:
    """The weather cards and road-condition tokens (read once: the rules ask on every move)."""
    return load_file(DATA_DIR / "weather.json", WeatherModule)


@cache
def championship() -> ChampionshipData:
    """The Championship module: points, sponsorship cards, events and preset seasons."""
    return load_file(DATA_DIR / "championship.json", ChampionshipData)
