"""What a race's messages say in words: each round's line per car, the board's fields, and the
final places.

The board picture keeps the track, whose car is whose, and the key; what each
car stands on (lap, gear, Engine, cards, upgrades) is said here, in embed fields
that every client sets at its own size and screen readers read. The Hall of
Fame carries the final places; these lines are for people who read the message
first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

import engine
from bot.discord.texts import shown_name, t
from bot.storage import Seat
from data.words import track_name
from engine import RaceState
from engine.events import CardsRevealed, Event, GaveUp
from engine.view import CarView, RaceView
from render import summarize_round
from render.field import car_labels, lap_shown, running_order
from render.panel import upgrade_names
from render.road import weather_line

# A car's colour as a square beside its letter, for the colours Discord has a square of.
COLOUR_SQUARES = {
    "red": "🟥",
    "orange": "🟧",
    "yellow": "🟨",
    "green": "🟩",
    "blue": "🟦",
    "purple": "🟪",
    "brown": "🟫",
    "black": "⬛",
    "white": "⬜",
    "gray": "⬜",
    "grey": "⬜",
}
# Discord's longest embed field name.
FIELD_NAME_LIMIT = 256


def board_embed(state: RaceState, names: Mapping[str, str], locale: str) -> discord.Embed:
    """The board's words: one field per car in running order (place, colour, letter, name;
    lap, gear, Engine, cards and upgrades), then the weather."""
    view = engine.view_for(state, None)
    title = t(
        "board_title",
        locale,
        track=track_name(state.track, locale),
        round=state.round,
        laps=state.laps,
    )
    embed = discord.Embed(title=title, colour=0xE0402A)
    labels = car_labels(view)
    for place, car in enumerate(running_order(view), start=1):
        square = COLOUR_SQUARES.get(car.color.lower(), "")
        shown_place = "–" if car.eliminated and car.finished is None else str(place)
        head = f"{shown_place}. {square} {labels[car.id]} · {names.get(car.id, car.id)}"
        embed.add_field(name=head[:FIELD_NAME_LIMIT], value=_car_words(view, car, locale))
    if view.weather is not None:
        embed.add_field(name=t("board_weather", locale), value=weather_line(view.weather, locale))
    return embed


def _car_words(view: RaceView, car: CarView, locale: str) -> str:
    """Where a car stands: its place once finished, "out", or its lap and what it drives with."""
    if car.finished is not None:
        return t("board_car_finished", locale, place=car.finished)
    if car.eliminated:
        return t("board_car_out", locale)
    lap = lap_shown(view, car)
    if car.kind == "legend":
        return t("board_car_legend", locale, lap=lap)
    words = t("board_car", locale, lap=lap, gear=car.gear, engine=car.engine, cards=car.hand_count)
    upgrades = upgrade_names(car)
    return f"{words}\n{upgrades}" if upgrades else words


def podium_text(state: RaceState, seats: Sequence[Seat], locale: str) -> str:
    """The places, best first; then the cars out of the race without one (event 10)."""
    placed = [s for s in seats if state.car(s.car_id).finished is not None]
    placed.sort(key=lambda s: state.car(s.car_id).finished or 0)
    name = {s.car_id: shown_name(s.name, s.color, locale) for s in seats}
    text = " · ".join(f"{state.car(s.car_id).finished}. {name[s.car_id]}" for s in placed)
    out = [name[s.car_id] for s in seats if state.car(s.car_id).finished is None]
    if out:
        text += " · " + t("race_out", locale, names=", ".join(out))
    return text


def round_lines(
    events: Sequence[Event],
    names: dict[str, str],
    seats: Sequence[Seat],
    final_round: int,
    locale: str,
) -> list[str]:
    """A heading, then one line per car: gear, speed, where it went, Heat, spin out, finish."""
    summary = summarize_round(list(events))
    legends = {seat.car_id for seat in seats if seat.kind == "legend"}
    gears = {e.car: len(e.cards) for e in events if isinstance(e, CardsRevealed)}
    lines = [t("round_done", locale, round=summary.round or final_round)]
    for car_id, did in summary.cars.items():
        notes = []
        if did.cluttered:
            notes.append(t("summary_clutter", locale))
        elif did.start is not None:
            notes.append(t("summary_moved", locale, from_=did.start[0], to=did.moves[-1].to_space))
        if did.slipstream:
            notes.append(t("summary_slip", locale))
        if did.heat_paid:
            notes.append(t("summary_heat", locale, heat=did.heat_paid))
        if did.spun_out is not None:
            notes.append(t("summary_spin", locale))
        if did.finished is not None:
            notes.append(t("summary_finished", locale, place=did.finished))
        # A car that gave up may move up a place later (event 10): the podium says where.
        if isinstance(did.left, GaveUp):
            notes.append(t("summary_gave_up", locale))
        elif did.left is not None:
            notes.append(t("summary_eliminated", locale))
        key = "summary_legend" if car_id in legends else "summary_car"
        speed = did.speed if did.speed is not None else "-"
        lines.append(
            t(
                key,
                locale,
                name=names.get(car_id, car_id),
                gear=gears.get(car_id, "-"),
                speed=speed,
                moved=", ".join(notes) or "-",
            )
        )
    return lines
