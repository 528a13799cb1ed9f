"""Undo by agreement (issue 16): a player asks to take back their latest command(s) that rolled no
dice and revealed nothing hidden; every other player answers with buttons; when all accept, the
match is rebuilt from its seed and the shortened log (the match kernel replays) and the map is
posted again. A request dies when refused, when anyone acts meanwhile, or at the match's current
deadline (24 hours when there is none)."""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.components import tell, view_of
from bot.discord.errors import UserError
from bot.discord.face import face_of
from bot.discord.host import host_of
from bot.discord.pace.store import OPEN
from bot.discord.pace.texts import when_words
from bot.discord.respond import Responder
from bot.storage.base import TurnMark

if TYPE_CHECKING:
    from bot.discord.matches import LiveMatch
    from bot.discord.pace.service import PaceService

#: How long a request lives when the match has no deadline.
NO_DEADLINE_LIFE = 86400.0
UNDO_ID = r"hs:undo:(?P<r>\d+):(?P<v>yes|no)"


def undoable_cut(service: PaceService, live: LiveMatch, player: str, causes: dict[int, str]) -> int:
    """The smallest log position from which ``player``'s latest commands may be taken back: all
    theirs, sent by them (not by a deadline's policy), none the game keeps for good
    (:attr:`LiveMatch.undo_final`), and the match replayed without them shows the same (dice, hidden
    things: :meth:`LiveMatch.undo_blocker`).

    :raises UserError: when nothing can be undone (saying why).
    """
    log = live.game.log
    if not log:
        raise UserError("Nothing can be undone: no command was played yet.")
    if log[-1][0] != player:
        raise UserError(f"Nothing of yours can be undone: the latest command is {live.game.name(log[-1][0])}'s. "
                        "Undo takes back only your own latest commands, before anyone else acts.")
    best: int | None = None
    why = ""
    cut = len(log) - 1
    while cut >= 0 and log[cut][0] == player:
        text = log[cut][1]
        if cut in causes:
            why = "it was played for you when your deadline passed"
            break
        if text.split(" ", 1)[0] in live.undo_final:
            why = f"'{text.split(' ', 1)[0]}' cannot be taken back"
            break
        why = live.undo_blocker(live.rebuild(cut))
        if why:
            break
        best = cut
        cut -= 1
    if best is None:
        raise UserError(f"Nothing can be undone: your latest command cannot be taken back ({why}). "
                        "Only commands that rolled no dice and revealed nothing hidden can be.")
    return best


async def request(service: PaceService, live: LiveMatch, player: str) -> None:
    """Ask the other players to accept taking back ``player``'s latest commands.

    :raises UserError: nothing can be undone, or a request is already waiting.
    """
    store = service.store
    if store is None:
        raise UserError("Undo by agreement needs the bot's database, which this bot does not have.")
    if await store.open_undos(live.match_id):
        raise UserError("An undo request is already waiting for answers in this match; wait until it is "
                        "accepted, refused or expired.")
    others = [p for p in live.active_players() if p != player]
    cut = undoable_cut(service, live, player, await store.causes(live.match_id))
    log = live.game.log
    now = service.clock.now()
    dues = [r.due for r in await service.current(live)]
    expires = min(dues) if dues else now + NO_DEADLINE_LIFE
    rid = await store.open_undo(live.match_id, player, cut, len(log), expires)
    what = "; ".join(f"`{live.shown_command(t)}`" for _, t in log[cut:])
    name = live.game.name(player)
    if not others:
        await _apply(service, live, rid)
        return
    await Responder(service.bot, None, live.channel_id).send(
        f"↩ {name} asks to take back {what}. {' '.join(f'<@{o}>' for o in others)}: accept or refuse with the "
        f"buttons (all must accept). The request expires {when_words(expires)}.",
        view=view_of(UndoButton(rid, True), UndoButton(rid, False)), mentions=others)


