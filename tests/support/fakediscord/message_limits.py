"""Discord's limits on message and modal bodies, reported as 50035 field errors.

The paths match the request body, so bot code sees the same
``In data.components.0.components.0.custom_id: ...`` text as against Discord.
"""

from __future__ import annotations

from typing import Any

from .errors import FormErrors
from .models import COMPONENTS_V2_FLAG, SELECT_TYPES, ComponentType, walk_components

Json = dict[str, Any]
Path = tuple[str | int, ...]

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ACTION_ROWS = 5
MAX_ROW_WIDTH = 5
MAX_V2_COMPONENTS = 40
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_MODAL_COMPONENTS = 5
_LINK_BUTTON_STYLE = 5
_PREMIUM_BUTTON_STYLE = 6


def validate_message_body(body: Json, errors: FormErrors, path: Path = ()) -> None:
    """Check a message create/edit body (only the keys that are present)."""
    content = body.get("content")
    if content is not None:
        errors.check_length((*path, "content"), content, 0, MAX_CONTENT)
    embeds = body.get("embeds")
    if embeds:
        _validate_embeds(embeds, errors, (*path, "embeds"))
    components = body.get("components")
    if components:
        is_v2 = bool((body.get("flags") or 0) & COMPONENTS_V2_FLAG)
        _validate_components(components, errors, (*path, "components"), is_v2=is_v2)


def validate_modal(data: Json, errors: FormErrors, path: Path) -> None:
    errors.check_length((*path, "title"), data.get("title"), 1, 45)
    errors.check_length((*path, "custom_id"), data.get("custom_id"), 1, MAX_CUSTOM_ID)
    components = data.get("components")
    errors.check_length((*path, "components"), components, 1, MAX_MODAL_COMPONENTS)
    for index, component in enumerate(components or []):
        _validate_modal_component(component, errors, (*path, "components", index))


def _validate_embeds(embeds: list[Json], errors: FormErrors, path: Path) -> None:
    if len(embeds) > MAX_EMBEDS:
        errors.max_length(path, MAX_EMBEDS)
    total = 0
    for index, embed in enumerate(embeds):
        at: Path = (*path, index)
        for key, limit in (("title", 256), ("description", 4096)):
            value = embed.get(key)
            if value is not None:
                errors.check_length((*at, key), value, 0, limit)
                total += len(value)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.max_length((*at, "fields"), 25)
        for number, embed_field in enumerate(fields):
            errors.check_length((*at, "fields", number, "name"), embed_field.get("name"), 1, 256)
            errors.check_length((*at, "fields", number, "value"), embed_field.get("value"), 1, 1024)
            total += len(embed_field.get("name") or "") + len(embed_field.get("value") or "")
        for key, inner, limit in (("footer", "text", 2048), ("author", "name", 256)):
            value = (embed.get(key) or {}).get(inner)
            if value is not None:
                errors.check_length((*at, key, inner), value, 1, limit)
                total += len(value)
    if total > MAX_EMBED_TOTAL:
        errors.add(path, "MESSAGE_EMBEDS_TOO_LONG", "Embed size exceeds maximum size of 6000")


def _validate_components(
    components: list[Json], errors: FormErrors, path: Path, *, is_v2: bool
) -> None:
    if is_v2:
        if sum(1 for _ in walk_components(components)) > MAX_V2_COMPONENTS:
            errors.max_length(path, MAX_V2_COMPONENTS)
    elif len(components) > MAX_ACTION_ROWS:
        errors.max_length(path, MAX_ACTION_ROWS)

    seen: set[str] = set()
    for index, component in enumerate(components):
        at: Path = (*path, index)
        if not is_v2 and component.get("type") != ComponentType.ACTION_ROW:
            errors.add((*at, "type"), "UNION_TYPE_CHOICES", 'Value of field "type" must be 1.')
            continue
        _validate_component(component, errors, at, seen)


