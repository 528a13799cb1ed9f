"""Heroscape's restart-proof buttons and menus (:class:`discord.ui.DynamicItem`, see
:mod:`bot.discord.components`): an attack preview's Roll, a friendly special attack's confirmation,
a decision's buttons and the Order Marker controls. Their custom ids start ``hs:`` and never change
(old messages keep working); what a press does is :mod:`bot.games.heroscape.discord.buttons`.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.components import MatchItem, tell
from bot.games.heroscape.discord.live import heroscape
from bot.rules.state import MARKERS

MARKER_NAMES = MARKERS  # the rules' Order Markers, not a copy

#: The custom ids of the items below (match id, then what the item is bound to).
ROLL_ID = r"hs:roll:(?P<m>[0-9a-f]+):(?P<v>\d+):(?P<a>[^:]+):(?P<t>[^:]+)"
CHOOSE_ID = r"hs:choose:(?P<m>[0-9a-f]+):(?P<v>\d+):(?P<i>\d+)"
MARKERS_ID = r"hs:markers:(?P<m>[0-9a-f]+):(?P<r>\d+)"
ORDER_ID = r"hs:ord:(?P<m>[0-9a-f]+):(?P<r>\d+):(?P<k>[123X])"
LOCK_ID = r"hs:lock:(?P<m>[0-9a-f]+):(?P<r>\d+)"
SPECIAL_ID = r"hs:special:(?P<m>[0-9a-f]+):(?P<v>\d+):(?P<a>[^:]+):(?P<p>[^:]+):(?P<t>[^:]+)"


class RollButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=ROLL_ID):
    """Roll the attack previewed by ``/attack`` (only if nothing changed since the preview)."""

    def __init__(self, match_id: str, version: int, attacker: str, target: str) -> None:
        self.match_id, self.version, self.attacker, self.target = match_id, version, attacker, target
        super().__init__(discord.ui.Button(label="Roll", emoji="🎲", style=discord.ButtonStyle.danger,
                                           custom_id=f"hs:roll:{match_id}:{version}:{attacker}:{target}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RollButton:
        return cls(match["m"], int(match["v"]), match["a"], match["t"])


class SpecialButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=SPECIAL_ID):
    """Confirm a ``/special`` aimed at a figure of the attacker's own side (HS-ATTACK-01 allows it; the
    button makes sure nobody does it by mistake). Only if nothing changed since it was offered."""

    #: The button's words: it says whom it attacks.
    LABEL = "Attack my own side"

    def __init__(self, match_id: str, version: int, attacker: str, power: str, target: str) -> None:
        self.match_id, self.version = match_id, version
        self.attacker, self.power, self.target = attacker, power, target
        super().__init__(discord.ui.Button(
            label=self.LABEL, emoji="⚠️", style=discord.ButtonStyle.danger,
            custom_id=f"hs:special:{match_id}:{version}:{attacker}:{power}:{target}"[:100]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SpecialButton:
        return cls(match["m"], int(match["v"]), match["a"], match["p"], match["t"])


class ChoiceButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=CHOOSE_ID):
    """Answer a pending decision with option ``index`` (only the deciding player may)."""

    def __init__(self, match_id: str, version: int, index: int, label: str = "?") -> None:
        self.match_id, self.version, self.index = match_id, version, index
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.primary,
                                           custom_id=f"hs:choose:{match_id}:{version}:{index}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ChoiceButton:
        label = getattr(item, "label", None) or "?"
        return cls(match["m"], int(match["v"]), int(match["i"]), label)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if not await self.check_player(interaction):
            return False
        found = self.live(interaction)
        live = heroscape(found) if found is not None else None
        pending = live.state.pending if live else []
        if pending and pending[0].player != str(interaction.user.id):
            await tell(interaction, f"This decision is {live.session.name(pending[0].player) if live else '?'}'s to make.")
            return False
        return True


class MarkersButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=MARKERS_ID):
    """On the public round message: open my Order Marker controls here, privately."""

    def __init__(self, match_id: str, round_no: int) -> None:
        self.match_id, self.round = match_id, round_no
        super().__init__(discord.ui.Button(label="Place my markers", emoji="🎯", style=discord.ButtonStyle.secondary,
                                           custom_id=f"hs:markers:{match_id}:{round_no}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> MarkersButton:
        return cls(match["m"], int(match["r"]))


class OrderSelect(MatchItem, discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=ORDER_ID):
    """One Order Marker's card, picked privately (DM or ephemeral); changeable until locked."""

    def __init__(self, match_id: str, round_no: int, marker: str,
                 options: list[discord.SelectOption] | None = None) -> None:
        self.match_id, self.round, self.marker = match_id, round_no, marker
        super().__init__(discord.ui.Select(
            custom_id=f"hs:ord:{match_id}:{round_no}:{marker}", placeholder=f"Order Marker {marker}: choose a card",
            options=options or [discord.SelectOption(label="?", value="?")], min_values=1, max_values=1))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> OrderSelect:
        options = list(getattr(item, "options", []) or [])
        return cls(match["m"], int(match["r"]), match["k"], options)


class LockButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=LOCK_ID):
    """Lock in the picked Order Markers (applies ``orders ...`` for the player)."""

    def __init__(self, match_id: str, round_no: int) -> None:
        self.match_id, self.round = match_id, round_no
        super().__init__(discord.ui.Button(label="Lock in", emoji="🔒", style=discord.ButtonStyle.success,
                                           custom_id=f"hs:lock:{match_id}:{round_no}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LockButton:
        return cls(match["m"], int(match["r"]))
