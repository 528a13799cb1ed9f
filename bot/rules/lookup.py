"""Reading names typed by players: figures, spaces, Army Cards (errors say what would be right).

Pure functions of the state; the engine, :mod:`bot.rules.legal` and the special attacks use them.
"""

from __future__ import annotations

import difflib

from bot.rules.cards import ArmyCard
from bot.rules.context import CardLookup
from bot.rules.errors import IllegalCommand, InvalidCommand
from bot.rules.hexes import Hex, natural_key
from bot.rules.state import Figure, MatchState


def squash(text: str) -> str:
    """Letters and digits only, lower case: ``'Feral Troll #2'`` and ``'feral-troll#2'`` agree."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def figure(st: MatchState, name: str) -> Figure:
    """The figure with id ``name`` (case-insensitive).

    :raises InvalidCommand: naming close ids when there is no such figure.
    """
    key = name.lower()
    fig = st.figures.get(key)
    if fig is None:
        close = difflib.get_close_matches(key, list(st.figures), n=3)
        # A squad's figure number that does not exist (tarn5): name the whole squad, not the
        # three closest spellings (which left out tarn1).
        stem = key.rstrip("0123456789")
        squad = [f for f in st.figures if stem and f != stem and f.rstrip("0123456789") == stem]
        names = sorted(squad if squad and stem != key else close, key=natural_key)
        listed = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else "".join(names)
        hint = f"; did you mean {listed}?" if names else ""
        raise InvalidCommand(f"there is no figure '{name}'{hint}")
    return fig


def space(st: MatchState, text: str) -> Hex:
    """The space a label names.

    :raises InvalidCommand: when it is not a label or not on the battlefield.
    """
    try:
        return st.battlefield.parse_space(text)
    except ValueError as exc:
        raise InvalidCommand(str(exc)) from None


def space_at(st: MatchState, text: str) -> tuple[Hex, int | None]:
    """The space a label names and, written ``SPACE@LEVEL`` (``F7@8``), the level of the surface
    of that space meant: where a space has several (a bridge's deck and the ground beneath it, a
    ruin's upper floor), the level a figure's base stands at, as the map writes it (``1/8``).
    Without ``@`` the level is ``None`` (the move takes the cheapest surface). HS-MOVE-12.

    :raises InvalidCommand: when the space is no space, or the level is no number or no surface
        of that space; the message names the levels that are.
    """
    name, at, written = text.partition("@")
    h = space(st, name)
    if not at:
        return h, None
    bf = st.battlefield
    label = bf.label(h)
    levels = [c.top for c in bf.surfaces(h)]
    choices = " or ".join(f"{label}@{lv}" for lv in levels)
    try:
        level = int(written)
    except ValueError:
        raise InvalidCommand(f"'{text}': after @ comes the level of the surface of {label} to stand on, a number: "
                             f"{choices}") from None
    if level not in levels:
        where = "levels " + " and ".join(map(str, levels)) if len(levels) > 1 else f"level {levels[0]} only"
        raise InvalidCommand(f"{label} has no surface at level {level}: a figure stands there at {where} "
                             f"(write {choices})")
    return h, level


def card_key(st: MatchState, player: str, text: str) -> str:
    """The key of a card ``player`` controls, from its name, short name, id or key.

    Copies of an Uncommon card are told apart by their key (HS-ARMY-06): the plain name is the
    first copy, ``Feral Troll #2`` (or ``feral-troll#2``) the second.

    :raises IllegalCommand: when the player controls no such card (HS-ORDER-04).
    """
    t = text.strip().lower()
    mine = [c for c in st.cards.values() if c.controller == player]
    for c in mine:
        if t in (c.key.lower(), c.card.id, c.card.name.lower(), c.card.short.lower()):
            return c.key
    for c in mine:
        if squash(t) in (squash(c.key.split("/", 1)[-1]), squash(c.key)):
            return c.key
    for c in mine:
        if c.card.name.lower().startswith(t) or c.card.short.lower().startswith(t):
            return c.key
    names = ", ".join(sorted(c.card.short for c in mine)) or "none"
    raise IllegalCommand(f"'{text}' is not an Army Card in your army (yours: {names})", "HS-ORDER-04")


def card_named(cards: CardLookup | None, name: str) -> ArmyCard:
    """The library's Army Card called ``name``.

    :raises IllegalCommand: when the match has no card library.
    :raises InvalidCommand: when the library has no such card (its message names close ones).
    """
    if cards is None:
        raise IllegalCommand("this match has no card library")
    try:
        return cards(name)
    except (KeyError, ValueError) as exc:
        msg = exc.args[0] if exc.args else str(exc)
        raise InvalidCommand(str(msg)) from None
