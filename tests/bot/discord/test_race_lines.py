"""A race's messages in words: a car eliminated by event 10 has no place, and is said so."""

from __future__ import annotations

import json

import engine
from bot.discord.race_lines import board_embed, podium_text, round_lines
from bot.storage import Seat
from engine.notation import load_scenario
from tests.support.paths import SCENARIO_FOLDER

NAMES = {"A": "Ada", "B": "Bruno", "C": "Chiara"}


def scenario_race(name: str) -> tuple[engine.RaceState, list[engine.Event]]:
    """A race scenario's position after its decisions, and what happened on the way."""
    document = json.loads((SCENARIO_FOLDER / name).read_text(encoding="utf-8"))
    state, decisions = load_scenario(json.dumps(document["scenario"]))
    events: list[engine.Event] = []
    for decision in decisions:
        state, more = engine.apply(state, decision)
        events += more
    return state, events


def seats(state: engine.RaceState) -> list[Seat]:
    return [
        Seat(car_id=c.id, user_id=None, kind="ai", name=NAMES[c.id], color=c.color)
        for c in state.cars
    ]


def test_the_final_places_name_the_eliminated_car_apart() -> None:
    """Event 10: the chequered flag lists the places, then the car out of the race, unplaced."""
    state, _ = scenario_race("c40-the-race-ends-when-the-last-car-racing-is-eliminated.json")
    assert state.over
    assert podium_text(state, seats(state), "en-US") == "1. Bruno · out of the race: Ada"
    assert podium_text(state, seats(state), "it") == "1. Bruno · fuori gara: Ada"


def test_the_round_lines_say_who_gave_up_and_who_was_eliminated() -> None:
    """The round's line says a car gave up, and that an eliminated car is out with no place."""
    state, events = scenario_race("c39-a-car-that-gave-up-moves-up-past-an-eliminated-one.json")
    lines = round_lines(events, NAMES, seats(state), state.round, "en-US")
    assert any(line.startswith("Chiara:") and "gave up" in line for line in lines)
    assert any(line.startswith("Ada:") and "OUT of the race, no place" in line for line in lines)


def test_the_board_s_fields_say_what_each_car_drives_with_in_running_order() -> None:
    """The words moved out of the board: one field per car, leader first, with its colour,
    letter and name, then its lap, gear, Engine, cards and upgrades; the weather last."""
    entrants = [
        engine.Entrant("A", "red"),
        engine.Entrant("B", "blue"),
        engine.Entrant("C", "teal"),
    ]
    state = engine.new_race("usa", entrants, 3, options=engine.Options(weather=True))[0]
    state.cars[1].space = 9
    state.cars[0].space = 5
    state.cars[0].upgrades = ("turbo-8", "body-2b")
    long_name = "鈴" * 32
    embed = board_embed(state, {**NAMES, "C": long_name}, "en-US")
    names = [field.name or "" for field in embed.fields]
    assert names[0] == "1. 🟦 B · Bruno"
    assert names[1].endswith("· Ada") and names[1].startswith("2. 🟥 A")
    assert names[2].startswith("3.  C · ") and names[2].endswith(long_name)
    car = state.car("B")
    assert embed.fields[0].value == (
        f"lap 1/{state.laps} · gear {car.gear} · Engine {car.engine} · {len(car.hand)} cards"
    )
    assert (embed.fields[1].value or "").endswith("\nturbo-8  body-2")
    assert embed.fields[-1].name == "Weather" and "sectors:" in (embed.fields[-1].value or "")
    assert embed.title is not None and embed.title.startswith("USA · round")
    italian = board_embed(state, NAMES, "it")
    assert (italian.fields[0].value or "").startswith("giro 1/")
    state.weather = None
    assert all(field.name != "Weather" for field in board_embed(state, NAMES, "en-US").fields)
