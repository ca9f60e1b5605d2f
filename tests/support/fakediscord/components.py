"""What a user can do with components: click, pick from a select, fill in a modal.

Each helper refuses (``DriverError``) what Discord's client would not let a user
do, and returns the ``data`` of the resulting interaction.
"""

from __future__ import annotations

from typing import Any

from .errors import DriverError
from .models import ComponentType, FakeMessage, FakeUser
from .resolved import Resolved

Json = dict[str, Any]

_LINK_STYLE = 5
_PREMIUM_STYLE = 6


def check_can_see(message: FakeMessage, user: FakeUser) -> None:
    if message.deleted:
        raise DriverError(f"message {message.id} was deleted")
    if message.visible_to is not None and message.visible_to != user.id:
        raise DriverError(f"message {message.id} is ephemeral for someone else, not {user.name}")


def click_data(message: FakeMessage, custom_id: str) -> Json:
    button = _interactive(message, custom_id, {ComponentType.BUTTON})
    if button.get("style") in (_LINK_STYLE, _PREMIUM_STYLE):
        raise DriverError(f"button {custom_id!r} is a link/premium button: it sends no interaction")
    return {"custom_id": custom_id, "component_type": int(ComponentType.BUTTON)}


def select_data(
    message: FakeMessage, custom_id: str, values: list[Any], resolved: Resolved
) -> Json:
    select = _interactive(
        message, custom_id, {ComponentType.STRING_SELECT, ComponentType.USER_SELECT}
    )
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not low <= len(values) <= high:
        raise DriverError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
    if select["type"] == ComponentType.STRING_SELECT:
        offered = [option["value"] for option in select.get("options", [])]
        missing = [value for value in values if value not in offered]
        if missing:
            raise DriverError(f"select {custom_id!r} offers {offered}, not {missing}")
        chosen = [str(value) for value in values]
    else:
        if not all(isinstance(value, FakeUser) for value in values):
            raise DriverError(f"user select {custom_id!r} takes FakeUser values")
        chosen = [resolved.add_user(value) for value in values]
    data: Json = {"custom_id": custom_id, "component_type": select["type"], "values": chosen}
    if resolved:
        data["resolved"] = resolved.payload()
    return data


def _interactive(message: FakeMessage, custom_id: str, kinds: set[ComponentType]) -> Json:
    component = message.component(custom_id)
    if component is None:
        raise DriverError(
            f"message {message.id} has no component {custom_id!r} (it has {message.custom_ids})"
        )
    if component.get("type") not in kinds:
        raise DriverError(f"component {custom_id!r} is of type {component.get('type')}")
    if component.get("disabled"):
        raise DriverError(f"component {custom_id!r} is disabled")
    return component


def modal_submit_data(modal: Json, values: dict[str, str | list[str]]) -> Json:
    """Mirror the modal's layout with the user's answers, as Discord submits it."""
    remaining = dict(values)
    components = [_answer(component, remaining) for component in modal["components"]]
    if remaining:
        raise DriverError(f"modal {modal['custom_id']!r} has no field(s) {sorted(remaining)}")
    return {"custom_id": modal["custom_id"], "components": components}


def _answer(component: Json, remaining: dict[str, str | list[str]]) -> Json:
    kind = component.get("type")
    answer: Json = {"type": kind, "id": component.get("id")}
    if kind == ComponentType.ACTION_ROW:
        answer["components"] = [_answer(child, remaining) for child in component["components"]]
    elif kind == ComponentType.LABEL:
        answer["component"] = _answer(component["component"], remaining)
    elif kind == ComponentType.TEXT_INPUT:
        custom_id = component["custom_id"]
        value = remaining.pop(custom_id, "")
        if not isinstance(value, str):
            raise DriverError(f"text input {custom_id!r} takes a string")
        _check_text(component, value)
        answer.update(custom_id=custom_id, value=value)
    elif kind == ComponentType.STRING_SELECT:
        custom_id = component["custom_id"]
        chosen = remaining.pop(custom_id, [])
        offered = [option["value"] for option in component.get("options", [])]
        if isinstance(chosen, str) or any(value not in offered for value in chosen):
            raise DriverError(f"modal select {custom_id!r} offers {offered}, not {chosen!r}")
        answer.update(custom_id=custom_id, values=list(chosen))
    return answer


def _check_text(component: Json, value: str) -> None:
    custom_id = component["custom_id"]
    if component.get("required", True) and not value:
        raise DriverError(f"text input {custom_id!r} is required")
    low, high = component.get("min_length", 0), component.get("max_length", 4000)
    if value and not low <= len(value) <= high:
        raise DriverError(f"text input {custom_id!r} takes {low}..{high} characters")
