"""Secret assignments, privately: any game's :class:`~bot.games.ruleset.SecretAssignment` collected by
DM (one select menu per slot and a **Lock in** button), the generic secret collector of
:mod:`bot.discord.face` (:data:`COLLECTOR`).

When a secret phase opens (:meth:`SecretCollector.open`), every player who owes an assignment
(:meth:`GameMatch.secret <bot.games.ruleset.GameMatch.secret>`) gets the controls by DM. If a DM cannot
be sent (Discord error 50007: the player does not accept DMs from server members) the same controls
are shown ephemerally in the match channel: at once when that player caused the phase to open,
otherwise with the **Choose in secret** button of the public message, ``/match status`` or the next
command the player runs (that debt is stored, so a restart keeps it and re-sends it). Picks are
stored (a restart keeps them) and can change until locked in; locking applies
:meth:`SecretAssignment.command`. The channel only ever learns *who* has locked in.

Discord's limits shape the controls: at most five rows per message, so a message holds up to
:data:`SLOTS_PER_MESSAGE` menus and the Lock-in button (an assignment with more slots is sent as
several messages, each with its own Lock-in); at most 25 options per menu and 100 characters per
label, description, value and custom id. Every custom id carries the match id, the phase's kind and
round (:func:`kind_tag`), so controls of an earlier phase are refused as stale, and a problem
(:meth:`SecretAssignment.problem`) is told only to the presser (ephemeral), changing nothing.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Self

import discord

from bot.discord import outgoing
from bot.discord.components import MatchItem, answered_before, tell, view_of
from bot.discord.errors import AlreadyDone, Stale, UserError
from bot.discord.host import Host, host_of
from bot.discord.respond import Responder
from bot.games.ruleset import SecretAssignment
from bot.storage.base import OWED_CONTROLS

if TYPE_CHECKING:
    from bot.discord.components import Press
    from bot.discord.live import LiveMatch

log = logging.getLogger(__name__)

#: Discord's "Cannot send messages to this user".
DMS_CLOSED = 50007
#: Menus per message: Discord allows five rows, the last is the Lock-in button's.
SLOTS_PER_MESSAGE = 4
#: Options one menu can hold.
MAX_OPTIONS = 25
#: The key under which stored picks remember the phase they belong to (``kind:round``).
PHASE_KEY = "_phase"

PICK_ID = r"sa:pick:(?P<m>[0-9a-f]+):(?P<k>[A-Za-z0-9_-]+):(?P<r>\d+):(?P<s>\d+)"
LOCK_ID = r"sa:lock:(?P<m>[0-9a-f]+):(?P<k>[A-Za-z0-9_-]+):(?P<r>\d+)"
OPEN_ID = r"sa:open:(?P<m>[0-9a-f]+):(?P<k>[A-Za-z0-9_-]+):(?P<r>\d+)"


def kind_tag(kind: str) -> str:
    """The phase's kind as it goes into a custom id: letters, digits, ``-`` and ``_``, at most 20.

    >>> kind_tag("pick a card!")
    'pick-a-card-'
    """
    return re.sub(r"[^A-Za-z0-9_-]", "-", kind)[:20] or "secret"


#: The smallest Discord user id (a snowflake of 2015): smaller seat ids are computer seats, which
#: answer their secret assignments themselves and get no controls.
FIRST_USER_ID = 10**15


def is_person(pid: str) -> bool:
    """Whether seat id ``pid`` is a Discord user's (computer seats have small ids such as ``"2"``).

    >>> is_person("2"), is_person("1577462788891082758")
    (False, True)
    """
    return pid.isdigit() and int(pid) >= FIRST_USER_ID


def owed(live: LiveMatch, pid: str) -> SecretAssignment | None:
    """The assignment ``pid`` owes now, or ``None``."""
    return live.game.secret(pid)


def picks_of(live: LiveMatch, pid: str, a: SecretAssignment) -> dict[str, str]:
    """The player's stored picks for assignment ``a`` (picks of an earlier phase are ignored)."""
    stored = live.secret_picks.get(pid, {})
    if stored.get(PHASE_KEY) != f"{a.kind}:{a.round}":
        return {}
    return {k: v for k, v in stored.items() if k != PHASE_KEY}


def _label(a: SecretAssignment, key: str, value: str) -> str:
    slot = next((s for s in a.slots if s.key == key), None)
    choice = next((c for c in slot.options if c.value == value), None) if slot else None
    return choice.label if choice else value


