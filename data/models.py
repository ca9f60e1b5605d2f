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


Symbol = Literal[
    "boost",
    "accelerate",
    "adjust",
    "heat",
    "cooldown",
    "super_cool",
    "reduce",
    "slipstream",
    "draft",
    "scrap",
    "salvage",
    "direct",
    "refresh",
]
UpgradeDeck = Literal["basic", "advanced", "heavy_rain", "tunnel_vision"]


class Upgrade(_Strict):
    """One kind of Garage upgrade card: its speeds (one chosen at reveal) and symbols."""

    id: str = Field(min_length=1)
    name: str
    deck: UpgradeDeck
    speed: tuple[int, ...] = Field(min_length=1)
    symbols: dict[Symbol, int]
    copies: int = Field(ge=1)


class UpgradeCards(_Strict):
    """The Garage decks; a plain Heat card in them has the id ``H``."""

    about: str
    upgrades: tuple[Upgrade, ...]

    @model_validator(mode="after")
    def _ids_name_one_card(self) -> UpgradeCards:
        kinds: dict[str, Upgrade] = {}
        for upgrade in self.upgrades:
            seen = kinds.setdefault(upgrade.id, upgrade)
            same = (seen.speed, seen.symbols) == (upgrade.speed, upgrade.symbols)
            if not same:
                raise ValueError(f"id {upgrade.id!r} names two different cards")
        return self

    def deck(self, name: UpgradeDeck) -> tuple[str, ...]:
        """Every card of one Garage deck, copies included, in file order."""
        return tuple(u.id for u in self.upgrades if u.deck == name for _ in range(u.copies))

    def card(self, card_id: str) -> Upgrade:
        """The upgrade with this id (KeyError if none)."""
        for upgrade in self.upgrades:
            if upgrade.id == card_id:
                return upgrade
        raise KeyError(card_id)


SectorEffect = Literal[
    "no_cooldown",
    "no_slipstream",
    "slipstream_plus_1",
    "slipstream_plus_2",
    "cooldown_plus_1",
    "free_boost",
]


class WeatherCard(_Strict):
    """A weather card: how it changes every driver's Heat and Stress, and its sector effect.

    ``heat_in_deck`` and ``heat_in_discard`` are Heat cards taken from those meant
    for the Engine (``heat_in_engine`` already counts them out).
    """

    id: str
    name: str
    heat_in_engine: int = 0
    heat_in_deck: int = Field(default=0, ge=0)
    heat_in_discard: int = Field(default=0, ge=0)
    stress_in_deck: int = 0
    sector_effect: SectorEffect


class RoadCondition(_Strict):
    """A road-condition token kind: it changes its corner line, or the sector after it."""

    id: str
    name: str
    applies_to: Literal["corner", "sector"]
    speed_limit: int = 0
    overheat: int = Field(default=0, ge=0)
    sector_effect: SectorEffect | Literal["weather"] | None = None
    copies: int = Field(ge=1)

    @model_validator(mode="after")
    def _effect_matches_place(self) -> RoadCondition:
        if (self.applies_to == "sector") != (self.sector_effect is not None):
            raise ValueError("a sector token, and only a sector token, has a sector_effect")
        if self.applies_to == "sector" and (self.speed_limit or self.overheat):
            raise ValueError("a sector token changes no corner line")
        return self


