"""What the bot keeps besides the engine states: races (setup, seats, orders) and leagues.

These are the typed values the :class:`bot.storage.Store` takes and returns;
how a store lays them out (SQLite rows, PostgreSQL rows) is its own business.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from bot.storage.card_codes import decode_cards, encode_cards
from engine import Decision, RaceState
from engine.ai import LEVELS
from engine.cards import Card
from engine.championship import RaceResult
from engine.events import Event
from engine.season import race_points
from engine.state import DraftVariant, GarageDecks, Options

if TYPE_CHECKING:
    from engine.season import SeasonDecision, SeasonState

Fill = Literal["none", "legends", "ai"]
Mode = Literal["live", "async"]
NoShow = Literal["ai", "reserve"]
Reminders = Annotated[
    tuple[Annotated[int, Field(ge=3600, le=7 * 24 * 3600)], ...],
    # A league export read strictly from JSON holds a list: a tuple all the same.
    BeforeValidator(lambda value: tuple(value) if isinstance(value, list) else value),
]
OrdersMode = Literal["ai", "orders", "live"]
TimerKind = Literal[
    "deadline", "reminder", "reminded", "draft", "prune", "league_start", "league_reminder"
]
NIGHT_TIMERS: tuple[TimerKind, ...] = ("league_start", "league_reminder")
"""A dated league race's timers: its reminders and its start (``car_id`` names the race)."""
NotifyMode = Literal["thread", "dm", "off"]
"""How a person is told a race waits for them: a mention in the race's thread, a direct
message, or nothing."""
PostKind = Literal["start", "round", "prompt", "say", "drafted", "draft", "reminder"]
MAX_TIMER_SECONDS = 7 * 24 * 3600
"""The longest turn timer: the 10,080 minutes ``/heat new`` and ``/league create`` offer."""


def _known_level(level: str) -> str:
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
    return level


AiLevel = Annotated[str, AfterValidator(_known_level)]
"""A level the AI drives at (``engine.ai.LEVELS``): any other would fail every AI move."""


