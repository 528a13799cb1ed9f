"""The test-driver side: users invoking slash commands, autocomplete, buttons, selects and modals.

Every method builds an ``INTERACTION_CREATE`` payload shaped exactly as discord.py 2.7 parses it,
sends it to the connected bot and returns an :class:`~.records.InteractionRecord` at once (without
waiting for the bot); await the record, or its ``wait_*`` helpers, for the answers. With no bot
connected the interaction is not delivered, as on Discord: the record is ``undelivered`` and its
``wait_*`` helpers raise :class:`~.records.DidNotRespond` ("The application did not respond").
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from .models import FakeChannel, FakeMessage, FakeUser
from .options import CHANNEL, MENTIONABLE, ROLE, USER, CommandUsageError, add_resolved, build_command_data
from .records import APPLICATION_COMMAND, AUTOCOMPLETE, MESSAGE_COMPONENT, MODAL_SUBMIT, InteractionRecord
from .state import FakeState
from .util import ALL_PERMISSIONS, ATTACHMENT_SIZE_LIMIT, new_snowflake

# Select menu component types and the option type their values resolve like.
_SELECT_KINDS = {5: USER, 6: ROLE, 7: MENTIONABLE, 8: CHANNEL}


class InteractionDriver(FakeState):
    """The methods of :class:`~.server.FakeDiscord` that act as users."""

    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        name: str,
        subcommand: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        expired: bool = False,
    ) -> InteractionRecord:
        """``user`` runs ``/name [subcommand] options...`` in ``channel``.

        ``subcommand`` is ``"new"`` or ``"group new"``; ``options`` maps option names to values
        (str/int/float/bool, or fake users, channels, roles, attachments, or ``(filename, bytes)``
        for an attachment option). Waits (up to the default timeout) for the command to be registered.
        """
        command = await self.wait_for_command(name, guild_id=channel.guild_id)
        data = build_command_data(self, command, subcommand, options, guild_id=channel.guild_id)
        return await self._send_interaction(APPLICATION_COMMAND, user, channel, data, expired=expired)

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        name: str,
        subcommand: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        focused: str,
        timeout: float | None = None,
    ) -> list[dict[str, Any]]:
        """Ask the bot for autocomplete choices of option ``focused`` (its value in ``options`` is
        the partial text typed) and return the choices it answered (``[{"name", "value"}, ...]``)."""
        command = await self.wait_for_command(name, guild_id=channel.guild_id)
        data = build_command_data(
            self, command, subcommand, options, guild_id=channel.guild_id, focused=focused
        )
        record = await self._send_interaction(AUTOCOMPLETE, user, channel, data)
        await record.wait_until(lambda: record.choices is not None, "autocomplete choices", timeout)
        return record.choices or []

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str,
        *,
        expired: bool = False,
        force: bool = False,
    ) -> InteractionRecord:
        """``user`` presses the button ``custom_id`` on a stored message (channel, thread or DM).

        Refuses (ValueError) what a real client could not do - a disabled button, a DM or ephemeral
        message of somebody else, a deleted message - unless ``force`` is set.
        """
        msg = self._resolve_message(message)
        component = self._component(user, msg, custom_id, force)
        if component.get("type") != 2:
            raise CommandUsageError(
                f"{custom_id!r} is a component of type {component.get('type')}, not a button"
            )
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if "id" in component:
            data["id"] = component["id"]
        return await self._send_interaction(
            MESSAGE_COMPONENT, user, msg.channel, data, message=msg, expired=expired
        )

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str,
        values: Sequence[Any],
        *,
        expired: bool = False,
        force: bool = False,
    ) -> InteractionRecord:
        """``user`` picks ``values`` in the select menu ``custom_id``.

        String selects take option values; user/role/mentionable/channel selects take fake objects
        or ids (their ``resolved`` data is filled in). The count must respect min/max_values.
        """
        msg = self._resolve_message(message)
        component = self._component(user, msg, custom_id, force)
        kind = component.get("type")
        if kind not in (3, 5, 6, 7, 8):
            raise CommandUsageError(f"{custom_id!r} is a component of type {kind}, not a select menu")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not force and not low <= len(values) <= high:
            raise CommandUsageError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == 3:
            allowed = [o["value"] for o in component.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad and not force:
                raise CommandUsageError(f"{bad} are not options of select {custom_id!r}: {allowed}")
            data["values"] = [str(v) for v in values]
        else:
            resolved: dict[str, Any] = {}
            data["values"] = [
                add_resolved(self, resolved, _SELECT_KINDS[kind], v, msg.channel.guild_id) for v in values
            ]
            data["resolved"] = resolved
        if "id" in component:
            data["id"] = component["id"]
        return await self._send_interaction(
            MESSAGE_COMPONENT, user, msg.channel, data, message=msg, expired=expired
        )

    async def submit_modal(
        self,
        user: FakeUser,
        source: InteractionRecord,
        values: Mapping[str, str | Sequence[str]],
        *,
        expired: bool = False,
    ) -> InteractionRecord:
        """``user`` fills in and submits the modal the bot answered ``source`` with.

        ``values`` maps each text input's custom id to its text (or a select's custom id to a list of
        values). Required text inputs must be given.
        """
        modal = source.modal
        if modal is None:
            raise CommandUsageError(f"interaction {source.id} was not answered with a modal")
        if user is not source.user:
            raise CommandUsageError("only the user who opened a modal can submit it")
        used: set[str] = set()
        components = [self._modal_row(row, values, used) for row in modal.get("components") or []]
        if set(values) - used:
            raise CommandUsageError(
                f"modal {modal['custom_id']!r} has no input(s) {sorted(set(values) - used)}"
            )
        data = {"custom_id": modal["custom_id"], "components": [c for c in components if c is not None]}
        return await self._send_interaction(
            MODAL_SUBMIT, user, source.channel, data, message=source.source_message, expired=expired
        )

    async def post_message(self, user: FakeUser, channel: FakeChannel, content: str) -> FakeMessage:
        """``user`` writes a plain message (sent to the bot as ``MESSAGE_CREATE``)."""
        from .messages import create_message

        self._check_member(user, channel)
        return await create_message(self, channel, {"content": content}, {}, kind="", author=user)

    # -- helpers -----------------------------------------------------------------------------

    def _resolve_message(self, message: FakeMessage | int) -> FakeMessage:
        if isinstance(message, FakeMessage):
            return message
        try:
            return self.messages[message]
        except KeyError:
            raise CommandUsageError(f"no stored message {message}") from None

    def _component(self, user: FakeUser, message: FakeMessage, custom_id: str, force: bool) -> dict[str, Any]:
        component = message.find_component(custom_id)
        if component is None:
            raise CommandUsageError(
                f"message {message.id} has no component {custom_id!r}; it has {message.custom_ids}"
            )
        if force:
            return component
        if message.deleted:
            raise CommandUsageError(f"message {message.id} was deleted")
        recipient = message.channel.recipient
        if message.channel.is_dm and recipient is not None and recipient.id != user.id:
            raise CommandUsageError(f"{user.name} cannot see a DM to {recipient.name}")
        if message.ephemeral and message.viewer_id != user.id:
            raise CommandUsageError(
                f"{user.name} cannot see an ephemeral message shown to user {message.viewer_id}"
            )
        if component.get("disabled"):
            raise CommandUsageError(f"component {custom_id!r} is disabled")
        return component

    def _modal_row(
        self, row: dict[str, Any], values: Mapping[str, Any], used: set[str]
    ) -> dict[str, Any] | None:
        if row.get("type") == 1:
            children = [self._modal_input(c, values, used) for c in row.get("components") or []]
            return {"type": 1, "components": [c for c in children if c is not None]}
        if row.get("type") == 18:
            child = self._modal_input(row["component"], values, used)
            return None if child is None else {"type": 18, "component": child}
        return None

    def _modal_input(
        self, comp: dict[str, Any], values: Mapping[str, Any], used: set[str]
    ) -> dict[str, Any] | None:
        custom_id = comp.get("custom_id")
        if custom_id is None:
            return None
        used.add(custom_id)
        result: dict[str, Any] = {"type": comp["type"], "custom_id": custom_id}
        if "id" in comp:
            result["id"] = comp["id"]
        if comp["type"] == 4:
            text = values.get(custom_id, comp.get("value") or "")
            if not isinstance(text, str):
                raise CommandUsageError(f"text input {custom_id!r} takes a string")
            if comp.get("required", True) and not text:
                raise CommandUsageError(f"text input {custom_id!r} is required")
            if text and not comp.get("min_length", 0) <= len(text) <= comp.get("max_length", 4000):
                raise CommandUsageError(f"text for {custom_id!r} is outside its length limits")
            result["value"] = text
        else:
            chosen = values.get(custom_id, [])
            result["values"] = [chosen] if isinstance(chosen, str) else [str(v) for v in chosen]
        return result

    def _check_member(self, user: FakeUser, channel: FakeChannel) -> None:
        if channel.guild_id is not None and user.id not in self.guilds[channel.guild_id].members:
            raise CommandUsageError(f"{user.name} is not a member of guild {channel.guild_id}")
        if channel.is_dm and (channel.recipient is None or channel.recipient.id != user.id):
            raise CommandUsageError(f"{user.name} is not the recipient of DM channel {channel.id}")

    def _interaction_payload(
        self, iid: int, token: str, itype: int, user: FakeUser, channel: FakeChannel, data: dict[str, Any]
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "app_permissions": str(self.bot_permissions(channel)),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "channel_id": str(channel.id),
            "channel": channel.payload(permissions=ALL_PERMISSIONS),
        }
        if channel.guild_id is not None:
            guild = self.guilds[channel.guild_id]
            member = guild.members[user.id]
            perms = str(guild.member_permissions(user.id))  # the invoking member's, by their roles
            payload["channel"] = channel.payload(permissions=perms)
            payload.update(
                guild_id=str(channel.guild_id),
                guild_locale="en-US",
                guild={"id": str(channel.guild_id), "locale": "en-US", "features": []},
                member=member.payload(permissions=perms),
                context=0,
                authorizing_integration_owners={"0": str(channel.guild_id)},
            )
        else:
            payload.update(user=user.payload(), context=1, authorizing_integration_owners={"0": "0"})
        return payload

    async def _send_interaction(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        message: FakeMessage | None = None,
        expired: bool = False,
    ) -> InteractionRecord:
        self._check_member(user, channel)
        iid, token = new_snowflake(), secrets.token_urlsafe(32)
        payload = self._interaction_payload(iid, token, itype, user, channel, data)
        if message is not None:
            payload["message"] = message.payload()
        if self._expire_next > 0:
            self._expire_next -= 1
            expired = True
        record = InteractionRecord(
            id=iid,
            token=token,
            type=itype,
            user=user,
            channel=channel,
            payload=payload,
            source_message=message,
            expired=expired,
            created_at=asyncio.get_running_loop().time(),
            _notifier=self.notifier,
            _timeout=self.default_timeout,
        )
        self.interactions[iid] = record
        self.interactions_by_token[token] = record
        session = self.gateway.target(channel.guild_id)
        if session is None or session.conn is None:
            # Discord delivers interactions only to a connected bot; the user is told "The
            # application did not respond" (nothing is queued for later).
            record.undelivered = True
            self.notifier.notify(record.topic)
            return record
        # Discord's 3-second clock starts when the interaction is sent to the bot.
        record.created_at = asyncio.get_running_loop().time()
        await session.dispatch("INTERACTION_CREATE", payload)
        return record
