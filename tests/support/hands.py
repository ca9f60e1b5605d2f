"""What a public message must not show: a card held in a hand (or planned face down).

A message is read as Discord holds it (content, embeds, components). A card
held in a hand shows through three places:

- its id in any text, for the cards whose ids are words of their own (upgrades
  like ``turbo-8`` and sponsorships like ``sp-cooling``: each holds a ``-``), or its
  name as the bot says it ("Turbo charger 8 (heat 1, scrap 6)", in any language). The
  basic cards ``0``-``5``, Heat ``H`` and Stress ``S`` are digits and letters
  every message holds, so they are looked for in the places that list cards:
- a select's option naming a hidden card, as the bot names cards (the cards to
  choose among are the options; a public select should list none);
- a button or select whose custom id carries a decision naming a hidden card.

A card everyone may see right now (a play area, a discard pile's top, the
Garage market: the spectator's view) is no secret, even if another copy is in
a hand; and a car's upgrades are public as upgrades, so a message's text may
name them (a draft's picks), though no control may offer one from a hand.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

import engine
from bot.discord.ids import BUTTON_PATTERN, SELECT_PATTERN, ComponentId, decision_of
from engine import RaceState
from engine.cards import Card
from engine.decisions import Decision
from render.card_words import card_label

Json = dict[str, Any]

# A card id of its own in a text: letters and digits joined by dashes, not inside a longer one.
_CARD_WORD = re.compile(r"(?<![A-Za-z0-9-])[a-z0-9]+(?:-[a-z0-9]+)+(?![A-Za-z0-9-])")
LOCALES = ("en-US", "it")


def hidden_cards(state: RaceState) -> Counter[Card]:
    """Every card in a hand, and every card planned face down, of every car."""
    held: Counter[Card] = Counter()
    for car in state.cars:
        held.update(car.hand)
        if car.plan is not None:
            held.update(car.plan.cards)
    return held


def seen_cards(state: RaceState) -> set[Card]:
    """The cards a spectator sees now: play areas, discard piles' tops, the Garage market."""
    view = engine.view_for(state, None)
    seen = {card for car in view.cars for card in car.play_area}
    seen |= {car.discard_top for car in view.cars if car.discard_top is not None}
    return seen | set(view.draft.market if view.draft else ())


def upgrades(state: RaceState) -> set[Card]:
    """Every car's upgrades: public as upgrades (whether in a hand, a deck or a pile)."""
    return {card for car in engine.view_for(state, None).cars for card in car.upgrades}


def leaks(content: str, embeds: list[Json], components: list[Json], state: RaceState) -> list[str]:
    """Where a public message shows a card held in a hand of ``state``; empty if nowhere."""
    hidden = set(hidden_cards(state))
    secret = hidden - seen_cards(state)
    found = []
    controls = list(_walk(components))
    words = [
        text
        for c in controls
        for key in ("label", "placeholder", "custom_id")
        if (text := c.get(key))
    ]
    words += [text for c in controls for o in c.get("options", ()) for text in o.values()]
    found += [f"control shows {w!r}" for w in _card_words(words) if w in secret]
    prose = [content, *(_texts(embed) for embed in embeds)]
    found += [f"text shows {w!r}" for w in _card_words(prose) if w in secret - upgrades(state)]
    found += [f"control names {card!r}" for card in _names_in(words, secret)]
    found += [f"text names {card!r}" for card in _names_in(prose, secret - upgrades(state))]
    names = {card_label(card, locale): card for card in hidden for locale in LOCALES}
    for control in controls:
        for option in control.get("options", ()):
            if option.get("label") in names:
                found.append(f"a select offers {names[option['label']]!r}")
        decision = _decision(control.get("custom_id", ""))
        if decision is not None and set(_named(decision)) & secret:
            found.append(f"a control decides {decision}")
    return found


def view_payload(message: dict[str, Any]) -> tuple[str, list[Json], list[Json]]:
    """A message the bot builds (``content``, ``embed``, ``view``) as Discord would hold it."""
    view = message.get("view")
    embed = message.get("embed")
    return (
        message.get("content") or "",
        [embed.to_dict()] if embed is not None else [],
        view.to_components() if view is not None else [],
    )


def _walk(components: list[Json]) -> Iterable[Json]:
    for component in components:
        yield component
        yield from _walk(component.get("components", []))


def _texts(embed: Json) -> str:
    fields = [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields", [])]
    parts = [embed.get("title"), embed.get("description"), (embed.get("footer") or {}).get("text")]
    return "\n".join([*(p for p in parts if p), *fields])


def _names_in(texts: Iterable[str], cards: set[Card]) -> set[Card]:
    """The word cards (ids with a ``-``) of ``cards`` whose name, as the bot says it in any
    language, some text holds."""
    named = {card_label(card, locale): card for card in cards if "-" in card for locale in LOCALES}
    return {card for text in texts for name, card in named.items() if name in str(text)}


def _card_words(texts: Iterable[str]) -> set[str]:
    return {word for text in texts for word in _CARD_WORD.findall(str(text))}


def _decision(custom_id: str) -> Decision | None:
    """The decision a ``do`` button carries; selects carry positions, not cards."""
    for kind, pattern in (("b", BUTTON_PATTERN), ("s", SELECT_PATTERN)):
        match = re.fullmatch(pattern, custom_id)
        if match and match["action"] == "do":
            return decision_of(ComponentId.parse(kind, match))
    return None


def _named(decision: Decision) -> tuple[Card, ...]:
    """The cards a decision names."""
    card = getattr(decision, "card", None)
    return (*getattr(decision, "cards", ()), *((card,) if card else ()))
