"""Who slipstreamed behind whom this round, and the marks that show it on the track.

A car slipstreams from the space behind or beside another car. The round's
moves are replayed from where every car started, so the car whose draft was
used is known even when the panel is not read: it trails wake lines behind its
tail, and the slipstreaming car's gain is drawn as big chevrons in its lane.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PIL import ImageDraw

from engine.events import CarMoved, Event, SpunOut
from engine.view import RaceView
from render import palette
from render.geometry import CAR_LENGTH, Pose, TrackGeometry
from render.round_summary import RoundSummary


@dataclass(frozen=True, slots=True)
class Draft:
    """One slipstream: who gained, from which spot to which, and whose spot they drafted."""

    car: str
    from_space: int
    from_spot: int
    to_space: int
    lead: str | None
    lead_space: int
    lead_spot: int


def drafts(view: RaceView, summary: RoundSummary, events: Iterable[Event]) -> list[Draft]:
    """Every slipstream of the round, with the car ahead of (or beside) the slipstreamer then."""
    where = {car.id: (car.space, car.spot) for car in view.cars}
    for car in view.cars:
        start = summary.of(car.id).start
        if start is not None:
            where[car.id] = start
    found: list[Draft] = []
    for event in events:
        if isinstance(event, CarMoved) and event.car is not None:
            if event.cause == "slipstream" and event.to_space > event.from_space:
                lead = _lead(where, event.car, event.from_space)
                lead_space, lead_spot = where[lead] if lead is not None else (0, 0)
                found.append(
                    Draft(
                        event.car,
                        event.from_space,
                        event.from_spot,
                        event.to_space,
                        lead,
                        lead_space,
                        lead_spot,
                    )
                )
            where[event.car] = (event.to_space, event.to_spot)
        elif isinstance(event, SpunOut) and event.car is not None:
            where[event.car] = (event.to_space, event.to_spot)
    return found


def _lead(where: dict[str, tuple[int, int]], car: str, space: int) -> str | None:
    """The car on the space ahead of ``space``, else the car beside it."""
    for wanted in (space + 1, space):
        for other, (at, _) in where.items():
            if other != car and at == wanted:
                return other
    return None


def draft_marks(draw: ImageDraw.ImageDraw, geometry: TrackGeometry, draft: Draft) -> None:
    """Chevrons along the spaces gained, in the lane driven, and wake lines behind the lead."""
    lane = geometry.lane_offset(geometry.lane_of(draft.from_space, draft.from_spot))
    half = CAR_LENGTH / 2
    first = draft.from_space - 0.5 + half
    last = draft.to_space - 0.5 - half
    count = max(1, draft.to_space - draft.from_space)
    for i in range(count):
        position = first + (last - first) * (i + 0.5) / count
        _draw_chevron(draw, geometry, geometry.pose_at(position), lane)
    if draft.lead is not None:
        lead = geometry.spot_pose(draft.lead_space, draft.lead_spot)
        _draw_wake(draw, geometry, lead)


def _draw_chevron(
    draw: ImageDraw.ImageDraw, geometry: TrackGeometry, pose: Pose, lane: float
) -> None:
    """A bold ">" pointing the way, as wide as the lane."""
    size = geometry.lane_spacing * 0.36
    tip = pose.moved(size * 0.5, lane)
    wings = [pose.moved(-size * 0.5, lane + size), tip, pose.moved(-size * 0.5, lane - size)]
    width = max(3, round(size * 0.42))
    draw.line(wings, fill=palette.INK, width=width + 2, joint="curve")
    draw.line(wings, fill=palette.SLIPSTREAM, width=width, joint="curve")


def _draw_wake(draw: ImageDraw.ImageDraw, geometry: TrackGeometry, lead: Pose) -> None:
    """Three short streaks behind the tail of the car whose draft was used."""
    tail = geometry.car_length / 2
    reach = geometry.space_length * 0.3
    width = max(2, round(geometry.car_width * 0.12))
    for side in (-0.3, 0.0, 0.3):
        left = side * geometry.car_width
        start = lead.moved(-tail - reach * 0.15, left)
        end = lead.moved(-tail - reach, left)
        draw.line([start, end], fill=palette.SLIPSTREAM, width=width)
