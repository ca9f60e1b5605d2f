"""Pictures speak their reader's language: an Italian hand, market and close-up of the road
draw Italian words from the catalogs (cards' names, symbols' words, headings, keys), no
English word is left, and every word stays inside its picture or card; the standings
chart says only what its caller says in the reader's language, and figures."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from functools import cache

from PIL import Image

import data
import engine
from bot.discord.league_posts import chart_png, named
from bot.discord.market import market_png, market_title
from bot.service.league_values import Standing
from data import catalogs
from engine.forecast import landings
from engine.state import Weather
from render import closeup_description, closeup_image, hand_description, hand_image
from render.card_faces import card_face
from render.hand import CARD_HEIGHT, CARD_WIDTH, card_tile, symbol_text
from render.text import Extent, boxes_drawn
from tests.support.boards import race_view

# A hand of every kind of card, and upgrades with the most symbols (every chip's word).
HAND = ["1", "4", "0", "S", "H", "gas-pedal-1b", "tires-0", "air-intake-0b", "front-wing-0b"]
HAND += ["body-2", "fuel-0", "front-wing-2", "sp-eole-wings", "sp-brakes"]


@cache
def english_only() -> frozenset[str]:
    """The words English's catalog says and Italian's never does (placeholders left out)."""

    def said(language: str) -> set[str]:
        found: set[str] = set()
        for message in catalogs.read(catalogs.po_path(language), language):
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            for form in forms:
                found |= set(re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", form or "")))
        return found

    return frozenset(said("en") - said("it"))


def english_left(texts: list[str]) -> list[str]:
    """The texts that hold an English word Italian does not use."""
    return [text for text in texts if set(re.findall(r"[A-Za-z]{3,}", text)) & english_only()]


def drawn(picture: Callable[[], Image.Image]) -> tuple[Image.Image, list[tuple[str, Extent]]]:
    card_tile.cache_clear()  # a kept card draws no words again
    with boxes_drawn() as boxes:
        image = picture()
    return image, boxes


def outside(width: int, height: int, boxes: list[tuple[str, Extent]]) -> list[str]:
    return [
        text
        for text, (left, top, right, bottom) in boxes
        if left < 0 or top < 0 or right > width or bottom > height
    ]


def own_state(hand: list[str]) -> engine.RaceState:
    state = engine.new_race("usa", [engine.Entrant("A", "red")], 1)[0]
    state.cars[0].hand = list(hand)
    return state


def test_an_italian_hand_says_its_cards_and_symbols_in_italian() -> None:
    """The header, each card's name and each chip are the Italian catalog's; English words are
    gone; every word stays on its card (a tile's words are set in the tile's own frame)."""
    view = engine.view_for(own_state(HAND), "A")
    image, boxes = drawn(lambda: hand_image(view, "A", "it"))
    said = [text for text, _ in boxes]
    assert said[0].startswith("Mano  ·  marcia "), said[0]
    for name in ("Velocità", "Upgrade", "Stress", "Heat", "Acceleratore", "Pneumatici"):
        assert name in said, name
    assert "Freni Dramdo" in said and "Ali Eole" in said
    assert {"raffr. 1", "scia 1", "rottama 5", "recupera 2", "diretto", "limite +1"} <= set(said)
    assert not english_left(said), english_left(said)
    assert not outside(image.width, image.height, boxes[:1])
    assert not outside(CARD_WIDTH, CARD_HEIGHT, boxes[1:])
    assert not [text for text in said if text.endswith("…")], "every Italian name fits"


def test_the_same_hand_in_english_is_as_before() -> None:
    view = engine.view_for(own_state(["1", "S", "gas-pedal-1b"]), "A")
    _, boxes = drawn(lambda: hand_image(view, "A"))
    said = [text for text, _ in boxes]
    car = view.car("A")
    assert (
        said[0]
        == f"Hand  ·  gear {car.gear}  ·  Engine {car.engine} Heat  ·  deck {car.deck_count}"
    )
    assert {"Speed", "Stress", "Gas pedal", "boost +", "accel 1", "scrap 5", "direct"} <= set(said)


def test_the_hand_in_words_says_what_the_italian_picture_shows() -> None:
    """Alt text: the same names and chip words as the picture, "o" between speeds."""
    view = engine.view_for(own_state(["S", "3", "H", "brakes-1-3"]), "A")
    text = hand_description(view, "A", "it")
    assert text == "Mano: Velocità 3; Freni 1 o 3; Stress (boost +); Heat"
    assert hand_description(engine.view_for(own_state([]), "A"), "A", "it") == "Mano: nessuna carta"
    assert symbol_text("cooldown", 2, "it") == "raffr. 2"
    assert symbol_text("tow", 2, "it") == "tow 2", "a symbol no catalog has reads as named"


def test_every_card_name_fits_its_band_in_italian() -> None:
    """No card's name, base, upgrade or sponsor, is cut short in Italian (English cuts the
    longest sponsors' names, as it always has)."""
    cards = ["1", "0", "S", "H"] + [card.id for card in data.upgrade_cards().upgrades]
    cards += [card.id for card in data.championship().sponsorship_cards]
    for card in cards:
        _, boxes = drawn(lambda card=card: card_tile(card_face(card), 14, "it"))
        name = boxes[0][0]
        assert not name.endswith("…"), f"{card}: {name}"
        assert not outside(CARD_WIDTH, CARD_HEIGHT, boxes)