def controls_text(live: LiveMatch, a: SecretAssignment, pid: str, where: str = "", part: int = 0, parts: int = 1) -> str:
    """The words above the menus: the title, what to do, the picks so far."""
    picks = picks_of(live, pid, a)
    title = a.title or f"Round {a.round}: your secret choice"
    here = f" in {where}" if where else ""
    more = f" (part {part + 1} of {parts})" if parts > 1 else ""
    lines = [f"**{title}**{here}{more} (only you see this).",
             (a.explain + " " if a.explain else "") + "You may change picks until you press **Lock in**."]
    if picks:
        lines.append("Picked: " + ", ".join(f"{s.label} → {_label(a, s.key, picks[s.key])}"
                                            for s in a.slots if s.key in picks))
    return "\n".join(lines)


def controls(live: LiveMatch, a: SecretAssignment, pid: str, where: str = "") -> list[tuple[str, discord.ui.View]]:
    """The messages of ``pid``'s controls: ``(text, view)`` each, up to :data:`SLOTS_PER_MESSAGE`
    menus (the current picks selected) and a Lock-in button per message."""
    picks = picks_of(live, pid, a)
    tag = kind_tag(a.kind)
    groups = [list(range(i, min(i + SLOTS_PER_MESSAGE, len(a.slots)))) for i in range(0, len(a.slots), SLOTS_PER_MESSAGE)]
    out = []
    for n, group in enumerate(groups or [[]]):
        items: list[discord.ui.Item[Any]] = []
        for i in group:
            slot = a.slots[i]
            options = [discord.SelectOption(label=c.label[:100], value=c.value[:100],
                                            description=c.description[:100] or None,
                                            default=picks.get(slot.key) == c.value)
                       for c in slot.options[:MAX_OPTIONS]]
            items.append(PickSelect(live.match_id, tag, a.round, i, options, slot.label))
        items.append(LockSecret(live.match_id, tag, a.round))
        out.append((controls_text(live, a, pid, where, n, len(groups)), view_of(*items)))
    return out


def current(interaction: discord.Interaction, match_id: str, tag: str, round_no: int) -> tuple[Host, LiveMatch, str, SecretAssignment]:
    """The bot, the match, the presser and the assignment a control belongs to.

    :raises Stale: the match is over, or the control is of a phase no longer open.
    :raises UserError: the presser owes no assignment now.
    """
    bot = host_of(interaction)
    live = bot.matches.get(match_id)
    if live is None or live.over:
        raise Stale("That match is over; this control no longer does anything.")
    pid = str(interaction.user.id)
    a = owed(live, pid)
    if a is None or kind_tag(a.kind) != tag or a.round != round_no:
        if live.game.round != round_no:
            raise Stale(f"These controls are for round {round_no}; that secret choice is no longer being made.")
        raise UserError("You have nothing to choose in secret now (already locked in, or not yours to make).")
    return bot, live, pid, a


async def dm_messages(bot: Host, live: LiveMatch, pid: str, messages: Sequence[tuple[str, discord.ui.View]],
                      what: str) -> bool | None:
    """DM ``messages`` (``(text, view)`` each, in order) to ``pid``; ``what`` names them in logs.
    ``False`` when the player's DMs are closed (Discord refused), ``None`` when Discord failed to take
    the DM (a server error or a dropped connection, after the retries); remembered in ``live.dm_closed``."""
    try:
        channel = await bot.dm(int(pid))
        for text, view in messages:
            await outgoing.deliver(lambda text=text, view=view: channel.send(text, view=view), what)  # type: ignore[misc]
    except discord.Forbidden as exc:
        if exc.code != DMS_CLOSED:
            log.warning("DM to %s refused: %s", pid, exc)
        live.dm_closed.add(pid)
        return False
    except Exception as exc:  # 5xx after discord.py's retries, or the connection: not closed DMs
        log.warning("DM to %s failed: %s", pid, exc)
        return None
    live.dm_closed.discard(pid)
    return True


def undelivered(shut: Sequence[str], failed: Sequence[str], press: str) -> str:
    """The lines telling players their controls' DM did not reach them (``""``: it reached everyone):
    ``shut`` have closed DMs (Discord's 50007), ``failed`` were not delivered by Discord (a 5xx: not
    the player's doing); ``press`` says which button to press instead and what it does."""
    text = ""
    if shut:
        text += "\n" + " ".join(f"<@{p}>" for p in shut) + f": I cannot send you direct messages, so press {press}"
    if failed:
        text += ("\n" + " ".join(f"<@{p}>" for p in failed) + ": Discord failed to deliver my direct message "
                 f"with your controls, so press {press}")
    return text


