"""A car's badge: its colour with its label on top, as the panel and the Hall of Fame show it."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.palette import RGB, contrast
from render.text import draw_text


def draw_badge(
    image: Image.Image, left: float, top: float, height: int, colour: RGB, label: str
) -> float:
    """A rounded badge ``height`` high at (left, top); returns its right edge."""
    width = round(height * 1.6)
    edge = contrast(colour)
    ImageDraw.Draw(image).rounded_rectangle(
        (left, top, left + width, top + height),
        radius=height // 3,
        fill=colour,
        outline=edge,
        width=max(1, height // 14),
    )
    centre = (left + width / 2, top + height / 2)
    draw_text(image, centre, label, size=round(height * 0.62), fill=edge, bold=True, anchor="mm")
    return left + width
