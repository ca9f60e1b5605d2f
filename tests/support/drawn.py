"""Every kind of picture the bot posts, drawn in a language with every text it set recorded.

Each picture is drawn inside :func:`render.text.boxes_drawn` and
:func:`render.text.sizes_drawn` with Discord's longest names (32 characters: accented
Latin, CJK, Arabic, emoji, the widest Latin letter), so a test can see where each text
landed and how big, and the bench (``bench/text_sizes.py``) can say the smallest. A
picture names the regions its code lays out (the board's heading, roster lines and key
lines; the standings' columns; the podium's steps; a card's band and chips): a text whose
middle lies in a region must lie inside it. Card tiles are drawn on their own (their texts
lie in the tile's own coordinates) and each is checked as a picture of its own.

A picture whose drawing takes no locale yet is drawn in English and says so (``missing``).
"""

from __future__ import annotations

import inspect
import io
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, partial
from itertools import islice
from typing import Any

from PIL import Image

import data
import engine
from bot.discord import market
from bot.service.round_ends import ai_drivers, round_ends
from data import words
from engine.events import Event
from engine.forecast import landings
from engine.notation import load_state
from engine.state import Options
from render import (
    ChartLine,
    StandingRow,
    Standings,
    StandingsChart,
    board_image,
    closeup_image,
    finish_image,
    hand_image,
    standings_chart_image,
    standings_image,
)
from render import closeup as closeup_module
from render import finish as finish_module
from render import hand as hand_module
from render import standings as standings_module
from render import standings_chart as chart_module
from render.animation import GIF_WIDTH
from render.board import view_layout
from render.card_faces import CardFace
from render.fonts import font
from render.geometry import Box
from render.text import Extent, boxes_drawn, sizes_drawn
from render.track_layer import track_layer
from tests.support.boards import race_view

SHOWN_WIDTH = 400
LOCALES = ("en", "it", "pseudo")
KINDS = ("board", "replay", "closeup", "hand", "market", "standings", "chart", "finish")
# Discord's longest display names, 32 characters each, in the scripts a server may use.
NAMES = {
    "A": "Maximilián Ærøskøbing-Çelik Żółć",
    "B": "鈴木一郎" * 8,
    "C": "محمد عبد الرحمن بن عبد العزيز آل",
    "D": "🏎🏁 Speedy González 🏁🏎 der Zwei!",
    "E": "W" * 32,
    "F": "Ève",
}
COLOURS = ("red", "blue", "green", "yellow", "black", "gray")
TRACKS = ("japan", "great_britain")
ROUNDS = 2

Rect = tuple[float, float, float, float]
Text = tuple[str, Extent]


@dataclass
class Drawn:
    """One picture: its size, every text with what it covers, every (size, text), and the
    regions its texts must keep to."""

    name: str
    width: int
    height: int
    texts: list[Text]
    sizes: list[tuple[int, str]]
    regions: list[tuple[str, Rect]] = field(default_factory=list)
    # Texts never checked against each other (a board's track: the pack test's business).
    loose: Rect | None = None
    # Texts set on this picture that the smallest-size rule counts (tiles pasted in too).
    shown_width: int = 0

    def __post_init__(self) -> None:
        self.shown_width = self.shown_width or self.width


@dataclass
class Kind:
    """The pictures of one kind in one language, and what the drawing lacks to speak it."""

    pictures: list[Drawn]
    missing: str | None = None


def takes_locale(function: Callable[..., object]) -> bool:
    return "locale" in inspect.signature(function).parameters


def speaking(function: Callable[..., object], locale: str) -> dict[str, str]:
    """The locale as a keyword for a drawing that takes one, nothing for one that does not."""
    return {"locale": locale} if takes_locale(function) else {}


def recorded(name: str, draw: Callable[[], Image.Image]) -> Drawn:
    """``draw()`` run with both recorders on, and what it set."""
    with boxes_drawn() as boxes, sizes_drawn() as sizes:
        image = draw()
    return Drawn(name, image.width, image.height, boxes, sizes)


def cap_height(size: int) -> float:
    """How tall a capital stands in DejaVu Sans at ``size`` pixels."""
    return size * _cap_share()


@cache
def _cap_share() -> float:
    top = font(1000).getbbox("H", anchor="ls")[1]
    return -top / 1000


