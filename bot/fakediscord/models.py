"""The fake's world: users, guilds, channels, messages and attachments, with their Discord payloads.

Each class holds plain state and knows how to render itself in the JSON shape discord.py 2.7 parses
(``payload()``). Nothing here talks to the network.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from .mentions import Pings
from .util import ALL_PERMISSIONS, iso_now

Visibility = Literal["public", "ephemeral", "dm"]

# Channel types (subset) and message flags the fake cares about.
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
FLAG_SUPPRESS_EMBEDS = 4
FLAG_EPHEMERAL = 64
FLAG_LOADING = 128
FLAG_SUPPRESS_NOTIFICATIONS = 4096
FLAG_COMPONENTS_V2 = 32768


@dataclass(eq=False)
class FakeUser:
    """A Discord user (players, the bot itself, the application owner)."""

    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    dms_open: bool = True
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        """The ``<@id>`` mention string."""
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        """The Discord user object: IDs as strings, discriminator ``"0"``, no avatar."""
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass(eq=False)
class FakeRole:
    """A guild role; the ``@everyone`` role has the guild's id."""

    id: int
    name: str
    permissions: int = 0
    position: int = 0

    def payload(self) -> dict[str, Any]:
        """The Discord role object; ``permissions`` is the bit field as a decimal string."""
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeMember:
    """A user's membership in a guild."""

    user: FakeUser
    guild_id: int
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    def payload(self, *, with_user: bool = True, permissions: str | None = None) -> dict[str, Any]:
        """The Discord guild member object; ``with_user`` nests the user object, ``permissions`` (a
        decimal bit-field string) is added when given, as in interaction payloads."""
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = permissions
        return data


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, a thread, or a DM channel; it owns its messages in order."""

    id: int
    type: int
    name: str
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    owner_id: int | None = None
    recipient: FakeUser | None = None
    created_at: str = field(default_factory=iso_now)
    messages: list[FakeMessage] = field(default_factory=list, repr=False)
    thread_members: set[int] = field(default_factory=set, repr=False)
    #: Thread state: archived threads are hidden; a locked one stays archived when the bot posts.
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    archive_timestamp: str | None = None
    #: Permission bits the bot lacks here (see ``FakeState.deny_bot_permissions``).
    bot_denied: int = 0

    @property
    def is_dm(self) -> bool:
        """True for a DM channel."""
        return self.type == DM

    @property
    def is_thread(self) -> bool:
        """True for a public or private thread."""
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        """The ``<#id>`` mention string."""
        return f"<#{self.id}>"

    def history(self, *, include_ephemeral: bool = False) -> list[FakeMessage]:
        """Messages still present, oldest first (ephemeral ones only when asked)."""
        return [m for m in self.messages if not m.deleted and (include_ephemeral or not m.ephemeral)]

    def payload(self, *, permissions: str | None = None, member_id: int | None = None) -> dict[str, Any]:
        """The channel object; ``member_id`` adds a thread's ``member`` (that user's thread member
        object) when that user is in the thread, as Discord does for the bot's own threads."""
        last = next((m.id for m in reversed(self.messages) if not m.ephemeral), None)
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "last_message_id": str(last) if last else None,
            "flags": 0,
        }
        if self.is_dm:
            data["recipients"] = [self.recipient.payload()] if self.recipient else []
        else:
            data.update(
                guild_id=str(self.guild_id),
                name=self.name,
                position=self.position,
                permission_overwrites=[],
                nsfw=False,
                parent_id=str(self.parent_id) if self.parent_id else None,
                topic=None,
                rate_limit_per_user=0,
            )
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id),
                message_count=len(self.history()),
                total_message_sent=len(self.history()),
                member_count=len(self.thread_members),
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.archive_timestamp or self.created_at,
                    "locked": self.locked,
                    "create_timestamp": self.created_at,
                },
            )
            if self.type == PRIVATE_THREAD:
                data["thread_metadata"]["invitable"] = True
            if member_id is not None and member_id in self.thread_members:
                data["member"] = {
                    "id": str(self.id),
                    "user_id": str(member_id),
                    "join_timestamp": self.created_at,
                    "flags": 0,
                }
            del data["position"], data["topic"], data["permission_overwrites"]
        if permissions is not None:
            data["permissions"] = permissions
        return data


