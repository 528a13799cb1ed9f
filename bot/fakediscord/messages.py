"""Creating, editing and deleting messages, shared by the channel routes and the interaction routes.

Every operation stores the result, records what was sent (:class:`~.records.SentPayload`), wakes
waiters, and tells connected bots through ``MESSAGE_CREATE``/``UPDATE``/``DELETE`` like Discord does
(never for ephemeral messages).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .mentions import pings
from .models import (
    FLAG_COMPONENTS_V2,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FakeAttachment,
    FakeChannel,
    FakeMessage,
    FakeUser,
)
from .records import InteractionRecord, SentPayload, channel_topic
from .util import MENTION_EVERYONE, UploadedFile, iso_now, new_snowflake

if TYPE_CHECKING:
    from .state import FakeState

#: Flags a bot may change when editing (the rest, such as ephemeral, are fixed at creation).
_EDITABLE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2


def is_empty(data: dict[str, Any], files: dict[int, UploadedFile]) -> bool:
    """Whether a create payload has nothing to show (Discord answers 50006)."""
    keys = ("content", "embeds", "components", "sticker_ids", "poll")
    return not files and not any(data.get(k) for k in keys)


def build_attachments(
    fake: FakeState,
    data: dict[str, Any],
    files: dict[int, UploadedFile],
    existing: list[FakeAttachment],
) -> list[FakeAttachment]:
    """The attachment list after a create/edit: kept existing ones plus the new uploads.

    With an ``attachments`` array, entries whose id is an existing attachment keep it and entries whose
    id is a ``files[n]`` index add that upload; without one, uploads are appended to what exists.
    """
    listed = data.get("attachments")
    if listed is None:
        return list(existing) + [fake.store_upload(files[i]) for i in sorted(files)]
    by_id = {str(a.id): a for a in existing}
    result: list[FakeAttachment] = []
    for entry in listed:
        key = str(entry.get("id"))
        if key in by_id:
            result.append(by_id[key])
        elif key.isdigit() and int(key) in files:
            result.append(
                fake.store_upload(
                    files[int(key)], filename=entry.get("filename"), description=entry.get("description")
                )
            )
    return result


def apply_pings(fake: FakeState, message: FakeMessage, data: dict[str, Any]) -> None:
    """Work out whom ``message`` pings (see :mod:`.mentions`): the bot's messages need Mention Everyone
    in the channel for ``@everyone``/``@here`` and roles; a user's message pings what it says."""
    if message.author is fake.bot_user:
        may = message.channel.guild_id is not None and bool(
            fake.bot_permissions(message.channel) & MENTION_EVERYONE
        )
    else:
        may = message.channel.guild_id is not None
    message.pings = pings(message.content, data.get("allowed_mentions"), may_mention_everyone=may)
    message.mention_payloads = [fake.users[u].payload() for u in message.pings.users if u in fake.users]


def _record(
    fake: FakeState,
    kind: str,
    message: FakeMessage,
    data: dict[str, Any],
    attachments: list[FakeAttachment],
    interaction: InteractionRecord | None,
) -> None:
    recipient: int | None = None
    if message.channel.is_dm and message.channel.recipient is not None:
        recipient = message.channel.recipient.id
    elif message.ephemeral:
        recipient = message.viewer_id
    fake.sent.append(
        SentPayload(
            kind=kind,
            visibility=message.visibility,
            channel_id=message.channel.id,
            message_id=message.id,
            interaction_id=interaction.id if interaction else None,
            recipient_id=recipient,
            content=data.get("content") or "",
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            attachments=attachments,
            raw=data,
            pings=message.pings,
        )
    )


def _notify(fake: FakeState, message: FakeMessage, interaction: InteractionRecord | None) -> None:
    topics: list[Any] = [channel_topic(message.channel)]
    if interaction is not None:
        topics.append(interaction.topic)
    fake.notifier.notify(*topics)


async def create_message(
    fake: FakeState,
    channel: FakeChannel,
    data: dict[str, Any],
    files: dict[int, UploadedFile],
    *,
    kind: str,
    author: FakeUser | None = None,
    interaction: InteractionRecord | None = None,
    flags: int = 0,
    msg_type: int = 0,
) -> FakeMessage:
    """Store a new message from ``data`` (a message create payload) and return it."""
    attachments = build_attachments(fake, data, files, [])
    message = FakeMessage(
        id=new_snowflake(),
        channel=channel,
        author=author or fake.bot_user,
        content=data.get("content") or "",
        embeds=list(data.get("embeds") or []),
        components=list(data.get("components") or []),
        attachments=attachments,
        flags=flags | ((data.get("flags") or 0) & _EDITABLE_FLAGS),
        type=msg_type,
        reference=data.get("message_reference"),
    )
    if interaction is not None:
        message.webhook_id = message.application_id = fake.application_id
        message.interaction_id = interaction.id
        message.viewer_id = interaction.user.id
        message.interaction_metadata = {
            "id": str(interaction.id),
            "type": interaction.type,
            "user": interaction.user.payload(),
            "authorizing_integration_owners": interaction.payload.get("authorizing_integration_owners", {}),
        }
        if interaction.source_message is not None:
            message.interaction_metadata["interacted_message_id"] = str(interaction.source_message.id)
    apply_pings(fake, message, data)
    channel.messages.append(message)
    fake.add_message(message)
    if kind:
        _record(fake, kind, message, data, attachments, interaction)
    _notify(fake, message, interaction)
    if fake.message_events and not message.ephemeral:
        await fake.gateway.dispatch_event("MESSAGE_CREATE", message.payload(), channel.guild_id)
    return message


async def edit_message(
    fake: FakeState,
    message: FakeMessage,
    data: dict[str, Any],
    files: dict[int, UploadedFile],
    *,
    kind: str,
    interaction: InteractionRecord | None = None,
) -> FakeMessage:
    """Apply an edit payload (only the keys present change) and return the message.

    Editing a deferred "thinking" placeholder turns it into the real answer.
    """
    if "content" in data:
        message.content = data["content"] or ""
        apply_pings(fake, message, data)
    if "embeds" in data:
        message.embeds = list(data["embeds"] or [])
    if "components" in data:
        message.components = list(data["components"] or [])
    attachments: list[FakeAttachment] = []
    if "attachments" in data or files:
        message.attachments = attachments = build_attachments(fake, data, files, message.attachments)
    if data.get("flags") is not None:
        message.flags = (message.flags & ~_EDITABLE_FLAGS) | (data["flags"] & _EDITABLE_FLAGS)
    was_loading = message.loading
    message.flags &= ~FLAG_LOADING
    if not was_loading:
        message.edited_timestamp = iso_now()
    message.edits.append(data)
    _record(fake, kind, message, data, attachments, interaction)
    _notify(fake, message, interaction)
    if fake.message_events and not message.ephemeral:
        await fake.gateway.dispatch_event("MESSAGE_UPDATE", message.payload(), message.channel.guild_id)
    return message


async def delete_message(
    fake: FakeState, message: FakeMessage, interaction: InteractionRecord | None = None
) -> None:
    """Mark a message deleted (it stays in ``fake.messages`` for inspection)."""
    message.deleted = True
    _notify(fake, message, interaction)
    if fake.message_events and not message.ephemeral:
        data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel.id)}
        if message.channel.guild_id is not None:
            data["guild_id"] = str(message.channel.guild_id)
        await fake.gateway.dispatch_event("MESSAGE_DELETE", data, message.channel.guild_id)
