"""The storage interface the race service talks to; every implementation returns typed values.

Methods that write say what their one transaction holds. A method that reads
sees committed data only. Implementations: :mod:`bot.storage.sqlite` (the
embedded default) and :mod:`bot.storage.postgres` (shared by several processes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.storage.models import (
    GuildSettings,
    OutboxRow,
    RaceChange,
    RaceConfig,
    RaceRecord,
    RaceStatus,
    Seat,
    StandingOrders,
    Timer,
)
from engine import Decision, RaceState


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


class Store(Protocol):
    """Races, seats, decisions, standing orders, timers, the outbox and server settings."""

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
        """The lobby or running race of a channel (there is at most one)."""

    async def last_finished_in(self, channel_id: int) -> RaceRecord | None:
        """The channel's most recently finished race."""

    async def set_lobby_message(self, race_id: int, message_id: int) -> None:
        """One transaction: remember the lobby's public message (to edit it later)."""

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
        """Timers whose time has come, soonest first (``reminded`` marks never come).

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

    async def outbox(self, race_id: int | None = None) -> list[OutboxRow]:
        """Rows not yet posted, oldest first: one race's, or every race's (at start-up).

        A store shared by several processes claims the rows it returns
        (``FOR UPDATE SKIP LOCKED``) so that two posters never post one row.
        """

    async def delete_posted(self, row: OutboxRow) -> None:
        """One transaction: the row was posted (or can never be); it is not posted again."""

    # --- server settings ------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's settings (defaults if it never saved any)."""

    async def save_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        """One transaction: replace a server's settings."""