def smallest_cap(pictures: list[Drawn]) -> tuple[float, str]:
    """The smallest capital of the pictures as seen 400 px wide, and the text it is in."""
    worst = (float("inf"), "")
    for picture in pictures:
        for size, text in picture.sizes:
            seen = cap_height(size) * SHOWN_WIDTH / picture.shown_width
            worst = min(worst, (seen, text))
    return worst


# --- boards ---------------------------------------------------------------------------------


@cache
def race_rounds(track: str) -> list[tuple[engine.RaceState, list[Event]]]:
    """The grid and the first rounds of a six-car AI race with the weather module."""
    entrants = [
        engine.Entrant(car, colour, "ai") for car, colour in zip(NAMES, COLOURS, strict=True)
    ]
    state, events = engine.new_race(track, entrants, 5, options=Options(weather=True))
    return [(state, events), *islice(round_ends(state, [], ai_drivers()), ROUNDS)]


def finished_view(track: str) -> engine.RaceView:
    """Six cars past the line: places, and one put out (event 10 would)."""
    end = data.track(track).laps * data.track(track).spaces_per_lap
    cars = [
        (car, colour, end - i, i % 2)
        for i, (car, colour) in enumerate(zip(NAMES, COLOURS, strict=True))
    ]
    return race_view(track, cars, {car: place for place, car in enumerate(NAMES, 1)})


def board(view: engine.RaceView, events: list[Event], locale: str, width: int) -> Drawn:
    track_layer.cache_clear()
    name = f"{view.track} round {view.round} {width}px"
    drawn = recorded(
        name, lambda: board_image(view, events, names=NAMES, width=width, locale=locale)
    )
    layout = view_layout(view, width)
    regions = [("heading", _rect(layout.heading_box))]
    regions += [(f"roster line {n}", _rect(box)) for n, box in enumerate(layout.roster(6), 1)]
    regions += [(f"key line {n}", _rect(box)) for n, box in enumerate(layout.key_lines(), 1)]
    drawn.regions = regions
    drawn.loose = _rect(layout.track_box)
    return drawn


def boards(locale: str, width: int = 1000) -> Iterator[Drawn]:
    for track in TRACKS:
        for state, events in race_rounds(track):
            yield board(engine.view_for(state, None), events, locale, width)
        yield board(finished_view(track), [], locale, width)


# --- the other pictures ---------------------------------------------------------------------


def closeups(locale: str) -> Iterator[Drawn]:
    for state, _ in race_rounds("japan"):
        for car in state.cars[:3]:
            view = engine.view_for(state, car.id)
            plans = [
                d.cards for d in engine.legal_decisions(state, car.id) if isinstance(d, engine.Plan)
            ]
            reach = landings(view, view.car(car.id), plans)
            drawn = recorded(
                f"close-up of {car.id} round {state.round}",
                partial(closeup_image, view, car.id, reach, **speaking(closeup_image, locale)),
            )
            top, text = closeup_module.TOP, closeup_module.TEXT
            drawn.regions = [
                ("heading", (0, 0, drawn.width, top)),
                (
                    "key",
                    (0, drawn.height - round(closeup_module.KEY * text), drawn.width, drawn.height),
                ),
            ]
            yield drawn


# Upgrades with the longest names and the most symbols, Stress and Heat.
def hand_cards() -> list[str]:
    upgrades = sorted(
        data.upgrade_cards().upgrades, key=lambda card: (-len(card.symbols), -len(card.name))
    )
    return [card.id for card in upgrades[:6]] + ["S", "H"]


@contextmanager
def tiles_apart(width: Callable[[], int]) -> Iterator[list[Drawn]]:
    """Within the block, every card tile the hand or the market pastes is drawn anew (never
    from the cache) and recorded apart: its texts lie in the tile's own coordinates, its
    regions are its band and its chips, its sizes count against the picture's width."""
    tiles: list[Drawn] = []
    cached = hand_module.card_tile

    def tile(face: CardFace, *args: Any, **kwargs: Any) -> Image.Image:
        images: list[Image.Image] = []

        def draw() -> Image.Image:
            images.append(cached.__wrapped__(face, *args, **kwargs))
            return images[0]

        drawn = recorded(face.title, draw)
        parts = hand_module.card_parts(Box(0, 0, drawn.width, drawn.height), face)
        drawn.regions = [("band", (0, 0, drawn.width, hand_module.BAND))]
        drawn.regions += [(f"chip {n}", _rect(chip)) for n, chip in enumerate(parts.chips, 1)]
        tiles.append(drawn)
        return images[0]

    with patched(hand_module, "card_tile", tile), patched(market, "card_tile", tile):
        yield tiles
    for drawn in tiles:
        drawn.shown_width = width()


