"""Discord's size limits on what a bot sends, checked the way the real API refuses them.

Each checker returns Discord's ``errors`` object (``{"path": {"_errors": [...]}}``) or ``None``; the
REST layer turns a non-empty result into ``400 {"code": 50035, "message": "Invalid Form Body"}``.
"""

from __future__ import annotations

import re
from typing import Any

from .models import FLAG_COMPONENTS_V2, walk_components
from .util import (
    ATTACHMENT_SIZE_LIMIT,
    INVALID_FORM_BODY,
    MAX_ATTACHMENTS,
    REQUEST_TOO_LARGE,
    UploadedFile,
)

Errors = dict[str, Any]

_EMBED_LIMITS = {"title": 256, "description": 4096}
#: Discord's cap on the characters of all embeds of one message together (titles, descriptions,
#: field names and values, footer texts, author names).
EMBED_TOTAL = 6000


def _embed_chars(embed: dict[str, Any]) -> int:
    """The characters of ``embed`` that count towards :data:`EMBED_TOTAL`."""
    texts = [embed.get("title"), embed.get("description"), (embed.get("footer") or {}).get("text"),
             (embed.get("author") or {}).get("name")]
    for fld in embed.get("fields") or []:
        texts += [fld.get("name"), fld.get("value")]
    return sum(len(t) for t in texts if isinstance(t, str))


def check_uploads(files: dict[int, UploadedFile]) -> None:
    """Refuse what Discord refuses of the files of one request.

    :raises ApiFailure: more than :data:`~.util.MAX_ATTACHMENTS` files (400 / 50035 Invalid Form Body),
        or more than :data:`~.util.ATTACHMENT_SIZE_LIMIT` bytes in all (413 / 40005 Request entity too large).
    """
    if len(files) > MAX_ATTACHMENTS:
        errors: Errors = {}
        _add(errors, "files", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ATTACHMENTS} or fewer in length.")
        raise INVALID_FORM_BODY.fail(errors)
    if sum(len(f.data) for f in files.values()) > ATTACHMENT_SIZE_LIMIT:
        raise REQUEST_TOO_LARGE.fail()


def _add(errors: Errors, path: str, code: str, message: str) -> None:
    errors.setdefault(path, {"_errors": []})["_errors"].append({"code": code, "message": message})


