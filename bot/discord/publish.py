"""An accepted command, shown: the public lines (with a map image when a Player Turn ended, added
once drawn: :mod:`bot.discord.pictures`),
buttons for a pending decision, private lines by DM, and what follows by itself (a new round's
Order Marker controls, the initiative roll once every marker is placed).
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from typing import TYPE_CHECKING

import discord

from bot.discord import computer_seat, orders, outgoing
from bot.discord.components import ChoiceButton, view_of
from bot.discord.errors import UserError
from bot.discord.host import Host
from bot.discord.outgoing import chunks
from bot.discord.pictures import follow
from bot.discord.pictures import keep_copy as keep_copy  # re-exported: older imports
from bot.discord.pictures import render as render  # re-exported: the cogs and pace import it from here
from bot.discord.respond import Responder
from bot.rules.errors import RulesError
from bot.rules.hexes import Hex
from bot.rules.state import Pending, Phase

if TYPE_CHECKING:
    from bot.discord.matches import Applied, LiveMatch
    from bot.game.session import Outcome
    from bot.rules.events import Event

log = logging.getLogger(__name__)


def next_up(live: LiveMatch) -> str:
    """A line saying who acts now, with a mention, or ``""``."""
    st = live.state
    if st.phase is Phase.TURNS and st.turn is not None and st.turn.card_key:
        card = st.cards[st.turn.card_key].card.short
        if computer_seat.is_computer(st.turn.player):
            return f"➡ {live.session.name(st.turn.player)} plays {card}."
        return f"➡ <@{st.turn.player}>: your turn with {card} (`/move`, `/attack`, `/end-turn`)."
    if st.phase is Phase.SETUP and st.draft is not None and st.draft.next is not None:
        return f"➡ <@{st.draft.next}>: your pick (`/army draft`, or `/army pass`)."  # DEC-13
    return ""


def mentioned_players(live: LiveMatch, text: str) -> list[str]:
    """The players of the match that ``text`` mentions (``<@id>``): the only users it may ping."""
    return [p.id for p in live.state.players if f"<@{p.id}>" in text]


def placed_summary(live: LiveMatch, events: Collection[Event]) -> str:
    """One line naming where figures were put during placement (``""`` when none were), e.g.
    ``"Placed: syvarris on A6, dumutef1 on A7."`` (double-space figures: ``"grimnak on C3+C4"``)."""
    bf = live.state.battlefield
    spots = [f"{e.data['figure']} on {'+'.join(bf.label(Hex(q, r)) for q, r in e.data['at'])}"
             for e in events if e.kind == "placed" and e.to is None]
    return "Placed: " + ", ".join(spots) + "." if spots else ""


def public_lines(live: LiveMatch, outcome: Outcome) -> list[str]:
    """The narrator's public lines of a command, with every figure placed folded into one summary
    (:func:`placed_summary`) where the first placement was told; so a placement that starts round 1
    reads "Placed: ...", then the round line."""
    summary = placed_summary(live, outcome.events)
    if not summary:
        return list(outcome.public)
    # The narrator tells each placement on its own line; those lines are replaced, not repeated.
    told = {live.session.narrator.line(e) for e in outcome.events if e.kind == "placed" and e.to is None}
    lines: list[str] = []
    for line in outcome.public:
        if line in told:
            if summary:
                lines.append(summary)
                summary = ""
            continue
        lines.append(line)
    return [summary, *lines] if summary else lines  # placements come before whatever they caused


def decision_view(live: LiveMatch, version: int, pending: Pending | None) -> discord.ui.View | None:
    """Buttons for ``pending`` (one :class:`ChoiceButton` per option, at most 25, labelled as people
    are shown the options), bound to state ``version`` so that a click after anything changed is
    refused; ``None`` without a decision. A longer list shows its first 24 options and its last
    (by convention the way out: ``done``, ``skip``), so the decision can always be closed."""
    if pending is None or not pending.options:
        return None
    shown = list(enumerate(pending.shown))
    if len(shown) > 25:
        shown = [*shown[:24], shown[-1]]
    return view_of(*(ChoiceButton(live.match_id, version, i, label) for i, label in shown))


def result_text(live: LiveMatch, out: Outcome, header: str = "") -> str:
    """A command's public result, as owed to the channel (the outbox row's text): the header, the
    public lines and, when a turn (or pick) began, who acts now; called right after the command."""
    lines = ([header] if header else []) + public_lines(live, out)
    follow = next_up(live)
    if follow and any(e.kind in ("turn_started", "initiative", "draft_turn") for e in out.events):
        lines.append(follow)
    return "\n".join(lines)


async def publish(bot: Host, live: LiveMatch, applied: Applied, responder: Responder, *,
                  private_done: Collection[str] = (), header: str = "") -> None:
    """Show ``applied`` (see the module docstring); its outbox row is marked sent once posted."""
    out = applied.outcome
    picture = applied.view is not None and bot.render is not None
    if applied.view is not None:
        await responder.defer()
    text = applied.result or result_text(live, out, header)
    pace = getattr(bot, "pace", None)
    # By post (issue 16): the deadline goes with the map, and the pace service pings the players
    # waited on, once each, so the result itself pings nobody.
    deadline = await pace.before_publish(live) if pace is not None else ""
    post = pace is not None and pace.is_post(live)
    shown_text = f"{text}\n{deadline}" if deadline and picture else text
    # The words first; the map is drawn meanwhile and added to this message (bot.discord.pictures).
    msg = await responder.send(shown_text or "Done.",
                               view=decision_view(live, applied.version, applied.pending),
                               mentions=() if post else mentioned_players(live, text))
    if msg is not None or not responder.gone:
        await bot.matches.sent(live, f"cmd:{applied.seq}")
    if picture:
        follow(bot, live, applied, msg, responder)
    for pid, plines in out.private.items():
        if pid not in private_done:
            await send_private(bot, live, pid, plines, responder)
    st = live.state
    if st.phase is Phase.ORDERS and not st.pending and live.controls_round < st.round:
        live.controls_round = st.round
        await orders.open_round(bot, live, responder)
    await orders.deliver_owed(live, responder)
    if live.state.phase is Phase.INITIATIVE:
        await roll_initiative(bot, live)
    if pace is not None:
        await pace.after_publish(live)
    leagues = getattr(bot, "leagues", None)
    if leagues is not None and live.state.phase is Phase.OVER:
        await leagues.match_over(live)  # a league match reports its own result (issue 17)
    await computer_seat.play(bot, live, publish)  # a computer seat waited on plays now (issue 20)


async def send_private(bot: Host, live: LiveMatch, pid: str, lines: list[str], responder: Responder) -> None:
    """Private lines: ephemerally to the player who interacted, else by DM, else kept for later
    (stored, so that a restart still shows them with the player's next command)."""
    text = "\n".join(lines)
    if pid == responder.user_id and not responder.gone:
        await responder.send(text, ephemeral=True)
        return
    if pid not in live.dm_closed:
        try:
            channel = await bot.dm(int(pid))
            for part in chunks(text):
                await outgoing.deliver(lambda part=part: channel.send(part), f"a DM to {pid}")  # type: ignore[misc]
            return
        except Exception as exc:  # closed DMs or a failed send: keep the words for the next command
            if isinstance(exc, discord.Forbidden):
                live.dm_closed.add(pid)  # only a refusal means closed DMs; a 5xx is tried again next time
            else:
                log.warning("DM to %s failed: %s; kept for their next command", pid, exc)
    await bot.matches.owe(live, pid, text)


async def roll_initiative(bot: Host, live: LiveMatch) -> None:
    """Every marker is placed: roll initiative for the table and post the rolls."""
    players = live.waiting_for("initiative")  # empty outside the phase or while a decision waits
    if not players:
        return
    try:
        applied = await bot.matches.apply(live, players[0], "initiative", expected_version=live.version)
    except (RulesError, UserError):
        return  # someone else rolled it a moment ago
    await publish(bot, live, applied, Responder(bot, None, live.channel_id))
