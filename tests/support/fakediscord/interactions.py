"""One interaction's life: dispatch, the 3 s acknowledgement window, the 15 min token.

:class:`FakeInteraction` is both the server's record (checked by the REST
handlers) and the test's handle on it (``await handle.ack()``, ``handle.response``).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from .clock import WAIT_CEILING, FakeClock
from .errors import (
    InteractionFailed,
    Rejection,
    already_acknowledged,
    unknown_interaction,
    unknown_webhook,
)
from .models import FakeChannel, FakeMessage, FakeUser, InteractionType

Json = dict[str, Any]


class CallbackType(IntEnum):
    CHANNEL_MESSAGE = 4
    DEFERRED_CHANNEL_MESSAGE = 5
    DEFERRED_UPDATE_MESSAGE = 6
    UPDATE_MESSAGE = 7
    MODAL = 9


# Callbacks after which the user already sees the final result.
_FINAL_CALLBACKS = frozenset(
    {CallbackType.CHANNEL_MESSAGE, CallbackType.UPDATE_MESSAGE, CallbackType.MODAL}
)


@dataclass(frozen=True)
class Deadlines:
    """Discord's time limits, in fake-clock seconds."""

    ack: float = 3.0
    token: float = 15 * 60.0


class FakeInteraction:
    """An interaction sent to the bot, and everything the bot answered to it."""

    def __init__(
        self,
        *,
        id: int,
        token: str,
        type: InteractionType,
        label: str,
        user: FakeUser,
        channel: FakeChannel,
        payload: Json,
        source_message: FakeMessage | None,
        clock: FakeClock,
        deadlines: Deadlines,
    ) -> None:
        self.id = id
        self.token = token
        self.type = type
        self.label = label
        self.user = user
        self.channel = channel
        self.payload = payload
        self.source_message = source_message
        self.created_at = clock.now()
        self.ack_type: CallbackType | None = None
        self.ack_latency: float | None = None
        self.response: FakeMessage | None = None
        self.followups: list[FakeMessage] = []
        self.modal: Json | None = None
        # False if no bot was connected: nobody will ever answer.
        self.delivered = True
        # Requests for this interaction the fake refused (filled in by the state).
        self.rejections: list[Rejection] = []
        self._clock = clock
        self._deadlines = deadlines
        self._dispatched_at: float | None = None
        self._failed = False
        self._acked = asyncio.Event()
        self._resolved = asyncio.Event()

    def __repr__(self) -> str:
        return f"<FakeInteraction {self.id} {self.label!r} by {self.user.name}>"

    @property
    def failed(self) -> bool:
        """True once the ack window passed without an initial callback."""
        return self.expire_if_overdue()

    @property
    def ephemeral(self) -> bool:
        return self.response is not None and self.response.ephemeral

    # --- server side -------------------------------------------------------------

    def mark_dispatched(self) -> None:
        self._dispatched_at = time.perf_counter()

    def check_can_acknowledge(self) -> None:
        """Refuse a second or a late initial callback, as Discord does."""
        if self.ack_type is not None:
            raise already_acknowledged()
        if self.expire_if_overdue():
            raise unknown_interaction()

    def record_acknowledgement(self, callback: CallbackType) -> None:
        self.ack_type = callback
        if self._dispatched_at is not None:
            self.ack_latency = time.perf_counter() - self._dispatched_at
        self._acked.set()
        if callback in _FINAL_CALLBACKS:
            self._resolved.set()

    def record_result(self) -> None:
        """The deferred response was filled in (original edited or follow-up sent)."""
        self._resolved.set()

    def check_token(self) -> None:
        """The webhook token exists only after the ack, and only for 15 minutes."""
        age = self._clock.now() - self.created_at
        if self.ack_type is None or age > self._deadlines.token:
            raise unknown_webhook()

    def expire_if_overdue(self) -> bool:
        """Mark the interaction failed if its ack window passed unanswered."""
        overdue = self._clock.now() - self.created_at > self._deadlines.ack
        if self.ack_type is None and not self._failed and overdue:
            self._failed = True
            # Wake waiters so they report the failure instead of timing out.
            self._acked.set()
            self._resolved.set()
        return self._failed

    # --- test side -----------------------------------------------------------------

    async def ack(self, timeout: float = WAIT_CEILING) -> CallbackType:
        """Wait for the initial callback and return its type."""
        await self._wait(self._acked, timeout, "acknowledged")
        if self.ack_type is None:
            raise InteractionFailed(f"{self!r} failed: no callback within the ack window")
        return self.ack_type

    async def done(self, timeout: float = WAIT_CEILING) -> FakeMessage | None:
        """Wait until the user sees a result; return the response message, if any.

        Immediate for message/update/modal callbacks; after a defer, waits for the
        original response to be edited or a follow-up to be sent.
        """
        await self._wait(self._resolved, timeout, "answered")
        if self.ack_type is None:
            raise InteractionFailed(f"{self!r} failed: no callback within the ack window")
        return self.response

    async def _wait(self, event: asyncio.Event, timeout: float, what: str) -> None:
        if not self.delivered:
            raise InteractionFailed(f"{self!r} was not delivered: no bot is connected")
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            refused = "".join(f"\n  refused: {rejection}" for rejection in self.rejections)
            raise TimeoutError(f"{self!r} was not {what} within {timeout} s{refused}") from None
