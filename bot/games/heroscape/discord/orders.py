"""Order Markers, privately: four select menus (markers 1, 2, 3 and X) and a Lock-in button.

When a round starts every fighting player gets the controls by DM. If a DM cannot be sent
(Discord error 50007: the player does not accept DMs from server members) the same controls are
shown ephemerally in the match channel: at once when that player caused the round to start,
otherwise with the "Place my markers" button of the public round message or with the next command
the player runs (that debt is stored, so a restart keeps it). Picks are stored (a restart
keeps them) and can change until locked; locking applies ``orders ...``. The channel only ever
learns *who* has locked in. A player who conceded is out: their controls (menus, Lock in, the
"Place my markers" button) all answer "You have conceded this match." and change nothing.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.discord.components import answered_before, tell, view_of
from bot.discord.errors import Stale, UserError
from bot.discord.host import Host, host_of
from bot.discord.respond import Responder
from bot.discord.secrets import dm_messages, undelivered
from bot.games.heroscape.discord import computer_seat
from bot.games.heroscape.discord.components import MARKER_NAMES, LockButton, MarkersButton, OrderSelect
from bot.games.heroscape.discord.live import HeroscapeLive as LiveMatch
from bot.games.heroscape.discord.live import heroscape
from bot.rules.state import Phase
from bot.storage.base import OWED_CONTROLS, OWED_TEXT

log = logging.getLogger(__name__)

ROUND_KEY = "_round"


def _bot(interaction: discord.Interaction) -> Host:
    return host_of(interaction)


def marker_picks_of(live: LiveMatch, pid: str) -> dict[str, str]:
    """The player's picks for the current round (older picks are ignored)."""
    d = live.marker_picks.get(pid, {})
    if d.get(ROUND_KEY) != str(live.state.round):
        return {}
    return {k: v for k, v in d.items() if k in MARKER_NAMES}


def _card_name(live: LiveMatch, key: str) -> str:
    c = live.state.cards.get(key)
    return c.card.short if c else key


def controls_text(live: LiveMatch, pid: str, channel_mention: str = "") -> str:
    """The words above the menus: the round, the picks so far, what is missing."""
    st = live.state
    picks = marker_picks_of(live, pid)
    where = f" in {channel_mention}" if channel_mention else ""
    lines = [f"**Round {st.round} — your Order Markers**{where} (only you see this).",
             "Pick a card for each marker; the cards act in marker order 1, 2, 3 (X is a decoy). "
             "You may change picks until you press **Lock in**."]
    if picks:
        lines.append("Picked: " + ", ".join(f"{m} → {_card_name(live, picks[m])}" for m in MARKER_NAMES if m in picks))
    return "\n".join(lines)


def controls(live: LiveMatch, pid: str) -> discord.ui.View:
    """The four menus and the Lock-in button for ``pid`` this round, current picks selected."""
    st = live.state
    picks = marker_picks_of(live, pid)
    keys = st.living_cards(pid) or [k for k, c in st.cards.items() if c.controller == pid]
    items: list[discord.ui.Item[Any]] = []
    for marker in MARKER_NAMES:
        options = [discord.SelectOption(label=st.cards[k].card.short[:100], value=k,
                                        description=f"{st.cards[k].card.name}"[:100], default=picks.get(marker) == k)
                   for k in keys[:25]]
        items.append(OrderSelect(live.match_id, st.round, marker, options))
    items.append(LockButton(live.match_id, st.round))
    return view_of(*items)


def _check_round(live: LiveMatch, round_no: int) -> None:
    st = live.state
    if st.phase is Phase.OVER:
        raise Stale("The match is over.")
    if round_no != st.round or st.phase is not Phase.ORDERS:
        raise Stale(f"These controls are for round {round_no}; Order Markers for it are no longer being placed.")


async def open_round(bot: Host, live: LiveMatch, responder: Responder) -> None:
    """A round has started: post the public round message and send each player their controls."""
    # A computer seat places its own markers (bot.games.heroscape.discord.computer_seat): no controls for it.
    waiting = [p for p in live.waiting_for_orders() if not computer_seat.is_computer(p)]
    st = live.state
    if not waiting:
        await bot.matches.sent(live, f"round:{st.round}")
        return
    sent = await asyncio.gather(*(send_dm_controls(bot, live, pid) for pid in waiting))
    # Only a 50007 refusal means closed DMs; a DM Discord failed to take (a 5xx) is not the player's doing.
    shut = [pid for pid, ok in zip(waiting, sent, strict=True) if ok is False]
    failed = [pid for pid, ok in zip(waiting, sent, strict=True) if ok is None]
    closed = shut + failed
    names = ", ".join(live.session.name(p) for p in waiting)
    text = (f"**Round {st.round}**: Order Markers. I sent each player a private message with the controls; "
            f"waiting for {names}.")
    text += undelivered(shut, failed, "**Place my markers** below to place them here, privately.")
    text += "\nLost your controls? `/match status` gives them to you again."
    await responder.send(text, view=view_of(MarkersButton(live.match_id, st.round)), mentions=closed)
    for pid in closed:
        if pid == responder.user_id and not responder.gone and responder.in_channel:
            await responder.send(controls_text(live, pid), view=controls(live, pid), ephemeral=True)
        if responder.gone or pid != responder.user_id or not responder.in_channel:
            # shown with their next command (or the button, or /match status)
            await bot.matches.owe_controls(live, pid)
    # Opened: the public message is out, each player has the controls or is owed them (stored).
    await bot.matches.sent(live, f"round:{st.round}")


