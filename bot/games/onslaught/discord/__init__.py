"""D&D Onslaught's face on Discord (:class:`~bot.discord.face.Face`): ``FACE``, found by
:func:`bot.discord.face.face` for matches of ``onslaught`` (:mod:`.face`; its commands :mod:`.cog`, its
buttons :mod:`.buttons`, its words :mod:`.texts`, its ``/match new`` options :mod:`.newmatch`, its
server card files :mod:`.cards`). Its initiative cards are collected by the generic secret collector
(:mod:`bot.discord.secrets`).

``FACE`` is made on first use (PEP 562), so that the pure modules here (:mod:`.texts`, :mod:`.cards`)
import without the Discord kernel.
"""

from __future__ import annotations

from typing import Any

__all__ = ["FACE"]


def __getattr__(name: str) -> Any:
    if name == "FACE":
        from bot.games.onslaught.discord.face import OnslaughtFace

        face = OnslaughtFace()
        globals()["FACE"] = face
        return face
    raise AttributeError(name)
