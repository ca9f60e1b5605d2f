"""REST routes for answering interactions: the initial callback and the webhook.

The callback is where Discord's interaction rules live: one acknowledgement,
within 3 s (10062 after, 40060 for a second one). The webhook token then works
for follow-ups and edits for 15 min (10015 after).
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .bodies import Upload, read_body
from .errors import (
    DiscordAPIError,
    FormErrors,
    invalid_callback_type,
    unknown_interaction,
    unknown_message,
    unknown_webhook,
)
from .interactions import CallbackType, FakeInteraction
from .message_limits import validate_modal
from .models import EPHEMERAL_FLAG, LOADING_FLAG, FakeMessage, InteractionType
from .payloads import message_payload, user_payload
from .rest_common import API, json_response, no_content, query_flag, snowflake
from .state import DiscordState

Json = dict[str, Any]

# Message types Discord gives interaction responses.
_CHAT_INPUT_COMMAND_MESSAGE = 20
_DEFAULT_MESSAGE = 0
_DEFERRED = frozenset({CallbackType.DEFERRED_CHANNEL_MESSAGE, CallbackType.DEFERRED_UPDATE_MESSAGE})


class InteractionRoutes:
    def __init__(self, state: DiscordState) -> None:
        self._state = state

    def routes(self) -> list[web.RouteDef]:
        webhook = API + "/webhooks/{application_id}/{token}"
        message = webhook + "/messages/{message_id}"
        return [
            web.post(API + "/interactions/{interaction_id}/{token}/callback", self.callback),
            web.post(webhook, self.execute),
            web.get(message, self.get_message),
            web.patch(message, self.edit_message),
            web.delete(message, self.delete_message),
        ]

    async def callback(self, request: web.Request) -> web.Response:
        interaction = self._state.interaction_for_callback(
            snowflake(request, "interaction_id", unknown_interaction), request.match_info["token"]
        )
        body, uploads = await read_body(request)
        try:
            interaction.check_can_acknowledge()
        except DiscordAPIError:
            self._state.settled(interaction)
            raise
        if body.get("type") not in set(CallbackType):
            raise invalid_callback_type()
        callback = CallbackType(body["type"])
        message = self._respond(interaction, callback, body.get("data") or {}, uploads)
        interaction.record_acknowledgement(callback)
        self._state.settled(interaction)
        if not query_flag(request, "with_response"):
            return no_content()
        return json_response(_callback_payload(interaction, callback, message))

    def _respond(
        self,
        interaction: FakeInteraction,
        callback: CallbackType,
        data: Json,
        uploads: list[Upload],
    ) -> FakeMessage | None:
        """Apply the callback; returns the message it created or updated, if any."""
        state = self._state
        if callback is CallbackType.CHANNEL_MESSAGE:
            interaction.response = self._create_message(interaction, data, uploads, ("data",))
            return interaction.response
        if callback is CallbackType.DEFERRED_CHANNEL_MESSAGE:
            ephemeral = int(data.get("flags") or 0) & EPHEMERAL_FLAG
            interaction.response = state.create_loading_message(
                interaction.channel,
                visible_to=interaction.user if ephemeral else None,
                interaction_metadata=_metadata(interaction),
                message_type=_message_type(interaction),
            )
            return interaction.response
        if callback is CallbackType.MODAL:
            if interaction.type is InteractionType.MODAL_SUBMIT:
                raise invalid_callback_type()
            errors = FormErrors()
            validate_modal(data, errors, ("data",))
            errors.raise_if_any()
            interaction.modal = data
            return None
        # Deferred update / update: only for components (and modals opened from one).
        source = interaction.source_message
        if interaction.type is InteractionType.APPLICATION_COMMAND or source is None:
            raise invalid_callback_type()
        if source.deleted:
            raise unknown_message()
        if callback is CallbackType.UPDATE_MESSAGE:
            state.edit_message(source, data, uploads, path=("data",))
        interaction.response = source
        return source if callback is CallbackType.UPDATE_MESSAGE else None

    async def execute(self, request: web.Request) -> web.Response:
        """A follow-up message (``interaction.followup.send``)."""
        interaction = self._interaction(request)
        body, uploads = await read_body(request)
        original = interaction.response
        if (
            interaction.ack_type is CallbackType.DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
        ):
            # Discord's rule: the first follow-up after a deferral resolves its "thinking"
            # placeholder and keeps the deferral's visibility, whatever flags it asks
            # for. Once the placeholder is deleted, what happens is undocumented; here
            # the follow-up still comes out with the deferral's visibility.
            message = self._first_follow_up(interaction, original, body, uploads)
        else:
            message = self._create_message(interaction, body, uploads, ())
            interaction.followups.append(message)
        interaction.record_result()
        self._state.changed()
        if not query_flag(request, "wait"):
            return no_content()
        return json_response(message_payload(message))

    def _first_follow_up(
        self,
        interaction: FakeInteraction,
        placeholder: FakeMessage,
        body: Json,
        uploads: list[Upload],
    ) -> FakeMessage:
        """The follow-up that resolves a deferral: in the placeholder's place and visibility."""
        if not placeholder.deleted:
            self._state.edit_message(placeholder, body, uploads)
            return placeholder
        placeholder.flags &= ~LOADING_FLAG  # resolved: later follow-ups are messages of their own
        flags = int(body.get("flags") or 0) & ~EPHEMERAL_FLAG
        visible = {"flags": flags | (EPHEMERAL_FLAG if placeholder.ephemeral else 0)}
        message = self._create_message(interaction, body | visible, uploads, ())
        interaction.followups.append(message)
        return message

    async def get_message(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        return json_response(message_payload(self._target(interaction, request)))

    async def edit_message(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        message = self._target(interaction, request)
        body, uploads = await read_body(request)
        self._state.edit_message(message, body, uploads)
        if interaction.ack_type in _DEFERRED:
            interaction.record_result()
            self._state.changed()
        return json_response(message_payload(message))

    async def delete_message(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        self._state.delete_message(self._target(interaction, request))
        return no_content()

    def _interaction(self, request: web.Request) -> FakeInteraction:
        return self._state.interaction_for_webhook(
            snowflake(request, "application_id", unknown_webhook), request.match_info["token"]
        )

    def _target(self, interaction: FakeInteraction, request: web.Request) -> FakeMessage:
        """``@original`` or one of this interaction's own messages."""
        wanted = request.match_info["message_id"]
        candidates = [interaction.response, *interaction.followups]
        if wanted == "@original":
            message = interaction.response
        else:
            message = next((m for m in candidates if m is not None and str(m.id) == wanted), None)
        if message is None or message.deleted:
            raise unknown_message()
        return message

    def _create_message(
        self,
        interaction: FakeInteraction,
        body: Json,
        uploads: list[Upload],
        path: tuple[str, ...],
    ) -> FakeMessage:
        ephemeral = int(body.get("flags") or 0) & EPHEMERAL_FLAG
        metadata = _metadata(interaction)
        if interaction.response is not None:
            metadata["original_response_message_id"] = str(interaction.response.id)
        return self._state.create_message(
            interaction.channel,
            body,
            uploads,
            path=path,
            visible_to=interaction.user if ephemeral else None,
            webhook_id=self._state.application_id,
            interaction_metadata=metadata,
            message_type=_message_type(interaction),
        )


def _metadata(interaction: FakeInteraction) -> Json:
    metadata: Json = {
        "id": str(interaction.id),
        "type": int(interaction.type),
        "user": user_payload(interaction.user),
        "authorizing_integration_owners": interaction.payload["authorizing_integration_owners"],
    }
    if interaction.source_message is not None:
        metadata["interacted_message_id"] = str(interaction.source_message.id)
    return metadata


def _message_type(interaction: FakeInteraction) -> int:
    if interaction.type is InteractionType.APPLICATION_COMMAND:
        return _CHAT_INPUT_COMMAND_MESSAGE
    return _DEFAULT_MESSAGE


def _callback_payload(
    interaction: FakeInteraction, callback: CallbackType, message: FakeMessage | None
) -> Json:
    """The ``with_response=1`` body discord.py reads into InteractionCallbackResponse."""
    summary: Json = {"id": str(interaction.id), "type": int(interaction.type)}
    resource: Json = {"type": int(callback)}
    if message is not None:
        summary["response_message_id"] = str(message.id)
        summary["response_message_loading"] = message.loading
        summary["response_message_ephemeral"] = message.ephemeral
        resource["message"] = message_payload(message)
    return {"interaction": summary, "resource": resource}
