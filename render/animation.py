"""A race as an animated GIF: one board per round, the last one held longer.

``heat simulate`` writes it beside its boards, and ``/heat replay`` posts it for
a finished race; both hand over their boards drawn :data:`GIF_WIDTH` wide.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

GIF_WIDTH = 720
"""Narrower than the round boards, to keep the file light for a README or a message."""
FRAME_MS = 900
LAST_FRAME_MS = 4000


def gif_bytes(frames: Sequence[Image.Image]) -> bytes:
    """The frames as a looping GIF: the grid, then every round; the last one stays up longer."""
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0)
    return out.getvalue()