def hands(locale: str) -> Iterator[Drawn]:
    state = engine.new_race("usa", [engine.Entrant("A", "red")], 1)[0]
    state.cars[0].hand = hand_cards()
    view = engine.view_for(state, "A")
    size: list[int] = []
    with tiles_apart(lambda: size[0]) as tiles:
        drawn = recorded("hand", partial(hand_image, view, "A", **speaking(hand_image, locale)))
        size.append(drawn.width)
    drawn.regions = [("header", (0, 0, drawn.width, hand_module.HEADER))]
    yield drawn
    yield from tiles


def markets(locale: str) -> Iterator[Drawn]:
    state = engine.new_race("great_britain", [engine.Entrant("A", "red")], 1)[0]
    title = market.market_title(999, state, NAMES["B"], **speaking(market.market_title, locale))
    cards = hand_cards()[:6]
    size: list[int] = []
    with tiles_apart(lambda: size[0]) as tiles:
        with boxes_drawn() as boxes, sizes_drawn() as sizes:
            png = market.market_png(cards, title, **speaking(market.market_png, locale))
        with Image.open(io.BytesIO(png)) as image:
            size.append(image.width)
            picture = Drawn("market", image.width, image.height, boxes, sizes)
    yield picture
    yield from tiles


@contextmanager
def patched(module: object, name: str, value: object) -> Iterator[None]:
    kept = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, kept)


def standings_rows(races: int) -> list[StandingRow]:
    rows = []
    for i, (car, name) in enumerate(NAMES.items()):
        places = tuple((i + r) % 12 + 1 for r in range(races))
        rows.append(
            StandingRow(
                name,
                140 - 9 * i,
                places,
                COLOURS[i],
                tuple(r == 2 and car == "B" for r in range(races)),
                tuple(9 if p <= 6 else 0 for p in places),
                tuple(2 if r == 0 else 0 for r in range(races)),
                left=car == "C",
                dropped=1 if car == "A" else None,
            )
        )
    return rows


def track_name(track: str, locale: str) -> str:
    """A track's name as the pictures show it, in the locale's language where there is one."""
    named = getattr(words, "track_name", None)
    return str(named(track, locale)) if named is not None else data.track(track).name


def standings(locale: str) -> Iterator[Drawn]:
    title = words.text("league_standings_dropping", locale, name="Coppa Città di Montecatini")
    for races in (3, 7):
        tracks = [track_name(t, locale) for t in islice(_cycle(data.track_ids()), races)]
        table = Standings(title, standings_rows(races), tracks)
        drawn = recorded(f"standings of {races} races", partial(standings_image, table, locale))
        drawn.regions = _standings_columns(drawn, races)
        yield drawn
    untitled = Standings(title, standings_rows(3))
    unnamed = recorded("standings, races unnamed", partial(standings_image, untitled, locale))
    unnamed.regions = _standings_columns(unnamed, 3)
    yield unnamed