async def send_dm_controls(bot: Host, live: LiveMatch, pid: str) -> bool | None:
    """DM the controls; ``False`` when the player's DMs are closed (Discord refused), ``None`` when
    Discord failed to take the DM (a server error or a dropped connection, after the retries)."""
    return await dm_messages(bot, live, pid, [(controls_text(live, pid, f"<#{live.channel_id}>"), controls(live, pid))],
                             f"the Order Marker controls to {pid}")


async def deliver_owed(live: LiveMatch, responder: Responder) -> None:
    """Show a player what could not be delivered privately before (with their next command), then
    forget it in storage too; what the interaction could no longer show stays owed."""
    pid = responder.user_id
    if pid is None or responder.gone:
        return
    manager = responder.bot.matches
    lines = live.owed.pop(pid, [])
    if lines:
        upto = manager.owed_upto(live, pid, OWED_TEXT)
        await responder.send("\n".join(lines), ephemeral=True)
        if responder.gone:  # the interaction expired under us: the words were not shown
            live.owed[pid] = lines + live.owed.get(pid, [])
            return
        await manager.settle_owed(live, pid, OWED_TEXT, upto)
    if pid in live.owed_controls:
        live.owed_controls.discard(pid)
        upto = manager.owed_upto(live, pid, OWED_CONTROLS)
        if pid in live.waiting_for_orders():
            await responder.send(controls_text(live, pid), view=controls(live, pid), ephemeral=True)
            if responder.gone:
                live.owed_controls.add(pid)
                return
        await manager.settle_owed(live, pid, OWED_CONTROLS, upto)


#: The answer every Order Marker control gives a player who has conceded.
CONCEDED = "You have conceded this match."


def round_controls(interaction: discord.Interaction, match_id: str, round_no: int) -> tuple[Host, LiveMatch, str]:
    """The bot, the live match and the presser's id for a round's marker controls.

    :raises Stale: the match is over, or the controls belong to an earlier round.
    :raises UserError: the presser has conceded (:data:`CONCEDED`).
    """
    bot = _bot(interaction)
    found = bot.matches.get(match_id)
    if found is None:
        raise Stale("That match is over.")
    live = heroscape(found)
    pid = str(interaction.user.id)
    if live.state.phase is not Phase.OVER and any(p.id == pid and p.conceded for p in live.state.players):
        raise UserError(CONCEDED)
    _check_round(live, round_no)
    return bot, live, pid


async def open_here(interaction: discord.Interaction, match_id: str, round_no: int) -> None:
    """The "Place my markers" button: the controls, ephemerally, for the player who pressed it."""
    bot, live, pid = round_controls(interaction, match_id, round_no)
    if pid not in live.waiting_for_orders():
        raise UserError("Your Order Markers are already locked in for this round." if live.state.orders.get(pid)
                        else "You have no figures left to give orders to.")
    live.owed_controls.discard(pid)
    await bot.matches.settle_owed(live, pid, OWED_CONTROLS)
    await interaction.response.send_message(controls_text(live, pid), view=controls(live, pid), ephemeral=True)


async def pick(interaction: discord.Interaction, match_id: str, round_no: int, marker: str, values: list[str]) -> None:
    """A menu changed: remember the pick and redraw the controls."""
    bot, live, pid = round_controls(interaction, match_id, round_no)
    if live.state.orders.get(pid):
        raise UserError("Your Order Markers are already locked in for this round.")
    key = values[0] if values else ""
    card = live.state.cards.get(key)
    if card is None or card.controller != pid:
        raise UserError("That card is not in your army.")
    picks = marker_picks_of(live, pid)
    picks[marker] = key
    await bot.matches.save_secret_picks(live, pid, {ROUND_KEY: str(round_no), **picks})
    try:
        await interaction.response.edit_message(content=controls_text(live, pid), view=controls(live, pid))
    except discord.HTTPException as exc:
        if not answered_before(exc):
            raise
        # The same pick delivered twice: stored again (the same value), the first answer stands.
        log.info("pick %s delivered again; already answered", interaction.id)


async def locked_again(interaction: discord.Interaction, live: LiveMatch | None, round_no: int) -> None:
    """A Lock-in delivered a second time after it was applied: answer as the first time (the round
    is locked in, with the player's markers while that round lasts), never "no longer placed"."""
    text = f"🔒 Round {round_no}: locked in."
    pid = str(interaction.user.id)
    mine = live.state.orders.get(pid) if live is not None and live.state.round == round_no else None
    if live is not None and mine:
        text += " Your markers: " + ", ".join(f"{m} → {_card_name(live, mine[m])}" for m in MARKER_NAMES if m in mine)
    await tell(interaction, text)
