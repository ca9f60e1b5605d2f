"""The drivers' panel: who is where, with what, and what they did this round.

Every line is written at least 26 units high (a 1600-pixel board's pixels), so
it can still be read when Discord shows the board about 550 pixels wide.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.view import CarView, RaceView
from render import palette
from render.badge import draw_badge
from render.field import car_labels, driver_name, laps_done, running_order
from render.geometry import Box
from render.layout import BoardLayout
from render.palette import RGB, car_rgb
from render.round_summary import CarRound, RoundSummary
from render.text import draw_text, fitted, text_width

# The smallest text on the board, in units: about 9 pixels when shown 550 pixels wide.
READABLE = 26
NOTE_GAP = "   "
# The letter that tells apart two printings of the same upgrade ("body-2b"): not worth a glance.
PRINTING = re.compile(r"(?<=\d)[a-z]$")


def draw_panel(
    image: Image.Image,
    layout: BoardLayout,
    view: RaceView,
    summary: RoundSummary,
    names: Mapping[str, str] | None,
) -> None:
    """The round's heading, then one row per car in running order."""
    box = layout.panel_box
    laps = f"{view.laps} lap{'s' if view.laps != 1 else ''}"
    heading = f"{round_name(view, summary)}  ·  {laps}"
    if layout.under:
        at = (box.left + box.width - layout.px(26), box.top + layout.px(40))
        anchor = "rm"
    else:
        at = (box.left + layout.px(26), box.top + layout.px(88))
        anchor = "lm"
    size = layout.px(READABLE + 2)
    draw_text(image, at, heading, size=size, fill=palette.TEXT_DIM, anchor=anchor)
    labels = car_labels(view)
    order = running_order(view)
    played = bool(summary.cars)
    draw = ImageDraw.Draw(image)
    for place, (car, row) in enumerate(zip(order, layout.rows(len(order)), strict=True), start=1):
        if place % 2 == 1:
            right, bottom = row.left + row.width - 1, row.top + row.height - 1
            draw.rectangle((row.left, row.top, right, bottom), fill=palette.PANEL_ROW)
        name = driver_name(car, names)
        did = summary.of(car.id)
        _draw_row(image, layout, row, view, car, place, labels[car.id], name, did, played)


def round_name(view: RaceView, summary: RoundSummary) -> str:
    """ "Round N" for a round that was played; "Starting grid" before anyone has moved."""
    if summary.round is not None:
        return f"Round {summary.round}"
    if all(car.space <= 0 for car in view.cars):
        return "Starting grid"
    return f"Round {view.round}"


def _draw_row(
    image: Image.Image,
    layout: BoardLayout,
    row: Box,
    view: RaceView,
    car: CarView,
    place: int,
    label: str,
    name: str,
    did: CarRound,
    played: bool,
) -> None:
    """Place, badge, name and laps; then gear, Engine and hand; then this round's notes;
    then the Garage upgrades, while the car races.

    A board drawn without the round's events (the grid, a bare position) has no notes.
    """
    left = row.left + layout.px(20)
    right = row.left + row.width - layout.px(20)
    upgrades = upgrade_names(car) if car.racing else ""
    lines = 4 if upgrades else 3
    line = row.height / (lines + 0.3)
    size = max(layout.px(READABLE), round(line * 0.62))
    middles = [row.top + line * (0.7 + 0.95 * i) for i in range(lines)]
    indent = left + layout.px(44)
    place_size = layout.px(34)
    draw_text(
        image,
        (left, middles[0]),
        "–" if car.eliminated and car.finished is None else str(place),
        size=place_size,
        fill=palette.TEXT,
        bold=True,
        anchor="lm",
    )
    badge_height = layout.px(34)
    badge_top = middles[0] - badge_height / 2
    badge_right = draw_badge(image, indent, badge_top, badge_height, car_rgb(car.color), label)
    if car.finished is not None:
        standing, ink = f"finished P{car.finished}", palette.GOLD
    elif car.eliminated:
        standing, ink = "out of the race", palette.SIGN_RED
    else:
        standing, ink = f"lap {_lap(view, car)}", palette.TEXT_DIM
    draw_text(image, (right, middles[0]), standing, size=size, fill=ink, anchor="rm")
    name_size = layout.px(30)
    name_left = badge_right + layout.px(12)
    room = right - text_width(standing, size=size) - layout.px(12) - name_left
    shown = fitted(name, room, size=name_size, bold=True)
    draw_text(
        image,
        (name_left, middles[0]),
        shown,
        size=name_size,
        fill=palette.TEXT,
        bold=True,
        anchor="lm",
    )
    state = _car_state(car)
    if state:
        draw_text(image, (indent, middles[1]), state, size=size, fill=palette.TEXT, anchor="lm")
    x: float = indent
    notes_at = middles[2] if state else middles[1]
    notes = _round_notes(did)
    if not played or (not car.racing and not did.moves):
        notes = []
    for note, colour in notes:
        if x + text_width(note, size=size) > right:
            continue
        draw_text(image, (x, notes_at), note, size=size, fill=colour, anchor="lm")
        x += text_width(note + NOTE_GAP, size=size)
    if upgrades:
        at = middles[middles.index(notes_at) + (1 if notes else 0)]
        shown = fitted(upgrades, right - indent, size=size)
        draw_text(image, (indent, at), shown, size=size, fill=palette.SILVER, anchor="lm")


def upgrade_names(car: CarView) -> str:
    """The car's Garage upgrades by their short names ("turbo-8  body-2"), or nothing."""
    return "  ".join(PRINTING.sub("", card) for card in car.upgrades)


def _lap(view: RaceView, car: CarView) -> str:
    """The lap being driven, as "2/3"."""
    return f"{min(laps_done(view, car) + 1, view.laps)}/{view.laps}"


def _car_state(car: CarView) -> str:
    """Gear, Heat left in the Engine and cards in hand; nothing once out of the race (finished
    or eliminated) or for a Legend."""
    if not car.racing:
        return ""
    if car.kind == "legend":
        return "Legend"
    return f"gear {car.gear}  ·  Engine {car.engine}  ·  {car.hand_count} cards"


def _round_notes(did: CarRound) -> list[tuple[str, RGB]]:
    """What the car did this round, as short coloured notes, the least telling last.

    A note that does not fit on the line is left out; cooling down goes first.
    """
    notes: list[tuple[str, RGB]] = []
    if did.speed is not None:
        notes.append((f"speed {did.speed}", palette.TEXT))
    if did.heat_paid:
        notes.append((f"{did.heat_paid} Heat", palette.TEXT))
    if did.spun_out is not None:
        notes.append((f"spun, +{did.spun_out.stress} Stress", palette.SPIN))
    if did.slipstream:
        notes.append((f"slip +{did.slipstream}", palette.SLIPSTREAM))
    if did.cluttered:
        notes.append(("cluttered", palette.SPIN))
    if did.cooled:
        notes.append((f"cooled {did.cooled}", palette.TEXT_DIM))
    if not notes:
        notes.append(("—", palette.TEXT_DIM))
    return notes
