"""The event card's rule inside a championship race: the figures each step asks for.

Outside a championship every function here gives the base game's rule, so the
steps ask without checking which kind of race they run.
"""

from __future__ import annotations

import data
from data.models import ChampionshipEvent, Track
from engine.cards import HAND_SIZE, HEAT, NEVER_DISCARDED, STRESS, Card, is_discardable
from engine.errors import SeasonSetupError
from engine.limits import MAX_LAPS
from engine.state import RaceState


def race_event(state: RaceState) -> ChampionshipEvent | None:
    """The event card whose rule this race follows, or None outside a championship."""
    if state.championship is None:
        return None
    return data.championship().event(state.championship.event)


def hand_size(state: RaceState) -> int:
    """Cards a hand is drawn up to: 7, or the event's (Record crowds 8, safety rules 6)."""
    return hand_size_under(race_event(state))


def hand_size_under(event: ChampionshipEvent | None) -> int:
    """Cards a hand is drawn up to under ``event`` (the AI asks it of the event it sees)."""
    return HAND_SIZE if event is None else event.hand_size


def may_discard_card(event: ChampionshipEvent | None, card: Card) -> bool:
    """Step 8 never takes Heat or Stress, unless the event allows one of them (13, 17)."""
    if event is None:
        return card not in NEVER_DISCARDED  # is_discardable, asked card by card
    if card == HEAT:
        return event.discard_heat
    if card == STRESS:
        return event.discard_stress
    return is_discardable(card)


def discard_limit(event: ChampionshipEvent | None) -> int | None:
    """The most cards one discard step takes (Hold on tight: 1), or None for no limit."""
    return None if event is None else event.discard_limit


def gives_adrenaline(state: RaceState) -> bool:
    """Sudden heavy rain delays race (14): nobody gets Adrenaline."""
    event = race_event(state)
    return event is None or event.adrenaline


def may_slipstream_in(state: RaceState, gear: int) -> bool:
    """Turbulent winds (12): a car slipstreams only in 3rd or 4th gear."""
    return slipstreams_in(race_event(state), gear)


def slipstreams_in(event: ChampionshipEvent | None, gear: int) -> bool:
    """Whether a car in ``gear`` may slipstream under ``event`` (the AI asks it of the
    event it sees: Turbulent winds allows only 3rd or 4th gear)."""
    return event is None or gear in event.slipstream_gears


def race_laps_of(track: Track, laps: int, event: ChampionshipEvent) -> int:
    """The laps of a race of ``laps`` on ``track`` under ``event`` (Drivers' strike: one less,
    Record crowds and the pressure cooker: one more).

    ValueError, naming both, when that leaves no lap or more than a race may have:
    España's single lap cannot race the Drivers' strike (BGA redraws that pair in a
    random season, bug 197392); a race is never clamped to one lap.
    """
    changed = laps + event.lap_delta
    if not 1 <= changed <= MAX_LAPS:
        raise SeasonSetupError(
            "no_laps",
            f"{track.name} ({laps} lap{'s' if laps != 1 else ''}) cannot race event {event.id}"
            f" ({event.title}): it would have {changed} laps, and a race has 1 to {MAX_LAPS}",
            track_id=track.id,
            event_id=event.id,
            laps=changed,
            most=MAX_LAPS,
        )
    return changed
