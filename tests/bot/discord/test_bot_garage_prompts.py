"""Every Garage decision reaches the driver: a prompt button or select, from legal_decisions."""

from __future__ import annotations

import json
from typing import get_args

from hypothesis import given
from hypothesis import strategies as st

import engine
from bot.discord.hand import Draft
from bot.discord.ids import MAX_LENGTH, ComponentId, decision_of, select
from bot.discord.market import market_message
from bot.discord.prompts import PLAIN_KEYS, label, private_choices_message, prompt_message
from bot.discord.texts import t
from bot.discord.upgrades import upgrade_lines
from bot.service.orders import ordered_decision
from bot.storage import Orders
from bot.storage.card_codes import decode_cards, encode_cards
from data.catalogs import keys as catalog_keys
from engine import Adrenaline, Decision, Discard, RaceState
from engine.cards import KNOWN_CARDS, SPONSOR_CARDS
from engine.decisions import ChooseSpeed, GiveBack, Pick, Salvage
from engine.notation import load_scenario
from engine.state import DraftVariant, GarageDecks
from tests.support.paths import SCENARIO_FOLDER
from tests.support.playout import garage_states

ALL_CARDS = sorted(KNOWN_CARDS)


def offered(state: RaceState, car: str) -> tuple[set[Decision], set[str]]:
    """The buttons as decisions and the selects' actions: the prompt's with its driver's
    private view (the choices that show their cards), or the draft's market."""
    views = [prompt_message(1, state, car, "<@42>", "it")["view"]]
    if engine.pending(state).step == "draft":  # type: ignore[union-attr]
        (market,) = views[0].children
        assert market.target.action == "mkt", "the public draft prompt only opens the market"  # type: ignore[attr-defined]
        views = [market_message(1, state, car, b"", "it")["view"]]
    elif any(item.target.action == "mine" for item in views[0].children):  # type: ignore[attr-defined]
        views.append(private_choices_message(1, state, car, "it")["view"])
    buttons: set[Decision] = set()
    selects: set[str] = set()
    for item in (item for view in views for item in view.children):
        target: ComponentId = item.target  # type: ignore[attr-defined]
        assert len(str(target)) <= MAX_LENGTH
        if target.action == "mine":
            assert target.arg == car, "the opener names the car whose cards it shows"
        elif target.kind == "b":
            buttons.add(decision_of(target))
        else:
            assert target.arg == car, "a select names the car it decides for"
            selects.add(target.action)
    return buttons, selects


async def test_every_legal_garage_decision_is_a_button_or_a_select() -> None:
    """A driver on "ask me at each step" can make every decision legal_decisions lists."""
    kinds: set[str] = set()
    # Seven AI races: a Refresh card comes up in only some of them (seed 6 is the first).
    for state in garage_states(range(7)):
        car = engine.pending(state).car  # type: ignore[union-attr]
        legal = engine.legal_decisions(state, car)
        buttons, selects = offered(state, car)
        assert buttons <= set(legal), "no button makes an illegal decision"
        assert len(buttons) + len(selects) <= 25, "Discord shows at most 25 components"
        for decision in legal:
            kinds.add(decision.do)
            if isinstance(decision, Discard) and decision.cards:
                assert "dl" in selects
            elif isinstance(decision, Salvage):
                assert "sv" in selects
            elif decision != Adrenaline(car, False, False):  # using neither is the Done button
                assert decision in buttons, decision
    assert {"pick", "speed", "direct", "reduce", "refresh"} <= kinds, kinds


def test_garage_labels_name_the_card_and_the_speed() -> None:
    """A button says which upgrade and which speed, in the driver's language: the card as its
    picture names it (title, speed, symbols), never the engine's notation."""
    assert label(Pick("A", "turbo-8"), "en-US") == "Take Turbo charger 8 (heat 1, scrap 6)"
    assert label(ChooseSpeed("A", "brakes-1-5", 5), "it") == "Freni 1/5 a velocità 5"
    rpm = "R.P.M. 1 (slip 2)"
    assert label(GiveBack("A", "rpm-1"), "en-US") == t("give_back", "en", card=rpm)
    keys = catalog_keys()
    assert set(PLAIN_KEYS.values()) <= keys, "every decision kind has its label"
    lobby = {f"garage_{g}" for g in get_args(GarageDecks)} | {
        f"draft_{d}" for d in get_args(DraftVariant)
    }
    assert lobby <= keys, "the lobby names every module choice"


async def test_standing_orders_leave_the_draft_to_the_driver_and_other_choices_to_the_ai() -> None:
    """Orders never decide a pick, and never answer a step they do not cover with a refusal."""
    cases = 0
    for state in garage_states(range(2)):
        waiting = engine.pending(state)
        assert waiting is not None
        car, view = waiting.car, engine.view_for(state, waiting.car)
        legal = engine.legal_decisions(state, car)
        for orders in (Orders(), Orders(mode="orders", boost=True, discard=("1", "2"))):
            made = ordered_decision(orders, view, car, legal, "pro")
            if waiting.step == "draft":
                assert made is None, "the driver picks from the market"
            else:
                assert made in legal, (waiting.step, made)
                cases += 1
    assert cases


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=7))
def test_cards_ride_in_custom_ids_and_read_back(cards: list[str]) -> None:
    assert decode_cards(encode_cards(cards)) == tuple(cards)


def test_sponsorship_cards_ride_in_custom_ids_in_two_characters() -> None:
    """A championship hand holds sponsors (``sp-cooling``): they get codes after the upgrades'."""
    sponsors = sorted(SPONSOR_CARDS)
    encoded = encode_cards(sponsors)
    assert len(encoded) == 2 * len(sponsors)
    assert decode_cards(encoded) == tuple(sponsors)


def test_a_plan_of_the_longest_upgrades_fits_a_custom_id() -> None:
    longest = tuple(sorted(ALL_CARDS, key=len)[-4:])
    draft = Draft(4, longest, Orders(mode="orders", discard=longest[:3]))
    target = select("c", 999_999, 99_999, draft.encode())
    assert len(str(target)) <= MAX_LENGTH
    assert Draft.decode(target.arg) == draft


def test_the_hand_says_what_each_upgrade_does_this_round() -> None:
    """One line per upgrade (not per base card): its name as the picture prints it, its
    speeds and each symbol's use and timing."""
    lines = upgrade_lines(("1", "body-6", "S", "body-6", "brakes-1-5"), "en-US")
    assert lines == [
        "`body-6` Body, speed 6: pay 1 Heat when played (mandatory); discard up to 3 Stress"
        " (React)",
        "`brakes-1-5` Brakes, speed 1/5: -",
    ]
    italian = upgrade_lines(("air-intake-0b",), "it")
    assert italian[0].startswith(
        "`air-intake-0b` Presa d'aria, velocità 0: Limiti di Velocità delle curve -1"
    )


def test_each_slipstream_distance_gets_a_button_that_says_how_far() -> None:
    """A Slipstream boost gives one button per distance, each labelled with its spaces."""
    scenario = json.loads((SCENARIO_FOLDER / "g105-garage-slipstream-boost.json").read_text())
    state, decisions = load_scenario(json.dumps(scenario["scenario"]))
    for decision in decisions[:-1]:
        state, _ = engine.apply(state, decision)
    view = prompt_message(7, state, "B", "<@42>", "en")["view"]
    buttons = {decision_of(item.target): item.label for item in view.children}  # type: ignore[attr-defined]
    assert buttons == {
        engine.Slipstream("B", True): "Slipstream +4",
        engine.Slipstream("B", True, 2): "Slipstream +2",
        engine.Slipstream("B", False): "No",
    }
