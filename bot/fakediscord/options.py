"""Application-command interaction data built from the command the bot registered.

``build_command_data`` follows the registered schema: it nests subcommand groups and subcommands,
types each option, fills ``resolved`` for users, members, roles, channels and attachments, and
refuses what a Discord client would not let a user send (unknown or missing required options,
values outside ``choices``/``min``/``max``), raising :class:`CommandUsageError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .models import FakeAttachment, FakeChannel, FakeRole, FakeUser
from .util import ALL_PERMISSIONS, ATTACHMENT_SIZE_LIMIT

if TYPE_CHECKING:
    from .state import FakeState

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)


class CommandUsageError(ValueError):
    """The test asked for a command invocation a Discord client could not produce."""


def _resolve_path(
    command: dict[str, Any], subcommand: str | None
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    nesting: list[dict[str, Any]] = []
    options: list[dict[str, Any]] = command.get("options") or []
    for name in (subcommand or "").split():
        node = next(
            (o for o in options if o["name"] == name and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None
        )
        if node is None:
            subs = [o["name"] for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            raise CommandUsageError(f"/{command['name']} has no subcommand {name!r} here; choices: {subs}")
        nesting.append(node)
        options = node.get("options") or []
    subs = [o["name"] for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if subs:
        raise CommandUsageError(f"/{command['name']} {subcommand or ''} needs a subcommand: {subs}")
    return nesting, options


def _check_range(option: dict[str, Any], value: Any) -> None:
    name = option["name"]
    if option.get("choices") and value not in [c["value"] for c in option["choices"]]:
        raise CommandUsageError(f"{value!r} is not a choice of option {name!r}: {option['choices']}")
    if isinstance(value, str):
        if len(value) < option.get("min_length", 0) or len(value) > option.get("max_length", 6000):
            raise CommandUsageError(f"length of {value!r} is outside the limits of option {name!r}")
    elif option.get("min_value") is not None and value < option["min_value"]:
        raise CommandUsageError(f"{value!r} is below min_value of option {name!r}")
    elif option.get("max_value") is not None and value > option["max_value"]:
        raise CommandUsageError(f"{value!r} is above max_value of option {name!r}")


def _snowflake_of(value: Any) -> int:
    if isinstance(value, FakeUser | FakeChannel | FakeRole | FakeAttachment):
        return value.id
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise CommandUsageError(f"expected a fake object or an id, got {value!r}")


def add_resolved(
    fake: FakeState, resolved: dict[str, dict[str, Any]], kind: int, value: Any, guild_id: int | None
) -> str:
    """Add ``value`` (user, role, channel, attachment or id) to ``resolved``; return its id string."""
    if kind == ATTACHMENT and isinstance(value, tuple):
        filename, data = value
        if len(data) > ATTACHMENT_SIZE_LIMIT:
            # A Discord client refuses to upload a file over the limit: the command is never sent.
            raise CommandUsageError(f"{filename!r} is {len(data)} bytes; Discord uploads at most "
                                    f"{ATTACHMENT_SIZE_LIMIT} bytes per file")
        value = fake.store_bytes(filename, data)
    ident = _snowflake_of(value)
    key = str(ident)
    if kind in (USER, MENTIONABLE) and ident in fake.users:
        resolved.setdefault("users", {})[key] = fake.users[ident].payload()
        member = fake.guilds[guild_id].members.get(ident) if guild_id in fake.guilds else None
        if member is not None:
            resolved.setdefault("members", {})[key] = member.payload(
                with_user=False, permissions=ALL_PERMISSIONS
            )
        return key
    if kind in (ROLE, MENTIONABLE) and guild_id in fake.guilds and ident in fake.guilds[guild_id].roles:
        resolved.setdefault("roles", {})[key] = fake.guilds[guild_id].roles[ident].payload()
        return key
    if kind == CHANNEL and ident in fake.channels:
        resolved.setdefault("channels", {})[key] = fake.channels[ident].payload(permissions=ALL_PERMISSIONS)
        return key
    if kind == ATTACHMENT and ident in fake.attachments:
        resolved.setdefault("attachments", {})[key] = fake.attachments[ident].payload()
        return key
    raise CommandUsageError(f"{value!r} is unknown to the fake (option type {kind})")


def _convert(
    fake: FakeState, option: dict[str, Any], value: Any, resolved: dict[str, Any], guild_id: int | None
) -> Any:
    kind = option["type"]
    name = option["name"]
    if kind == STRING and not isinstance(value, str):
        raise CommandUsageError(f"option {name!r} wants a string, got {value!r}")
    if kind == INTEGER and (not isinstance(value, int) or isinstance(value, bool)):
        raise CommandUsageError(f"option {name!r} wants an integer, got {value!r}")
    if kind == NUMBER and (not isinstance(value, int | float) or isinstance(value, bool)):
        raise CommandUsageError(f"option {name!r} wants a number, got {value!r}")
    if kind == BOOLEAN and not isinstance(value, bool):
        raise CommandUsageError(f"option {name!r} wants a bool, got {value!r}")
    if kind in (STRING, INTEGER, NUMBER):
        _check_range(option, value)
        return value
    if kind == BOOLEAN:
        return value
    if kind == CHANNEL and option.get("channel_types"):
        channel = fake.channels.get(_snowflake_of(value))
        if channel is not None and channel.type not in option["channel_types"]:
            raise CommandUsageError(f"channel {channel.name!r} is not allowed for option {name!r}")
    return add_resolved(fake, resolved, kind, value, guild_id)


def build_command_data(
    fake: FakeState,
    command: dict[str, Any],
    subcommand: str | None,
    options: Mapping[str, Any] | None,
    *,
    guild_id: int | None,
    focused: str | None = None,
) -> dict[str, Any]:
    """The ``data`` of an application-command (or, with ``focused``, autocomplete) interaction.

    ``subcommand`` is ``"sub"`` or ``"group sub"``. For autocomplete the focused option's value is
    passed as typed (a partial string) and required options may be missing.
    """
    nesting, schema = _resolve_path(command, subcommand)
    given = dict(options or {})
    known = {o["name"] for o in schema}
    if set(given) - known:
        raise CommandUsageError(
            f"/{command['name']} has no option(s) {sorted(set(given) - known)}; it has {sorted(known)}"
        )
    if focused is not None and focused not in given:
        raise CommandUsageError(f"the focused option {focused!r} needs a (partial) value in options")
    resolved: dict[str, Any] = {}
    values: list[dict[str, Any]] = []
    for option in schema:
        name = option["name"]
        if name not in given:
            if option.get("required") and focused is None:
                raise CommandUsageError(
                    f"/{command['name']} {subcommand or ''}: required option {name!r} missing"
                )
            continue
        entry: dict[str, Any] = {"name": name, "type": option["type"]}
        if name == focused:
            entry.update(value=given[name], focused=True)
        else:
            entry["value"] = _convert(fake, option, given[name], resolved, guild_id)
        values.append(entry)
    for node in reversed(nesting):
        values = [{"name": node["name"], "type": node["type"], "options": values}]
    data: dict[str, Any] = {
        "id": command["id"],
        "name": command["name"],
        "type": command.get("type", 1),
        "options": values,
    }
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data
