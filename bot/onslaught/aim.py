"""What an Onslaught ability is aimed at: the miniature its target effects land on (never its user
by accident), and the miniatures an area or a cone takes. Used by the engine (:mod:`bot.onslaught.actions`)
and by the attack preview (:mod:`bot.onslaught.preview`)."""

from __future__ import annotations

from bot.onslaught.board import best_route, sheltered
from bot.onslaught.content import Ability
from bot.onslaught.events import RulesError
from bot.onslaught.grid import Square, around, cone, distance, name
from bot.onslaught.state import GameState, Mini


def on_target(ab: Ability) -> bool:
    """Whether ``ab`` has an effect block acting on a target miniature (damage, heal, a condition token
    other than Spike Growth's map token, refresh): such an ability is aimed at a miniature, never a square."""
    return any(e.on == "target" and (e.kind in ("damage", "heal", "refresh")
                                     or (e.kind == "condition" and e.condition != "spike growth"))
               for e in ab.effects)


def effect_target(st: GameState, m: Mini, ab: Ability, target: Mini | None, square: Square | None,
                   arg: str | None) -> Mini | None:
    """The miniature a non-attack ability's target effects land on (DDO-HEAL-01: targets are chosen in
    range; DDO-RANGE-02: only an ability with minimum range 0 may be used on the character itself).

    A square names the miniature standing on it; with nothing named, an ability reaching range 0 acts on
    its user. ``target`` is returned unchanged for an ability without target effects.

    :raises RulesError: an empty square, or nothing named for an ability that cannot act on its user
        (the effect would otherwise fall on the user, which the player did not aim at).
    """
    if target is not None or not on_target(ab):
        return target
    lo, hi = ab.reach
    where = f"a character in range {lo}-{hi}"
    if square is not None:
        found = st.at(square)
        if found is None:
            raise RulesError(f"{ab.name} acts on a miniature, and {arg} is an empty square: name {where}")
        return found
    if lo > 0:
        raise RulesError(f"{ab.name} needs a target: name {where}")
    return m


def shape_targets(st: GameState, m: Mini, ab: Ability, square: Square | None) -> list[Mini]:
    """The miniatures an area (DDO-AOE-01..) or cone (DDO-CONE-01..) attack ``ab`` of ``m`` aimed at
    ``square`` affects, friends included.

    :raises RulesError: the square cannot be aimed at (blocking terrain, out of range or sight, a cone
        not started orthogonally next to ``m``).
    """
    if ab.area:
        if square is None or st.blocking(square):
            raise RulesError(f"{ab.name} is an area attack: name a square without blocking terrain")
        r = best_route(st, m, [square])
        if r is None or not ab.reach[0] <= r[0] <= ab.reach[1]:
            raise RulesError(f"{name(square)} is not in range {ab.reach[0]}-{ab.reach[1]} and line of sight")
        cells = set(around(square, ab.area))
        return [x for x in st.living() if any(s in cells and not sheltered(st, square, s) for s in x.squares)]
    if square is None or distance(square, m.square) != 1 or abs(square[0] - m.square[0]) + abs(square[1] - m.square[1]) != 1 or st.blocking(square):
        raise RulesError(f"{ab.name} is a cone: name a square orthogonally next to {m.name} without blocking terrain")
    cells = set(cone(m.square, square, ab.cone))
    return [x for x in st.living() if x is not m and any(s in cells and not sheltered(st, square, s) for s in x.squares)]
