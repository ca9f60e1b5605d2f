"""Every picture reads where Discord shows it: its smallest text is 1/40 of its width (issue 22).

Discord shows an attached picture about 400 pixels wide on a phone, so a text
of size s on a picture w pixels wide is seen at s * 400 / w pixels: the rule is
at least 10. Each picture is drawn inside :func:`render.text.sizes_drawn`, which
records every text set (the kept track layers and card tiles are cleared first, so
their text is set again), on every track, with the longest names Discord allows
(32 characters), CJK names and emoji, the weather module's tags, parked
finishers, and every hand and stretch of road of a race played by the AI.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from itertools import islice

import pytest
from PIL import Image

import data
import engine
from bot.service.round_ends import ai_drivers, round_ends
from data import words
from engine.events import Event
from engine.forecast import landings
from engine.state import Options
from render import board_image, closeup_image, hand_image
from render.hand import card_tile
from render.text import sizes_drawn
from render.track_layer import track_layer
from tests.support.boards import race_view

SHOWN_WIDTH = 400
LEAST_SEEN = 10
NAMES = {
    "A": "Maximilian Alexander Hohenzoller",
    "B": "鈴木一郎" * 8,
    "C": "🏎️🏁 Speedy Gonzales 🏎️🏁 der Zweite",
    "D": "김민준 Farid ⭐ Ωmega Øresund",
    "E": "W" * 32,
    "F": "Dev",
}
COLOURS = ("red", "blue", "green", "yellow", "black", "gray")
ROUNDS = 3


Drawn = tuple[Image.Image, list[tuple[int, str]]]


def smallest_seen(pictures: Iterable[Drawn]) -> tuple[float, str]:
    """The smallest text of the pictures drawn, as seen 400 px wide, and what it said."""
    worst = (float("inf"), "")
    for picture, drawn in pictures:
        assert drawn, "the picture has text"
        size, text = min(drawn)
        worst = min(worst, (size * SHOWN_WIDTH / picture.width, text))
    return worst


@cache
def race_rounds(track: str) -> list[tuple[engine.RaceState, list[Event]]]:
    """The first rounds of a six-car AI race with the weather module: each state, its events."""
    entrants = [
        engine.Entrant(car, colour, "ai") for car, colour in zip(NAMES, COLOURS, strict=True)
    ]
    state, events = engine.new_race(track, entrants, 5, options=Options(weather=True))
    return [(state, events), *islice(round_ends(state, [], ai_drivers()), ROUNDS)]


def drawn_boards(track: str, locale: str = "en") -> Iterator[Drawn]:
    for state, events in race_rounds(track):
        track_layer.cache_clear()
        with sizes_drawn() as drawn:
            view = engine.view_for(state, None)
            picture = board_image(view, events, names=NAMES, locale=locale)
        yield picture, drawn
    end = data.track(track).laps * data.track(track).spaces_per_lap
    pairs = enumerate(zip(NAMES, COLOURS, strict=True))
    cars = [(car, colour, end - i, i % 2) for i, (car, colour) in pairs]
    finished = race_view(track, cars, {car: place for place, car in enumerate(NAMES, 1)})
    track_layer.cache_clear()
    with sizes_drawn() as drawn:
        picture = board_image(finished, names=NAMES, locale=locale)
    yield picture, drawn


def drawn_hands(track: str, locale: str = "en") -> Iterator[Drawn]:
    for state, _ in race_rounds(track):
        for car in state.cars:
            card_tile.cache_clear()
            with sizes_drawn() as drawn:
                picture = hand_image(engine.view_for(state, car.id), car.id, locale)
            yield picture, drawn


def drawn_roads(track: str, locale: str = "en") -> Iterator[Drawn]:
    for state, _ in race_rounds(track):
        for car in state.cars:
            view = engine.view_for(state, car.id)
            legal = engine.legal_decisions(state, car.id)
            plans = [d.cards for d in legal if isinstance(d, engine.Plan)]
            with sizes_drawn() as drawn:
                reach = landings(view, view.car(car.id), plans)
                picture = closeup_image(view, car.id, reach, locale)
            yield picture, drawn


@pytest.mark.parametrize("track", data.track_ids())
@pytest.mark.parametrize("locale", words.languages())
def test_the_smallest_text_on_every_board_reads_at_400_px(track: str, locale: str) -> None:
    """Round boards (grid, played rounds, weather tags, long and CJK names, emoji) and a
    board of parked finishers, in every language: nothing under 10 px when shown 400 px
    wide."""
    seen, text = smallest_seen(drawn_boards(track, locale))
    assert seen >= LEAST_SEEN, f"{text!r} reads at {seen:.1f} px"


@pytest.mark.parametrize("track", data.track_ids())
@pytest.mark.parametrize("locale", words.languages())
def test_the_smallest_text_on_every_stretch_of_road_reads_at_400_px(
    track: str, locale: str
) -> None:
    """Every driver's close-up of the road, round after round, cars and limits and landings,
    in every language: nothing under 10 px when shown 400 px wide."""
    seen, text = smallest_seen(drawn_roads(track, locale))
    assert seen >= LEAST_SEEN, f"{text!r} reads at {seen:.1f} px"


@pytest.mark.parametrize("track", ["usa", "espana"])
@pytest.mark.parametrize("locale", words.languages())
def test_the_smallest_text_on_every_hand_reads_at_400_px(track: str, locale: str) -> None:
    """Every driver's hand, round after round, in every language: nothing under 10 px when
    shown 400 px wide."""
    seen, text = smallest_seen(drawn_hands(track, locale))
    assert seen >= LEAST_SEEN, f"{text!r} reads at {seen:.1f} px"


@pytest.mark.parametrize("locale", words.languages())
def test_a_hand_of_upgrades_with_many_symbols_reads_at_400_px(locale: str) -> None:
    """Garage upgrades carry up to four symbols and long names: their chips and titles too, in
    every language."""
    cards = data.upgrade_cards().upgrades
    upgrades = [card.id for card in sorted(cards, key=lambda card: -len(card.symbols))[:8]]
    state = engine.new_race("usa", [engine.Entrant("A", "red")], 1)[0]
    state.cars[0].hand = list(upgrades)
    card_tile.cache_clear()
    with sizes_drawn() as drawn:
        picture = hand_image(engine.view_for(state, "A"), "A", locale)
    seen, text = smallest_seen([(picture, drawn)])
    assert seen >= LEAST_SEEN, f"{text!r} reads at {seen:.1f} px"