class WeatherModule(_Strict):
    """The weather and road conditions module: its weather cards and road-condition tokens."""

    weather_cards: tuple[WeatherCard, ...] = Field(min_length=1)
    road_conditions: tuple[RoadCondition, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _distinct_ids(self) -> WeatherModule:
        for kind in (self.weather_cards, self.road_conditions):
            ids = [item.id for item in kind]
            if len(set(ids)) != len(ids):
                raise ValueError(f"ids must be distinct: {ids}")
        return self

    def card(self, card_id: str) -> WeatherCard:
        return self._cards[card_id]

    def token(self, token_id: str) -> RoadCondition:
        return self._tokens[token_id]

    @cached_property
    def _cards(self) -> dict[str, WeatherCard]:
        return {card.id: card for card in self.weather_cards}

    @cached_property
    def _tokens(self) -> dict[str, RoadCondition]:
        """By id: the rules look a token up at every corner check and sector effect."""
        return {token.id: token for token in self.road_conditions}

    @cached_property
    def token_pool(self) -> tuple[str, ...]:
        """Every road-condition token in the box, each kind as many times as its copies."""
        return tuple(token.id for token in self.road_conditions for _ in range(token.copies))


CardSet = Literal["base", "heavy_rain", "tunnel_vision"]


class SponsorCard(_Strict):
    """One kind of sponsorship card (Championship): a one-time upgrade won during a race."""

    id: str = Field(pattern=r"^sp-[a-z-]+$")
    name: str
    set: CardSet
    speed: tuple[int, ...] = Field(min_length=1)
    symbols: dict[Symbol, int]
    copies: int = Field(ge=1)


class ChampionshipEvent(_Strict):
    """An event card: its press corners, starting sponsors and the rule it changes.

    Every rule field defaults to the base game, so an event names only what it
    changes. ``press_corner_numbers`` count a track's press corners from 0 and
    wrap around, so an event can be raced on any track.
    """

    id: int = Field(ge=1)
    title: str
    expansion: CardSet
    track: str
    summary: str
    sponsorship_cards_at_start: int = Field(ge=0)
    press_corner_numbers: tuple[int, ...]
    press_corner_positions: tuple[int, ...]
    lap_delta: int = 0
    hand_size: int = Field(default=7, ge=1)
    engine_delta: int = 0
    stress_delta: int = 0
    press_reward: int = Field(default=1, ge=1)
    press_slower: bool = False
    grandstand: int = Field(default=0, ge=0)
    speed_record: int | None = None
    passing_reward_cars: int | None = None
    slipstream_gears: tuple[int, ...] = (1, 2, 3, 4)
    discard_heat: bool = False
    discard_stress: bool = False
    adrenaline: bool = True
    discard_limit: int | None = Field(default=None, ge=0)
    spin_out_eliminates: bool = False
    heat_removed_per_lap: int = Field(default=0, ge=0)
    winner_bonus: int = 0
    podium_bonus: int = 0


class SeasonRace(_Strict):
    track: str
    event: int = Field(ge=1)


class Season(_Strict):
    """A preset season (1961-1965): its races in order."""

    season: int
    expansion: CardSet
    races: tuple[SeasonRace, ...] = Field(min_length=3)


class ChampionshipData(_Strict):
    """The Championship module: points, sponsorship cards, event cards and preset seasons."""

    about: str
    points_by_place: tuple[int, ...]
    hand_size: int
    sponsorship_cards: tuple[SponsorCard, ...]
    events: tuple[ChampionshipEvent, ...]
    seasons: tuple[Season, ...]

    @model_validator(mode="after")
    def _consistent(self) -> ChampionshipData:
        ids = [event.id for event in self.events]
        if ids != list(range(1, len(ids) + 1)):
            raise ValueError("events are numbered 1, 2, ... in order")
        if any(race.event not in ids for season in self.seasons for race in season.races):
            raise ValueError("a season races an unknown event")
        cards = [card.id for card in self.sponsorship_cards]
        if len(set(cards)) != len(cards):
            raise ValueError("sponsorship card ids must be distinct")
        return self

    def event(self, event_id: int) -> ChampionshipEvent:
        """The event card with this number (KeyError if none)."""
        if not 1 <= event_id <= len(self.events):
            raise KeyError(event_id)
        return self.events[event_id - 1]

    def season(self, year: int) -> Season:
        """The preset season of this year (KeyError if none)."""
        for season in self.seasons:
            if season.season == year:
                return season
        raise KeyError(year)

    def sponsor(self, card_id: str) -> SponsorCard:
        """The sponsorship card kind with this id (KeyError if none)."""
        for card in self.sponsorship_cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def sponsor_deck(self, sets: tuple[CardSet, ...]) -> tuple[str, ...]:
        """Every sponsorship card of these sets, copies included, in file order."""
        return tuple(c.id for c in self.sponsorship_cards if c.set in sets for _ in range(c.copies))
