"""The draft market: its cards numbered under a title that says the race and the picker,
a button per card with the same number (two equal cards, two buttons), and text that
reads at 400 px."""

from __future__ import annotations

import io
from dataclasses import replace

import discord
import pytest
from PIL import Image

import engine
from bot.discord.ids import BUTTON_PATTERN, ComponentId, decision_of, decision_text
from bot.discord.league_draft import draft_message
from bot.discord.market import (
    NUMBER_SIZE,
    market_cards,
    market_message,
    market_png,
    market_title,
)
from bot.service.league_values import DraftTurn
from data import words
from engine import Entrant
from engine.season import (
    DraftPick,
    OpenDraft,
    SeasonConfig,
    apply_season,
    new_season,
    parse_season_decision,
    season_legal_decisions,
    season_pending,
)
from render.hand import card_tile
from render.text import sizes_drawn
from tests.support.playout import garage_states

CARDS = ("4wd-4", "body-3", "cooling-6", "brakes-1-3", "4wd-0", "body-5", "cooling-1")
TITLE = ("Club Cup · race 2, Great Britain", "鈴木一郎のレーシングチーム鈴木一郎 🏁 picks")


def ids_of(view: discord.ui.View) -> list[ComponentId]:
    import re

    ids = []
    for item in view.children:
        match = re.fullmatch(BUTTON_PATTERN, str(item.custom_id))  # type: ignore[attr-defined]
        assert match is not None
        ids.append(ComponentId.parse("b", match))
    return ids


@pytest.mark.parametrize("count", range(1, len(CARDS) + 1))
@pytest.mark.parametrize("locale", words.languages())
def test_the_market_reads_at_400_px_and_numbers_every_card(count: int, locale: str) -> None:
    """Every card is numbered 1..n in the picture; the smallest text is at least 10 px when
    Discord shows it 400 px wide, with a Japanese and emoji picker, in every language."""
    card_tile.cache_clear()  # a cached card's words would not be drawn, nor measured
    with sizes_drawn() as drawn:
        png = market_png(CARDS[:count], TITLE, locale)
    with Image.open(io.BytesIO(png)) as picture:
        width = picture.width
    assert min(size for size, _ in drawn) * 400 / width >= 10
    texts = [text for _, text in drawn]
    numbers = [text for size, text in drawn if size == NUMBER_SIZE]
    assert numbers == [str(n) for n in range(1, count + 1)]
    assert texts[0] == TITLE[0]


def league_turn(market: tuple[str, ...]) -> DraftTurn:
    """A real season's first draft turn, its market set to ``market``; the choices are the
    engine's for that market."""
    drivers = [Entrant("A", "red"), Entrant("B", "blue")]
    s, _ = apply_season(new_season(SeasonConfig.preset(1961), drivers, 5), OpenDraft(1))
    assert s.draft is not None
    s = replace(s, draft=replace(s.draft, market=market))
    picker = season_pending(s).drivers[0]  # type: ignore[union-attr]
    decisions = tuple(season_legal_decisions(s, picker))
    return DraftTurn(1, s.version, 1, picker, 42, market, decisions)  # type: ignore[arg-type]


def test_two_equal_cards_in_a_league_market_get_two_numbered_buttons() -> None:
    """Market 4wd-4, body-3, 4wd-4: buttons 1, 2 and 3, ids of their own, 1 and 3 taking
    4wd-4 and 2 body-3, as the engine's choices say."""
    turn = league_turn(("4wd-4", "body-3", "4wd-4"))
    message = draft_message(turn, discord.File(io.BytesIO(b""), "m.png"), "en-US")
    labels = [item.label for item in message["view"].children]  # type: ignore[attr-defined]
    wheels = "Take 4 wheel drive 4 (boost +)"
    assert labels == [f"1 · {wheels}", "2 · Take Body 3 (reduce 2)", f"3 · {wheels}"]
    ids = ids_of(message["view"])
    assert len({str(target) for target in ids}) == 3, "Discord needs each id once"
    taken = [parse_season_decision(decision_text(target)) for target in ids]
    picker = turn.driver_id
    assert taken == [
        DraftPick(picker, "4wd-4"),
        DraftPick(picker, "body-3"),
        DraftPick(picker, "4wd-4"),
    ]
    assert set(taken) == set(turn.decisions)


def test_two_equal_cards_in_a_race_market_get_two_numbered_buttons() -> None:
    """In a race's Garage draft, a market holding a card twice shows it twice, numbered, and
    both buttons make the engine's pick of that card."""
    state = next(s for s in garage_states(range(3)) if engine.pending(s).step == "draft")  # type: ignore[union-attr]
    car = engine.pending(state).cars[0]  # type: ignore[union-attr]
    assert state.garage is not None
    first = state.garage.market[0]
    state.garage.market = (first, *state.garage.market[1:], first)
    cards = market_cards(state, car)
    assert cards == state.garage.market
    message = market_message(7, state, car, b"", "it")
    ids = ids_of(message["view"])
    assert len(ids) == len(cards) and len({str(target) for target in ids}) == len(cards)
    labels = [item.label for item in message["view"].children]  # type: ignore[attr-defined]
    assert labels[0].startswith("1 · Prendi ") and labels[-1] == f"{len(cards)} · " + labels[0][4:]
    decisions = [decision_of(target) for target in ids]
    assert decisions[0] == decisions[-1] and set(decisions) <= set(
        engine.legal_decisions(state, car)
    )
    title = market_title(7, state, "Ada")
    assert title == (f"Race #7, USA · draft round {state.garage.round}", "Ada picks")
