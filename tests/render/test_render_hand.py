"""The hand picture: every card of the driver's own hand, each with its speed and symbols.

Where each card, band and chip lies comes from the hand's layout functions, so
the tests read the pixels there instead of comparing with a stored image.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence

import pytest
from PIL import Image, ImageChops

import data
import engine
from engine.notation import load_state
from engine.view import RaceView
from render import hand_description, hand_image, palette, png_bytes
from render.card_faces import BASE_FACES, CardFace, card_face
from render.geometry import Box
from render.hand import (
    KIND_COLOURS,
    OTHER_SYMBOL,
    SYMBOL_COLOURS,
    card_parts,
    draw_card,
    hand_layout,
    symbol_text,
)

MAX_PNG_BYTES = 60 * 1024


def own_view(hand: Sequence[str], viewer: str | None = "A") -> RaceView:
    """Car A's race with ``hand``, as ``viewer`` sees it."""
    car = {
        "color": "red",
        "kind": "human",
        "space": 12,
        "spot": 0,
        "gear": 3,
        "engine": 4,
        "deck": ["1", "2"],
        "discard": [],
        "finished": None,
    }
    doc = {
        "notation": "heat-race/1",
        "track": "usa",
        "laps": 2,
        "seed": 1,
        "round": 3,
        "cars": [
            car | {"id": "A", "hand": list(hand)},
            car | {"id": "B", "hand": ["1"], "spot": 1},
        ],
    }
    return engine.view_for(load_state(json.dumps(doc)), viewer)


