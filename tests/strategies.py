"""Hypothesis strategies for races, in one place."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

import data
from engine import Options

BASE_TRACKS = ("usa", "france", "great_britain", "italy")


@dataclass(frozen=True)
class RaceSetup:
    track: str
    kinds: list[str]
    seed: int
    laps: int


@st.composite
def race_setups(draw: st.DrawFn, kinds: tuple[str, ...] = ("human",)) -> RaceSetup:
    """A base track, 1 to 6 cars of the given kinds, a seed and 1 lap (sometimes 2)."""
    track = draw(st.sampled_from(BASE_TRACKS))
    cars = draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=6))
    laps = draw(st.sampled_from((1, 1, 1, 1, 2)))
    assert laps <= data.track(track).laps
    return RaceSetup(track, cars, draw(st.integers(0, 2**32)), laps)


@st.composite
def garage_options(draw: st.DrawFn) -> Options:
    """Every module on: the Garage with one of its decks and draft variants (expansion
    upgrades or not), and weather with road conditions."""
    decks = draw(st.sampled_from(("basic", "advanced", "both")))
    variant = draw(st.sampled_from(("rounds", "random", "snake")))
    return Options(garage=decks, draft=variant, garage_expansions=draw(st.booleans()), weather=True)
