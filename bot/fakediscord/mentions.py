"""Who a message pings, worked out the way Discord does from its content and ``allowed_mentions``.

Discord parses ``<@id>`` / ``<@!id>`` (users), ``<@&id>`` (roles) and ``@everyone`` / ``@here`` out of
the content, then keeps only what ``allowed_mentions`` lets through:

- no ``allowed_mentions`` at all: everything parsed pings;
- ``parse`` (a list of ``"users"``, ``"roles"``, ``"everyone"``) lets a whole kind through;
- ``users`` / ``roles`` (id lists) let those ids through (only when that kind is not in ``parse``).

``@everyone`` and ``@here`` ping only when the author has Mention Everyone in the channel (interaction
answers and bot posts alike); role mentions likewise unless the role is mentionable, which fake roles
are not. Users named in ``users`` but absent from the content are not pinged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_USER = re.compile(r"<@!?(\d+)>")
_ROLE = re.compile(r"<@&(\d+)>")
_EVERYONE = re.compile(r"@(everyone|here)\b")


@dataclass(frozen=True)
class Pings:
    """What one message pinged: user ids, role ids, and whether it reached ``@everyone``/``@here``."""

    users: tuple[int, ...] = ()
    roles: tuple[int, ...] = ()
    everyone: bool = False
    #: Mentions the content held but that did not ping (suppressed by ``allowed_mentions`` or permissions).
    suppressed: tuple[str, ...] = field(default=(), compare=False)


def pings(content: str, allowed: dict[str, Any] | None, *, may_mention_everyone: bool) -> Pings:
    """The pings of ``content`` under ``allowed`` (the payload's ``allowed_mentions``, or ``None``).

    ``may_mention_everyone``: the author holds Mention Everyone in the channel (it gates ``@everyone``,
    ``@here`` and role mentions).
    """
    users = [int(u) for u in _USER.findall(content)]
    roles = [int(r) for r in _ROLE.findall(content)]
    everyone = bool(_EVERYONE.search(content))
    if allowed is None:
        parse = {"users", "roles", "everyone"}
        allowed_users: set[int] = set()
        allowed_roles: set[int] = set()
    else:
        parse = set(allowed.get("parse") or [])
        allowed_users = {int(u) for u in allowed.get("users") or []}
        allowed_roles = {int(r) for r in allowed.get("roles") or []}
    kept_users = tuple(dict.fromkeys(u for u in users if "users" in parse or u in allowed_users))
    kept_roles = tuple(dict.fromkeys(
        r for r in roles if may_mention_everyone and ("roles" in parse or r in allowed_roles)))
    pinged_all = everyone and "everyone" in parse and may_mention_everyone
    suppressed = [f"<@{u}>" for u in users if u not in kept_users]
    suppressed += [f"<@&{r}>" for r in roles if r not in kept_roles]
    if everyone and not pinged_all:
        suppressed.append("@everyone/@here")
    return Pings(kept_users, kept_roles, pinged_all, tuple(suppressed))
