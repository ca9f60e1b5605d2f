"""Pictures of races, drawn from what a spectator may see: pure functions to Pillow images.

:func:`board_image` draws a round (track, cars, trails and the drivers' panel)
from an engine view and the round's events; :func:`finish_image` draws the Hall
of Fame, :func:`standings_image` a league table and :func:`standings_chart_image` its
points race by race, and :func:`hand_image` a
driver's hand from their own view (:func:`hand_description` says it in words,
for screen readers), and :func:`closeup_image` their stretch of road
(:func:`closeup_description` in words). :func:`png_bytes` encodes any of them. Nothing here does
I/O except loading the fonts shipped in data/fonts.
"""

from render.board import board_image
from render.card_faces import CardFace, card_face
from render.closeup import closeup_description, closeup_image
from render.finish import finish_image
from render.geometry import Box, Pose, TrackGeometry, track_geometry
from render.hand import hand_description, hand_image
from render.png import png_bytes
from render.round_summary import last_round, summarize_round
from render.standings import StandingRow, Standings, standings_image
from render.standings_chart import ChartLine, StandingsChart, standings_chart_image

__all__ = [
    "Box",
    "CardFace",
    "ChartLine",
    "Pose",
    "StandingRow",
    "Standings",
    "StandingsChart",
    "TrackGeometry",
    "board_image",
    "card_face",
    "closeup_description",
    "closeup_image",
    "finish_image",
    "hand_description",
    "hand_image",
    "last_round",
    "png_bytes",
    "standings_chart_image",
    "standings_image",
    "summarize_round",
    "track_geometry",
]