async def send_dm(bot: Host, live: LiveMatch, pid: str, a: SecretAssignment) -> bool | None:
    """DM the controls (:func:`dm_messages`)."""
    return await dm_messages(bot, live, pid, controls(live, a, pid, f"<#{live.channel_id}>"),
                             f"the secret controls to {pid}")


async def send_here(responder: Responder, live: LiveMatch, pid: str, a: SecretAssignment) -> bool:
    """The controls as ephemeral messages to the responder's user; ``False`` if Discord took none."""
    for text, view in controls(live, a, pid):
        await responder.send(text, view=view, ephemeral=True)
        if responder.gone:
            return False
    return True


class SecretCollector:
    """The generic collector (see the module docstring); install it with
    :func:`bot.discord.face.set_secret_collector`."""

    async def open(self, bot: Host, live: LiveMatch, responder: Responder) -> None:
        """A secret phase opened: post who is waited for and send each player their controls; the
        phase's outbox row ``round:N`` is marked sent once every player has them or is owed them."""
        r = live.game.round
        waiting = [p for p in live.secret_waiting() if is_person(p)]
        assignments = {p: a for p in waiting if (a := owed(live, p)) is not None}
        if not assignments:
            await bot.matches.sent(live, f"round:{r}")
            return
        sent = await asyncio.gather(*(send_dm(bot, live, p, a) for p, a in assignments.items()))
        shut = [p for p, ok in zip(assignments, sent, strict=True) if ok is False]
        failed = [p for p, ok in zip(assignments, sent, strict=True) if ok is None]
        names = ", ".join(live.game.name(p) for p in assignments)
        first = next(iter(assignments.values()))
        text = (f"**Round {r}**: secret choices ({first.kind}). I sent each player a private message with "
                f"their controls; waiting for {names}. The channel only learns who has locked in.")
        text += undelivered(shut, failed, "**Choose in secret** below to choose here, privately.")
        text += "\nLost your controls? `/match status` gives them to you again."
        closed = shut + failed
        await responder.send(text, view=view_of(OpenSecret(live.match_id, kind_tag(first.kind), r)), mentions=closed)
        for pid in closed:
            shown = False
            if pid == responder.user_id and not responder.gone and responder.in_channel:
                shown = await send_here(responder, live, pid, assignments[pid])
            if not shown:  # shown with their next command (or the button, or /match status)
                await bot.matches.owe_controls(live, pid)
        await bot.matches.sent(live, f"round:{r}")

    async def deliver_owed(self, live: LiveMatch, responder: Responder) -> None:
        """Give the responder's user their owed controls (ephemeral), then forget the debt in storage."""
        pid = responder.user_id
        if pid is None or responder.gone or pid not in live.owed_controls:
            return
        manager = responder.bot.matches
        live.owed_controls.discard(pid)
        upto = manager.owed_upto(live, pid, OWED_CONTROLS)
        a = owed(live, pid)
        if a is not None and not await send_here(responder, live, pid, a):
            live.owed_controls.add(pid)
            return
        await manager.settle_owed(live, pid, OWED_CONTROLS, upto)

    def items(self) -> Mapping[type[discord.ui.DynamicItem[Any]], Press]:
        """The menus, the Lock-in button and the public **Choose in secret** button, with their presses."""
        return {PickSelect: lambda item, i: pick(i, item.match_id, item.tag, item.round, item.slot, item.values),
                LockSecret: lambda item, i: lock(i, item.match_id, item.tag, item.round),
                OpenSecret: lambda item, i: open_here(i, item.match_id, item.tag, item.round)}


#: The collector every game without its own secret flow uses.
COLLECTOR = SecretCollector()


