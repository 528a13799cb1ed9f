"""Rope ladders (HS-LADDER-*, HS-FALL-03): climbing, going down, and attacks between their ends.

A ladder hangs from the edge of its ``top`` space over the neighbouring ``bottom`` space, its lower
end at ``bottom_level`` (:class:`bot.rules.battlefield.Ladder`).

- The figure on the top space is at the ladder's top (HS-LADDER-01); the figure on the bottom
  space is at its bottom only when the ladder's lower end is within its Height above its base
  (HS-LADDER-02, -06).
- A single-space Small, Medium or Large figure at the bottom may climb to the top space as if it
  were 1 level up: the step costs 1 for the level and the top space's own cost (HS-LADDER-03;
  Nishi Souta's 3 spaces: 1 to reach the bottom space, 1 up the ladder, 1 onto the top, -06).
- Such a figure at the top may go down the ladder as 1 level; it then drops only what is left
  below the ladder's lower end, and falls that far if it is enough for a fall (HS-LADDER-04,
  HS-FALL-03).
- For attacks, figures at the two ends of one ladder may count each other as adjacent
  (HS-LADDER-05): a Range 1 attack between them is allowed.
"""

from __future__ import annotations

from bot.rules.battlefield import Battlefield, Cell, Ladder
from bot.rules.hexes import Hex
from bot.rules.state import Figure, MatchState
from bot.rules.steps import enterable, walk_step

#: Sizes that may use a rope ladder (HS-LADDER-03, -04).
LADDER_SIZES = ("small", "medium", "large")


def may_climb(size: str, spaces: int) -> bool:
    """True for a single-space Small, Medium or Large figure (HS-LADDER-03, -04)."""
    return spaces == 1 and size.lower() in LADDER_SIZES


def _top_level(bf: Battlefield, lad: Ladder) -> int:
    return bf.columns[lad.top][-1].top


def at_top(bf: Battlefield, lad: Ladder, h: Hex, level: int) -> bool:
    """True when a figure on ``h`` at ``level`` is at the ladder's top (HS-LADDER-01)."""
    return h == lad.top and level == _top_level(bf, lad)


def at_bottom(lad: Ladder, h: Hex, level: int, height: int) -> bool:
    """True when a figure of ``height`` on ``h`` at ``level`` is at the ladder's bottom: on the space
    beneath it, the lower end within its Height above its base (HS-LADDER-02, -06)."""
    return h == lad.bottom and level <= lad.bottom_level <= level + height


def _below(bf: Battlefield, lad: Ladder) -> Cell | None:
    """The surface of the bottom space under the ladder's lower end (the highest one not above it)."""
    found = [c for c in bf.surfaces(lad.bottom) if c.top <= lad.bottom_level]
    return found[-1] if found else None


def ladder_step(bf: Battlefield, a: Hex, la: int, b: Hex, height: int) -> tuple[int, int, int, Cell] | None:
    """A step up or down a rope ladder from ``a`` (level ``la``) to neighbouring ``b`` for a figure
    of ``height`` that may use ladders (:func:`may_climb`), as :func:`bot.rules.steps.walk_step`
    answers: ``(cost, level, drop, cell)``, or ``None`` when no ladder joins the two.

    Up: 1 for the level plus the top space's cost (HS-LADDER-03). Down: the bottom space's cost,
    the drop being only what is left below the ladder (HS-LADDER-04, HS-FALL-03).
    """
    best: tuple[int, int, int, Cell] | None = None
    for lad in bf.ladders:
        option: tuple[int, int, int, Cell] | None = None
        if (a, b) == (lad.bottom, lad.top) and at_bottom(lad, a, la, height):
            cell = bf.columns[b][-1]
            if enterable(bf, b, cell):
                option = (1 + cell.terrain.movement_cost, cell.top, 0, cell)
        elif (a, b) == (lad.top, lad.bottom) and at_top(bf, lad, a, la):
            below = _below(bf, lad)
            if below is not None and enterable(bf, b, below):
                option = (below.terrain.movement_cost, below.top, lad.bottom_level - below.top, below)
        if option is not None and (best is None or (option[0], option[2]) < (best[0], best[2])):
            best = option
    return best


def step_to(bf: Battlefield, a: Hex, la: int, b: Hex, height: int, climbs: bool,
            onto: int | None = None) -> tuple[int, int, int, Cell] | None:
    """The cheapest step from ``a`` at level ``la`` onto neighbouring ``b``, walking or (when the
    figure ``climbs``, :func:`may_climb`) by a rope ladder, as :func:`bot.rules.steps.walk_step`
    answers; with ``onto``, onto the surface of ``b`` whose top is that level only (``SPACE@LEVEL``)."""
    walk = walk_step(bf, a, la, b, height, onto)
    if not climbs:
        return walk
    ladder = ladder_step(bf, a, la, b, height)
    if ladder is not None and onto is not None and ladder[1] != onto:
        ladder = None
    return better(walk, ladder)


def better(walk: tuple[int, int, int, Cell] | None,
           ladder: tuple[int, int, int, Cell] | None) -> tuple[int, int, int, Cell] | None:
    """The cheaper of a walking step and a ladder step (the smaller drop when they cost the same)."""
    if ladder is None:
        return walk
    if walk is None:
        return ladder
    return ladder if (ladder[0], ladder[2]) <= (walk[0], walk[2]) else walk


def ends_adjacent(state: MatchState, a: Figure, b: Figure) -> bool:
    """True when ``a`` and ``b`` are at the two ends of one rope ladder, so that they may count each
    other as adjacent for attacks (HS-LADDER-05)."""
    bf = state.battlefield
    if not bf.ladders or not a.on_battlefield or not b.on_battlefield:
        return False
    ha, hb = state.card_of(a).stat("height"), state.card_of(b).stat("height")
    for lad in bf.ladders:
        for top, low, low_h in ((a, b, hb), (b, a, ha)):
            if (len(top.hexes) == 1 and at_top(bf, lad, top.hexes[0], top.level) and len(low.hexes) == 1
                    and at_bottom(lad, low.hexes[0], low.level, low_h)):
                return True
    return False
