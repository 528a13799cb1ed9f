"""How a player does each action, per adapter: the words an adapter adds to rules messages.

The rules core describes what to do in words ("pick one Army Card when your pick comes") and
names the actions that would help (``RulesError.actions``); the narrator names them in a few
lines ("Placement begins with ..."). Only the adapter knows how they are done: a command typed
in the terminal (``draft CARD``) or a slash command on Discord (``/army draft``). A
:class:`HowTo` is that table; a :class:`~bot.game.session.GameSession` is given one when it is
created (:data:`CONSOLE` unless told) and uses it for its narrator and for refused commands.

Action keys are the command verbs (``join``, ``army``, ``draft``, ``start``, ``place``,
``place-rest``, ``orders``, ``initiative``, ``move``, ``attack``, ``special``, ``end-turn``,
``choose``, ``concede``) plus ``pass`` (stop drafting) and ``help`` (the list of commands).
A table may leave an action out when its players never do it by hand (Discord rolls initiative
by itself): hints then skip it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True)
class HowTo:
    """One adapter's ways of doing the actions: ``ways[action]`` is a short phrase that fits
    after "use" or "with" (``"`/match start`"``, ``"the decision's buttons"``)."""

    adapter: str
    ways: Mapping[str, str] = field(default_factory=dict)
    #: The adapter announces each new round itself (Discord posts the round's Order Marker message
    #: with its button): the narrator then adds no round line of its own, so the round is told once.
    announces_rounds: bool = False

    def __call__(self, action: str) -> str:
        """How to do ``action`` (the action's name in backticks when the table lacks it)."""
        return self.ways.get(action, f"`{action}`")

    def hint(self, actions: Sequence[str]) -> str:
        """A sentence saying how to do ``actions`` (``""`` when the table has none of them).

        >>> CONSOLE.hint(["draft", "pass"])
        'Use `draft CARD` or `draft pass`.'
        >>> DISCORD.hint(["initiative"])
        ''
        """
        ways = list(dict.fromkeys(self.ways[a] for a in actions if a in self.ways))
        return f"Use {' or '.join(ways)}." if ways else ""


#: The terminal (``python -m bot local``): the commands as typed.
CONSOLE = HowTo("console", MappingProxyType({
    "join": "`join NAME`",
    "army": "`army CARD; CARD; ...`",
    "draft": "`draft CARD`",
    "pass": "`draft pass`",
    "start": "`start`",
    "place": "`place FIGURE SPACE`",
    "place-rest": "`place-rest`",
    "orders": "`orders 1=CARD 2=CARD 3=CARD X=CARD`",
    "initiative": "`initiative`",
    "move": "`move FIGURE SPACE [via SPACE ...] [fly|walk] [grapple|leap]` (or `move FIGURE path SPACE SPACE ...`)",
    "attack": "`attack FIGURE TARGET`",
    "special": "`special FIGURE POWER TARGET`",
    "end-turn": "`end-turn`",
    "end-round": "`end-round`",
    "choose": "`choose OPTION`",
    "concede": "`concede`",
    "end-moves": "`end-moves`",
    "cannon": "`cannon FIGURE CANNON TARGET`",
    "help": "`help` (it lists every command)",
    "use": "`use FIGURE GLYPH [TARGET]`",
}))

#: Discord: slash commands, the Order Marker menus and the decision buttons.
DISCORD = HowTo("discord", MappingProxyType({
    "join": "`/match join`",
    "army": "`/army set`",
    "draft": "`/army draft`",
    "pass": "`/army pass`",
    "start": "`/match start`",
    "place": "`/place figure`",
    "place-rest": "`/place rest`",
    "orders": "the Order Marker menus",
    "move": "`/move`",
    "attack": "`/attack`",
    "special": "`/special`",
    "end-turn": "`/end-turn`",
    "choose": "the decision's buttons (`/match status` gives them to you again)",
    "concede": "`/match concede`",
    "cannon": "`/cannon`",
    "help": "the slash commands (type `/`)",
    "use": "`/use`",
}), announces_rounds=True)