def test_an_italian_market_says_its_title_and_cards_in_italian() -> None:
    """The race's private market in the picker's language: "Gara #7, Gran Bretagna · draft,
    round 1", "sceglie Ada", the cards' Italian names; nothing English, nothing outside."""
    state = engine.new_race("great_britain", [engine.Entrant("A", "red")], 1)[0]
    title = market_title(7, state, "Ada", "it")
    assert title[0].startswith("Gara #7, Gran Bretagna · draft") and title[1] == "sceglie Ada"
    card_tile.cache_clear()
    with boxes_drawn() as boxes:
        png = market_png(("4wd-4", "body-3", "cooling-6", "sp-wings"), title, "it")
    with Image.open(io.BytesIO(png)) as image:
        width, height = image.size
    said = [text for text, _ in boxes]
    assert {"Trazione 4x4", "Carrozzeria", "Raffreddamento", "Ali De Angeli"} <= set(said)
    assert not english_left(said), english_left(said)
    assert not outside(width, height, boxes[:2])


def test_an_italian_close_up_says_its_heading_key_and_words_in_italian() -> None:
    """The road's heading and key are the Italian catalog's and fit the picture; its alt text
    says the same road in Italian, a changed limit and where each plan lands included."""
    tokens = ("speed_limit_minus_1", "speed_limit_plus_1", "overheat", "heat_control")
    view = race_view(
        "usa",
        [("A", "red", 10, 0), ("B", "blue", 12, 1)],
        viewer="A",
        laps=2,
        hand=("1", "3", "4", "S", "H", "2", "1"),
        weather=Weather("fog", tokens),
    )
    reach = landings(view, view.car("A"), [("3",), ("S",)])
    image, boxes = drawn(lambda: closeup_image(view, "A", reach, "it"))
    said = [text for text, _ in boxes]
    assert said[0] == "Strada davanti a A: fino alla seconda curva"
    assert {"qui arriva una velocità pianificata", "solo con Stress"} <= set(said)
    assert not english_left(said), english_left(said)
    assert not outside(image.width, image.height, boxes)
    text = closeup_description(view, "A", reach, "it")
    assert text.startswith("Strada davanti a A, spazi da 8 a ")
    assert "A (tu) sullo spazio 10, corsia " in text and "B sullo spazio 12, corsia " in text
    assert "cambiato da un segnalino" in text and "3: spazio 13" in text
    assert "Solo con Stress: 1: spazio 11" in text
    assert not english_left([text]), english_left([text])


def test_an_italian_standings_chart_says_only_its_title_names_and_figures() -> None:
    """The chart draws no word of its own: its title and names come from the caller in the
    reader's language (an AI driver's too), the rest are figures."""
    rows = [
        Standing("A", "Ada", "red", 1, 20, (1, 2), (9, 11), totals=(0, 9, 20)),
        Standing("B", "AI blue", "blue", None, 12, (2, 1), (6, 6), totals=(0, 6, 12)),
    ]
    title = "Coppa: punti dopo ogni gara"
    with boxes_drawn() as boxes:
        png = chart_png(title, named(rows, "it"))
    said = [text for text, _ in boxes]
    assert said[0] == title and {"Ada", "IA blu"} <= set(said)
    assert all(text in (title, "Ada", "IA blu") or text.isdigit() for text in said), said
    with Image.open(io.BytesIO(png)) as image:
        assert not outside(image.width, image.height, boxes)
