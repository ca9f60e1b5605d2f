"""Hypothesis strategies for races, in one place."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

import data
from engine import Options

TRACKS = data.track_ids()


@dataclass(frozen=True)
class RaceSetup:
    track: str
    kinds: list[str]
    seed: int
    laps: int
    aggressive_legends: bool = False


@st.composite
def race_setups(draw: st.DrawFn, kinds: tuple[str, ...] = ("human",)) -> RaceSetup:
    """Any of the ten tracks, 1 to 6 cars of the given kinds, a seed, 1 lap (sometimes 2),
    and Legends that are sometimes aggressive (chevrons matter only then)."""
    track = draw(st.sampled_from(TRACKS))
    cars = draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=6))
    laps = min(draw(st.sampled_from((1, 1, 1, 1, 2))), data.track(track).laps)
    seed = draw(st.integers(0, 2**32))
    return RaceSetup(track, cars, seed, laps, draw(st.booleans()))


@st.composite
def garage_options(draw: st.DrawFn) -> Options:
    """Every module on: the Garage with one of its decks and draft variants (expansion
    upgrades or not), and weather with road conditions."""
    decks = draw(st.sampled_from(("basic", "advanced", "both")))
    variant = draw(st.sampled_from(("rounds", "random", "snake")))
    return Options(garage=decks, draft=variant, garage_expansions=draw(st.booleans()), weather=True)
