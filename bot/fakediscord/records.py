"""What the fake records: interactions and their answers, every payload the bot sent, and waiting.

:class:`Notifier` wakes waiters by topic (an interaction, a channel, or anything), so tests and the
benchmark wait for events instead of sleeping.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Generator, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .mentions import Pings
from .models import FakeAttachment, FakeChannel, FakeMessage, FakeUser, Visibility, walk_components

T = TypeVar("T")

#: The topic every notification also wakes.
ANY = "*"
#: Waits re-check their condition at least this often even without a notification.
POLL_INTERVAL = 0.05

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5


class FakeDiscordTimeout(TimeoutError):
    """Raised by every ``wait_*`` helper; the message says what was awaited."""


class DidNotRespond(FakeDiscordTimeout):
    """The user saw "The application did not respond": the interaction was sent while no bot was
    connected, so it never reached one (raised at once by the record's ``wait_*`` helpers)."""


class Notifier:
    """Wake-ups by topic: ``notify(*topics)`` wakes waiters on those topics and on :data:`ANY`."""

    def __init__(self) -> None:
        self._events: dict[Hashable, asyncio.Event] = {}

    def notify(self, *topics: Hashable) -> None:
        """Wake everyone waiting on any of ``topics`` or on :data:`ANY`; each waiter's event fires once."""
        for topic in (*topics, ANY):
            event = self._events.pop(topic, None)
            if event is not None:
                event.set()

    async def wait_for(
        self,
        topic: Hashable,
        check: Callable[[], T | None],
        timeout: float,
        description: str | Callable[[], str],
    ) -> T:
        """Return ``check()`` as soon as it is truthy, re-checking on each notification of ``topic``
        and at least every :data:`POLL_INTERVAL` seconds (for conditions on state outside the fake)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = check()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                what = description() if callable(description) else description
                raise FakeDiscordTimeout(f"timed out after {timeout:g}s waiting for {what}")
            event = self._events.get(topic)
            if event is None:
                event = self._events[topic] = asyncio.Event()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, POLL_INTERVAL))


def payload_text(
    content: str | None,
    embeds: list[dict[str, Any]] | None = None,
    components: list[dict[str, Any]] | None = None,
    *,
    custom_ids: bool = True,
) -> str:
    """Every human-readable string of a message payload, one per line (for privacy scans).

    Custom ids are included by default: a Discord client receives them even though it does not
    display them.
    """
    parts: list[str] = [content or ""]
    for embed in embeds or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [
            (embed.get("author") or {}).get("name") or "",
            (embed.get("footer") or {}).get("text") or "",
        ]
        for fld in embed.get("fields") or []:
            parts += [str(fld.get("name", "")), str(fld.get("value", ""))]
    for comp in walk_components(components or []):
        for key in ("label", "placeholder", "content", "title", "value", "url"):
            if isinstance(comp.get(key), str):
                parts.append(comp[key])
        if custom_ids and comp.get("custom_id"):
            parts.append(comp["custom_id"])
        for option in comp.get("options") or []:
            parts += [
                str(option.get("label", "")),
                str(option.get("value", "")),
                str(option.get("description") or ""),
            ]
    return "\n".join(p for p in parts if p)


@dataclass(eq=False)
class SentPayload:
    """One thing the bot sent that a user can see, classified for privacy checks.

    ``kind`` is one of ``message_create``, ``message_edit``, ``interaction_reply``, ``deferred``,
    ``message_update``, ``original_edit``, ``followup``, ``followup_edit``, ``modal``,
    ``autocomplete``, ``thread_create``. ``recipient_id`` is the DM recipient or the user who sees an
    ephemeral payload.
    """

    kind: str
    visibility: Visibility
    channel_id: int | None
    message_id: int | None
    interaction_id: int | None
    recipient_id: int | None
    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[FakeAttachment]
    raw: dict[str, Any]
    #: Whom this payload pinged (only messages are parsed; other payloads ping nobody).
    pings: Pings = field(default_factory=Pings)

    def text(self, *, custom_ids: bool = True) -> str:
        """All strings a client receives: content, embeds, components, file names and descriptions."""
        files = [f"{a.filename}\n{a.description or ''}" for a in self.attachments]
        return "\n".join(
            [payload_text(self.content, self.embeds, self.components, custom_ids=custom_ids), *files]
        )


@dataclass(frozen=True)
class UnknownRoute:
    """A request the fake does not implement (answered 404 so the test notices)."""

    method: str
    path: str
    body: str


@dataclass(eq=False)
class InteractionRecord:
    """An interaction the fake sent to the bot, and everything the bot answered to it.

    ``await record`` waits until the bot acknowledged it (any callback) and returns the record.
    """

    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    payload: dict[str, Any] = field(repr=False)
    source_message: FakeMessage | None = field(default=None, repr=False)
    expired: bool = False
    created_at: float = 0.0
    callback_type: int | None = None
    callback_data: dict[str, Any] | None = field(default=None, repr=False)
    callback_attempts: int = 0
    #: Discord error codes the fake answered to this interaction's calls (10062, 40060, ...).
    rejections: list[int] = field(default_factory=list)
    original: FakeMessage | None = field(default=None, repr=False)
    followups: list[FakeMessage] = field(default_factory=list, repr=False)
    original_edits: int = 0
    modal: dict[str, Any] | None = field(default=None, repr=False)
    choices: list[dict[str, Any]] | None = None
    #: No bot was connected when the user acted: the interaction was never delivered, and the user
    #: saw "The application did not respond" (``wait_*`` raise :class:`DidNotRespond`).
    undelivered: bool = False
    _notifier: Notifier | None = field(default=None, repr=False)
    _timeout: float = field(default=5.0, repr=False)

    @property
    def topic(self) -> tuple[str, int]:
        """The notifier topic for changes to this interaction: ``("interaction", id)``."""
        return ("interaction", self.id)

    @property
    def did_not_respond(self) -> bool:
        """What the user sees as "The application did not respond": never delivered, or every
        callback came too late (``10062``) and none was accepted."""
        return self.undelivered or (not self.acknowledged and 10062 in self.rejections)

    @property
    def acknowledged(self) -> bool:
        """True once a callback (of any type) has been accepted."""
        return self.callback_type is not None

    @property
    def deferred(self) -> bool:
        """True if the accepted callback was a defer: 5 (deferred message) or 6 (deferred update)."""
        return self.callback_type in (5, 6)

    @property
    def ephemeral(self) -> bool:
        """Whether the original response is ephemeral."""
        return bool(self.original is not None and self.original.ephemeral)

    @property
    def custom_id(self) -> str | None:
        """The component ``custom_id`` from the interaction data, or ``None`` for commands."""
        custom_id = self.payload.get("data", {}).get("custom_id")
        return str(custom_id) if custom_id is not None else None

    @property
    def messages(self) -> list[FakeMessage]:
        """The original response (if any) followed by followups that are not the original."""
        result = [self.original] if self.original is not None else []
        return result + [m for m in self.followups if m is not self.original]

    def _describe(self) -> str:
        data = self.payload.get("data", {})
        what = data.get("name") or data.get("custom_id") or "?"
        state = f"callback type {self.callback_type}, {len(self.followups)} followup(s), rejections {self.rejections}"
        return f"interaction {self.id} (type {self.type}, {what!r}, user {self.user.name}; so far: {state})"

    async def wait_until(
        self, check: Callable[[], T | None], description: str, timeout: float | None = None
    ) -> T:
        """Wait until ``check()`` returns a value, re-checking whenever this interaction changes.

        :raises DidNotRespond: the interaction never reached a bot (:attr:`undelivered`).
        """
        assert self._notifier is not None
        if self.undelivered:
            raise DidNotRespond(f"The application did not respond: no bot was connected ({self._describe()})")
        return await self._notifier.wait_for(
            self.topic,
            check,
            self._timeout if timeout is None else timeout,
            lambda: f"{description} of {self._describe()}",
        )

    async def wait_ack(self, timeout: float | None = None) -> InteractionRecord:
        """Wait for the first accepted callback (reply, defer, update, modal, autocomplete)."""
        return await self.wait_until(
            lambda: self if self.acknowledged else None, "an acknowledgement", timeout
        )

    def __await__(self) -> Generator[Any, None, InteractionRecord]:
        return self.wait_ack().__await__()

    async def wait_rejection(self, code: int | None = None, timeout: float | None = None) -> int:
        """Wait until the fake refused one of the bot's calls for this interaction; return the code."""

        def check() -> int | None:
            """The first recorded rejection code (matching ``code`` if given), or ``None`` yet."""
            found = [c for c in self.rejections if code is None or c == code]
            return found[0] if found else None

        return await self.wait_until(check, f"a rejection {code or ''}", timeout)

    async def wait_reply(self, timeout: float | None = None) -> FakeMessage:
        """Wait for the first message the user sees as the answer and return it.

        A reply (4) or update (7) counts at once; after a defer (5/6) it waits for an edit of the
        original response or a followup.
        """

        def check() -> FakeMessage | None:
            """The message the user sees as the answer, or ``None`` yet."""
            if self.callback_type in (4, 7):
                return self.original
            if self.callback_type == 5 and self.original is not None and not self.original.loading:
                return self.original
            if self.followups:
                return self.followups[0]
            if self.callback_type == 6 and self.original_edits and self.original is not None:
                return self.original
            return None

        return await self.wait_until(check, "a visible reply", timeout)

    async def wait_followups(self, count: int = 1, timeout: float | None = None) -> list[FakeMessage]:
        """Wait until at least ``count`` followups were sent; return them all."""
        return await self.wait_until(
            lambda: list(self.followups) if len(self.followups) >= count else None,
            f"{count} followup(s)",
            timeout,
        )

    async def wait_modal(self, timeout: float | None = None) -> dict[str, Any]:
        """Wait for a modal (callback type 9) and return its data (custom_id, title, components)."""
        return await self.wait_until(lambda: self.modal, "a modal", timeout)


def channel_topic(channel: FakeChannel | int) -> tuple[str, int]:
    """The notifier topic for changes in a channel."""
    return ("channel", channel if isinstance(channel, int) else channel.id)
