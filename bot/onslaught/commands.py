"""Onslaught text commands: parse a line into a :class:`Command` whose ``text`` round-trips.

Forms (names are single words; ability names may use ``-`` for spaces)::

    assign Kael=1 Mira=4 ...          initiative cards on your characters (DDO-INIT-05/06), secret
    activate Kael                     reveal the next initiative card and start that activation
    move Kael C4                      basic move to C4 (cheapest path)
    attack Kael Grub [melee|ranged]   basic attack
    use Kael Fire-Burst [TARGET|SQUARE]  an ability: cooldown, level-up card or item
    loot Kael [SQUARE]                loot a chest       keep SYMBOL       keep one drawn item token
    equip Kael SYMBOL / unequip Kael SYMBOL / give Kael SYMBOL Mira / pickup Kael SQUARE
    door Kael D1 open|close           react Kael / pass     levelup Kael CARD     choose OPTION     end
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.onslaught.events import ParseError

#: verb -> (minimum words after the verb, maximum, usage shown on a mistake).
VERBS: dict[str, tuple[int, int, str]] = {
    "assign": (1, 10, "assign NAME=CARD NAME=CARD ..."),
    "activate": (0, 1, "activate NAME"),
    "move": (2, 2, "move NAME SQUARE"),
    "attack": (2, 3, "attack NAME TARGET [melee|ranged]"),
    "use": (2, 3, "use NAME ABILITY [TARGET|SQUARE]"),
    "loot": (1, 2, "loot NAME [SQUARE]"),
    "keep": (1, 1, "keep SYMBOL"),
    "equip": (2, 2, "equip NAME SYMBOL"),
    "unequip": (2, 2, "unequip NAME SYMBOL"),
    "give": (3, 3, "give NAME SYMBOL FRIEND"),
    "pickup": (2, 2, "pickup NAME SQUARE"),
    "door": (3, 3, "door NAME DOOR open|close"),
    "react": (1, 1, "react NAME"),
    "pass": (0, 0, "pass"),
    "levelup": (2, 2, "levelup NAME CARD"),
    "choose": (1, 1, "choose OPTION"),
    "end": (0, 0, "end"),
}


@dataclass(frozen=True)
class Command:
    """A parsed command: ``verb`` and its words; ``text`` is the canonical form stored in the log."""

    verb: str
    words: tuple[str, ...]

    @property
    def text(self) -> str:
        """The canonical text: ``parse(c.text) == c``."""
        return " ".join((self.verb,) + self.words)


def parse(text: str) -> Command:
    """Read a command line.

    >>> parse("attack  Kael Grub").text
    'attack Kael Grub'

    :raises ParseError: an unknown verb or a wrong number of words, with the right form.
    """
    words = text.split()
    if not words:
        raise ParseError("the command is empty; try one of: " + ", ".join(VERBS))
    verb = words[0].lower()
    if verb not in VERBS:
        raise ParseError(f"{words[0]!r} is not an Onslaught command; the commands are: {', '.join(VERBS)}")
    lo, hi, usage = VERBS[verb]
    if not lo <= len(words) - 1 <= hi:
        raise ParseError(f"{text.strip()!r} does not read; write: {usage}")
    if verb == "assign":
        for w in words[1:]:
            nm, _, card = w.partition("=")
            if not nm or not card.isdigit():
                raise ParseError(f"{w!r} does not read; write NAME=CARD, like Kael=4")
    if verb == "door" and words[3].lower() not in ("open", "close"):
        raise ParseError(f"a door is 'open' or 'close', not {words[3]!r}")
    if verb == "attack" and len(words) == 4 and words[3].lower() not in ("melee", "ranged"):
        raise ParseError(f"the attack kind is 'melee' or 'ranged', not {words[3]!r}")
    return Command(verb, tuple(words[1:]))