def _max_len(errors: Errors, path: str, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        _add(errors, path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def check_message(data: dict[str, Any]) -> Errors | None:
    """Check content (2,000 characters), embeds (10; title 256, description 4,096, 25 fields of
    256/1,024, footer 2,048, author 256, 6,000 in all) and components of a message create/edit payload."""
    errors: Errors = {}
    _max_len(errors, "content", data.get("content"), 2000)
    embeds = data.get("embeds") or []
    if len(embeds) > 10:
        _add(errors, "embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    for i, embed in enumerate(embeds):
        for key, limit in _EMBED_LIMITS.items():
            _max_len(errors, f"embeds.{i}.{key}", embed.get(key), limit)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            _add(errors, f"embeds.{i}.fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, fld in enumerate(fields):
            _max_len(errors, f"embeds.{i}.fields.{j}.name", fld.get("name"), 256)
            _max_len(errors, f"embeds.{i}.fields.{j}.value", fld.get("value"), 1024)
        _max_len(errors, f"embeds.{i}.footer.text", (embed.get("footer") or {}).get("text"), 2048)
        _max_len(errors, f"embeds.{i}.author.name", (embed.get("author") or {}).get("name"), 256)
    if sum(_embed_chars(e) for e in embeds) > EMBED_TOTAL:
        _add(errors, "embeds", "MESSAGE_EMBEDS_TOO_LONG", f"Embed size exceeds maximum size of {EMBED_TOTAL}")
    _check_components(
        errors, data.get("components") or [], v2=bool((data.get("flags") or 0) & FLAG_COMPONENTS_V2)
    )
    return errors or None


def _check_components(errors: Errors, components: list[dict[str, Any]], *, v2: bool) -> None:
    if not v2 and len(components) > 5:
        _add(errors, "components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    if v2 and sum(1 for _ in walk_components(components)) > 40:
        _add(errors, "components", "BASE_TYPE_MAX_LENGTH", "Must be 40 or fewer in total.")
    seen: set[str] = set()
    for i, comp in enumerate(walk_components(components)):
        path = f"components.{i}"
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            _max_len(errors, f"{path}.custom_id", custom_id, 100)
            if custom_id in seen:
                _add(
                    errors,
                    f"{path}.custom_id",
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            seen.add(custom_id)
        _max_len(errors, f"{path}.label", comp.get("label"), 80)
        _max_len(errors, f"{path}.placeholder", comp.get("placeholder"), 150)
        if comp.get("type") == 1 and not v2:
            children = comp.get("components") or []
            selects = [c for c in children if c.get("type") in (3, 5, 6, 7, 8)]
            if len(children) > 5 or (selects and len(children) > 1):
                _add(
                    errors,
                    f"{path}.components",
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
        if comp.get("type") == 3:
            options = comp.get("options") or []
            if not 1 <= len(options) <= 25:
                _add(errors, f"{path}.options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
            for j, option in enumerate(options):
                for key in ("label", "value", "description"):
                    _max_len(errors, f"{path}.options.{j}.{key}", option.get(key), 100)


def check_modal(data: dict[str, Any]) -> Errors | None:
    """Check a modal (callback type 9): title, custom id and 1 to 5 top-level components."""
    errors: Errors = {}
    for key in ("title", "custom_id"):
        if not data.get(key):
            _add(errors, key, "BASE_TYPE_REQUIRED", "This field is required")
    _max_len(errors, "title", data.get("title"), 45)
    _max_len(errors, "custom_id", data.get("custom_id"), 100)
    if not 1 <= len(data.get("components") or []) <= 5:
        _add(errors, "components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
    return errors or None


def check_choices(data: dict[str, Any]) -> Errors | None:
    """Check autocomplete choices (callback type 8): at most 25, names 1 to 100 characters."""
    errors: Errors = {}
    choices = data.get("choices")
    if not isinstance(choices, list):
        _add(errors, "choices", "BASE_TYPE_REQUIRED", "This field is required")
        return errors
    if len(choices) > 25:
        _add(errors, "choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for i, choice in enumerate(choices):
        name = choice.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            _add(errors, f"choices.{i}.name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        _max_len(errors, f"choices.{i}.value", choice.get("value"), 100)
    return errors or None


_NAME = re.compile(r"^[-_\w]{1,32}$")


def check_commands(commands: list[dict[str, Any]]) -> Errors | None:
    """Check a bulk command registration: names, descriptions, option counts and order."""
    errors: Errors = {}
    seen: set[tuple[str, int]] = set()
    for i, command in enumerate(commands):
        key = (command.get("name", ""), command.get("type", 1))
        if key in seen:
            _add(
                errors,
                f"{i}.name",
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique: {key[0]}",
            )
        seen.add(key)
        if key[1] == 1:
            _check_option_tree(errors, str(i), command)
    return errors or None


def _check_option_tree(errors: Errors, path: str, node: dict[str, Any]) -> None:
    name = node.get("name", "")
    if not _NAME.match(name) or name != name.lower():
        _add(errors, f"{path}.name", "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")
    if not 1 <= len(node.get("description") or "") <= 100:
        _add(errors, f"{path}.description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
    options = node.get("options") or []
    if len(options) > 25:
        _add(errors, f"{path}.options", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    optional_seen = False
    for j, option in enumerate(options):
        if option.get("type") in (1, 2):
            _check_option_tree(errors, f"{path}.options.{j}", option)
            continue
        _check_option_tree(errors, f"{path}.options.{j}", {**option, "options": []})
        if option.get("required"):
            if optional_seen:
                _add(
                    errors,
                    f"{path}.options.{j}.required",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            optional_seen = True
        if len(option.get("choices") or []) > 25:
            _add(
                errors,
                f"{path}.options.{j}.choices",
                "BASE_TYPE_MAX_LENGTH",
                "Must be 25 or fewer in length.",
            )
