"""Onslaught's buttons on Discord, restart-proof (:class:`discord.ui.DynamicItem`): a decision's
answers (a reaction or a pass, a level-up card, a kept item, a monster's target) and the **Roll**
button of an attack preview. Each custom id carries the match id and the state version it was made
for, so a press after anything changed is refused as stale; only the player the decision waits for
(or whose activation it is) may press.

The answers are :meth:`OnslaughtMatch.legal <bot.games.onslaught.match.OnslaughtMatch.legal>`'s, by
position: the list is stable for a given version, so an index in the custom id names one command.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.discord import actions
from bot.discord.components import MatchItem, view_of
from bot.discord.errors import NotAPlayer, Stale
from bot.games.onslaught.discord.texts import answer_label, legal_of
from bot.games.onslaught.match import OnslaughtMatch

if TYPE_CHECKING:
    from bot.discord.live import LiveMatch

#: A stale decision button's answer (the decision was made, or the match changed since, e.g. an undo).
ALREADY = ("This decision was already made, or the match changed since these buttons were posted; "
           "`/match status` gives the buttons of what is waited for now.")
DECIDE_ID = r"os:dec:(?P<m>[0-9a-f]+):(?P<v>\d+):(?P<i>\d+)"
ROLL_ID = r"os:roll:(?P<m>[0-9a-f]+):(?P<v>\d+):(?P<a>[^:]+):(?P<t>[^:]+):(?P<k>[a-z]*)"
USE_ID = r"os:use:(?P<m>[0-9a-f]+):(?P<v>\d+):(?P<i>\d+):(?P<t>[^:]+)"


def game_of(live: LiveMatch) -> OnslaughtMatch:
    """The Onslaught match of a live match."""
    game = live.game
    assert isinstance(game, OnslaughtMatch)
    return game


def answers(live: LiveMatch, pid: str) -> list[str]:
    """The answers ``pid`` may give the decision waited for now (empty: no decision of theirs)."""
    return legal_of(game_of(live), pid).answers


def decider(live: LiveMatch) -> str | None:
    """The seat the pending decision waits for, or ``None``."""
    game = game_of(live)
    if not game.started or not game.state.pending or game.result() is not None:
        return None
    waits = game.waiting()
    return waits[0].player if waits else None


def decision_buttons(live: LiveMatch, version: int, private: bool = False) -> discord.ui.View | None:
    """Buttons answering the pending decision, bound to ``version`` (at most 25). A decision whose
    options are secret (the item kept from a chest, DDO-LOOT-03) gets none unless ``private``."""
    pid = decider(live)
    if pid is None:
        return None
    game = game_of(live)
    if game.state.pending[0].kind == "keep" and not private:
        return None
    texts = answers(live, pid)[:25]
    if not texts:
        return None
    return view_of(*(DecisionButton(live.match_id, version, i, answer_label(game, t)) for i, t in enumerate(texts)))


async def decide(interaction: discord.Interaction, match_id: str, version: int, index: int) -> None:
    """A decision button: apply that answer for the presser (only the decider; only if nothing changed)."""
    live = actions.bot_of(interaction).matches.get(match_id)
    if live is None:
        raise Stale("That match is over or was ended.")
    if await actions.bot_of(interaction).matches.was_processed(interaction.id):
        return
    pid = str(interaction.user.id)
    who = decider(live)
    if live.over:  # QA F18: not "already made" after a concession
        raise Stale("The match is over; nothing more is decided in it.")
    if live.version != version or who is None:
        raise Stale(ALREADY)
    if who != pid:
        raise NotAPlayer(f"This decision is {live.game.name(who)}'s to make.")
    texts = answers(live, pid)
    if index >= len(texts):
        raise Stale(ALREADY)
    await actions.play(interaction, texts[index], live=live, expected_version=version)


async def _previewed(interaction: discord.Interaction, match_id: str, version: int, what: str,
                     command: str) -> LiveMatch | None:
    """The match of a preview's Roll button, if the press is still good (``None``: this interaction was
    already handled).

    :raises Stale: the match ended, or anything changed since the preview (``what`` was rolled or
        someone acted; ``command`` previews again)."""
    live = actions.bot_of(interaction).matches.get(match_id)
    if live is None:
        raise Stale("That match is over or was ended.")
    if await actions.bot_of(interaction).matches.was_processed(interaction.id):
        return None
    if live.version != version:
        raise Stale(f"The board changed since this preview ({what} was rolled, or someone acted). "
                    f"Use `{command}` again if it is still on.")
    return live


async def roll(interaction: discord.Interaction, match_id: str, version: int, attacker: str, target: str,
               kind: str) -> None:
    """The Roll button of an attack preview: the attack, if nothing changed since the preview."""
    live = await _previewed(interaction, match_id, version, "the attack", "/attack")
    if live is None:
        return
    game = game_of(live)
    if game.side_of(str(interaction.user.id)) is None:
        raise NotAPlayer("Only the player whose activation it is can roll this attack.")
    text = " ".join(["attack", attacker, target, *([kind] if kind else [])])
    await actions.play(interaction, text, live=live, expected_version=version)


async def use(interaction: discord.Interaction, match_id: str, version: int, index: int, aim: str) -> None:
    """The Roll button of an attack ability's preview (``/ability``): the active character's ability
    number ``index`` aimed at ``aim``, if nothing changed since the preview."""
    live = await _previewed(interaction, match_id, version, "the ability", "/ability")
    if live is None:
        return
    game = game_of(live)
    st = game.state
    m = st.minis.get(st.activation.mini) if st.activation is not None else None
    if m is None or game.side_of(str(interaction.user.id)) != m.side:
        raise NotAPlayer("Only the player whose activation it is can roll this attack.")
    abilities = st.abilities(m)
    if index >= len(abilities):
        raise Stale("This preview is out of date. Use `/ability` again.")
    text = " ".join(["use", m.name, abilities[index].name.replace(" ", "-"), aim])
    await actions.play(interaction, text, live=live, expected_version=version)


class DecisionButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=DECIDE_ID):
    """One answer of a pending decision (a reaction, a level-up card, an item to keep, a target)."""

    def __init__(self, match_id: str, version: int, index: int, label: str = "?") -> None:
        self.match_id, self.version, self.index = match_id, version, index
        style = discord.ButtonStyle.secondary if label.startswith("Pass") else discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(label=label[:80] or "?", style=style,
                                           custom_id=f"os:dec:{match_id}:{version}:{index}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> DecisionButton:
        return cls(match["m"], int(match["v"]), int(match["i"]), getattr(item, "label", None) or "?")


class RollButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ROLL_ID):
    """Roll the attack previewed by ``/attack`` (only if nothing changed since the preview)."""

    def __init__(self, match_id: str, version: int, attacker: str, target: str, kind: str = "") -> None:
        self.match_id, self.version, self.attacker, self.target, self.kind = match_id, version, attacker, target, kind
        super().__init__(discord.ui.Button(label="Roll", emoji="🎲", style=discord.ButtonStyle.danger,
                                           custom_id=f"os:roll:{match_id}:{version}:{attacker}:{target}:{kind}"[:100]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RollButton:
        return cls(match["m"], int(match["v"]), match["a"], match["t"], match["k"])


class UseButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=USE_ID):
    """Roll the attack ability previewed by ``/ability`` (only if nothing changed since the preview):
    the active character's ability number ``index`` aimed at ``aim`` (a miniature or a square)."""

    def __init__(self, match_id: str, version: int, index: int, aim: str, label: str = "Roll") -> None:
        self.match_id, self.version, self.index, self.aim = match_id, version, index, aim
        super().__init__(discord.ui.Button(label=label, emoji="🎲", style=discord.ButtonStyle.danger,
                                           custom_id=f"os:use:{match_id}:{version}:{index}:{aim}"[:100]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> UseButton:
        return cls(match["m"], int(match["v"]), int(match["i"]), match["t"], getattr(item, "label", None) or "Roll")


#: The buttons and what pressing each does (:attr:`bot.discord.face.Face.items`).
PRESSES: dict[type[discord.ui.DynamicItem[Any]], Any] = {
    DecisionButton: lambda item, i: decide(i, item.match_id, item.version, item.index),
    RollButton: lambda item, i: roll(i, item.match_id, item.version, item.attacker, item.target, item.kind),
    UseButton: lambda item, i: use(i, item.match_id, item.version, item.index, item.aim),
}
