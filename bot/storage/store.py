"""The storage interface the race service talks to; every implementation returns typed values.

Methods that write say what their one transaction holds. A method that reads
sees committed data only. Implementations: :mod:`bot.storage.sqlite` (the
embedded default) and :mod:`bot.storage.postgres` (shared by several processes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from bot.storage.models import (
    Backlog,
    Correction,
    GuildLimits,
    GuildLoad,
    GuildSettings,
    Imported,
    LeagueDate,
    LeaguePoints,
    LeagueRace,
    LeagueRecord,
    LeagueSettings,
    Member,
    NotifyMode,
    OutboxRow,
    PlayerStats,
    RaceChange,
    RaceConfig,
    RacePoints,
    RaceRecord,
    RaceStatus,
    Reserve,
    Rsvp,
    SeasonChange,
    Seat,
    StandingOrders,
    Timer,
    Unposted,
)
from engine import Decision, RaceState

if TYPE_CHECKING:
    from engine.season import SeasonDecision, SeasonState


class StorageError(RuntimeError):
    """A write the store refused; nothing was written."""


class ChannelBusy(StorageError):
    """The channel already has a lobby or a running race."""


class SeatTaken(StorageError):
    """The user or the car already has a seat in this race."""


class StaleWrite(StorageError):
    """The race changed since it was read (or is no longer running)."""


class StoreUnavailable(StorageError):
    """The database could not be reached or the connection dropped; nothing was written."""


class NoSuchLeague(StorageError):
    """No league has this id."""


class LeagueExists(StorageError):
    """The channel already has an active league."""


class AlreadyMember(StorageError):
    """The user, or the season driver, is already in this league."""


class BadCorrection(StorageError):
    """A points correction without a reason, of zero points, or for an unknown driver."""


class BadLeagueExport(StorageError):
    """A league document that is not a valid export (its one-line message says why)."""


class Store(Protocol):
    """Races, seats, decisions, standing orders, timers, the outbox, server settings, leagues."""

    async def close(self) -> None:
        """Release the connection(s); the store is not used afterwards."""

    async def schema_version(self) -> int:
        """The last migration applied (migrations run when the store is opened)."""

    # --- races ----------------------------------------------------------------------------

    async def create_race(
        self, guild_id: int, channel_id: int, host_id: int, config: RaceConfig, host: Seat
    ) -> int:
        """One transaction: a new lobby with its host seated; returns its id.

        Raises ChannelBusy if the channel has a lobby or running race (checked by
        the database, so two hosts racing for a channel cannot both win).
        """

    async def race(self, race_id: int) -> RaceRecord | None:
        """The race with this id, whatever its status."""

    async def open_race_in(self, channel_id: int) -> RaceRecord | None:
        """The lobby or running race of a channel, or of the thread a race runs in."""

    async def last_finished_in(self, channel_id: int) -> RaceRecord | None:
        """The channel's (or a race thread's) most recently finished race."""

    async def set_lobby_message(self, race_id: int, message_id: int) -> None:
        """One transaction: remember the lobby's public message (to edit it later)."""

    async def set_thread(self, race_id: int, thread_id: int) -> None:
        """One transaction: the race runs in this thread from now on."""

    async def set_status(self, race_id: int, status: RaceStatus) -> None:
        """One transaction: the new status; a finished or cancelled race loses its timers."""

    # --- seats ----------------------------------------------------------------------------

    async def seats(self, race_id: int) -> list[Seat]:
        """The race's seats, by car id."""

    async def add_seat(self, race_id: int, seat: Seat) -> None:
        """One transaction: seat a driver; SeatTaken if the user or the car is seated."""

    async def remove_seat(self, race_id: int, user_id: int) -> bool:
        """One transaction: unseat a user; False if they had no seat."""

    # --- the race changing ----------------------------------------------------------------

    async def start_race(
        self, race_id: int, seats: Sequence[Seat], initial: RaceState, change: RaceChange
    ) -> list[OutboxRow]:
        """One transaction: the lobby becomes a race, then ``change`` is committed.

        Replaces the seats (fill included), stores ``initial`` as the first and
        current state, then writes ``change`` as :meth:`commit` does (its
        ``seen_version`` is the initial state's). StaleWrite if the race is no
        longer a lobby. Returns the outbox rows written, with their ids.
        """

    async def commit(self, change: RaceChange) -> list[OutboxRow]:
        """One transaction: everything a change to a running race writes, or nothing.

        Refuses with StaleWrite unless the stored race is running at
        ``change.seen_version``. Then: the new state and status, the decisions
        appended to the log (in order, with who made them), the standing orders
        of the cars named, the cars put on autopilot, the race's timers replaced
        by ``change.timers``, the round's events so far, and the outbox rows.
        Returns the outbox rows written, with their ids (post them, then
        :meth:`delete_posted`).
        """

    async def first_state(self, race_id: int) -> RaceState | None:
        """The race's state when it started (the decision log replays from it)."""

    async def decisions(self, race_id: int) -> list[Decision]:
        """The race's decision log, in the order applied."""

    async def orders(self, race_id: int) -> dict[str, StandingOrders]:
        """Each car's last standing orders, by car id."""

    # --- timers ---------------------------------------------------------------------------

    async def timers(self, race_id: int) -> list[Timer]:
        """A race's timers, soonest first."""

    async def due_timers(self, now: float) -> list[Timer]:
        """Timers whose time has come, races' and leagues', soonest first (``reminded``
        marks never come).

        A store shared by several processes hands each due timer to one of them
        (``FOR UPDATE SKIP LOCKED``); the firing is made safe anyway by the
        timer's ``wait``, checked against the race in the change it causes.
        """

    async def next_due(self) -> float | None:
        """When the soonest timer that can fire is due, if any is armed."""

    async def replace_timer(
        self, old: Timer, new: Timer, outbox: Sequence[OutboxRow] = ()
    ) -> list[OutboxRow]:
        """One transaction: ``old`` becomes ``new`` (a reminder sent becomes ``reminded``).

        The outbox rows (the reminder's message) are written in the same
        transaction; returns them with their ids. Does nothing but the outbox if
        ``old`` is already gone.
        """

    async def drop_timer(self, timer: Timer) -> None:
        """One transaction: remove a timer that is spent."""

    # --- outbox ---------------------------------------------------------------------------

    async def outbox(
        self, race_id: int | None = None, *, league_id: int | None = None
    ) -> list[OutboxRow]:
        """Rows not yet posted, oldest first: one race's, one league's, or every one.

        A store shared by several processes claims the rows it returns
        (``FOR UPDATE SKIP LOCKED``) so that two posters never post one row.
        """

    async def delete_posted(self, row: OutboxRow) -> None:
        """One transaction: the row was posted (or can never be); it is not posted again."""

    async def unposted(self, guild_id: int) -> Unposted:
        """The server's leagues and races with rows not yet posted (read, not claimed)."""

    # --- server settings ------------------------------------------------------------------

    async def notify_mode(self, user_id: int) -> NotifyMode:
        """How a person is told a race waits for them ("thread" unless they chose)."""

    async def set_notify(self, user_id: int, mode: NotifyMode) -> None:
        """One transaction: how this person is told from now on."""

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's settings (defaults if it never saved any)."""

    async def save_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        """One transaction: replace a server's settings."""

    # --- caps, retention, figures ---------------------------------------------------------

    async def guild_limits(self, guild_id: int) -> GuildLimits:
        """A server's caps (the defaults where it never changed one)."""

    async def save_guild_limits(self, guild_id: int, limits: GuildLimits) -> None:
        """One transaction: replace a server's caps."""

    async def guild_load(self, guild_id: int) -> GuildLoad:
        """The server's races running, lobbies open and leagues active now."""

    async def prune_race(
        self, race_id: int, export: bytes, result: Mapping[str, int | None], timer: Timer
    ) -> bool:
        """One transaction: the retention ``timer`` is spent and a finished race outside any
        league keeps only its record, seats, ``result`` (car: place) and ``export`` (the file
        ``/heat export`` posts); its states, decision log and orders go. False, with only
        the timer gone, for a race that is not such a race (or was pruned already)."""

    async def kept_race_export(self, race_id: int) -> bytes | None:
        """The export a pruned race kept (None for any other race)."""

    async def race_result(self, race_id: int) -> dict[str, int | None] | None:
        """The places a pruned race kept, by car (None for any other race)."""

    async def backlog(self) -> Backlog:
        """Races by server and status, and the outbox's waiting rows (for the metrics)."""

    # --- leagues --------------------------------------------------------------------------
    # Every league write refuses an ended league with StaleWrite (the export kept at its
    # end stays true) and an unknown one with NoSuchLeague.

    async def create_league(
        self,
        guild_id: int,
        channel_id: int,
        name: str,
        settings: LeagueSettings,
        created_by: int,
        season: SeasonState,
    ) -> int:
        """One transaction: a new active league whose first season is ``season``; its id.

        The decision log replays from that season.

        Raises LeagueExists if the channel has an active league (checked by the
        database).
        """

    async def league(self, league_id: int) -> LeagueRecord | None:
        """The league with this id, active or ended."""

    async def active_league_in(self, channel_id: int) -> LeagueRecord | None:
        """The channel's active league (there is at most one)."""

    async def leagues(self, guild_id: int) -> list[LeagueRecord]:
        """A server's leagues, active and ended, oldest first."""

    # --- members --------------------------------------------------------------------------

    async def members(self, league_id: int) -> list[Member]:
        """Everyone who ever joined the league (those who left too), in joining order."""

    async def add_member(self, league_id: int, member: Member) -> None:
        """One transaction: a person joins as a season driver.

        AlreadyMember if the user, or the driver id, is already taken by someone
        who has not left.
        """

    async def leave_league(self, league_id: int, user_id: int, at_race: int) -> bool:
        """One transaction: the member leaves before race ``at_race``; False if not a member."""

    # --- the season -----------------------------------------------------------------------

    async def commit_season(self, change: SeasonChange) -> list[OutboxRow]:
        """One transaction: the new season, its decisions appended to the log, the
        member who joined or left with it, the league's timers (replaced, unless
        ``change.timers`` is None) and its outbox rows; returns the rows with their ids.

        StaleWrite unless the stored season is at ``change.seen_version``;
        AlreadyMember (and nothing written) if the joining person or driver is in already.
        """

    async def season(self, league_id: int) -> SeasonState | None:
        """The league's current season (None before it starts)."""

    async def first_season(self, league_id: int) -> SeasonState | None:
        """The season as it started (the decision log replays from it)."""

    async def season_decisions(self, league_id: int) -> list[SeasonDecision]:
        """The season's decision log, in the order applied."""

    # --- league races and points ----------------------------------------------------------

    async def add_league_race(self, league_id: int, race_no: int, race_id: int) -> None:
        """One transaction: race ``race_no`` of the league runs as bot race ``race_id``.

        A race no whose race was cancelled (or ran in another database: an imported
        league) may be given a new race; StaleWrite if it has another race, if its
        points are in, or if ``race_id`` already runs a league race.
        """

    async def set_league_thread(self, league_id: int, race_no: int, thread_id: int | None) -> None:
        """One transaction: race ``race_no`` of the league (its draft, then its race) runs in
        thread ``thread_id`` (0: in the league's channel; None: forgotten, to start anew)."""

    async def league_races(self, league_id: int) -> list[LeagueRace]:
        """The league's races, by race no."""

    async def league_race_of(self, race_id: int) -> LeagueRace | None:
        """The league race a bot race runs, if it is one (how a finished race finds its league)."""

    async def unrecorded_races(self) -> list[LeagueRace]:
        """Finished races of active leagues whose points are not in (record them at start-up)."""

    async def record_points(
        self,
        league_id: int,
        race_no: int,
        points: Sequence[RacePoints],
        change: SeasonChange | None = None,
    ) -> bool:
        """One transaction: a race's points, and the season change that records it.

        Exactly once per (league, race no), even with two writers at once: the
        database's unique key decides, and the second record writes nothing and
        returns False. Otherwise StaleWrite as :meth:`commit_season`.
        """

    async def league_points(self, league_id: int) -> LeaguePoints:
        """Every recorded race's points by race no, and the corrections (standings include them)."""

    async def correct_points(self, correction: Correction) -> Correction:
        """One transaction: an admin's correction becomes a decision of the league's season
        (``correct``, so the standings, the grid and the draft order count it) and a line
        of the audit log naming it; returns the line as stored.

        BadCorrection for an empty reason, or one the season refuses: a zero delta, more
        than 100 either way, a driver the season does not have. StaleWrite once the league
        has ended.
        """

    async def corrections(self, league_id: int) -> list[Correction]:
        """The league's audit log of corrections, oldest first."""

    # --- the end, export and import -------------------------------------------------------

    async def end_league(self, league_id: int) -> dict[str, Any]:
        """One transaction: the league ends and its export is kept; returns the export."""

    async def kept_export(self, league_id: int) -> dict[str, Any] | None:
        """The export kept when the league ended (None while it is active)."""

    async def export_league(self, league_id: int) -> dict[str, Any]:
        """The league as a JSON document (``format``, ``version`` and every row); NoSuchLeague."""

    async def import_league(self, imported: Imported, guild_id: int, channel_id: int) -> int:
        """One transaction: an exported league, active in ``channel_id`` of ``guild_id``; its id.

        ``imported`` is what :func:`bot.storage.league_check.checked_file` (or
        ``checked_export``) made of the document: its season replayed from a start the
        rules give, every row derived from that replay. LeagueExists if the channel has
        an active league, and nothing is stored. The document's own server, channel,
        status and race ids are not kept.
        """

    async def player_stats(self, user_id: int, guild_id: int | None = None) -> PlayerStats:
        """A person's recorded races across leagues (one server's, if given)."""

    # --- league nights: dates, attendance, reserves ---------------------------------------

    async def set_league_settings(self, league_id: int, settings: LeagueSettings) -> None:
        """One transaction: the league's settings become ``settings``."""

    async def set_league_dates(
        self,
        league_id: int,
        dates: Sequence[LeagueDate],
        undated: Sequence[int],
        timers: Sequence[Timer],
    ) -> None:
        """One transaction: ``dates`` set (a dated race moves, keeping its event id), races
        ``undated`` lose theirs, and the league's night timers become ``timers``."""

    async def league_dates(self, league_id: int) -> list[LeagueDate]:
        """The league's dated races, by race number."""

    async def set_event_id(self, league_id: int, race_no: int, event_id: int | None) -> None:
        """One transaction: the Discord event that announces race ``race_no``."""

    async def fire_night_timer(self, timer: Timer, outbox: Sequence[OutboxRow]) -> list[OutboxRow]:
        """One transaction: ``timer`` spent, ``outbox`` written; nothing if it was gone."""

    async def set_rsvp(self, rsvp: Rsvp) -> None:
        """One transaction: the person's answer for the race (a later one replaces it)."""

    async def rsvps(self, league_id: int) -> list[Rsvp]:
        """Every answer given in the league, by race then person."""

    async def set_reserve(self, reserve: Reserve, listed: bool, now: float) -> bool:
        """One transaction: listed as a reserve (or no longer); False if nothing changed."""

    async def reserves(self, league_id: int) -> list[Reserve]:
        """The league's reserves, in the order they were listed."""
