"""The Confirm / Dispute buttons under a hand-reported league result. The game id and its version
are in the custom id, so the buttons work after a restart and a second press changes nothing."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.errors import UserError
from bot.discord.host import host_of
from bot.leagues.model import CONFIRMED, DISPUTED, REPORTED
from bot.leagues.store import ORGANISER

REPORT_ID = r"hs:lgr:(?P<g>[0-9]+):(?P<v>[0-9]+):(?P<a>yes|no)"


def report_view(game_id: int, version: int, *, disabled: bool = False) -> discord.ui.View:
    """A view with Confirm and Dispute for a reported game at ``version`` (greyed out once answered)."""
    view = discord.ui.View(timeout=None)
    for yes in (True, False):
        button = ReportButton(game_id, version, yes)
        button.item.disabled = disabled
        view.add_item(button)
    return view


class ReportButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REPORT_ID):
    """Confirm (``yes``) or Dispute (``no``) a reported result; only the report's opponents may."""

    def __init__(self, game_id: int, version: int, yes: bool) -> None:
        self.game_id, self.version, self.yes = game_id, version, yes
        super().__init__(discord.ui.Button(
            label="Confirm" if yes else "Dispute",
            style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
            custom_id=f"hs:lgr:{game_id}:{version}:{'yes' if yes else 'no'}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ReportButton:
        return cls(int(match["g"]), int(match["v"]), match["a"] == "yes")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Any = host_of(interaction)
        with bot.busy("league-confirm"):
            try:
                text = await answer_report(bot, str(interaction.user.id), self.game_id, self.version, self.yes)
            except UserError as exc:
                await interaction.response.send_message(str(exc), ephemeral=True)
                return
            await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions(users=True))
            if interaction.message is not None:  # answered: the buttons are turned off, as /match undo's are
                await interaction.message.edit(view=report_view(self.game_id, self.version, disabled=True))


async def answer_report(bot: Any, user: str, game_id: int, version: int, yes: bool) -> str:
    """Confirm or dispute game ``game_id``'s report as ``user``; the public answer.

    :raises UserError: the game is unknown, ``user`` is not one of its opponents (the reporter
        cannot confirm their own report), or it was already answered or changed.
    """
    from bot.discord.league.service import result_words

    store = bot.leagues.store
    found = await store.game(game_id)
    if found is None:
        raise UserError("That league game no longer exists.")
    league_id, game, current = found
    if user not in game.players:
        raise UserError("Only the players of this game can confirm or dispute its result.")
    if user == game.reported_by:
        raise UserError("You reported this result: your opponent confirms it, not you.")
    if game.state != REPORTED or current != version:
        raise UserError(f"This report was already answered or changed (the game is now {game.state}); "
                        "nothing changed.")
    league = await store.by_id(league_id)
    names = await bot.leagues.names(league)
    if yes:
        if not await store.set_result(league_id, game_id, version, state=CONFIRMED, ranks=game.ranks, actor=user,
                                      kind="confirm"):
            raise UserError("This report was answered or changed meanwhile; nothing changed.")
        await bot.leagues.close_match(game, f"{result_words(game, names)} (confirmed by {names.get(user, user)})")
        return f"✅ {names.get(user, user)} confirmed: {result_words(game, names)} (game #{game_id})."
    await store.set_result(league_id, game_id, version, state=DISPUTED, ranks=game.ranks, actor=user, kind="dispute")
    organisers = [m.user_id for m in await store.members(league_id, ORGANISER)]
    return (f"⚠ {names.get(user, user)} disputes the result of game #{game_id}. Organisers "
            f"{' '.join(f'<@{o}>' for o in organisers)}: decide it with `/league correct game:{game_id}`.")
