"""Heroscape behind the seam: ``RULESET`` is the game the registry (:mod:`bot.games`) finds.

The rules core stays in :mod:`bot.rules`, content in :mod:`bot.content`, the command layer in
:mod:`bot.game`, the picture in :mod:`bot.render`; this package adapts them to
:class:`~bot.games.ruleset.Ruleset` (:mod:`bot.games.heroscape.ruleset`) and
:class:`~bot.games.ruleset.GameMatch` (:mod:`bot.games.heroscape.match`).
"""

from __future__ import annotations

from bot.games.heroscape.ruleset import HeroscapeRuleset

RULESET = HeroscapeRuleset()

__all__ = ["RULESET", "HeroscapeRuleset"]
