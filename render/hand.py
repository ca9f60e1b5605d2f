"""The picture of a driver's hand: each card with its speed and its symbols, from their own view.

Every card is drawn from its face (kind, speed, symbols), never from a list of
known cards, so upgrades and sponsorship cards need a face and no new drawing.
The picture sits beside the hand's text, which screen readers read. Its words (the
header, the cards' names, the symbols' words) are in the driver's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from data import words
from data.words import N_
from engine.view import RaceView
from render import palette
from render.card_faces import CardFace, Kind, card_face, card_title, laid_out
from render.geometry import Box
from render.layout import smallest_text
from render.palette import RGB, to_palette
from render.text import draw_text, fitted, text_width

CARD_WIDTH = 150
CARD_HEIGHT = 250
GAP = 14
PAD = 24
HEADER = 64
BAND = 40
CHIP = 32
# At most this share of a card's body below the band goes to its symbol chips.
CHIPS_SHARE = 0.7
MIN_WIDTH = 640
# The smallest text on a card unless its picture asks for more.
LEAST = 14
# Cards in a row: four keep the picture narrow enough for its smallest text to read at 400 px.
ROW = 4

PAPER = palette.WHITE
KIND_COLOURS: dict[Kind, RGB] = {
    "speed": palette.on_grid((36, 104, 196)),
    "upgrade": palette.on_grid((38, 140, 84)),
    "sponsor": palette.GOLD,
    "heat": palette.on_grid((206, 58, 36)),
    "stress": palette.on_grid((116, 76, 168)),
}
# What a card shows in its middle when it prints no speed.
KIND_MARKS: dict[Kind, str] = {"heat": "♨", "stress": "+"}
SYMBOL_COLOURS: dict[str, RGB] = {
    "boost": palette.SPIN,
    "accelerate": palette.SPIN,
    "heat": KIND_COLOURS["heat"],
    "cooldown": palette.SLIPSTREAM,
    "super_cool": palette.SLIPSTREAM,
    "slipstream": palette.SLIPSTREAM,
    "draft": palette.SLIPSTREAM,
    "reduce": KIND_COLOURS["stress"],
}
OTHER_SYMBOL = palette.SILVER
# How a symbol reads on its chip: the message ``chip_<symbol>`` ("cool" for cooldown); the
# facts' name (underscores as spaces) for a symbol no catalog has yet.
SYMBOL_WORDS = N_(
    "chip_boost",
    "chip_cooldown",
    "chip_slipstream",
    "chip_accelerate",
    "chip_heat",
    "chip_reduce",
    "chip_scrap",
    "chip_salvage",
    "chip_direct",
    "chip_refresh",
    "chip_adjust",
    "chip_super_cool",
    "chip_draft",
)
# Symbols printed without a number.
FLAGS = frozenset({"direct", "refresh"})
CARD_COLOURS = (*KIND_COLOURS.values(), OTHER_SYMBOL)


@dataclass(frozen=True, slots=True)
class HandLayout:
    """Where the header and each card of a hand of ``cards`` cards lie."""

    width: int
    height: int
    cards: tuple[Box, ...]

    @property
    def text(self) -> int:
        """The smallest type size on the picture."""
        return smallest_text(self.width)


def hand_layout(cards: int) -> HandLayout:
    """Rows of up to four cards under a header line, wide enough for the header."""
    across = min(cards, ROW)
    row = across * CARD_WIDTH + max(0, across - 1) * GAP
    width = max(MIN_WIDTH, row + 2 * PAD)
    left = (width - row) // 2
    boxes = tuple(
        Box(
            left + (i % ROW) * (CARD_WIDTH + GAP),
            HEADER + (i // ROW) * (CARD_HEIGHT + GAP),
            CARD_WIDTH,
            CARD_HEIGHT,
        )
        for i in range(cards)
    )
    rows = max(1, -(-cards // ROW))
    return HandLayout(width, HEADER + rows * CARD_HEIGHT + (rows - 1) * GAP + PAD, boxes)


def hand_faces(view: RaceView, car_id: str) -> list[CardFace]:
    """The faces of the driver's hand in the order they are shown.

    ValueError when ``view`` is not ``car_id``'s own: a hand is seen only by its driver.
    """
    hand = view.car(car_id).hand
    if view.viewer != car_id or hand is None:
        seen_by = "a spectator" if view.viewer is None else view.viewer
        raise ValueError(f"the hand of {car_id} is hidden from {seen_by}'s view")
    return laid_out([card_face(card) for card in hand])


def hand_image(view: RaceView, car_id: str, locale: str = "en") -> Image.Image:
    """The cards in ``car_id``'s hand, under their gear and Engine, as a palette image, its
    words in the locale's language."""
    faces = hand_faces(view, car_id)
    car = view.car(car_id)
    layout = hand_layout(len(faces))
    image = Image.new("RGB", (layout.width, layout.height), palette.PANEL)
    header = words.text(
        "hand_picture_header", locale, gear=car.gear, engine=car.engine, deck=car.deck_count
    )
    room = layout.width - 2 * PAD
    size = fit_size(header, room, 26, bold=True, least=layout.text)
    header = fitted(header, room, size=size, bold=True)
    draw_text(
        image, (PAD, HEADER / 2), header, size=size, fill=palette.TEXT, bold=True, anchor="lm"
    )
    for face, box in zip(faces, layout.cards, strict=True):
        image.paste(card_tile(face, layout.text, locale), (box.left, box.top))
    if not faces:
        middle = (layout.width / 2, HEADER + CARD_HEIGHT / 2)
        none = words.text("hand_no_cards", locale)
        draw_text(image, middle, none, size=26, fill=palette.TEXT_DIM, anchor="mm")
    return to_palette(image, CARD_COLOURS)


