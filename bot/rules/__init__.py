"""The Heroscape rules core: pure, typed, deterministic given its dice. No Discord, no files.

Main entry points: :class:`~bot.rules.match.Match` (seed + command log), the
:class:`~bot.rules.engine.Engine` it drives (which dispatches each command to its handler in
:mod:`bot.rules.flow` or :mod:`bot.rules.actions`; the module docstring of
:mod:`bot.rules.engine` says where each rule lives), what may be done now in
:mod:`~bot.rules.legal`, queries in :mod:`~bot.rules.movement`, :mod:`~bot.rules.combat`,
:mod:`~bot.rules.engagement` and :mod:`~bot.rules.los`, and :func:`~bot.rules.views.player_view`
for what one player may see. Powers, terrain and scenario rules act through
:class:`~bot.rules.context.RulesContext`.
"""

from bot.rules import powers as _powers  # noqa: F401  (registers card powers)
from bot.rules import scenarios as _scenarios  # noqa: F401  (registers scenario special rules)
from bot.rules import terrain_effects as _terrain_effects  # noqa: F401  (registers terrain effects)
from bot.rules.battlefield import Battlefield, Cell, GlyphSpot, Obstacle
from bot.rules.cards import ArmyCard, Power
from bot.rules.commands import Command
from bot.rules.dice import ScriptedDice, SeededDice
from bot.rules.engine import Engine
from bot.rules.errors import ArmyError, IllegalCommand, InvalidCommand, RulesError
from bot.rules.events import Event
from bot.rules.glyphs import arrival as _glyph_arrival  # noqa: F401  (registers what glyphs do on arrival)
from bot.rules.glyphs import permanent as _glyph_permanent  # noqa: F401  (registers permanent glyphs)
from bot.rules.hexes import Hex
from bot.rules.match import Match
from bot.rules.scenario import Scenario
from bot.rules.state import MatchState, Phase

__all__ = [
    "ArmyCard", "ArmyError", "Battlefield", "Cell", "Command", "Engine", "Event", "GlyphSpot", "Hex",
    "IllegalCommand", "InvalidCommand", "Match", "MatchState", "Obstacle", "Phase", "Power", "RulesError",
    "Scenario", "ScriptedDice", "SeededDice",
]