def _standings_columns(drawn: Drawn, races: int) -> list[tuple[str, Rect]]:
    """Each race's column: its track's name in the heading, and each driver's cell on the
    driver's race lines (a cell may run up to the next column, never into it)."""
    module = standings_module
    lines = max(1, -(-races // module.RACES_PER_LINE))
    heading_top = module.TITLE_SIZE + 2 * module.PAD
    header = heading_top + lines * 2 * module.HEADER_LINE
    block = module.NAME_LINE + lines * module.RACE_LINE + 8
    rows = (drawn.height - module.PAD - header) // block
    regions = []
    for column in range(races):
        left, line = module._cell(column)
        per_line = (module.WIDTH - module.PAD - module.NAME_LEFT) / module.RACES_PER_LINE
        top = heading_top + line * 2 * module.HEADER_LINE
        regions.append(
            (
                f"race {column + 1}'s name",
                (left, top, left + per_line, top + 2 * module.HEADER_LINE),
            )
        )
        for row in range(rows):
            top = header + block * row + module.NAME_LINE + line * module.RACE_LINE
            cell = (left, top, left + per_line, top + module.RACE_LINE)
            regions.append((f"row {row + 1}'s race {column + 1}", cell))
    return regions


def _cycle(items: tuple[str, ...]) -> Iterator[str]:
    while True:
        yield from items


def charts(locale: str) -> Iterator[Drawn]:
    title = words.text("league_standings_title", locale, name="Coppa Città di Montecatini")
    for races in (1, 12):
        lines = [
            ChartLine(name, colour, tuple((9 - i) * n for n in range(races + 1)))
            for i, (name, colour) in enumerate(zip(NAMES.values(), COLOURS, strict=True))
        ]
        chart = StandingsChart(title, lines)
        said = speaking(standings_chart_image, locale)
        drawn = recorded(f"chart of {races} races", partial(standings_chart_image, chart, **said))
        bottom = chart_module.chart_layout(chart).bottom + chart_module.LABEL_LINE / 2
        module = chart_module
        drawn.regions = [
            ("labels", (module.PLOT_RIGHT, module.PLOT_TOP - module.SMALL, module.WIDTH, bottom)),
            ("figures", (0, module.PLOT_TOP - module.SMALL, module.PLOT_LEFT, bottom)),
        ]
        yield drawn


def finishes(locale: str) -> Iterator[Drawn]:
    cars = []
    for i, (car, colour) in enumerate(zip(NAMES, COLOURS, strict=True)):
        kind = {"kind": "legend"} if car in "BE" else {"kind": "human"}
        finished = None if car == "F" else i + 1
        cars.append((car, colour, finished, kind))
    view = _hall(cars)
    drawn = recorded("hall of fame", lambda: finish_image(view, names=NAMES, locale=locale))
    module = finish_module
    regions = []
    for column in range(3):
        left = module.PAD + column * module.STEP_WIDTH
        regions.append(
            (
                f"step {column + 1}",
                (
                    left,
                    module.PODIUM_TOP,
                    left + module.STEP_WIDTH,
                    module.PODIUM_TOP + module.PODIUM_HEIGHT,
                ),
            )
        )
    drawn.regions = regions
    yield drawn


def _hall(cars: list[tuple[str, str, int | None, dict[str, str]]]) -> engine.RaceView:
    human = {"gear": 1, "engine": 0, "hand": [], "deck": [], "discard": []}
    doc = {"notation": "heat-race/1", "track": "great_britain", "laps": 3, "seed": 1, "round": 14}
    entries = []
    for i, (car, colour, finished, kind) in enumerate(cars):
        entry = {"id": car, "color": colour, "space": 200 - i, "spot": 0, "finished": finished}
        entry |= kind | (human if kind["kind"] == "human" else {})
        entries.append(entry)
    out = [car for car, _, finished, _ in cars if finished is None]
    doc |= {"cars": entries, "championship": {"event": 10, "eliminated": out}}
    return engine.view_for(load_state(json.dumps(doc)), None)


def _rect(box: Box) -> Rect:
    return (box.left, box.top, box.left + box.width, box.top + box.height)


def draw(kind: str, locale: str) -> Kind:
    """Every picture of ``kind`` in ``locale``'s language (English where it takes none)."""
    if kind == "board":
        return Kind(list(boards(locale)))
    if kind == "replay":
        return Kind(list(boards(locale, GIF_WIDTH)))
    if kind == "finish":
        return Kind(list(finishes(locale)))
    if kind == "standings":
        return Kind(list(standings(locale)))
    if kind == "chart":  # its only words are its title, the caller's, in the language
        return Kind(list(charts(locale)))
    speaks: dict[str, tuple[Callable[..., object], str, Callable[[str], Iterator[Drawn]]]] = {
        "closeup": (closeup_image, "render.closeup.closeup_image", closeups),
        "hand": (hand_image, "render.hand.hand_image", hands),
        "market": (market.market_title, "bot.discord.market.market_title", markets),
    }
    function, where, pictures = speaks[kind]
    missing = None if takes_locale(function) else f"{where} takes no locale yet"
    return Kind(list(pictures(locale if missing is None else "en")), missing)
