"""The smallest text of the league pictures as Discord shows them 400 px wide (goal: 10 px).

Draws the standings (four races), the Hall of Fame (six cars, two Legends) and a
draft market (five cards) with 32-character, Japanese and emoji names, and
prints ``<picture>_smallest_px_at_400`` and ``<picture>_width`` for each.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

import engine
from bot.discord.market import market_png
from engine.notation import load_state
from render import StandingRow, Standings, finish_image, standings_image
from render.hand import card_tile
from render.text import sizes_drawn

NAMES = (
    "W" * 32,
    "鈴木一郎のレーシングチーム鈴木一郎のレーシングチーム鈴木一郎",
    "🏁 Speedy Gonzales 🏁",
)
HUMAN = {"kind": "human", "gear": 1, "engine": 0, "hand": [], "deck": [], "discard": []}


def smallest(draw: Callable[[], Image.Image]) -> tuple[float, int]:
    card_tile.cache_clear()
    with sizes_drawn() as drawn:
        image = draw()
    return min(size for size, _ in drawn) * 400 / image.width, image.width


def standings() -> Image.Image:
    rows = [
        StandingRow(
            name, 30 - i, (i + 1, 2, None, 1), "black", (), (9, 6, None, 9), (2, 0, None, 0)
        )
        for i, name in enumerate((*NAMES, "Ada"))
    ]
    return standings_image(
        Standings("Club Cup: standings", rows, ("USA", "Italy", "France", "Japan"))
    )


def hall_of_fame() -> Image.Image:
    colours = ("red", "blue", "green", "yellow", "black", "gray")
    cars = [
        {"id": car, "color": colours[i], "space": 200 - i, "spot": 0, "finished": i + 1}
        | ({"kind": "legend"} if car in "BE" else HUMAN)
        for i, car in enumerate("ABCDEF")
    ]
    doc = {"notation": "heat-race/1", "track": "italy", "laps": 3, "seed": 1, "round": 14}
    view = engine.view_for(load_state(json.dumps(doc | {"cars": cars})), None)
    return finish_image(view, names=dict(zip("ABCDEF", (*NAMES, *NAMES), strict=True)))


def market() -> Image.Image:
    import io

    cards = ("4wd-4", "body-3", "cooling-6", "brakes-1-3", "4wd-4")
    png = market_png(cards, ("Club Cup · race 2, Great Britain", f"{NAMES[1]} picks"))
    return Image.open(io.BytesIO(png))


if __name__ == "__main__":
    for name, draw in (
        ("standings", standings),
        ("hall_of_fame", hall_of_fame),
        ("market", market),
    ):
        shown, width = smallest(draw)
        print(f"{name}_smallest_px_at_400: {shown:.1f}")
        print(f"{name}_width: {width}")
