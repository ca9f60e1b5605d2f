"""The drivers' panel beside the track: who is where, with what, and what they did this round."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.view import CarView, RaceView
from render import palette
from render.badge import draw_badge
from render.field import car_labels, driver_name, laps_done, running_order
from render.layout import BoardLayout
from render.palette import RGB, car_rgb
from render.round_summary import CarRound, RoundSummary
from render.text import draw_text, fitted, text_width

ROW_HEIGHT = 100
ROWS_TOP = 112
KEY_HEIGHT = 150
NOTE_GAP = "   "


def draw_panel(
    image: Image.Image,
    layout: BoardLayout,
    view: RaceView,
    summary: RoundSummary,
    names: Mapping[str, str] | None,
) -> None:
    """The round's heading, then one row per car in running order."""
    box = layout.panel_box
    round_number = summary.round if summary.round is not None else view.round
    laps = f"{view.laps} lap{'s' if view.laps != 1 else ''}"
    draw_text(
        image,
        (box.left + layout.px(24), layout.px(66)),
        f"Round {round_number}  ·  {laps}",
        size=layout.px(20),
        fill=palette.TEXT_DIM,
    )
    labels = car_labels(view)
    order = running_order(view)
    room = layout.height - layout.px(ROWS_TOP) - layout.px(KEY_HEIGHT)
    row_height = min(layout.px(ROW_HEIGHT), room // max(1, len(order)))
    draw = ImageDraw.Draw(image)
    for place, car in enumerate(order, start=1):
        top = layout.px(ROWS_TOP) + (place - 1) * row_height
        if place % 2 == 1:
            right = box.left + box.width
            draw.rectangle((box.left, top, right, top + row_height - 1), fill=palette.PANEL_ROW)
        _draw_row(
            image,
            layout,
            top,
            row_height,
            view,
            car,
            place,
            labels[car.id],
            driver_name(car, names),
            summary.of(car.id),
        )


def _draw_row(
    image: Image.Image,
    layout: BoardLayout,
    top: int,
    height: int,
    view: RaceView,
    car: CarView,
    place: int,
    label: str,
    name: str,
    did: CarRound,
) -> None:
    """Place, badge, name and laps; then gear, Engine and hand; then this round's notes."""
    left = layout.panel_box.left + layout.px(24)
    right = layout.panel_box.left + layout.panel_box.width - layout.px(24)
    line = height / 3.4
    size = round(line * 0.62)
    middles = [top + line * (1.05 + 0.95 * i) for i in range(3)]
    indent = left + line * 1.2
    draw_text(
        image,
        (left, middles[0]),
        str(place),
        size=round(line * 0.95),
        fill=palette.TEXT,
        bold=True,
        anchor="lm",
    )
    badge_height = round(line * 0.9)
    badge_top = middles[0] - badge_height / 2
    badge_right = draw_badge(image, indent, badge_top, badge_height, car_rgb(car.color), label)
    if car.finished is not None:
        standing = f"finished P{car.finished}"
    else:
        standing = f"laps {laps_done(view, car)}/{view.laps}"
    draw_text(image, (right, middles[0]), standing, size=size, fill=palette.TEXT_DIM, anchor="rm")
    name_size = round(line * 0.72)
    name_left = badge_right + line * 0.4
    room = right - text_width(standing, size=size) - line * 0.5 - name_left
    draw_text(
        image,
        (name_left, middles[0]),
        fitted(name, room, size=name_size, bold=True),
        size=name_size,
        fill=palette.TEXT,
        bold=True,
        anchor="lm",
    )
    draw_text(
        image, (indent, middles[1]), _car_state(car), size=size, fill=palette.TEXT, anchor="lm"
    )
    x = indent
    for note, colour in _round_notes(did):
        if x + text_width(note, size=size) > right:
            continue
        draw_text(image, (x, middles[2]), note, size=size, fill=colour, anchor="lm")
        x += text_width(note + NOTE_GAP, size=size)


def _car_state(car: CarView) -> str:
    """Gear, Heat left in the Engine and cards in hand (a Legend has none of them)."""
    if car.kind == "legend":
        return "Legend"
    return f"gear {car.gear}   ·   Engine {car.engine} Heat   ·   {car.hand_count} cards"


def _round_notes(did: CarRound) -> list[tuple[str, RGB]]:
    """What the car did this round, as short coloured notes, the least telling last.

    A note that does not fit on the line is left out; cooling down goes first.
    """
    notes: list[tuple[str, RGB]] = []
    if did.speed is not None:
        notes.append((f"speed {did.speed}", palette.TEXT))
    if did.heat_paid:
        notes.append((f"paid {did.heat_paid} Heat", palette.TEXT))
    if did.spun_out is not None:
        notes.append((f"spun out, +{did.spun_out.stress} Stress", palette.SPIN))
    if did.slipstream:
        notes.append((f"slipstream +{did.slipstream}", palette.SLIPSTREAM))
    if did.cluttered:
        notes.append(("hand cluttered", palette.SPIN))
    if did.cooled:
        notes.append((f"cooled {did.cooled}", palette.TEXT_DIM))
    if not notes:
        notes.append(("—", palette.TEXT_DIM))
    return notes
