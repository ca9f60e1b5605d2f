"""Errors the fake answers with, shaped exactly like Discord's JSON error bodies.

discord.py turns these bodies into ``HTTPException.code`` / ``.text``, so bot code
under test sees the same exception it would see in production.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Json = dict[str, Any]


class DiscordAPIError(Exception):
    """An HTTP error response: status plus ``{"code", "message", "errors"?}``."""

    def __init__(self, status: int, code: int, message: str, errors: Json | None = None) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def to_json(self) -> Json:
        body: Json = {"code": self.code, "message": self.message}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


@dataclass(frozen=True)
class Rejection:
    """A request the fake refused, kept so a test can see why the bot got nowhere."""

    method: str
    path: str
    error: DiscordAPIError

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.error}"


class DriverError(Exception):
    """A test asked the fake for something a real Discord user could not do.

    Raised in the test (not sent to the bot), e.g. clicking a button that is not
    on the message, or running a slash command the user cannot see.
    """


def unauthorized() -> DiscordAPIError:
    return DiscordAPIError(401, 0, "401: Unauthorized")


def unknown_channel() -> DiscordAPIError:
    return DiscordAPIError(404, 10003, "Unknown Channel")


def unknown_guild() -> DiscordAPIError:
    return DiscordAPIError(404, 10004, "Unknown Guild")


def unknown_role() -> DiscordAPIError:
    return DiscordAPIError(404, 10011, "Unknown Role")


def unknown_member() -> DiscordAPIError:
    return DiscordAPIError(404, 10007, "Unknown Member")


def unknown_message() -> DiscordAPIError:
    return DiscordAPIError(404, 10008, "Unknown Message")


def unknown_user() -> DiscordAPIError:
    return DiscordAPIError(404, 10013, "Unknown User")


def unknown_webhook() -> DiscordAPIError:
    return DiscordAPIError(404, 10015, "Unknown Webhook")


def unknown_application() -> DiscordAPIError:
    return DiscordAPIError(404, 10002, "Unknown Application")


def unknown_scheduled_event() -> DiscordAPIError:
    return DiscordAPIError(404, 10070, "Unknown Guild Scheduled Event")


def unknown_interaction() -> DiscordAPIError:
    return DiscordAPIError(404, 10062, "Unknown interaction")


def already_acknowledged() -> DiscordAPIError:
    return DiscordAPIError(400, 40060, "Interaction has already been acknowledged.")


def invalid_callback_type() -> DiscordAPIError:
    errors = FormErrors()
    errors.add(
        ["type"],
        "INTERACTION_RESPONSE_TYPE_INVALID",
        "This interaction response type is not valid for this interaction",
    )
    return DiscordAPIError(400, 50035, "Invalid Form Body", errors.tree)


def too_many_commands(limit: int) -> DiscordAPIError:
    return DiscordAPIError(400, 30032, f"Maximum number of application commands reached ({limit})")


def too_many_scheduled_events(limit: int) -> DiscordAPIError:
    return DiscordAPIError(
        400, 30038, f"Maximum number of uncompleted guild scheduled events reached ({limit})"
    )


def request_too_large() -> DiscordAPIError:
    return DiscordAPIError(413, 40005, "Request entity too large")


def invalid_json() -> DiscordAPIError:
    return DiscordAPIError(400, 50109, "The request body contains invalid JSON.")


def missing_access() -> DiscordAPIError:
    return DiscordAPIError(403, 50001, "Missing Access")


def cannot_edit_others_message() -> DiscordAPIError:
    return DiscordAPIError(403, 50005, "Cannot edit a message authored by another user")


def empty_message() -> DiscordAPIError:
    return DiscordAPIError(400, 50006, "Cannot send an empty message")


def cannot_message_user() -> DiscordAPIError:
    return DiscordAPIError(403, 50007, "Cannot send messages to this user")


def missing_permissions() -> DiscordAPIError:
    return DiscordAPIError(403, 50013, "Missing Permissions")


def invalid_channel_type() -> DiscordAPIError:
    return DiscordAPIError(400, 50024, "Cannot execute action on this channel type")


def archived_thread() -> DiscordAPIError:
    return DiscordAPIError(400, 50083, "Operation cannot be performed on an archived thread")


def thread_already_created() -> DiscordAPIError:
    return DiscordAPIError(400, 160004, "A thread has already been created for this message")


def service_unavailable() -> DiscordAPIError:
    """Discord's answer during an outage (a retry later may succeed)."""
    return DiscordAPIError(503, 0, "Service Unavailable")


class FormErrors:
    """Collects per-field problems and raises them as one 50035 "Invalid Form Body".

    Discord reports every bad field at once, nested by path, e.g.
    ``{"data": {"components": {"0": {"custom_id": {"_errors": [...]}}}}}``;
    discord.py flattens that to ``In data.components.0.custom_id: ...``.
    """

    def __init__(self) -> None:
        self._tree: Json = {}

    def add(self, path: Sequence[str | int], code: str, message: str) -> None:
        node = self._tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append(_error(code, message))

    def max_length(self, path: Sequence[str | int], limit: int) -> None:
        self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def bad_length(self, path: Sequence[str | int], low: int, high: int) -> None:
        self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def check_length(self, path: Sequence[str | int], value: object, low: int, high: int) -> None:
        """Add a length error if ``value`` (a str or list) is outside ``low..high``."""
        if not isinstance(value, str | list):
            self.add(path, "BASE_TYPE_REQUIRED", "This field is required")
            return
        if low <= len(value) <= high:
            return
        if low == 0:
            self.max_length(path, high)
        else:
            self.bad_length(path, low, high)

    @property
    def tree(self) -> Json:
        return self._tree

    def raise_if_any(self) -> None:
        if self._tree:
            raise DiscordAPIError(400, 50035, "Invalid Form Body", self._tree)


def _error(code: str, message: str) -> Json:
    return {"code": code, "message": message}


class InteractionFailed(Exception):
    """The bot missed the 3 s window: the user saw "This interaction failed"."""