def hand_description(view: RaceView, car_id: str, locale: str = "en") -> str:
    """The picture in words, card by card in the order drawn: alt text for screen readers, in
    the locale's language (the same words as the picture)."""
    cards = []
    for face in hand_faces(view, car_id):
        speed = ""
        for value in face.speed:
            said = str(value)
            speed = words.text("hand_alt_or", locale, a=speed, b=said) if speed else said
        symbols = ", ".join(symbol_text(symbol, n, locale) for symbol, n in face.symbols)
        title = card_title(face, locale)
        cards.append(" ".join(part for part in (title, speed, symbols and f"({symbols})") if part))
    said = "; ".join(cards) if cards else words.text("hand_no_cards", locale)
    return words.text("hand_alt", locale, cards=said)


@dataclass(frozen=True, slots=True)
class CardParts:
    """Where a card's speed and each of its symbol chips go."""

    speed: Box
    chips: tuple[Box, ...]


def card_parts(box: Box, face: CardFace) -> CardParts:
    """The chips stack up from the card's foot, thinner when there are many, so the
    speed keeps at least the upper part of the card under the band."""
    count = len(face.symbols)
    body = box.height - BAND - 8
    step = min(CHIP + 6, round(body * CHIPS_SHARE / count)) if count else 0
    chips_top = box.top + box.height - 8 - count * step
    chips = tuple(
        Box(box.left + 6, chips_top + 5 + i * step, box.width - 12, step - 5) for i in range(count)
    )
    speed = Box(box.left + 8, box.top + BAND, box.width - 16, chips_top - box.top - BAND)
    return CardParts(speed, chips)


@lru_cache(maxsize=256)
def card_tile(face: CardFace, least: int = LEAST, locale: str = "en") -> Image.Image:
    """One card drawn on the panel's colour, no text under ``least`` pixels, its words in the
    locale's language; kept: a hand shows the same few faces all race.

    Kept tiles draw no text again, so a measure of the sizes drawn clears the cache first.
    """
    tile = Image.new("RGB", (CARD_WIDTH, CARD_HEIGHT), palette.PANEL)
    draw_card(tile, Box(0, 0, CARD_WIDTH, CARD_HEIGHT), face, least, locale)
    return tile


