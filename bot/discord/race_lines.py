"""What a race's messages say in words: each round's line per car, and the final places.

The board and the Hall of Fame pictures carry the same figures; these lines are
for people who read the message first (and for screen readers).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord.texts import t
from bot.storage import Seat
from engine import RaceState
from engine.events import CardsRevealed, Event, GaveUp
from render import summarize_round


def podium_text(state: RaceState, seats: Sequence[Seat], locale: str) -> str:
    """The places, best first; then the cars out of the race without one (event 10)."""
    placed = [s for s in seats if state.car(s.car_id).finished is not None]
    placed.sort(key=lambda s: state.car(s.car_id).finished or 0)
    text = " · ".join(f"{state.car(s.car_id).finished}. {s.name}" for s in placed)
    out = [s.name for s in seats if state.car(s.car_id).finished is None]
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
