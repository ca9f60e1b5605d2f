"""The shapes of the project's data files, as pydantic models.

Positions follow the race notation: a corner at ``position`` p has its line
between lap spaces p and p+1; lanes are the physical lanes 1 and 2 of a space.
Spaces 0, -1, ... are the previous lap's last spaces (N, N-1, ...), as on the grid.
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Lane = Literal[1, 2]
ChicaneRole = Literal["first", "second"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Corner(_Strict):
    """One corner line of a track and what the rules need to know about it.

    A chicane is two corner lines with the same limit: ``chicane_with`` is the
    index (in lap order) of the other line, ``chicane_role`` says which line
    this one is. A ``legend_line`` of 0 or below lies on the previous lap.
    """

    position: int = Field(ge=1)
    speed_limit: int = Field(ge=1)
    race_lane_after: Lane
    legend_line: int
    chevron_spaces: tuple[int, ...] = ()
    double_chevron_spaces: tuple[int, ...] = ()
    chicane_with: int | None = Field(default=None, ge=0)
    chicane_role: ChicaneRole | None = None

    @model_validator(mode="after")
    def _chicane_fields_together(self) -> Corner:
        if (self.chicane_with is None) != (self.chicane_role is None):
            raise ValueError("chicane_with and chicane_role go together")
        if self.legend_line >= self.position:
            raise ValueError("the Legends line must lie before its corner line")
        return self


class Spot(_Strict):
    """One spot of the board: a lap space (1..N) and a physical lane."""

    space: int = Field(ge=1)
    lane: Lane


class GridSlot(_Strict):
    """A starting grid slot: space 0 is pole, -1 the row behind, and so on."""

    space: int = Field(le=0)
    lane: Lane


class Track(_Strict):
    """A race track: its lap, its corners in lap order and its starting grid."""

    id: str
    name: str
    laps: int = Field(ge=1)
    spaces_per_lap: int = Field(ge=10)
    heat_in_engine: int = Field(ge=0)
    stress_in_deck: int = Field(ge=0)
    race_lane_at_start: Lane
    starting_grid: tuple[GridSlot, ...] = Field(min_length=1)
    corners: tuple[Corner, ...] = Field(min_length=1)
    press_corners: tuple[int, ...] | None = None
    flooded_spots: tuple[Spot, ...] = ()
    tunnel_spots: tuple[Spot, ...] = ()
    gravel_spots: tuple[Spot, ...] = ()
    notes: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> Track:
        positions = [c.position for c in self.corners]
        if positions != sorted(set(positions)):
            raise ValueError("corners must be in lap order with distinct positions")
        if positions[-1] >= self.spaces_per_lap:
            raise ValueError("corner position must lie inside the lap")
        if any(c.legend_line <= c.position - self.spaces_per_lap for c in self.corners):
            raise ValueError("a Legends line lies more than a lap before its corner")
        if self.corners[-1].race_lane_after != self.race_lane_at_start:
            raise ValueError("race_lane_at_start must equal the last corner's race_lane_after")
        if self.starting_grid[0].lane != self.race_lane_at_start:
            raise ValueError("pole position must be on the race lane")
        self._check_chicanes()
        if not set(self.press_corners or ()) <= set(positions):
            raise ValueError("press corners must be corner line positions")
        for kind in ("flooded_spots", "tunnel_spots", "gravel_spots"):
            spots: tuple[Spot, ...] = getattr(self, kind)
            if any(spot.space > self.spaces_per_lap for spot in spots):
                raise ValueError(f"{kind} must lie inside the lap")
        return self

    def _check_chicanes(self) -> None:
        """A chicane pairs two consecutive lines with the same limit, first then second."""
        for index, corner in enumerate(self.corners):
            if corner.chicane_with is None:
                continue
            step = 1 if corner.chicane_role == "first" else -1
            if corner.chicane_with != index + step or not 0 <= index + step < len(self.corners):
                raise ValueError(f"corner {index}: a chicane pairs it with the next/previous line")
            other = self.corners[index + step]
            if other.chicane_with != index or other.chicane_role == corner.chicane_role:
                raise ValueError(f"corner {index}: its chicane partner does not pair back")
            if other.speed_limit != corner.speed_limit:
                raise ValueError(f"corner {index}: both lines of a chicane have one limit")

    @cached_property
    def corner_positions(self) -> tuple[int, ...]:
        return tuple(c.position for c in self.corners)

    @cached_property
    def press_corner_positions(self) -> tuple[int, ...]:
        """The press corners in number order: the track's own list, else every corner line
        in lap order with a chicane counted once, at its second line.

        "In championship mode, the press corner is placed at the second chicane
        corner line (when exiting the chicane)."
        """
        if self.press_corners is not None:
            return self.press_corners
        return tuple(c.position for c in self.corners if c.chicane_role != "first")

    def lane_of(self, lap_space: int, spot: int) -> Lane:
        """The physical lane of a spot: spot 0 is the race line of its space."""
        race_lane = self.race_lane_at(lap_space)
        if spot == 0:
            return race_lane
        return 2 if race_lane == 1 else 1

    def race_lane_at(self, lap_space: int) -> Lane:
        """The lane that is the race line on a space (1..spaces_per_lap)."""
        lane = self.race_lane_at_start
        for corner in self.corners:
            if lap_space > corner.position:
                lane = corner.race_lane_after
        return lane


class LegendValue(_Strict):
    """What one legend card says for one colour."""

    diamond: int = Field(ge=0, le=3)
    helmet_speed: int = Field(ge=1)


class LegendCard(_Strict):
    card: int = Field(ge=1)
    values: dict[str, LegendValue]


class LegendCards(_Strict):
    """The Legends deck: one value per base colour on each card."""

    colours: tuple[str, ...]
    extra_colours: dict[str, str]
    cards: tuple[LegendCard, ...]

    @model_validator(mode="after")
    def _every_card_has_every_colour(self) -> LegendCards:
        for card in self.cards:
            missing = set(self.colours) - set(card.values)
            if missing:
                raise ValueError(f"card {card.card} lacks colours {sorted(missing)}")
        return self

    def value(self, card: int, colour: str) -> LegendValue:
        """The card's value for a colour; the 7th-9th colours borrow a base colour's."""
        base = self.extra_colours.get(colour, colour)
        return self.cards[card - 1].values[base]