async def vote(interaction: discord.Interaction, request_id: int, yes: bool) -> None:
    """A player pressed Accept or Refuse."""
    bot: Any = host_of(interaction)
    service: PaceService = bot.pace
    store = service.store
    req = await store.undo(request_id) if store is not None else None
    if store is None or req is None or req.state != OPEN:
        await tell(interaction, "This undo request is no longer open (accepted, refused or expired).")
        return
    live = bot.matches.get(req.match_id)
    voter = str(interaction.user.id)
    if live is None or not live.is_player(voter) or voter == req.player:
        await tell(interaction, "Only the other players of this match answer this undo request.")
        return
    if len(live.game.log) != req.log_len:
        await store.update_undo(req, state="void")
        await tell(interaction, "Someone acted since the request was made, so it no longer applies.")
        return
    name = live.game.name(voter)
    if not yes:
        if await store.update_undo(req, votes={**req.votes, voter: False}, state="refused"):
            await interaction.response.send_message(
                f"↩ {name} refused to take back {live.game.name(req.player)}'s command: nothing changes.")
            if interaction.message is not None:  # the decided request keeps no live buttons
                await interaction.message.edit(view=closed_view(request_id))
        return
    votes = {**req.votes, voter: True}
    others = {p for p in live.active_players() if p != req.player}
    if not await store.update_undo(req, votes=votes):
        await tell(interaction, "Your answer crossed another one; press again.")
        return
    if others <= {k for k, v in votes.items() if v}:
        # The answer edits the request (buttons off); the acceptance is told before the undo's result.
        await interaction.response.edit_message(view=closed_view(request_id))

        async def accepted() -> None:
            await interaction.followup.send(f"↩ {name} accepted.", allowed_mentions=discord.AllowedMentions.none())

        await _apply(service, live, request_id, accepted)
    else:
        await interaction.response.send_message(f"↩ {name} accepted; waiting for the others.")


def closed_view(request_id: int) -> discord.ui.View:
    """The Accept/Refuse buttons of a decided request, disabled."""
    buttons = (UndoButton(request_id, True), UndoButton(request_id, False))
    for button in buttons:
        button.item.disabled = True
    return view_of(*buttons)


async def _apply(service: PaceService, live: LiveMatch, request_id: int,
                 accepted: Callable[[], Awaitable[None]] | None = None) -> None:
    """Everyone agreed: cut the log, rebuild the match from its seed and post the map again.
    ``accepted`` (optional) tells the last acceptance, once, before the result is posted."""
    store = service.store
    assert store is not None
    req = await store.undo(request_id)
    if req is None or not await store.update_undo(req, state="accepted"):
        return
    if accepted is not None:
        await accepted()
    async with live.lock:
        log = live.game.log
        if len(log) != req.log_len:
            return
        taken = log[req.cut:]
        old_version = live.version
        await store.cut_log(live.match_id, req.cut)
        live.adopt(live.rebuild(req.cut), old_version)  # buttons made before the undo stay refused
        live.snapshot_seq = min(live.snapshot_seq, req.cut)
        live.unsent = {k: e for k, e in live.unsent.items() if e.seq < req.cut}
        live.turn_mark = TurnMark(live.version, int(time.time() * 1000), "an undo by agreement")
    face = face_of(live)
    png = await face.draw(service.bot, live, live.public_view(), ())
    what = "; ".join(f"`{live.shown_command(t)}`" for _, t in taken)
    # A decision pending again gets its buttons again (the ones posted before the undo are stale).
    view = face.decision_view(live, live.version, live.facts()[1])
    await Responder(service.bot, None, live.channel_id).send(
        f"↩ Undone by agreement: {live.game.name(req.player)}'s {what}. The match is back where it was:",
        png=png, filename=f"undo-v{live.version}.png", view=view)
    await service.after_publish(live)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=UNDO_ID):
    """Accept (``yes``) or Refuse an undo request; the request id is in the custom id, so it works
    after a restart."""

    def __init__(self, request_id: int, yes: bool) -> None:
        self.request_id, self.yes = request_id, yes
        super().__init__(discord.ui.Button(
            label="Accept undo" if yes else "Refuse", style=discord.ButtonStyle.success if yes
            else discord.ButtonStyle.danger, custom_id=f"hs:undo:{request_id}:{'yes' if yes else 'no'}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> UndoButton:
        return cls(int(match["r"]), match["v"] == "yes")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Any = host_of(interaction)
        with bot.busy("undo"):
            await vote(interaction, self.request_id, self.yes)