def _validate_component(component: Json, errors: FormErrors, path: Path, seen: set[str]) -> None:
    kind = component.get("type")
    if kind == ComponentType.ACTION_ROW:
        children = component.get("components") or []
        errors.check_length((*path, "components"), children, 1, MAX_ROW_WIDTH)
        if len(children) > 1 and any(c.get("type") in SELECT_TYPES for c in children):
            errors.add(
                (*path, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
    elif kind == ComponentType.BUTTON:
        _validate_button(component, errors, path, seen)
    elif kind in SELECT_TYPES:
        _validate_select(component, errors, path, seen)

    for index, child in enumerate(component.get("components") or []):
        _validate_component(child, errors, (*path, "components", index), seen)
    accessory = component.get("accessory")
    if isinstance(accessory, dict):
        _validate_component(accessory, errors, (*path, "accessory"), seen)


def _validate_button(button: Json, errors: FormErrors, path: Path, seen: set[str]) -> None:
    if button.get("label") is not None:
        errors.check_length((*path, "label"), button["label"], 0, MAX_BUTTON_LABEL)
    style = button.get("style")
    if style == _LINK_BUTTON_STYLE:
        if "custom_id" in button:
            errors.add(
                (*path, "custom_id"),
                "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE",
                "A custom id and url cannot both be specified",
            )
        errors.check_length((*path, "url"), button.get("url"), 1, 512)
    elif style != _PREMIUM_BUTTON_STYLE:
        _check_custom_id(button, errors, path, seen)


def _validate_select(select: Json, errors: FormErrors, path: Path, seen: set[str]) -> None:
    _check_custom_id(select, errors, path, seen)
    if select.get("placeholder") is not None:
        errors.check_length((*path, "placeholder"), select["placeholder"], 0, 150)
    min_values = select.get("min_values", 1)
    max_values = select.get("max_values", 1)
    if not 0 <= min_values <= MAX_SELECT_OPTIONS:
        errors.add((*path, "min_values"), "NUMBER_TYPE_MAX", "int value should be <= 25.")
    if not 1 <= max_values <= MAX_SELECT_OPTIONS:
        errors.add((*path, "max_values"), "NUMBER_TYPE_MAX", "int value should be <= 25.")
    if select.get("type") != ComponentType.STRING_SELECT:
        return
    options = select.get("options") or []
    errors.check_length((*path, "options"), options, 1, MAX_SELECT_OPTIONS)
    for index, option in enumerate(options):
        at: Path = (*path, "options", index)
        errors.check_length((*at, "label"), option.get("label"), 1, 100)
        errors.check_length((*at, "value"), option.get("value"), 1, 100)
        if option.get("description") is not None:
            errors.check_length((*at, "description"), option["description"], 0, 100)
    if options and max_values > len(options):
        errors.add(
            (*path, "max_values"),
            "SELECT_COMPONENT_MAX_VALUES_TOO_HIGH",
            "max_values must be less than or equal to the number of options",
        )


def _check_custom_id(component: Json, errors: FormErrors, path: Path, seen: set[str]) -> None:
    custom_id = component.get("custom_id")
    errors.check_length((*path, "custom_id"), custom_id, 1, MAX_CUSTOM_ID)
    if isinstance(custom_id, str):
        if custom_id in seen:
            errors.add(
                (*path, "custom_id"),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        seen.add(custom_id)


def _validate_modal_component(component: Json, errors: FormErrors, path: Path) -> None:
    kind = component.get("type")
    if kind == ComponentType.ACTION_ROW:
        children: list[Json] = component.get("components") or []
        errors.check_length((*path, "components"), children, 1, 1)
        for index, child in enumerate(children):
            _validate_modal_component(child, errors, (*path, "components", index))
    elif kind == ComponentType.LABEL:
        errors.check_length((*path, "label"), component.get("label"), 1, 45)
        if component.get("description") is not None:
            errors.check_length((*path, "description"), component["description"], 0, 100)
        inner = component.get("component")
        if isinstance(inner, dict):
            _validate_modal_component(inner, errors, (*path, "component"))
    elif kind == ComponentType.TEXT_INPUT:
        _check_custom_id(component, errors, path, set())
        if component.get("label") is not None:
            errors.check_length((*path, "label"), component["label"], 1, 45)
        for key, limit in (("value", 4000), ("placeholder", 100)):
            if component.get(key) is not None:
                errors.check_length((*path, key), component[key], 0, limit)
    elif kind in SELECT_TYPES:
        _validate_select(component, errors, path, set())