async def pick(interaction: discord.Interaction, match_id: str, tag: str, round_no: int, slot: int,
               values: list[str]) -> None:
    """A menu changed: check the option, store the pick, redraw that message's controls."""
    bot, live, pid, a = current(interaction, match_id, tag, round_no)
    if not 0 <= slot < len(a.slots):
        raise Stale("These controls are out of date; `/match status` gives you the current ones.")
    value = values[0] if values else ""
    if value not in {c.value for c in a.slots[slot].options}:
        raise UserError(f"That is not an option for {a.slots[slot].label}.")
    picks = picks_of(live, pid, a)
    picks[a.slots[slot].key] = value
    await bot.matches.save_secret_picks(live, pid, {PHASE_KEY: f"{a.kind}:{a.round}", **picks})
    text, view = controls(live, a, pid)[slot // SLOTS_PER_MESSAGE]
    try:
        await interaction.response.edit_message(content=text, view=view)
    except discord.HTTPException as exc:
        if not answered_before(exc):
            raise
        log.info("pick %s delivered again; already answered", interaction.id)  # stored again, the same value


async def lock(interaction: discord.Interaction, match_id: str, tag: str, round_no: int) -> None:
    """The Lock-in button: check the picks (a problem is told privately, nothing changes), apply the
    assignment's command, confirm privately and tell the channel who locked in."""
    from bot.discord.publish import publish  # publish -> the faces -> this collector

    bot = host_of(interaction)
    if await bot.matches.was_processed(interaction.id):
        await tell(interaction, f"🔒 Round {round_no}: locked in.")
        return
    bot, live, pid, a = current(interaction, match_id, tag, round_no)
    problem = a.problem(picks_of(live, pid, a))
    if problem is not None:
        raise UserError(f"{problem} Pick an option in every menu, then press **Lock in**.")
    header = f"🔒 {live.game.name(pid)} has locked in."
    try:
        applied = await bot.matches.apply(live, pid, a.command(picks_of(live, pid, a)), interaction_id=interaction.id,
                                          header=header)
    except AlreadyDone:
        await tell(interaction, f"🔒 Round {round_no}: locked in.")
        return
    await bot.matches.save_secret_picks(live, pid, {})
    mine = "\n".join(applied.outcome.private.get(pid, []))
    responder = Responder(bot, interaction, live.channel_id)
    if not await responder.edit(f"🔒 Round {round_no}: locked in. {mine}", view=None):
        await responder.send(f"🔒 Locked in. {mine}", ephemeral=True)
    # When Discord took neither answer, the player's own lines go the private way (DM, or later).
    await publish(bot, live, applied, responder, private_done=() if responder.gone else {pid})


async def open_here(interaction: discord.Interaction, match_id: str, tag: str, round_no: int) -> None:
    """The public **Choose in secret** button: the presser's controls, ephemerally."""
    bot, live, pid, a = current(interaction, match_id, tag, round_no)
    live.owed_controls.discard(pid)
    await bot.matches.settle_owed(live, pid, OWED_CONTROLS)
    first = True
    for text, view in controls(live, a, pid):
        if first:
            await interaction.response.send_message(text, view=view, ephemeral=True)
            first = False
        else:
            await interaction.followup.send(text, view=view, ephemeral=True)


class _SecretItem(MatchItem):
    """Only players of a running match may use secret controls (the presses check the rest)."""

    match_id: str
    tag: str
    round: int


class PickSelect(_SecretItem, discord.ui.DynamicItem[discord.ui.Select[Any]], template=PICK_ID):
    """One slot's pick, made privately (DM or ephemeral); changeable until locked in."""

    def __init__(self, match_id: str, tag: str, round_no: int, slot: int,
                 options: list[discord.SelectOption] | None = None, label: str = "") -> None:
        self.match_id, self.tag, self.round, self.slot = match_id, tag, round_no, slot
        super().__init__(discord.ui.Select(
            custom_id=f"sa:pick:{match_id}:{tag}:{round_no}:{slot}"[:100],
            placeholder=(f"{label}: choose" if label else "Choose")[:150],
            options=options or [discord.SelectOption(label="?", value="?")], min_values=1, max_values=1))

    @property
    def values(self) -> list[str]:
        """The options picked in this interaction."""
        return list(self.item.values)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PickSelect:
        options = list(getattr(item, "options", []) or [])
        return cls(match["m"], match["k"], int(match["r"]), int(match["s"]), options)


class _SecretButton(_SecretItem):
    """A secret phase's button: its custom id ``sa:VERB:match:tag:round`` (at most 100 characters)
    and its face are class attributes, the rest is shared."""

    verb: str
    label: str
    emoji: str
    style: discord.ButtonStyle

    def __init__(self, match_id: str, tag: str, round_no: int) -> None:
        self.match_id, self.tag, self.round = match_id, tag, round_no
        super().__init__(discord.ui.Button(label=self.label, emoji=self.emoji, style=self.style,  # type: ignore[call-arg]
                                           custom_id=f"sa:{self.verb}:{match_id}:{tag}:{round_no}"[:100]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(match["m"], match["k"], int(match["r"]))


class LockSecret(_SecretButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=LOCK_ID):
    """Lock in the picks (applies the assignment's command for the presser)."""

    verb, label, emoji, style = "lock", "Lock in", "🔒", discord.ButtonStyle.success


class OpenSecret(_SecretButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=OPEN_ID):
    """On the public message of a secret phase: open my controls here, privately."""

    verb, label, emoji, style = "open", "Choose in secret", "🤫", discord.ButtonStyle.secondary


__all__ = ["COLLECTOR", "LockSecret", "OpenSecret", "PickSelect", "SecretCollector", "kind_tag"]