@dataclass(eq=False)
class FakeGuild:
    """A guild with roles, channels (threads included) and members."""

    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict, repr=False)
    members: dict[int, FakeMember] = field(default_factory=dict, repr=False)
    #: Whether a member's permissions in interactions follow their roles as on Discord
    #: (:meth:`member_permissions`); off, every member has every permission (what most tests assume).
    role_permissions: bool = False

    def member_permissions(self, user_id: int) -> int:
        """``user_id``'s permission bits as Discord computes them at the guild level: every bit for the
        owner or a holder of Administrator (bit 3), else the ``@everyone`` role's bits OR those of the
        member's roles. Every bit when :attr:`role_permissions` is off."""
        everything = int(ALL_PERMISSIONS)
        if not self.role_permissions or user_id == self.owner_id:
            return everything
        member = self.members.get(user_id)
        bits = self.roles[self.id].permissions if self.id in self.roles else 0
        for role_id in member.roles if member is not None else []:
            role = self.roles.get(role_id)
            bits |= role.permissions if role is not None else 0
        return everything if bits & (1 << 3) else bits

    def payload(self) -> dict[str, Any]:
        """The full guild object sent in ``GUILD_CREATE``."""
        plain = [c for c in self.channels.values() if not c.is_thread]
        threads = [c for c in self.channels.values() if c.is_thread and not c.archived]  # active only
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "owner_id": str(self.owner_id),
            "unavailable": False,
            "large": False,
            "member_count": len(self.members),
            "roles": [r.payload() for r in self.roles.values()],
            "channels": [c.payload() for c in plain],
            "threads": [c.payload() for c in threads],
            "members": [m.payload() for m in self.members.values()],
            "presences": [],
            "voice_states": [],
            "emojis": [],
            "stickers": [],
            "features": [],
            "preferred_locale": "en-US",
            "joined_at": iso_now(),
            "premium_tier": 0,
            "system_channel_flags": 0,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
        }


@dataclass(eq=False)
class FakeAttachment:
    """An uploaded file; ``data`` keeps the raw bytes (e.g. the PNG the bot rendered)."""

    id: int
    filename: str
    data: bytes
    content_type: str
    url: str
    description: str | None = None
    width: int | None = None
    height: int | None = None
    size: int = 0

    def payload(self, *, ephemeral: bool = False) -> dict[str, Any]:
        """The Discord attachment object; ``size`` is in bytes, ``width``/``height`` (pixels) only for
        images, and ``ephemeral`` marks attachments of ephemeral messages."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.width is not None:
            data.update(width=self.width, height=self.height)
        if ephemeral:
            data["ephemeral"] = True
        return data


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component in a tree of action rows, containers, sections and labels."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


@dataclass(eq=False)
class FakeMessage:
    """A message in a channel (or an ephemeral one shown to ``viewer_id`` only).

    ``edits`` keeps every payload applied after creation, in order.
    """

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    viewer_id: int | None = None
    reference: dict[str, Any] | None = None
    deleted: bool = False
    edits: list[dict[str, Any]] = field(default_factory=list, repr=False)
    #: Who the message pinged (content filtered by ``allowed_mentions`` and permissions; see ``mentions``).
    pings: Pings = field(default_factory=Pings)
    #: User payloads of ``pings.users`` (Discord's ``mentions`` array).
    mention_payloads: list[dict[str, Any]] = field(default_factory=list, repr=False)

    @property
    def ephemeral(self) -> bool:
        """True if the ephemeral flag (64) is set."""
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "thinking" placeholder."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def is_dm(self) -> bool:
        """True if the message is in a DM channel."""
        return self.channel.is_dm

    @property
    def visibility(self) -> Visibility:
        """Where the message shows: ``"dm"`` in a DM, else ``"ephemeral"`` or ``"public"``."""
        if self.channel.is_dm:
            return "dm"
        return "ephemeral" if self.ephemeral else "public"

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        """The component dict carrying ``custom_id``, searched through rows/containers."""
        return next((c for c in walk_components(self.components) if c.get("custom_id") == custom_id), None)

    @property
    def custom_ids(self) -> list[str]:
        """Every ``custom_id`` in the message's components, in tree order."""
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def attachment(self, filename: str) -> FakeAttachment:
        """The attachment called ``filename`` (KeyError if absent)."""
        for item in self.attachments:
            if item.filename == filename:
                return item
        raise KeyError(
            f"message {self.id} has no attachment {filename!r}: {[a.filename for a in self.attachments]}"
        )

    def payload(self) -> dict[str, Any]:
        """The Discord message object; guild, webhook, application, interaction metadata and reference
        fields appear only when set."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": self.type,
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": self.pings.everyone,
            "mentions": self.mention_payloads,
            "mention_roles": [str(r) for r in self.pings.roles],
            "attachments": [a.payload(ephemeral=self.ephemeral) for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        if self.channel.guild_id is not None:
            data["guild_id"] = str(self.channel.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.reference is not None:
            data["message_reference"] = self.reference
        return data
