"""The ``drop`` option of a move: ``move FIGURE ... drop GLYPH@SPACE [GLYPH@SPACE ...]`` (HS-TREASURE-07, -08).

A carrier drops a Treasure Glyph power side up on a space it occupies during its move (where it
starts, or a space of its path) and keeps moving. :func:`plan_drops` checks every drop before the
figure moves (nothing changes when one is refused); :func:`drop_here` drops what is planned for
the space the figure has just reached, in the middle of the move, so that a carrier destroyed
further on has already let go of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules.context import RulesContext
from bot.rules.errors import IllegalCommand, InvalidCommand
from bot.rules.hexes import Hex
from bot.rules.state import Figure, MatchState
from bot.rules.treasure import carry
from bot.rules.treasure.catalogue import describe, key, title

#: Planned drops: space -> glyph names, in the order written.
Drops = dict[Hex, list[str]]


def parse(state: MatchState, words: Sequence[str]) -> list[tuple[str, Hex]]:
    """``["heroic_rune@E5", ...]`` as ``(glyph key, space)`` pairs.

    :raises InvalidCommand: for a word without ``@``, an unknown glyph or space.
    """
    out = []
    for w in words:
        glyph, at, space = w.rpartition("@")
        if not at or not glyph or not space:
            raise InvalidCommand(f"'{w}' is not a drop: write the glyph, '@' and the space, like heroic_rune@E5",
                                 actions=("move",))
        info = describe(glyph)
        if info is None:
            raise InvalidCommand(f"'{glyph}' is not a Treasure Glyph", actions=("move",))
        try:
            h = state.battlefield.parse_space(space)
        except ValueError as exc:
            raise InvalidCommand(str(exc)) from None
        out.append((info.name if info else key(glyph), h))
    return out


def plan_drops(state: MatchState, fig: Figure, drops: list[tuple[str, Hex]], path: Sequence[Hex]) -> Drops:
    """Check ``drops`` for a move of ``fig`` through ``path`` (the spaces after its start).

    :raises IllegalCommand: naming HS-TREASURE-05 (not carried), -07 (not a space of the move), -08
        (a space with a glyph, or two drops on one space) or -18 (the Bloodcursed Blade).
    """
    bf = state.battlefield
    on_way = list(fig.hexes) + list(path)
    planned: Drops = {}
    seen: set[str] = set()
    for glyph, h in drops:
        why = carry.why_not_drop(state, fig, glyph, h)
        if why is None and glyph in seen:
            why = (f"{fig.id} drops {title(glyph)} only once", "HS-TREASURE-05")
        if why is None and h in planned:
            why = (f"{bf.label(h)} would hold two glyphs: drop one glyph per space", "HS-TREASURE-08")
        if why is None and h not in on_way:
            why = (f"{bf.label(h)} is not a space {fig.id} occupies during this move; drop a glyph where it starts "
                   "or on a space of its path", "HS-TREASURE-07")
        if why is not None:
            raise IllegalCommand(why[0], why[1], actions=("move",))
        planned.setdefault(h, []).append(glyph)
        seen.add(glyph)
    return planned


def drop_here(eng: RulesContext, fig: Figure, drops: Drops | None) -> None:
    """Drop what is planned for the space ``fig`` stands on now (and forget it)."""
    if not drops or not fig.on_battlefield:
        return
    for h in fig.hexes:
        for glyph in drops.pop(h, []):
            if glyph in fig.carries and h not in eng.state.glyphs:
                carry.drop(eng, fig, glyph, h)
