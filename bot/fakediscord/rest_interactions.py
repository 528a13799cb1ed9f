"""Interaction callbacks and the interaction webhook (original response and followups).

``POST /interactions/{id}/{token}/callback`` accepts types 4 (message), 5 (deferred message),
6 (deferred update), 7 (update message), 8 (autocomplete result) and 9 (modal), as JSON or as
multipart with files, and answers the interaction callback object when ``with_response`` is set.
An expired interaction gets ``404 10062``, a second acknowledgement ``400 40060``.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .messages import create_message, delete_message, edit_message, is_empty
from .models import FLAG_EPHEMERAL, FLAG_LOADING, FakeMessage, Visibility
from .records import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
    SentPayload,
)
from .util import (
    ALREADY_ACKNOWLEDGED,
    EMPTY_MESSAGE,
    INVALID_FORM_BODY,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    ApiError,
    ApiFailure,
    Handler,
    json_response,
    no_content,
    read_body,
    truthy_param,
)
from .validate import check_choices, check_message, check_modal, check_uploads

if TYPE_CHECKING:
    from .state import FakeState

#: Callback types Discord accepts for each interaction type.
_ALLOWED = {
    APPLICATION_COMMAND: {4, 5, 9},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}


class InteractionRoutes:
    """Route handlers for ``/interactions/...`` and ``/webhooks/{application}/{token}/...``."""

    def __init__(self, fake: FakeState) -> None:
        self.fake = fake

    def routes(self) -> list[tuple[str, str, Handler]]:
        """The ``(method, path template, handler)`` triples for interaction callbacks and webhooks."""
        hook = "/webhooks/{app}/{token}"
        return [
            ("POST", "/interactions/{iid}/{token}/callback", self.callback),
            ("GET", hook + "/messages/@original", self.get_original),
            ("PATCH", hook + "/messages/@original", self.edit_original),
            ("DELETE", hook + "/messages/@original", self.delete_original),
            ("POST", hook, self.followup),
            ("GET", hook + "/messages/{message_id}", self.get_followup),
            ("PATCH", hook + "/messages/{message_id}", self.edit_followup),
            ("DELETE", hook + "/messages/{message_id}", self.delete_followup),
        ]

    def _reject(
        self, record: InteractionRecord, error: ApiError, errors: dict[str, Any] | None = None
    ) -> ApiFailure:
        record.rejections.append(error.code)
        self.fake.notifier.notify(record.topic)
        return error.fail(errors)

    def _check_uploads(self, record: InteractionRecord, files: dict[int, Any]) -> None:
        try:
            check_uploads(files)
        except ApiFailure as failure:
            record.rejections.append(failure.error.code)
            self.fake.notifier.notify(record.topic)
            raise

    # -- callback ----------------------------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        """``POST /interactions/{id}/{token}/callback``: accept the first valid callback and apply it
        (4 reply, 5 deferred "thinking" message, 6 deferred update, 7 update the source message,
        8 autocomplete choices, 9 modal). Answers 204, or the callback object when ``with_response`` is set.
        404 Unknown interaction (10062) for a bad ID/token, an expired interaction or one past
        ``callback_deadline`` seconds; 400 already acknowledged (40060); 400 Invalid Form Body (50035) for
        a callback type the interaction type does not allow or a bad body; 400 Cannot send an empty
        message (50006). Rejections after lookup are recorded on the interaction."""
        fake = self.fake
        raw_id = request.match_info["iid"]
        record = fake.interactions.get(int(raw_id)) if raw_id.isdigit() else None
        if record is None or record.token != request.match_info["token"]:
            raise UNKNOWN_INTERACTION.fail()
        body, files = await read_body(request)
        record.callback_attempts += 1
        deadline = fake.callback_deadline
        if record.expired or (
            deadline is not None and asyncio.get_running_loop().time() - record.created_at > deadline
        ):
            raise self._reject(record, UNKNOWN_INTERACTION)
        if record.acknowledged:
            raise self._reject(record, ALREADY_ACKNOWLEDGED)
        ctype = body.get("type")
        data: dict[str, Any] = body.get("data") or {}
        allowed = _ALLOWED.get(record.type, set())
        if record.type == MODAL_SUBMIT and record.source_message is None:
            allowed = {4, 5}
        if ctype not in allowed:
            raise self._reject(
                record,
                INVALID_FORM_BODY,
                {
                    "type": {
                        "_errors": [
                            {
                                "code": "INTERACTION_RESPONSE_TYPE_INVALID",
                                "message": f"callback type {ctype} is not valid for interaction type {record.type}",
                            }
                        ]
                    }
                },
            )
        if ctype == 4 and is_empty(data, files):
            raise self._reject(record, EMPTY_MESSAGE)
        checker = {4: check_message, 7: check_message, 8: check_choices, 9: check_modal}.get(ctype)
        errors = checker(data) if checker else None
        if errors:
            raise self._reject(record, INVALID_FORM_BODY, errors)
        self._check_uploads(record, files)
        record.callback_type, record.callback_data = ctype, data
        msg_type = 20 if record.type == APPLICATION_COMMAND else 0
        if ctype == 4:
            flags = (data.get("flags") or 0) & FLAG_EPHEMERAL
            record.original = await create_message(
                fake,
                record.channel,
                data,
                files,
                kind="interaction_reply",
                interaction=record,
                flags=flags,
                msg_type=msg_type,
            )
        elif ctype == 5:
            flags = FLAG_LOADING | ((data.get("flags") or 0) & FLAG_EPHEMERAL)
            record.original = await create_message(
                fake, record.channel, {}, {}, kind="", interaction=record, flags=flags, msg_type=msg_type
            )
        elif ctype == 6:
            record.original = record.source_message
        elif ctype == 7:
            assert record.source_message is not None
            record.original = await edit_message(
                fake, record.source_message, data, files, kind="message_update", interaction=record
            )
        elif ctype == 8:
            record.choices = list(data.get("choices") or [])
            names = "\n".join(f"{c.get('name')}\n{c.get('value')}" for c in record.choices)
            self._record_private(record, "autocomplete", names, [], data)
        elif ctype == 9:
            record.modal = data
            self._record_private(record, "modal", data.get("title") or "", data.get("components") or [], data)
        fake.notifier.notify(record.topic)
        if truthy_param(request, "with_response"):
            return json_response(self._callback_object(record, ctype))
        return no_content()

    def _record_private(
        self,
        record: InteractionRecord,
        kind: str,
        content: str,
        components: list[dict[str, Any]],
        raw: dict[str, Any],
    ) -> None:
        visibility: Visibility = "dm" if record.channel.is_dm else "ephemeral"
        self.fake.sent.append(
            SentPayload(
                kind,
                visibility,
                record.channel.id,
                None,
                record.id,
                record.user.id,
                content,
                [],
                components,
                [],
                raw,
            )
        )

    def _callback_object(self, record: InteractionRecord, ctype: int) -> dict[str, Any]:
        message = record.original if ctype in (4, 5, 7) else None
        interaction: dict[str, Any] = {
            "id": str(record.id),
            "type": record.type,
            "response_message_loading": ctype == 5,
            "response_message_ephemeral": bool(message is not None and message.ephemeral),
        }
        resource: dict[str, Any] = {"type": ctype}
        if message is not None:
            interaction["response_message_id"] = str(message.id)
            resource["message"] = message.payload()
        return {"interaction": interaction, "resource": resource}

    # -- webhook: original response and followups --------------------------------------------

    def _record_for(self, request: web.Request) -> InteractionRecord:
        record = self.fake.interactions_by_token.get(request.match_info["token"])
        if record is None or request.match_info["app"] != str(self.fake.application_id):
            raise UNKNOWN_WEBHOOK.fail()
        return record

    def _original(self, record: InteractionRecord) -> FakeMessage:
        if not record.acknowledged:
            raise self._reject(record, UNKNOWN_WEBHOOK)
        if record.original is None or record.original.deleted:
            raise self._reject(record, UNKNOWN_MESSAGE)
        return record.original

    def _followup(self, request: web.Request) -> tuple[InteractionRecord, FakeMessage]:
        record = self._record_for(request)
        raw = request.match_info["message_id"]
        message = self.fake.messages.get(int(raw)) if raw.isdigit() else None
        if (
            message is None
            or message.deleted
            or (message is not record.original and message not in record.followups)
        ):
            raise self._reject(record, UNKNOWN_MESSAGE)
        return record, message

    async def _edit(
        self, request: web.Request, record: InteractionRecord, message: FakeMessage, kind: str
    ) -> web.Response:
        data, files = await read_body(request)
        errors = check_message(data)
        if errors:
            raise self._reject(record, INVALID_FORM_BODY, errors)
        self._check_uploads(record, files)
        await edit_message(self.fake, message, data, files, kind=kind, interaction=record)
        if message is record.original:
            record.original_edits += 1
        self.fake.notifier.notify(record.topic)
        return json_response(message.payload())

    async def get_original(self, request: web.Request) -> web.Response:
        """``GET`` the original response's payload. 404 Unknown Webhook (10015) for a bad token or
        application, or before any callback; 404 Unknown Message (10008) if it is missing or deleted."""
        return json_response(self._original(self._record_for(request)).payload())

    async def edit_original(self, request: web.Request) -> web.Response:
        """``PATCH`` the original response and return its payload; errors as for ``get_original``, plus
        400 Invalid Form Body (50035)."""
        record = self._record_for(request)
        return await self._edit(request, record, self._original(record), "original_edit")

    async def delete_original(self, request: web.Request) -> web.Response:
        """``DELETE`` the original response (204); errors as for ``get_original``."""
        record = self._record_for(request)
        await delete_message(self.fake, self._original(record), record)
        return no_content()

    async def followup(self, request: web.Request) -> web.Response:
        """``POST`` a followup: the first followup after a type-5 defer replaces the "thinking" original,
        else a new message is created. Answers 204, or the message payload with ``wait``. 404 Unknown
        Webhook (10015) before any callback; 400 Cannot send an empty message (50006); 400 Invalid Form
        Body (50035)."""
        record = self._record_for(request)
        if not record.acknowledged:
            raise self._reject(record, UNKNOWN_WEBHOOK)
        data, files = await read_body(request)
        if is_empty(data, files):
            raise self._reject(record, EMPTY_MESSAGE)
        errors = check_message(data)
        if errors:
            raise self._reject(record, INVALID_FORM_BODY, errors)
        self._check_uploads(record, files)
        original = record.original
        if record.callback_type == 5 and original is not None and original.loading and not original.deleted:
            # Discord turns the first followup after a "thinking" defer into the original response.
            message = await edit_message(
                self.fake, original, data, files, kind="followup", interaction=record
            )
        else:
            flags = (data.get("flags") or 0) & FLAG_EPHEMERAL
            message = await create_message(
                self.fake, record.channel, data, files, kind="followup", interaction=record, flags=flags
            )
        record.followups.append(message)
        self.fake.notifier.notify(record.topic)
        if truthy_param(request, "wait"):
            return json_response(message.payload())
        return no_content()

    async def get_followup(self, request: web.Request) -> web.Response:
        """``GET`` a followup (or the original) by ID. 404 Unknown Webhook (10015) for a bad token, or
        Unknown Message (10008) if it is not this interaction's or is deleted."""
        return json_response(self._followup(request)[1].payload())

    async def edit_followup(self, request: web.Request) -> web.Response:
        """``PATCH`` a followup and return its payload; errors as for ``get_followup``, plus 400 Invalid
        Form Body (50035)."""
        record, message = self._followup(request)
        return await self._edit(request, record, message, "followup_edit")

    async def delete_followup(self, request: web.Request) -> web.Response:
        """``DELETE`` a followup (204); errors as for ``get_followup``."""
        record, message = self._followup(request)
        await delete_message(self.fake, message, record)
        return no_content()
