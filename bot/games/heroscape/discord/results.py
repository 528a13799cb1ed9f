"""Heroscape's words for an accepted command (the public result owed to the channel: the narrator's
lines, placements folded into one line, who acts now), its decision buttons, and the initiative roll
the bot makes by itself once every Order Marker is placed."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

import discord

from bot.discord.components import view_of
from bot.discord.errors import UserError
from bot.discord.publish import publish
from bot.discord.respond import Responder
from bot.games.heroscape.discord import computer_seat
from bot.games.heroscape.discord.components import ChoiceButton
from bot.games.heroscape.discord.live import HeroscapeLive as LiveMatch
from bot.rules.errors import RulesError
from bot.rules.hexes import Hex
from bot.rules.state import Pending, Phase

if TYPE_CHECKING:
    from bot.discord.host import Host
    from bot.game.session import Outcome
    from bot.rules.events import Event


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
