"""The Championship inside one race: the event card, sponsorship cards, press corners, results.

A season (:mod:`engine.season`) hands a race its event and the shared
sponsorship piles in a :class:`ChampionshipSetup`; the race's steps ask the
event's rule through ``event_cards`` (each function gives the base game's
rule outside a championship), score press corners (``press``), draw and spend
sponsors (``sponsors``) and apply the events that act when a turn ends
(``event_steps``); :func:`race_result` gives back what the race leaves behind.
"""

from engine.championship.event_cards import (
    discard_limit,
    gives_adrenaline,
    hand_size,
    hand_size_under,
    may_discard_card,
    may_slipstream_in,
    race_event,
    race_laps_of,
    slipstreams_in,
)
from engine.championship.event_steps import end_of_turn, event_sponsors
from engine.championship.press import press_positions, score_press_corners
from engine.championship.race import ChampionshipSetup, RaceResult, race_result, sponsorship_deck
from engine.championship.sponsors import draw_sponsors, keep_unplayed

__all__ = [
    "ChampionshipSetup",
    "RaceResult",
    "discard_limit",
    "draw_sponsors",
    "end_of_turn",
    "event_sponsors",
    "gives_adrenaline",
    "hand_size",
    "hand_size_under",
    "keep_unplayed",
    "may_discard_card",
    "may_slipstream_in",
    "press_positions",
    "race_event",
    "race_laps_of",
    "race_result",
    "score_press_corners",
    "slipstreams_in",
    "sponsorship_deck",
]
