"""Heroscape's face on Discord (:class:`~bot.discord.face.Face`): ``FACE``, found by
:func:`bot.discord.face.face` for matches of ``heroscape``.

Its slash commands are its extensions (``/army``, ``/place``, ``/special``, ``/end-turn``,
``/card``, ``/rules``, ``/maps``, ``/glyph``, ``/cannon``, ``/cards``...); ``/move``, ``/attack`` and
``/map`` are its prototypes of the shared commands (:mod:`bot.discord.shared`); its options of
``/match new`` are ``scenario``, ``map``, ``format``, ``points``, ``figures``, ``spaces``, ``rounds``
and ``draft`` (:mod:`bot.games.heroscape.discord.newmatch`). A round's Order Markers are collected
by its own DM flow (custom ids ``hs:ord...``), not the generic secret collector.

``FACE`` is made on first use (PEP 562): the Discord modules this package's own modules import may
import :mod:`bot.games.heroscape.discord.live` while this package is still being imported.
"""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:
    if name == "FACE":
        face = importlib.import_module(f"{__name__}.face").HeroscapeFace()
        globals()["FACE"] = face
        return face
    raise AttributeError(name)