def rgb_at(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    value = image.getpixel((round(x), round(y)))
    assert isinstance(value, tuple)
    return (value[0], value[1], value[2])


def band_colour(image: Image.Image, box: Box) -> tuple[int, int, int]:
    """The colour of a card's band, left of its centred title."""
    return rgb_at(image, box.left + 6, box.top + 20)


def colours_in(image: Image.Image, box: Box) -> set[tuple[int, int, int]]:
    patch = image.crop((box.left, box.top, box.left + box.width, box.top + box.height))
    return {colour for _, colour in patch.getcolors(box.width * box.height) or []}


def test_each_card_of_the_hand_is_drawn_in_its_kind() -> None:
    """Seven cards, laid out Speed cards first, Stress and Heat last, each band in its colour."""
    view = own_view(["H", "3", "S", "1", "5", "4", "2"])
    image = hand_image(view, "A").convert("RGB")
    layout = hand_layout(7)
    assert image.size == (layout.width, layout.height)
    kinds = ["speed"] * 4 + ["upgrade", "stress", "heat"]
    for box, kind in zip(layout.cards, kinds, strict=True):
        assert band_colour(image, box) == KIND_COLOURS[kind], kind


def test_a_card_shows_its_speed() -> None:
    """Two hands that differ only in their last Speed card differ only inside that card."""
    three = hand_image(own_view(["1", "2", "3"]), "A").convert("RGB")
    four = hand_image(own_view(["1", "2", "4"]), "A").convert("RGB")
    changed = ImageChops.difference(three, four).getbbox()
    assert changed is not None
    last = hand_layout(3).cards[2]
    speed = card_parts(last, card_face("3")).speed
    assert speed.left <= changed[0] and changed[2] <= speed.left + speed.width
    assert speed.top <= changed[1] and changed[3] <= speed.top + speed.height
    assert palette.INK in colours_in(three, speed)


def test_a_stress_card_carries_its_boost_symbol_and_speed_cards_none() -> None:
    """The Stress card's chip is in the boost colour; no Speed card has a chip."""
    image = hand_image(own_view(["2", "S"]), "A").convert("RGB")
    two, stress = hand_layout(2).cards
    (chip,) = card_parts(stress, BASE_FACES["S"]).chips
    assert rgb_at(image, chip.left + 6, chip.top + chip.height / 2) == SYMBOL_COLOURS["boost"]
    assert card_parts(two, BASE_FACES["2"]).chips == ()
    assert SYMBOL_COLOURS["boost"] not in colours_in(image, two)


def test_an_upgrade_is_drawn_from_its_speed_and_symbols_with_no_new_code() -> None:
    """A Gas pedal face from the card facts: its chips in order, an unknown symbol in grey."""
    face = CardFace.from_facts("upgrade", "Gas pedal", 1, {"accelerate": 1, "scrap": 5, "tow": 2})
    box = hand_layout(1).cards[0]
    image = Image.new("RGB", (hand_layout(1).width, hand_layout(1).height), palette.PANEL)
    draw_card(image, box, face)
    chips = card_parts(box, face).chips
    expected = [SYMBOL_COLOURS["accelerate"], OTHER_SYMBOL, OTHER_SYMBOL]
    for chip, colour in zip(chips, expected, strict=True):
        assert rgb_at(image, chip.left + 6, chip.top + chip.height / 2) == colour
    assert band_colour(image, box) == KIND_COLOURS["upgrade"]
    assert chips[0].top > card_parts(box, face).speed.top


def test_symbols_read_as_on_the_card() -> None:
    """One + per boost, a signed adjust, flags without a number, underscores as spaces."""
    assert symbol_text("boost", 3) == "boost +++"
    assert symbol_text("adjust", -1) == "adjust -1"
    assert symbol_text("direct", 1) == "direct"
    assert symbol_text("super_cool", 2) == "super cool 2"
    assert CardFace.from_facts("upgrade", "Brakes", [1, 3], {}).speed == (1, 3)


@pytest.mark.parametrize("viewer", [None, "B"])
def test_a_hand_is_drawn_only_from_its_drivers_own_view(viewer: str | None) -> None:
    """A spectator's or another driver's view has no hand to draw: a one-line ValueError."""
    with pytest.raises(ValueError, match="the hand of A is hidden"):
        hand_image(own_view(["1", "2"], viewer), "A")


def test_an_unknown_card_is_named() -> None:
    """A card with no face is refused by name."""
    with pytest.raises(ValueError, match="no face for card 'X'"):
        card_face("X")


def test_the_hand_picture_is_a_small_valid_png() -> None:
    """The PNG reads back at the layout's size and stays small; an empty hand still draws."""
    png = png_bytes(hand_image(own_view(["1", "2", "3", "4", "S", "H", "0"]), "A"))
    assert len(png) < MAX_PNG_BYTES
    with Image.open(io.BytesIO(png)) as image:
        assert image.size == (hand_layout(7).width, hand_layout(7).height)
    empty = hand_image(own_view([]), "A").convert("RGB")
    assert empty.size == (hand_layout(0).width, hand_layout(0).height)
    assert palette.TEXT_DIM in colours_in(empty, Box(0, 0, empty.width, empty.height))


@pytest.mark.parametrize("symbols", [0, 1, 2, 3, 4])
def test_chips_leave_the_speed_room_and_stay_on_the_card(symbols: int) -> None:
    """However many symbols, chips sit inside the card under the speed, which keeps 28%;
    each chip is tall enough for its words at the hand picture's smallest size."""
    names = ("boost", "heat", "cooldown", "scrap")[:symbols]
    face = CardFace("upgrade", "Tires", (2,), tuple((name, 1) for name in names))
    box = hand_layout(1).cards[0]
    parts = card_parts(box, face)
    assert len(parts.chips) == symbols
    assert parts.speed.height >= 0.28 * (box.height - 40)
    bottom = parts.speed.top + parts.speed.height
    for chip in parts.chips:
        assert chip.top >= bottom and chip.height * 0.66 >= hand_layout(7).text
        assert chip.top + chip.height <= box.top + box.height
        bottom = chip.top + chip.height


def test_the_hand_is_described_in_words_in_the_order_drawn() -> None:
    """Alt text lists each card's title, speed and symbols; another driver's view is refused."""
    text = hand_description(own_view(["S", "3", "H", "1"]), "A")
    assert text == "Hand: Speed 1; Speed 3; Stress (boost +); Heat"
    assert hand_description(own_view([]), "A") == "Hand: no cards"
    with pytest.raises(ValueError, match="hidden"):
        hand_description(own_view(["1"], "B"), "A")


def test_every_garage_upgrade_has_a_face_from_the_card_data() -> None:
    """A hand holding drafted upgrades draws: each upgrade's face comes from data/cards.json."""
    for upgrade in data.upgrade_cards().upgrades:
        face = card_face(upgrade.id)
        assert face.title == upgrade.name
        assert set(face.speed) <= set(upgrade.speed), "a face shows the card's own speeds"
        assert dict(face.symbols) == {str(k): v for k, v in upgrade.symbols.items()}