class RaceStatus(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class RaceConfig(BaseModel):
    """What the host chose in ``/heat new``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    track: str
    laps: int = Field(ge=1, le=5)
    seats: int = Field(ge=1, le=6)
    fill: Fill = "legends"
    ai_level: AiLevel = "pro"
    timer_seconds: int = Field(ge=30)
    mode: Mode = "live"
    garage: GarageDecks = "off"
    draft: DraftVariant = "rounds"
    weather: bool = False

    def options(self) -> Options:
        """The engine options of the modules the host switched on."""
        return Options(garage=self.garage, draft=self.draft, weather=self.weather)


class Seat(BaseModel):
    """One car in a race and who drives it (no user for Legends and AI cars)."""

    model_config = ConfigDict(extra="forbid")

    car_id: str
    user_id: int | None
    kind: Literal["human", "ai", "legend"]
    name: str
    color: str
    locale: str = "en-US"
    autopilot: bool = False

    @property
    def driven_by_ai(self) -> bool:
        """The AI decides for AI cars and for drivers kicked from the race."""
        return self.kind == "ai" or self.autopilot


@dataclass(frozen=True, slots=True)
class RaceRecord:
    """A race: where it lives, its status and, once started, its current state.

    ``thread_id`` is the thread it runs in once started (None: it runs in its channel; 0:
    in its channel too, as its league's draft did, so no thread is tried again).

    ``round_events`` are the events of the round under way, kept so the round's
    summary can be posted whole when it ends.
    """

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: RaceStatus
    config: RaceConfig
    state: RaceState | None
    round_events: tuple[Event, ...]
    lobby_message_id: int | None
    created_at: float
    thread_id: int | None = None

    @property
    def version(self) -> int:
        return 0 if self.state is None else self.state.version

    @property
    def posts_in(self) -> int:
        """Where its boards, prompts and notices go: its thread, or its channel without one."""
        return self.thread_id or self.channel_id


@dataclass(frozen=True, slots=True)
class Orders:
    """A driver's standing orders for one round's steps 5, 6 and 8.

    ``ai`` lets the AI choose (the default), ``orders`` follows the driver's own
    choices, ``live`` asks the driver at each step.
    """

    mode: OrdersMode = "ai"
    boost: bool = False
    slipstream: bool = True
    adrenaline_speed: bool = True
    adrenaline_cooldown: bool = True
    discard: tuple[Card, ...] = ()

    def encode(self) -> str:
        """A short text form, small enough to ride in a button's custom id."""
        flags = "".join(
            letter
            for letter, on in (
                ("b", self.boost),
                ("s", self.slipstream),
                ("p", self.adrenaline_speed),
                ("c", self.adrenaline_cooldown),
            )
            if on
        )
        return f"{self.mode[0]}{flags}.{encode_cards(self.discard)}"

    @classmethod
    def decode(cls, text: str) -> Orders:
        """Read :meth:`encode`'s form back; ValueError on anything else."""
        head, _, discard = text.partition(".")
        modes: dict[str, OrdersMode] = {"a": "ai", "o": "orders", "l": "live"}
        if not head or head[0] not in modes or set(head[1:]) - set("bspc"):
            raise ValueError(f"unreadable orders {text!r}")
        flags = head[1:]
        return cls(
            modes[head[0]],
            "b" in flags,
            "s" in flags,
            "p" in flags,
            "c" in flags,
            decode_cards(discard),
        )


@dataclass(frozen=True, slots=True)
class StandingOrders:
    """A car's orders and the round they were given for (they lapse after it)."""

    round: int
    orders: Orders


@dataclass(frozen=True, slots=True)
class Timer:
    """A deadline (the AI plays) or a reminder (a mention) for one car of a race, or a
    league draft's deadline (``draft``: the AI picks for the driver ``car_id``).

    A timer belongs to a race (``race_id``) or to a league (``league_id``), never
    both. ``wait`` names what the car is waiting to decide (round and step; a
    draft's season version), so a timer that fires after the car has decided is
    recognised as spent. A ``reminded`` timer never fires: it marks a wait already
    reminded.
    """

    race_id: int | None
    kind: TimerKind
    car_id: str
    due_at: float
    wait: str
    league_id: int | None = None


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """Something a race's or a league's channel must be shown, written with the change
    that calls for it; it belongs to a race (``race_id``) or a league (``league_id``).

    ``start``: the race began (``state``); ``round``: ``rounds`` ended, then the
    board at ``state``; ``prompt``: ``car_id`` must decide live at ``state``;
    ``say``: the text ``text`` with ``values``, addressed to ``car_id`` if set;
    a league's ``drafted``: the draft decisions ``values["made"]`` (their text forms,
    one a line) were made, by the AI for ``values["timed_out"]`` if set; ``draft``:
    the person whose turn it is at season version ``values["version"]`` is asked. A
    league's rows name the race whose draft they tell (``values["race_no"]``; rows stored
    before it was, the season's current race).
    ``id`` is given by the store.
    """

    race_id: int | None
    kind: PostKind
    state: RaceState | None = None
    car_id: str = ""
    rounds: tuple[tuple[Event, ...], ...] = ()
    text: str = ""
    values: Mapping[str, str | int] = field(default_factory=dict)
    id: int = 0
    league_id: int | None = None


@dataclass(frozen=True, slots=True)
class Unposted:
    """A server's leagues and races that have rows in the outbox, by id (start-up posts them)."""

    leagues: tuple[int, ...] = ()
    races: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class RaceChange:
    """Everything one change to a running race writes, in one transaction.

    ``seen_version`` is the version the change was made on; ``timers`` replace
    the race's timers; ``orders`` are set for the cars named; ``autopilot``
    names cars handed to the AI.
    """

    race_id: int
    seen_version: int
    state: RaceState
    status: RaceStatus = RaceStatus.RUNNING
    decisions: Sequence[tuple[Decision, str]] = ()
    orders: Mapping[str, StandingOrders] = field(default_factory=dict)
    autopilot: Sequence[str] = ()
    timers: Sequence[Timer] = ()
    round_events: Sequence[Event] = ()
    outbox: Sequence[OutboxRow] = ()


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's default turn timer, the channels races are allowed in (all if empty), and
    whether a race runs in a thread of its own."""

    timer_seconds: int | None = None
    channels: tuple[int, ...] = ()
    threads: bool = True


@dataclass(frozen=True, slots=True)
class GuildLimits:
    """A server's caps: races running, lobbies open and leagues active at once.

    The defaults keep one busy community server well inside one process's means;
    someone with Manage Server may raise or lower each (``/heat settings``).
    """

    races: int = 25
    lobbies: int = 10
    leagues: int = 5


@dataclass(frozen=True, slots=True)
class GuildLoad:
    """What a server has open now, to compare with its :class:`GuildLimits`."""

    races: int
    lobbies: int
    leagues: int


@dataclass(frozen=True, slots=True)
class Backlog:
    """Races by (server, status); outbox rows waiting by server: (count, the oldest's time)."""

    races: Mapping[tuple[int, str], int]
    outbox: Mapping[int, tuple[int, float]]


# --- leagues ---------------------------------------------------------------------------------


class LeagueStatus(StrEnum):
    ACTIVE = "active"
    ENDED = "ended"


class LeagueSettings(BaseModel):
    """What the league's creator chose in ``/league create`` besides the season itself.

    ``timer_seconds`` is each race's turn timer; ``fill`` says how the seats no
    member takes are filled; ``seats`` is how many cars a league race has.
    ``reminders`` are how long before a dated race its drivers are reminded
    (seconds, longest first); ``no_show`` who drives for a driver who said they
    cannot come: the AI, or one of the league's reserves (the AI when none is free).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    timer_seconds: int = Field(ge=30, le=MAX_TIMER_SECONDS)
    fill: Fill = "ai"
    ai_level: AiLevel = "pro"
    mode: Mode = "async"
    seats: int = Field(default=6, ge=2, le=6)
    reminders: Reminders = Field(default=(24 * 3600, 3600), max_length=3)
    no_show: NoShow = "ai"


@dataclass(frozen=True, slots=True)
class LeagueRecord:
    """A league: where it lives, who made it, its settings and whether it has ended.

    ``season_version`` is the version of the stored season (0 before the season
    starts): the version a :class:`SeasonChange` must have seen.
    """

    id: int
    guild_id: int
    channel_id: int
    name: str
    status: LeagueStatus
    settings: LeagueSettings
    created_by: int
    created_at: float
    ended_at: float | None
    season_version: int


@dataclass(frozen=True, slots=True)
class LeagueDate:
    """When race ``race_no`` of a league starts (a UTC instant), in the zone it was given in.

    ``event_id`` is the server's Discord scheduled event for it (None: none was made,
    for want of the permission or before it was asked).
    """

    league_id: int
    race_no: int
    starts_at: float
    zone: str
    event_id: int | None = None


@dataclass(frozen=True, slots=True)
class Rsvp:
    """Whether a person said they will race race ``race_no`` of a league."""

    league_id: int
    race_no: int
    user_id: int
    coming: bool


@dataclass(frozen=True, slots=True)
class Reserve:
    """A person a league may call to drive when one of its drivers cannot come, and the
    language they are asked in (the server's, as they were listed)."""

    league_id: int
    user_id: int
    name: str
    locale: str = "en-US"


@dataclass(frozen=True, slots=True)
class Member:
    """A person in a league and the season driver they drive.

    ``joined_at`` is the first race they drive (1 from the start: a driver who
    joins between races starts on 0 points); ``left_at`` the first race they no
    longer drive, once they left.
    """

    user_id: int
    driver_id: str
    name: str
    locale: str = "en-US"
    joined_at: int = 1
    left_at: int | None = None


@dataclass(frozen=True, slots=True)
class LeagueRace:
    """Race ``race_no`` of a league and the bot race that runs it.

    ``race_id`` is None for a race run in another database (an imported league), or
    not opened yet; ``recorded`` says whether its points are in; ``thread_id`` is the
    thread started when its draft opened, which its race runs in too (None: not started
    yet; 0: the draft ran in the league's channel, threads being off or refused).
    """

    league_id: int
    race_no: int
    race_id: int | None
    recorded: bool = False
    thread_id: int | None = None


@dataclass(frozen=True, slots=True)
class RacePoints:
    """One driver's result in one league race: place, points scored and spin outs.

    The place and the spin outs come from the race's ``RaceResult`` (engine), the
    points from the season's scoring; ``user_id`` is the member driving it (None
    for AI drivers and Legends), so stats follow a person across leagues. A
    driver eliminated by event 10 has no place (None) and 0 points.
    """

    driver_id: str
    user_id: int | None
    place: int | None
    points: int
    spin_outs: int = 0


@dataclass(frozen=True, slots=True)
class Correction:
    """An admin's change to a driver's points, with the reason: one line of the audit log.

    ``at`` and ``id`` are given by the store when it writes the correction.
    """

    league_id: int
    driver_id: str
    delta: int
    reason: str
    admin_id: int
    at: float = 0.0
    id: int = 0


@dataclass(frozen=True, slots=True)
class LeaguePoints:
    """Each recorded race's points and the corrections' audit log (their reasons).

    The standings themselves come from the season alone (``engine.season.standings``),
    which holds each correction as a decision of its own."""

    races: Mapping[int, tuple[RacePoints, ...]]
    corrections: tuple[Correction, ...] = ()


def recorded_points(result: RaceResult, users: Mapping[str, int]) -> list[RacePoints]:
    """The points rows of a finished league race, best place first, then the drivers
    eliminated without a place.

    Places and spin outs come from the race's result, points from the season's
    scoring (event bonuses included); ``users`` maps the members' driver ids to
    their user ids (AI drivers and Legends have none).
    """
    points = race_points(result)
    placed = sorted(result.places, key=lambda car: result.places[car])
    out = sorted(result.eliminated - set(placed))
    return [
        RacePoints(
            car, users.get(car), result.places.get(car), points[car], result.spin_outs.get(car, 0)
        )
        for car in placed + out
    ]


@dataclass(frozen=True, slots=True)
class SeasonChange:
    """One change to a league's season, in one transaction: the new state and its decisions.

    ``seen_version`` is the version of the season the change was made on; each
    decision comes with who made it (``user:ID``, ``ai``, ...), as in races.
    A person joining (``joined``) or leaving (``left_user``) is written in the same
    transaction as the season's driver entering or leaving, so neither is kept alone.
    ``timers`` replace the league's draft timers (None keeps them); ``outbox`` is what the
    league's channel must be shown.
    """

    league_id: int
    seen_version: int
    season: SeasonState
    decisions: Sequence[tuple[SeasonDecision, str]] = ()
    joined: Member | None = None
    left_user: int | None = None
    timers: Sequence[Timer] | None = None
    outbox: Sequence[OutboxRow] = ()


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A person's record across leagues, for ``/heat stats``.

    Counted from their recorded :class:`RacePoints` rows (place and spin outs as
    each race's result had them): wins are 1st places, podiums places 1-3.
    ``average_place`` is None before their first recorded race.
    """

    races: int
    wins: int
    podiums: int
    average_place: float | None
    spin_outs: int
    leagues: int


@dataclass(frozen=True, slots=True)
class ImportedCorrection:
    """A correction of an imported league, as its audit log kept it."""

    driver_id: str
    delta: int
    reason: str
    admin_id: int
    at: float


@dataclass(frozen=True, slots=True)
class Imported:
    """A league checked whole (``bot.storage.league_check``), ready to be written.

    The seasons and decisions are engine values, the members, points and race
    numbers those the replay of the season gives.
    """

    name: str
    settings: LeagueSettings
    created_by: int
    created_at: float
    initial: SeasonState
    current: SeasonState
    decisions: list[tuple[SeasonDecision, str, float]]
    members: list[Member]
    races: list[int]
    results: list[tuple[int, float, list[RacePoints]]]
    corrections: list[ImportedCorrection]
