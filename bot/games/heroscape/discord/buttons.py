"""What Heroscape's buttons do (:meth:`bot.games.heroscape.discord.face.HeroscapeFace.items`): an
attack preview's Roll, a friendly special attack's confirmation, a decision's buttons and the Order
Marker controls' Lock in; each checks the press, then applies through :func:`bot.discord.actions.play`
or the kernel."""

from __future__ import annotations

import shlex

import discord

from bot.discord.actions import bot_of, live_of, not_again, play
from bot.discord.errors import NotAPlayer, Stale, UserError
from bot.discord.publish import publish
from bot.discord.respond import Responder
from bot.games.heroscape.discord import orders
from bot.games.heroscape.discord.live import HeroscapeLive, heroscape
from bot.rules.state import MARKERS


async def _confirmed(interaction: discord.Interaction, match_id: str, version: int, stale: str, who: str) -> HeroscapeLive:
    """The match behind a button that carries out one command of the turn under way (Roll, a
    friendly special attack's confirmation): refused as ``stale`` when anything happened since it
    was offered, and as ``who`` for anyone but the player whose turn it is."""
    live = heroscape(live_of(interaction, match_id))
    await not_again(interaction)
    st = live.state
    if live.version != version:
        raise Stale(stale)
    if st.turn is None or st.turn.player != str(interaction.user.id):
        raise NotAPlayer(who)
    return live


async def roll(interaction: discord.Interaction, match_id: str, version: int, attacker: str, target: str) -> None:
    """The Roll button of an attack preview."""
    live = await _confirmed(interaction, match_id, version,
                            "The board changed since this preview (the attack was rolled, or someone acted). "
                            "Use `/attack` again if the attack is still on.",
                            "Only the player whose turn it is can roll this attack.")
    await play(interaction, f"attack {attacker} {target}", live=live, expected_version=version)


async def special_confirmed(interaction: discord.Interaction, match_id: str, version: int, attacker: str,
                            power: str, target: str) -> None:
    """The confirmation button of a ``/special`` aimed at a figure of the attacker's own side."""
    live = await _confirmed(interaction, match_id, version,
                            "The board changed since I asked (someone acted). Use `/special` again if the "
                            "attack is still on.",
                            "Only the player whose turn it is can make this attack.")
    text = " ".join(["special", *(shlex.quote(a) for a in (attacker, power, target))])
    await play(interaction, text, live=live, expected_version=version)


async def choose(interaction: discord.Interaction, match_id: str, version: int, index: int) -> None:
    """A decision button."""
    live = heroscape(live_of(interaction, match_id))
    await not_again(interaction)
    pend = live.state.pending[0] if live.state.pending else None
    if live.version != version or pend is None or index >= len(pend.options):
        raise Stale("This decision was already made.")
    option = pend.options[index]
    await play(interaction, f"choose {shlex.quote(option)}", live=live, expected_version=version)



async def lock(interaction: discord.Interaction, match_id: str, round_no: int) -> None:
    """The Lock in button of the Order Marker controls: apply ``orders 1=... 2=... 3=... X=...``,
    confirm privately, tell the channel."""
    bot = bot_of(interaction)
    if await bot.matches.was_processed(interaction.id):
        found = bot.matches.get(match_id)
        await orders.locked_again(interaction, heroscape(found) if found is not None else None, round_no)
        return
    bot, live, pid = orders.round_controls(interaction, match_id, round_no)
    if live.state.orders.get(pid):
        raise UserError("Your Order Markers are already locked in for this round.")
    picks = orders.marker_picks_of(live, pid)
    missing = [m for m in MARKERS if m not in picks]
    if missing:
        raise UserError(f"Pick a card for marker(s) {', '.join(missing)} first.")
    text = "orders " + " ".join(f"{m}={picks[m]}" for m in MARKERS)
    applied = await bot.matches.apply(live, pid, text, interaction_id=interaction.id)
    await bot.matches.save_secret_picks(live, pid, {})
    mine = "\n".join(applied.outcome.private.get(pid, []))
    responder = Responder(bot, interaction, live.channel_id)
    if not await responder.edit(f"🔒 Round {round_no}: locked in. {mine}", view=None):
        await responder.send(f"🔒 Locked in. {mine}", ephemeral=True)
    # When Discord took neither answer, the player's own lines go the private way (DM, or later).
    await publish(bot, live, applied, responder, private_done=() if responder.gone else {pid})
