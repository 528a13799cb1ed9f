"""What one user of the fake can see, shaped for the sandbox page (see :mod:`.userapi`).

Discord never shows a user somebody else's ephemeral replies or DMs; these functions are where the
fake enforces that for the page: every message, channel and attachment the user-side API serves
passes through :func:`can_see_message` or :func:`can_see_channel` first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .models import PRIVATE_THREAD, FakeAttachment, FakeChannel, FakeMessage, FakeUser

if TYPE_CHECKING:
    from .state import FakeState


def can_see_channel(fake: FakeState, user: FakeUser, channel: FakeChannel) -> bool:
    """Whether ``user`` sees ``channel``: their own DM with the bot, or a channel (or public thread,
    or private thread they are a member of) of a guild they belong to."""
    if channel.is_dm:
        return channel.recipient is not None and channel.recipient.id == user.id
    guild = fake.guilds.get(channel.guild_id or 0)
    if guild is None or user.id not in guild.members:
        return False
    return channel.type != PRIVATE_THREAD or user.id in channel.thread_members


def can_see_message(fake: FakeState, user: FakeUser, message: FakeMessage) -> bool:
    """Whether ``user`` sees ``message``: not deleted, in a channel they see, and, if ephemeral,
    shown to them (``viewer_id``). A DM is seen by its recipient only."""
    if message.deleted or not can_see_channel(fake, user, message.channel):
        return False
    return not message.ephemeral or message.viewer_id == user.id


def visible_messages(fake: FakeState, user: FakeUser, channel: FakeChannel) -> list[FakeMessage]:
    """The messages of ``channel`` that ``user`` sees, oldest first (ephemeral ones shown to them
    included); empty if the channel itself is hidden from them."""
    if not can_see_channel(fake, user, channel):
        return []
    return [m for m in channel.messages if can_see_message(fake, user, m)]


def message_of_attachment(fake: FakeState, attachment: FakeAttachment) -> FakeMessage | None:
    """The newest message carrying ``attachment`` (``None`` for an upload no message shows)."""
    for message in reversed(fake.messages_since(0)):
        if any(a.id == attachment.id for a in message.attachments):
            return message
    return None


def channel_view(channel: FakeChannel) -> dict[str, Any]:
    """A channel for the page: ``id`` (string), ``name``, ``kind`` ("text", "thread" or "dm"),
    ``parent_id`` (string or ``None``), ``archived``."""
    kind = "dm" if channel.is_dm else "thread" if channel.is_thread else "text"
    return {
        "id": str(channel.id),
        "name": channel.name,
        "kind": kind,
        "parent_id": str(channel.parent_id) if channel.parent_id else None,
        "archived": channel.archived,
        "position": channel.position,
    }


def user_view(user: FakeUser) -> dict[str, Any]:
    """A user for the page: ``id`` (string), ``name``, ``display`` (global name or name), ``bot``."""
    return {"id": str(user.id), "name": user.name, "display": user.global_name or user.name, "bot": user.bot}


def _invocation(fake: FakeState, message: FakeMessage) -> dict[str, Any] | None:
    """Who used which command (``command``, e.g. ``"/match new"``) or pressed which button or menu
    (``component``, its label or placeholder) that this message answers (the line Discord shows
    above an interaction's reply), or ``None`` for a plain message."""
    if message.interaction_id is None:
        return None
    record = fake.interactions.get(message.interaction_id)
    if record is None:
        return None
    data = record.payload.get("data", {})
    if data.get("custom_id") is not None:
        found = record.source_message.find_component(data["custom_id"]) if record.source_message else None
        label = (found or {}).get("label") or (found or {}).get("placeholder") or "a component"
        return {"user_id": str(record.user.id), "command": None, "component": label}
    words = [str(data.get("name") or "")]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        words.append(str(options[0]["name"]))
        options = options[0].get("options") or []
    command = "/" + " ".join(words) if data.get("name") else None
    return {"user_id": str(record.user.id), "command": command, "component": None}


def message_view(fake: FakeState, message: FakeMessage, attachment_url: str) -> dict[str, Any]:
    """A message for the page: ids as strings, ``author`` (:func:`user_view`), ``content`` (raw Discord
    markdown), ``timestamp``/``edited`` (ISO-8601), ``ephemeral``, ``loading`` (the "thinking"
    placeholder), ``components`` (as the bot sent them), ``attachments`` (``url`` built from
    ``attachment_url``, a format string with ``{id}`` and ``{filename}``), ``embeds``, and
    ``interaction`` (who used which command, or pressed which component, or ``None``)."""
    return {
        "id": str(message.id),
        "channel_id": str(message.channel.id),
        "author": user_view(message.author),
        "content": message.content,
        "timestamp": message.timestamp,
        "edited": message.edited_timestamp,
        "ephemeral": message.ephemeral,
        "loading": message.loading,
        "components": message.components,
        "embeds": message.embeds,
        "attachments": [
            {
                "id": str(a.id),
                "filename": a.filename,
                "url": attachment_url.format(id=a.id, filename=a.filename),
                "content_type": a.content_type,
                "width": a.width,
                "height": a.height,
                "description": a.description,
            }
            for a in message.attachments
        ],
        "interaction": _invocation(fake, message),
    }


def channel_stamp(fake: FakeState, user: FakeUser, channel: FakeChannel) -> str:
    """A short string that changes whenever what ``user`` sees in ``channel`` changes (a message
    added, edited or deleted): the page refetches a channel when its stamp moves."""
    seen = visible_messages(fake, user, channel)
    edits = sum(len(m.edits) for m in seen)
    last = seen[-1].id if seen else 0
    return f"{len(seen)}.{edits}.{last}"
