"""The weather module's setup: one weather card a race, one road-condition token a corner.

"Draw 1 of the 6 weather pieces at random; apply its setup effect to every
player's Heat/Stress." and "Shuffle the 12 road-condition tokens and place 1
face up at each corner of the track, in lap order; the remaining tokens are not
used." Both draws come from the race's seed, like every shuffle.
"""

from __future__ import annotations

from dataclasses import dataclass

import data
from data.models import Track
from engine.cards import HEAT, Card, starting_deck
from engine.errors import quoted
from engine.rng import shuffled
from engine.state import Weather


@dataclass(frozen=True, slots=True)
class StartingPiles:
    """A driver's Engine, unshuffled deck and discard pile before the first round."""

    engine: int
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]


def draw_weather(track: Track, seed: int, draw: int) -> Weather:
    """The weather card (draw number ``draw``) and the tokens (draw ``draw + 1``).

    A chicane gets one token: "a corner token applies to both of its lines; a
    sector token applies to the sector after the chicane's second line".
    """
    module = data.weather()
    card = shuffled(seed, draw, tuple(c.id for c in module.weather_cards))[0]
    pool = iter(shuffled(seed, draw + 1, module.token_pool))
    tokens: list[str] = []
    for corner in track.corners:
        tokens.append(tokens[-1] if corner.chicane_role == "second" else next(pool))
    return Weather(card, tuple(tokens))


def starting_piles(
    track: Track, weather: Weather | None, upgrades: tuple[Card, ...] | None = None
) -> StartingPiles:
    """The track's Heat and Stress, changed by the weather card's setup effect if any.

    ``upgrades`` are the Garage upgrades drafted (None: the base game's 0, 5 and Heat).

    Rain: "takes 3 of the Heat cards meant for the Engine and shuffles them into
    the draw deck instead"; Sun places them "in the discard pile instead".
    """
    if weather is None:
        return StartingPiles(
            track.heat_in_engine, starting_deck(track.stress_in_deck, upgrades), ()
        )
    card = data.weather().card(weather.card)
    stress = track.stress_in_deck + card.stress_in_deck
    deck = starting_deck(stress, upgrades) + (HEAT,) * card.heat_in_deck
    return StartingPiles(
        track.heat_in_engine + card.heat_in_engine, deck, (HEAT,) * card.heat_in_discard
    )


def weather_problem(track: Track, weather: Weather) -> str | None:
    """What makes ``weather`` impossible on ``track`` (for the notation), or None."""
    module = data.weather()
    if weather.card not in {card.id for card in module.weather_cards}:
        return f"unknown weather card {quoted(weather.card)}"
    unknown = sorted(set(weather.tokens) - set(module.token_pool))
    if unknown:
        return f"unknown road-condition token {quoted(unknown[0])}"
    if len(weather.tokens) != len(track.corners):
        return f"{track.id} has {len(track.corners)} corner lines, not {len(weather.tokens)} tokens"
    placed: list[str] = []
    for index, corner in enumerate(track.corners):
        if corner.chicane_role != "second":
            placed.append(weather.tokens[index])
        elif weather.tokens[index] != weather.tokens[index - 1]:
            return f"the chicane at {corner.position} shares its first line's token"
    for token in module.road_conditions:
        if placed.count(token.id) > token.copies:
            return f"there are only {token.copies} {token.id!r} tokens"
    return None