def draw_card(
    image: Image.Image, box: Box, face: CardFace, least: int = LEAST, locale: str = "en"
) -> None:
    """One card: its name in a coloured band, its speed large, its symbols as chips below,
    the words in the locale's language."""
    draw = ImageDraw.Draw(image)
    colour = KIND_COLOURS[face.kind]
    right, bottom = box.left + box.width - 1, box.top + box.height - 1
    radius = box.width // 10
    draw.rounded_rectangle((box.left, box.top, right, bottom), radius=radius, fill=colour)
    inner = (box.left + 4, box.top + BAND, right - 4, bottom - 4)
    draw.rounded_rectangle(inner, radius=radius - 3, fill=PAPER)
    name = card_title(face, locale)
    title_size = fit_size(name, box.width - 12, 22, bold=True, least=least)
    title = fitted(name, box.width - 12, size=title_size, bold=True)
    title_at = (box.left + box.width / 2, box.top + BAND / 2)
    ink = palette.contrast(colour)
    draw_text(image, title_at, title, size=title_size, fill=ink, bold=True, anchor="mm")
    parts = card_parts(box, face)
    _draw_speed(image, face, parts.speed, least)
    for chip, (symbol, number) in zip(parts.chips, face.symbols, strict=True):
        _draw_chip(image, chip, symbol, number, least, locale)


def _draw_speed(image: Image.Image, face: CardFace, room: Box, least: int) -> None:
    """The speed in the card's middle: one value, or the choice of values, or the kind's mark."""
    if face.speed:
        text = "/".join(str(value) for value in face.speed)
    else:
        text = KIND_MARKS.get(face.kind, "")
    size = fit_size(
        text, room.width, max(least, min(84, round(room.height * 0.9))), bold=True, least=least
    )
    middle = (room.left + room.width / 2, room.top + room.height / 2)
    draw_text(image, middle, text, size=size, fill=palette.INK, bold=True, anchor="mm")


def _draw_chip(
    image: Image.Image, chip: Box, symbol: str, number: int, least: int, locale: str
) -> None:
    """A symbol as a coloured chip with its word and number, e.g. "boost +", "cool 3"."""
    colour = SYMBOL_COLOURS.get(symbol, OTHER_SYMBOL)
    right, bottom = chip.left + chip.width, chip.top + chip.height
    radius = chip.height // 2
    ImageDraw.Draw(image).rounded_rectangle(
        (chip.left, chip.top, right, bottom), radius=radius, fill=colour
    )
    text = symbol_text(symbol, number, locale)
    top = max(least, min(20, round(chip.height * 0.66)))
    room: float = chip.width - 10
    size = fit_size(text, room, top, bold=True, least=least)
    label = text
    if text_width(text, size=size, bold=True) > room:
        # A word too long for the chip is cut, never its figure ("super cool… 1").
        word, figure = _chip_parts(symbol, number, locale)
        room -= text_width(figure, size=size, bold=True)
        label = fitted(word, room, size=size, bold=True) + figure
    middle = (chip.left + chip.width / 2, chip.top + chip.height / 2)
    draw_text(
        image, middle, label, size=size, fill=palette.contrast(colour), bold=True, anchor="mm"
    )


def fit_size(text: str, room: float, size: int, *, bold: bool, least: int = LEAST) -> int:
    """The largest size up to ``size`` (not under ``least``) at which ``text`` fits ``room``."""
    while size > least and text_width(text, size=size, bold=bold) > room:
        size -= 1
    return size


def symbol_text(symbol: str, number: int, locale: str = "en") -> str:
    """A symbol's chip text in the locale's language: one "+" per boost, a signed number for
    adjust, none for flags."""
    return "".join(_chip_parts(symbol, number, locale))


def _chip_parts(symbol: str, number: int, locale: str) -> tuple[str, str]:
    """A chip's word and its figure after it (" +", " 3", " -1"; none for flags)."""
    word = words.text(f"chip_{symbol}", locale)
    if word == f"chip_{symbol}":
        word = symbol.replace("_", " ")
    if symbol in FLAGS:
        return word, ""
    if symbol == "boost":
        return word, " " + "+" * number
    if symbol == "adjust":
        return word, f" {number:+d}"
    return word, f" {number}"
