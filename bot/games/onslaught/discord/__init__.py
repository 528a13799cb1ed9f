"""D&D Onslaught's face on Discord (:class:`~bot.discord.face.Face`): ``FACE``, found by
:func:`bot.discord.face.face` for matches of ``onslaught`` (:mod:`.face`; its commands :mod:`.cog`, its
buttons :mod:`.buttons`, its words :mod:`.texts`, its ``/match new`` options :mod:`.newmatch`, its
server card files :mod:`.cards`). Its initiative cards are collected by the generic secret collector
(:mod:`bot.discord.secrets`).
"""

from __future__ import annotations

from bot.games.onslaught.discord.face import OnslaughtFace

FACE = OnslaughtFace()

__all__ = ["FACE", "OnslaughtFace"]
