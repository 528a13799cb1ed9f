"""What slash commands and buttons do to a match: find it, check the user, apply, publish.

The cogs and components translate Discord into a command text and call :func:`play` (or
:func:`roll`, :func:`choose`); everything else - rules, persistence, messages - happens here
and below, the same for every entry point.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

import discord

from bot.discord import orders, threads
from bot.discord.errors import AlreadyDone, NoMatch, NotAPlayer, Stale, UserError
from bot.discord.host import Host, host_of
from bot.discord.matches import snowflake_ms
from bot.discord.publish import publish
from bot.discord.respond import Responder
from bot.rules.state import MARKERS

if TYPE_CHECKING:
    from bot.discord.matches import LiveMatch


def bot_of(interaction: discord.Interaction) -> Host:
    """The bot that received ``interaction``."""
    return host_of(interaction)


def match_here(interaction: discord.Interaction) -> LiveMatch:
    """The match of the interaction's channel.

    :raises NoMatch: when there is none (the message names matches in this channel's threads).
    """
    bot = bot_of(interaction)
    try:
        return bot.matches.require(interaction.channel_id)
    except NoMatch:
        # In a parent channel, point at the matches living in its threads (the match cog keeps
        # the thread -> parent map); every command says the same, not only /match.
        parents = getattr(bot.get_cog("MatchCog"), "thread_parents", None)
        if parents is None:
            raise
        raise NoMatch(threads.no_match_text(bot.matches, parents, interaction.channel,
                                            interaction.channel_id)) from None


def player_here(interaction: discord.Interaction) -> tuple[LiveMatch, str]:
    """The channel's match and the user as one of its players.

    :raises NoMatch: no match here. :raises NotAPlayer: the user does not play in it.
    """
    live = match_here(interaction)
    pid = str(interaction.user.id)
    live.require_player(pid)
    return live, pid


async def play(interaction: discord.Interaction, text: str, *, live: LiveMatch | None = None,
               expected_version: int | None = None, header: str = "", seated: bool = True,
               with_map: bool = False) -> None:
    """Apply ``text`` for the user in the interaction's match and show what happened.

    ``seated=False`` lets a user who is not (yet) a player act (``join``); ``with_map`` shows the
    map even when no Player Turn ended.

    :raises UserError, RulesError: refused; the tree's error handler says why, privately.
    """
    bot = bot_of(interaction)
    with bot.busy(text.split(" ", 1)[0]):
        await _play(bot, interaction, text, live, expected_version, header, seated, with_map)


async def _play(bot: Host, interaction: discord.Interaction, text: str, live: LiveMatch | None,
                expected_version: int | None, header: str, seated: bool, with_map: bool) -> None:
    live = live or match_here(interaction)
    pid = str(interaction.user.id)
    if seated:
        live.require_player(pid)
    # A slash command is bound to the moment it was issued (its interaction's time): one issued
    # before the turn changed is refused rather than applied to the new turn (boardgame.io's
    # _stateID). Buttons carry their version in the custom id instead.
    issued = (snowflake_ms(interaction.id) if expected_version is None
              and interaction.type is discord.InteractionType.application_command else None)
    try:
        applied = await bot.matches.apply(live, pid, text, interaction_id=interaction.id,
                                          expected_version=expected_version, want_view=with_map,
                                          issued_ms=issued, header=header)
    except AlreadyDone:
        return  # a retried delivery of an interaction already applied: nothing more to say
    await publish(bot, live, applied, Responder(bot, interaction, live.channel_id), header=header)


def _live(interaction: discord.Interaction, match_id: str) -> LiveMatch:
    live = bot_of(interaction).matches.get(match_id)
    if live is None:
        raise Stale("That match is over or was ended.")
    return live


async def _not_again(interaction: discord.Interaction) -> None:
    """:raises AlreadyDone: this interaction was applied already (delivered a second time); checked
    before the version, which the first delivery changed."""
    if await bot_of(interaction).matches.was_processed(interaction.id):
        raise AlreadyDone("That was already done.")


async def _confirmed(interaction: discord.Interaction, match_id: str, version: int, stale: str, who: str) -> LiveMatch:
    """The match behind a button that carries out one command of the turn under way (Roll, a
    friendly special attack's confirmation): refused as ``stale`` when anything happened since it
    was offered, and as ``who`` for anyone but the player whose turn it is."""
    live = _live(interaction, match_id)
    await _not_again(interaction)
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
    live = _live(interaction, match_id)
    await _not_again(interaction)
    pend = live.state.pending[0] if live.state.pending else None
    if live.version != version or pend is None or index >= len(pend.options):
        raise Stale("This decision was already made.")
    option = pend.options[index]
    await play(interaction, f"choose {shlex.quote(option)}", live=live, expected_version=version)


#: What ``/match concede`` asks before anything changes.
CONCEDE_QUESTION = ("Concede this match? Your figures leave the battlefield and you cannot come back; "
                    "the others play on without you. Press **Concede** to leave, or **Keep playing**.")
#: The answer to **Keep playing**.
KEEP_PLAYING = "You keep playing; nothing changed."


async def concede(interaction: discord.Interaction, match_id: str, confirmed: bool) -> None:
    """A button of ``/match concede``'s question: concede (``confirmed``), or keep playing (the
    question's message says so and loses its buttons; nothing changes)."""
    live = _live(interaction, match_id)
    if not confirmed:
        await interaction.response.edit_message(content=KEEP_PLAYING, view=None)
        return
    await _not_again(interaction)
    await play(interaction, "concede", live=live)


async def lock(interaction: discord.Interaction, match_id: str, round_no: int) -> None:
    """The Lock in button of the Order Marker controls: apply ``orders 1=... 2=... 3=... X=...``,
    confirm privately, tell the channel."""
    bot = bot_of(interaction)
    if await bot.matches.was_processed(interaction.id):
        await orders.locked_again(interaction, bot.matches.get(match_id), round_no)
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
    await bot.matches.save_marker_picks(live, pid, {})
    mine = "\n".join(applied.outcome.private.get(pid, []))
    responder = Responder(bot, interaction, live.channel_id)
    if not await responder.edit(f"🔒 Round {round_no}: locked in. {mine}", view=None):
        await responder.send(f"🔒 Locked in. {mine}", ephemeral=True)
    # When Discord took neither answer, the player's own lines go the private way (DM, or later).
    await publish(bot, live, applied, responder, private_done=() if responder.gone else {pid})
